//! Paper 000 (Ranka, Wang, Fox): Tables 1-4 and Figure 10, recomputed.
//!
//! - Table 1: the τ + Mφ line fitted to its averages ([`PermCost::cm5_table1`]).
//! - Tables 2-3: LP's step count; GM's and CGM's permutations averaged
//!   over seeded Figure-7 matrices (GM scanning row x from column x + 1,
//!   see `algo::gm_scan`); LP's and CGM's times by the §5.1 model fitted to
//!   these tables ([`LpCgmModel::fitted`]).
//! - Table 4: CGM's permutations, and its scheduling time as our CGM's
//!   count of examined entries times one fitted time per examination.
//! - Figure 10: the slope of scheduling time per node against d ln d.

use super::{Pending, RowBuilder, Rule};
use crate::algo::{cgm, gm, gm::Scan, lp};
use crate::com::fig7::Fig7Config;
use crate::cost::breakeven::LpCgmModel;
use crate::cost::perm::PermCost;
use crate::published::ranka94::{TABLE1, TABLE4, TABLE4_N, TABLES_2_3, TABLES_2_3_N};
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::OnceLock;

const PAPER: &str = "000";

/// Matrices averaged per cell for n = 32, 128 and 512 (the paper: 300).
/// CGM's count varies little between matrices (Table 4's text), so a few
/// suffice; the largest machine gets fewest so the appendix stays quick.
const SAMPLES: [u64; 3] = [24, 8, 3];

/// A run: GM (else CGM), n, d and the sample's seed.
type RunKey = (bool, usize, usize, u64);

thread_local! {
    /// Runs already made, with their (permutations, examined entries): the
    /// tables share them, and the browser makes each in a step of its own.
    static RUNS: RefCell<HashMap<RunKey, (f64, f64)>> = RefCell::new(HashMap::new());
}

/// One seeded run: (permutations, examined entries) of CGM (or GM when
/// `gm`, scanning row x from column x + 1) on the Figure-7 matrix with
/// matrix seed s and algorithm seed s + 1000, as `tests/repro_000.rs`.
fn one(gm: bool, n: usize, d: usize, s: u64) -> (f64, f64) {
    if let Some(r) = RUNS.with(|m| m.borrow().get(&(gm, n, d, s)).copied()) {
        return r;
    }
    let com = Fig7Config::new(n, d, s).generate().expect("d < n");
    let r = if gm {
        let g = gm::run(&com, Scan::AfterRow, s + 1000);
        (g.schedule.len() as f64, g.probes as f64)
    } else {
        let c = cgm::run(&com, s + 1000);
        (c.schedule.len() as f64, c.probes as f64)
    };
    RUNS.with(|m| m.borrow_mut().insert((gm, n, d, s), r));
    r
}

/// Average (permutations, examined entries) over samples 0 … samples − 1.
fn average(gm: bool, n: usize, d: usize, samples: u64) -> (f64, f64) {
    let (perm, probes) = (0..samples).fold((0.0, 0.0), |(a, b), s| {
        let (p, q) = one(gm, n, d, s);
        (a + p, b + q)
    });
    (perm / samples as f64, probes / samples as f64)
}

fn cgm_average(n: usize, d: usize, samples: u64) -> (f64, f64) {
    average(false, n, d, samples)
}

/// Adds to `t` one step per run the table's rows will read.
fn runs_first(mut t: Pending, runs: Vec<RunKey>) -> Pending {
    for (gm, n, d, s) in runs {
        t = t.prepare(move || {
            one(gm, n, d, s);
        });
    }
    t
}

/// The runs behind [`us_per_examination`].
fn fit_runs() -> Vec<RunKey> {
    TABLE4
        .iter()
        .flat_map(|row| {
            TABLE4_N
                .iter()
                .take(2)
                .filter(move |&&n| row.d < n)
                .flat_map(move |&n| (0..4).map(move |s| (false, n, row.d, s)))
        })
        .collect()
}

/// µs per examined entry: the least-squares (relative) fit of our examined
/// entries to Table 4's scheduling times, n = 32 and 128 (n = 512's
/// samples are fewer). Computed once.
pub(crate) fn us_per_examination() -> f64 {
    static FIT: OnceLock<f64> = OnceLock::new();
    *FIT.get_or_init(|| {
        let (mut num, mut den) = (0.0, 0.0);
        for row in TABLE4 {
            for (&ms, &n) in row.comp_ms.iter().zip(&TABLE4_N).take(2) {
                let Some(ms) = ms else {
                    continue;
                };
                if row.d >= n {
                    continue;
                }
                let (_, probes) = cgm_average(n, row.d, 4);
                let t = ms * 1000.0;
                num += probes / t;
                den += probes * probes / (t * t);
            }
        }
        num / den
    })
}

pub(super) fn tables() -> Vec<Pending> {
    vec![table1(), tables23(), table4(), figure10()]
}

fn table1() -> Pending {
    let rule = Rule::Relative(0.10);
    let mut t = Pending::new(
        PAPER,
        "000-t1",
        "Table 1",
        "Cost of one random permutation on a 32-node CM-5, ms",
        "§5, Table 1",
        "τ + Mφ fitted to the eight averages by least squares on the relative error \
         (the chapter 1 fit); the maximum and minimum columns are not modelled",
        rule,
    );
    for r in TABLE1 {
        t = t.row(move || {
            let c = PermCost::cm5_table1();
            RowBuilder::new(rule, format!("{} B", r.bytes))
                .num("ave (ms)", r.ave_ms, c.phase_us(r.bytes) / 1000.0)
                .done()
        });
    }
    t
}

fn tables23() -> Pending {
    let rule = Rule::Factor(2.0);
    let mut t = Pending::new(
        PAPER,
        "000-t23",
        "Tables 2-3",
        "LP, GM and CGM on a 32-node CM-5: permutations, scheduling and communication",
        "§5, Tables 2 and 3",
        "permutations: LP's steps, and GM's and CGM's averages over 48 seeded Figure-7 \
         matrices (GM scans row x from column x + 1); times: the §5.1 model \
         T_LP = nτ + C1·dMφ, T_CGM = C3·d(τ + Mφ) with C1, C3 fitted to these cells and \
         scheduling = CGM's examined entries × the time per examination fitted to Table 4. \
         AC and GM's times have no model in the book",
        rule,
    )
    .tolerance("permutations within 5 %; times within a factor of 2 (the paper's two-term model, one line per algorithm)");
    let mut runs = fit_runs();
    for row in TABLES_2_3 {
        for s in 0..48 {
            runs.push((false, TABLES_2_3_N, row.d, s));
            runs.push((true, TABLES_2_3_N, row.d, s));
        }
    }
    t = runs_first(t, runs);
    for row in TABLES_2_3 {
        t = t.row(move || {
            let n = TABLES_2_3_N;
            let d = row.d;
            let m = LpCgmModel::fitted();
            let mut b = RowBuilder::new(Rule::Relative(0.05), format!("d = {d}"));
            let lp_steps = lp::schedule(&Fig7Config::new(n, d, 1).generate().expect("d < n")).len();
            let [_, lp_p, gm_p, cgm_p] = row.perm.map(|p| p.unwrap_or(0.0));
            let (cgm_avg, probes) = cgm_average(n, d, 48);
            b.num("LP perm", lp_p, lp_steps as f64)
                .num("GM perm", gm_p, average(true, n, d, 48).0)
                .num("CGM perm", cgm_p, cgm_avg);
            let mut row_out = b.done();
            let mut b = RowBuilder::new(rule, "");
            b.num_why(
                "CGM sched (ms)",
                row.comp_ms[3],
                probes * us_per_examination() / 1000.0,
                "one time per examined entry cannot follow the CM-5 at every density: its \
                 time per entry falls as d grows",
            );
            for &(bytes, ms) in &row.comm_ms {
                let (dd, mm) = (d as f64, bytes as f64);
                let why = "the §5.1 model is one line per algorithm fitted to all 40 cells: \
                           LP's small-message time grows with d, which nτ ignores";
                b.num_why(
                    format!("LP {bytes} B (ms)"),
                    ms[1],
                    m.lp_us(dd, mm) / 1000.0,
                    why,
                );
                b.num_why(
                    format!("CGM {bytes} B (ms)"),
                    ms[3],
                    m.c3 * dd * (m.cost.tau_us + mm * m.cost.phi_us_per_byte) / 1000.0,
                    why,
                );
            }
            row_out.cells.extend(b.done().cells);
            row_out
        });
    }
    t
}

fn table4() -> Pending {
    let rule = Rule::Relative(0.05);
    let mut t = Pending::new(
        PAPER,
        "000-t4",
        "Table 4",
        "CGM's permutations and scheduling time (CM-5) by density d and processors n",
        "§5, Table 4",
        format!(
            "permutations: CGM averaged over {}, {} and {} seeded Figure-7 matrices for \
             n = 32, 128, 512; scheduling: our examined entries × one time per examination \
             fitted to the n = 32 and 128 columns",
            SAMPLES[0], SAMPLES[1], SAMPLES[2]
        ),
        rule,
    )
    .tolerance("permutations within 5 %, scheduling times within a factor of 2");
    let mut runs = fit_runs();
    for row in TABLE4 {
        for (k, &n) in TABLE4_N.iter().enumerate() {
            if row.perm[k].is_some() {
                runs.extend((0..SAMPLES[k]).map(|s| (false, n, row.d, s)));
            }
        }
    }
    t = runs_first(t, runs);
    for row in TABLE4 {
        t = t.row(move || {
            let mut b = RowBuilder::new(rule, format!("d = {}", row.d));
            let mut times = RowBuilder::new(Rule::Factor(2.0), "");
            for (k, &n) in TABLE4_N.iter().enumerate() {
                let Some(perm) = row.perm[k] else { continue };
                let (ours, probes) = cgm_average(n, row.d, SAMPLES[k]);
                b.num(format!("perm n = {n}"), perm, ours);
                if let Some(ms) = row.comp_ms[k] {
                    times.num_why(
                        format!("sched n = {n} (ms)"),
                        ms,
                        probes * us_per_examination() / 1000.0,
                        "at d = 1 and 2 the CM-5 pays fixed costs per row (compacting the \
                         matrix, the pointers) that a count of examined entries does not see",
                    );
                }
            }
            let mut out = b.done();
            out.cells.extend(times.done().cells);
            out
        });
    }
    t
}

/// Slope of the least-squares line through the origin of y against x.
fn slope(points: &[(f64, f64)]) -> f64 {
    let (xy, xx) = points
        .iter()
        .fold((0.0, 0.0), |(a, b), (x, y)| (a + x * y, b + x * x));
    xy / xx
}

fn figure10() -> Pending {
    let rule = Rule::Factor(1.5);
    let mut t = Pending::new(
        PAPER,
        "000-fig10",
        "Figure 10",
        "CGM's scheduling time per node against d ln d: the slope of the line (µs)",
        "§5, Figure 10 (a plot; its points are Table 4's times divided by n)",
        "published: the slope through the origin of Table 4's time / n against d ln d \
         (d ≥ 2); ours: the same slope from our examined entries × the fitted time per \
         examination",
        rule,
    );
    let mut runs = fit_runs();
    for (k, &n) in TABLE4_N.iter().enumerate() {
        for row in TABLE4
            .iter()
            .filter(|r| r.d >= 2 && r.d < n && r.comp_ms[k].is_some())
        {
            runs.extend((0..SAMPLES[k].min(4)).map(|s| (false, n, row.d, s)));
        }
    }
    t = runs_first(t, runs);
    for (k, &n) in TABLE4_N.iter().enumerate() {
        t = t.row(move || {
            let mut printed = Vec::new();
            let mut ours = Vec::new();
            for row in TABLE4.iter().filter(|r| r.d >= 2 && r.d < n) {
                let Some(ms) = row.comp_ms[k] else { continue };
                let x = row.d as f64 * (row.d as f64).ln();
                printed.push((x, ms * 1000.0 / n as f64));
                let (_, probes) = cgm_average(n, row.d, SAMPLES[k].min(4));
                ours.push((x, probes * us_per_examination() / n as f64));
            }
            RowBuilder::new(rule, format!("n = {n}"))
                .num("µs per node per d ln d", slope(&printed), slope(&ours))
                .done()
        });
    }
    t
}
