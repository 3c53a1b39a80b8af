//! Paper 004 (Ponnusamy et al.): Tables 1-8, recomputed.
//!
//! Tables 1-3 are the exchange schedules the core builds; Tables 4-5 the
//! contention model pricing LS, PS, BS and GS on seeded patterns
//! (`cost::tables004`); Table 6 the FFT model (`cost::apps004`); Tables
//! 7-8 the paper's own arithmetic and its estimate against the measurement.

use super::{Pending, RowBuilder, Rule};
use crate::algo::cm5::exchange::{Exchange, ExchangePlan};
use crate::cost::apps004::{self, broadcast_ms, estimate_ms, per_iteration_ms};
use crate::cost::contention::ContentionCost;
use crate::cost::tables004::{ALGOS, SEEDS, model_ms};
use crate::published::ponnusamy93::{
    TABLE1_PEX, TABLE2_REX, TABLE3_BEX, TABLE4, TABLE4_COLUMNS, TABLE5, TABLE5_COLUMNS,
    TABLE6_PROCS, TABLE6_SIZES, TABLE7_MS, TABLE7_PER_ITERATION_MS, TABLE7_SIZES,
    TABLE8_ESTIMATED_MS, TABLE8_MEASURED_MS,
};
use std::cell::RefCell;
use std::rc::Rc;

const PAPER: &str = "004";

pub(super) fn tables() -> Vec<Pending> {
    let mut v: Vec<Pending> = [
        (
            "004-t1",
            "Table 1",
            "PEX on 8 processors: who meets whom at each step",
            Exchange::Pex,
            &TABLE1_PEX[..],
        ),
        (
            "004-t2",
            "Table 2",
            "REX on 8 processors: who meets whom at each step",
            Exchange::Rex,
            &TABLE2_REX[..],
        ),
        (
            "004-t3",
            "Table 3",
            "BEX on 8 processors: who meets whom at each step",
            Exchange::Bex,
            &TABLE3_BEX[..],
        ),
    ]
    .into_iter()
    .map(|(id, name, title, e, printed)| schedule_table(id, name, title, e, printed))
    .collect();
    v.extend([table4(), table5(), table6(), table7(), table8()]);
    v
}

/// A step's pairs as text, each pair low → high, sorted.
fn pairs_text(pairs: &[(usize, usize)]) -> String {
    let mut v: Vec<(usize, usize)> = pairs.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
    crate::sorting::sort_by_u64(&mut v, |&(a, b)| crate::sorting::key2(a, b));
    v.iter()
        .map(|(a, b)| format!("{a}–{b}"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn schedule_table(
    id: &'static str,
    name: &'static str,
    title: &'static str,
    e: Exchange,
    printed: &'static [[(usize, usize); 4]],
) -> Pending {
    let rule = Rule::Same;
    Pending::new(
        PAPER,
        id,
        name,
        title,
        "§4",
        format!(
            "the core's {} plan for p = 8 (`algo::cm5::exchange`)",
            e.name().to_ascii_uppercase()
        ),
        rule,
    )
    .row(move || {
        let plan = ExchangePlan::new(e, 8).expect("8 is a power of two");
        let mut b = RowBuilder::new(rule, e.name().to_ascii_uppercase());
        for (i, step) in printed.iter().enumerate() {
            let ours = plan
                .steps
                .get(i)
                .map_or_else(|| "(none)".to_string(), |s| pairs_text(s));
            b.text(format!("step {}", i + 1), pairs_text(step), ours);
        }
        if plan.steps.len() > printed.len() {
            b.text(
                "extra steps",
                "0",
                (plan.steps.len() - printed.len()).to_string(),
            );
        }
        b.done()
    })
}

fn table4() -> Pending {
    let rule = Rule::Factor(2.0);
    let mut t = Pending::new(
        PAPER,
        "004-t4",
        "Table 4",
        "LS, PS, BS and GS on synthetic irregular patterns, 32 processors, ms",
        "§5, Table 4",
        format!(
            "the contention model α + L·max(β_ex, f·β_sat) summed over each scheduler's steps, \
             averaged over {SEEDS} seeded patterns of the column's density and size"
        ),
        rule,
    );
    for (a, row) in ALGOS.iter().zip(TABLE4) {
        let a = *a;
        t = t.row(move || {
            let c = ContentionCost::cm5();
            let mut b = RowBuilder::new(rule, a.title().to_string());
            for (&(pc, bytes), &ms) in TABLE4_COLUMNS.iter().zip(&row.ms) {
                b.num(
                    format!("{pc} %, {bytes} B"),
                    ms,
                    model_ms(&c, a, pc, bytes, SEEDS),
                );
            }
            b.done()
        });
    }
    t
}

fn table5() -> Pending {
    let rule = Rule::Factor(2.0);
    let mut t = Pending::new(
        PAPER,
        "004-t5",
        "Table 5",
        "LS, PS, BS and GS on real irregular patterns, 32 processors, ms",
        "§5, Table 5",
        format!(
            "the same model on {SEEDS} random patterns of each column's density and average \
             message size: the real patterns were not published"
        ),
        rule,
    );
    for (a, row) in ALGOS.iter().zip(TABLE5) {
        let a = *a;
        t = t.row(move || {
            let c = ContentionCost::cm5();
            let mut b = RowBuilder::new(rule, a.title().to_string());
            for (&(name, pc, bytes), &ms) in TABLE5_COLUMNS.iter().zip(&row.ms) {
                b.num_why(
                    format!("{name} ({pc} %, {bytes} B)"),
                    ms,
                    model_ms(&c, a, pc, bytes, SEEDS),
                    "the paper's real patterns are not published: random patterns of the same \
                     density and mean size stand in, and real meshes are far less even",
                );
            }
            b.done()
        });
    }
    t
}

fn table6() -> Pending {
    let rule = Rule::Factor(1.5);
    let mut t = Pending::new(
        PAPER,
        "004-t6",
        "Table 6",
        "The 2-D FFT with LEX, PEX, REX and BEX as its transpose, s",
        "§6, Table 6",
        "computation: the FFT's operations at one rate fitted per machine size; exchange: the \
         contention model of each algorithm (LEX with a start-up per message at the receiver)",
        rule,
    );
    // The model's table, once (its rates are fitted over whole columns).
    let table: Rc<RefCell<Vec<apps004::FftCell>>> = Rc::default();
    let fill = table.clone();
    t = t.prepare(move || *fill.borrow_mut() = apps004::table6(&ContentionCost::cm5()));
    for (pi, &p) in TABLE6_PROCS.iter().enumerate() {
        for (si, &n) in TABLE6_SIZES.iter().enumerate() {
            let table = table.clone();
            t = t.row(move || {
                let cells = table.borrow();
                let mut b = RowBuilder::new(rule, format!("{p} procs, {n} × {n}"));
                for c in cells
                    .iter()
                    .skip((pi * TABLE6_SIZES.len() + si) * 4)
                    .take(4)
                {
                    let why = if n <= 256 {
                        "a step on the 256 × 256 array costs more than its start-up: the model \
                         is 1.7-2.7× fast there"
                    } else {
                        "the computation rate is not one number: for the 1,024 × 1,024 array \
                         on 256 processors the fitted rate is 1.7× slow"
                    };
                    b.num_why(
                        c.exchange.name().to_ascii_uppercase(),
                        c.published_s,
                        c.model_s(),
                        why,
                    );
                }
                b.done()
            });
        }
    }
    t
}

fn table7() -> Pending {
    let rule = Rule::Digits(3);
    let mut t = Pending::new(
        PAPER,
        "004-t7",
        "Table 7",
        "Gaussian elimination on a 32-node CM-5: time per iteration, ms",
        "§6, Table 7",
        "the sum of the table's four operations; the broadcast beside the book's binomial \
         tree of point-to-point messages (t = 0.112·l + 73 µs)",
        rule,
    );
    for (s, &n) in TABLE7_SIZES.iter().enumerate() {
        t = t.row(move || {
            let mut b = RowBuilder::new(rule, format!("N = {n}"));
            b.num(
                "time per iteration",
                TABLE7_PER_ITERATION_MS[s],
                per_iteration_ms(s),
            );
            b.num_why(
                "broadcast",
                TABLE7_MS[2].1[s],
                broadcast_ms(n),
                "the CM-5's broadcast from a node is 1.4-2.4× slower than a binomial tree of \
                 its point-to-point messages would be",
            );
            b.done()
        });
    }
    t
}

fn table8() -> Pending {
    let rule = Rule::Digits(1);
    let mut t = Pending::new(
        PAPER,
        "004-t8",
        "Table 8",
        "Gaussian elimination: estimated (N × Table 7) and measured time, ms",
        "§6, Table 8",
        "the estimate recomputed as N times Table 7's time per iteration; the measurement \
         compared with that estimate",
        rule,
    )
    .tolerance("the estimate to the printed decimal; the measurement within 10 % of it");
    for (s, &n) in TABLE7_SIZES.iter().enumerate() {
        t = t.row(move || {
            let mut b = RowBuilder::new(rule, format!("N = {n}"));
            b.num("estimated", TABLE8_ESTIMATED_MS[s], estimate_ms(s));
            let mut m = RowBuilder::new(Rule::Relative(0.10), "");
            m.num(
                "measured vs estimate",
                TABLE8_MEASURED_MS[s],
                estimate_ms(s),
            );
            let mut row = b.done();
            row.cells.extend(m.done().cells);
            row
        });
    }
    t
}
