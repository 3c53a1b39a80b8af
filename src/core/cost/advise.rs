//! Choosing a schedule (chapter 11): every candidate algorithm of a
//! workload priced on one machine, cheapest first, with the reason.
//!
//! A machine is two numbers, a start-up τ (µs) and a time per byte φ
//! (µs/byte), from a preset of [`super::machine`] or the reader's own. Each
//! workload prices its candidates with the model of the paper that studied
//! it, rescaled to those two numbers:
//!
//! - irregular many-to-many: LP against CGM by paper 000's §5.1 model
//!   ([`LpCgmModel`]), the scheduling time shared by the reuses;
//! - complete exchange on a fat tree: LEX, PEX, REX and BEX by paper 004's
//!   contention model ([`ContentionCost`]) with α = τ and its three
//!   per-byte rates scaled by φ / 0.112 (the CM-5's β_s);
//! - all-to-all and scatter on a mesh: paper 001's algorithms by the Delta
//!   model ([`DeltaCost`]) with its set-ups scaled by τ / 75 µs and its
//!   per-byte rates by φ / (1/7.5) µs (the Delta preset's τ and φ), so the
//!   Delta preset gives the fitted model exactly;
//! - block-cyclic redistribution: direct, indirect and the best hybrid by
//!   paper 003's Corollary 2 with T_d = τ and τ_d = φ.
//!
//! The rescaling keeps each model's shape (how contention and set-ups
//! grow with the machine) and changes only its two scales: a teaching
//! estimate, not a measurement of the reader's machine.

use super::breakeven::LpCgmModel;
use super::contention::{CM5_BETA_EX, CM5_BETA_SAT, ContentionCost};
use super::delta::DeltaCost;
use super::gdm::{Corollary2, Gdm};
use super::perm::PermCost;
use crate::algo::cm5::exchange::Exchange;
use crate::mesh::{self, Algo, CollectiveConfig, Op};
use crate::published::ponnusamy93::FIT_US_PER_BYTE;

/// A workload a reader describes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Workload {
    /// Every processor sends d messages of `bytes` to d others (paper
    /// 000's Figure-7 patterns); the schedule is used `reuse` times.
    Irregular {
        p: usize,
        d: usize,
        bytes: u64,
        reuse: u64,
    },
    /// Every processor sends `bytes` to every other, on a fat tree.
    Exchange { p: usize, bytes: u64 },
    /// Every processor sends `bytes` to every other, on a mesh.
    AllToAll {
        rows: usize,
        cols: usize,
        bytes: u64,
    },
    /// One processor sends `bytes` to every other, on a mesh.
    Scatter {
        rows: usize,
        cols: usize,
        bytes: u64,
    },
    /// cyclic(x) → cyclic(Kx) on p processors, `bytes` of array per
    /// processor.
    Redist { k: usize, p: usize, bytes: u64 },
}

/// One candidate, priced.
#[derive(Clone, Debug, PartialEq)]
pub struct Priced {
    /// The algorithm as the book names it.
    pub algo: String,
    /// Predicted time, µs.
    pub us: f64,
    /// The chapter that teaches it (its slug).
    pub chapter: &'static str,
    /// Where the time goes, in words with the numbers.
    pub why: String,
}

/// The candidates of `w` on the machine (τ, φ), cheapest first; empty if
/// the workload is outside what the models cover (a mesh too large, p not
/// a power of two for the exchanges).
pub fn rank(m: PermCost, w: Workload) -> Vec<Priced> {
    let mut v = match w {
        Workload::Irregular { p, d, bytes, reuse } => irregular(m, p, d, bytes, reuse),
        Workload::Exchange { p, bytes } => exchange(m, p, bytes),
        Workload::AllToAll { rows, cols, bytes } => mesh_op(m, Op::AllToAll, rows, cols, bytes),
        Workload::Scatter { rows, cols, bytes } => mesh_op(m, Op::Scatter, rows, cols, bytes),
        Workload::Redist { k, p, bytes } => redist(m, k, p, bytes),
    };
    v.retain(|c| c.us.is_finite());
    crate::sorting::sort_by_u64(&mut v, |c| crate::sorting::f64_key(c.us));
    v
}

fn ms(us: f64) -> String {
    if us >= 1000.0 {
        format!("{:.2} ms", us / 1000.0)
    } else {
        format!("{us:.1} µs")
    }
}

fn irregular(m: PermCost, p: usize, d: usize, bytes: u64, reuse: u64) -> Vec<Priced> {
    if p < 2 {
        return Vec::new();
    }
    let d = d.clamp(1, p - 1);
    let model = LpCgmModel {
        n: p,
        cost: m,
        reuse: reuse.max(1) as f64,
        ..LpCgmModel::fitted()
    };
    let (dd, mm) = (d as f64, bytes as f64);
    let sched = model.c2_us * dd * p as f64 * dd.ln() / model.reuse;
    vec![
        Priced {
            algo: "LP".into(),
            us: model.lp_us(dd, mm),
            chapter: "permutations",
            why: format!(
                "{} steps each paying τ = {:.1} µs, and {d} messages of {bytes} B in C1 = {:.2} \
                 times the time of one; no scheduling",
                p - 1,
                m.tau_us,
                model.c1
            ),
        },
        Priced {
            algo: "CGM".into(),
            us: model.cgm_us(dd, mm),
            chapter: "cgm",
            why: format!(
                "about {d} permutations of {bytes} B (C3 = {:.2}), plus scheduling {} shared by \
                 {reuse} use{}",
                model.c3,
                ms(sched),
                if reuse == 1 { "" } else { "s" }
            ),
        },
    ]
}

fn exchange(m: PermCost, p: usize, bytes: u64) -> Vec<Priced> {
    if !(2..=crate::algo::cm5::rex::MAX_P).contains(&p) {
        return Vec::new();
    }
    let k = m.phi_us_per_byte / FIT_US_PER_BYTE;
    let c = ContentionCost {
        alpha_us: m.tau_us,
        beta_s_us: m.phi_us_per_byte,
        beta_ex_us: CM5_BETA_EX * k,
        beta_sat_us: CM5_BETA_SAT * k,
    };
    let steps = (p - 1) as f64;
    let log = p.next_power_of_two().ilog2();
    // Paper 004's closed forms need a power of two.
    let paper = p.is_power_of_two().then(|| {
        [
            (
                "LEX",
                c.lex_us(p, bytes),
                format!(
                    "{} one-way steps; every processor sends to the same receiver at once",
                    steps
                ),
            ),
            (
                "PEX",
                c.pex_us(p, bytes),
                format!(
                    "{} pairwise exchanges, contention growing with the level of the fat tree",
                    steps
                ),
            ),
            (
                "REX",
                c.rex_us(p, bytes),
                format!("{log} exchanges of p/2 blocks each: fewest start-ups, most bytes"),
            ),
            (
                "BEX",
                c.bex_us(p, bytes),
                format!(
                    "{} balanced exchanges spreading the traffic over the tree",
                    steps
                ),
            ),
        ]
        .map(|(a, us, why)| Priced {
            algo: a.into(),
            us,
            chapter: "cm5",
            why,
        })
    });
    // Today's three, priced step by step on the same model (chapter 14).
    let today = [
        (
            Exchange::Bruck,
            format!("{log} rotations of about p/2 blocks, for any p: what MPI libraries run for short blocks"),
        ),
        (
            Exchange::Shift,
            format!("{steps} cyclic shifts, r → r + i: Open MPI's pairwise"),
        ),
        (
            Exchange::Linear,
            "every send posted at once; the network sorts out the contention".to_string(),
        ),
    ]
    .into_iter()
    .filter_map(|(e, why)| {
        let (plan, f) = &*super::priced::priced_plan(e, p)?;
        Some(Priced {
            algo: e.title().into(),
            // `ExchangePlan::predicted_us`, with f(i) measured once per p.
            us: plan.step_us_with(&c, bytes, f).into_iter().sum(),
            chapter: "today",
            why,
        })
    });
    paper.into_iter().flatten().chain(today).collect()
}

/// The Delta model rescaled to (τ, φ).
pub fn scaled_delta(m: PermCost) -> DeltaCost {
    let d = DeltaCost::delta();
    let delta = super::machine::Machine::Delta.cost();
    let t = m.tau_us / delta.tau_us;
    let b = m.phi_us_per_byte / delta.phi_us_per_byte;
    DeltaCost {
        send_setup_us: d.send_setup_us * t,
        recv_setup_us: d.recv_setup_us * t,
        superstep_us: d.superstep_us * t,
        send_us_per_byte: d.send_us_per_byte * b,
        recv_us_per_byte: d.recv_us_per_byte * b,
        link_us_per_byte: d.link_us_per_byte * b,
    }
}

/// The candidates of an operation on a mesh.
pub fn mesh_candidates(op: Op) -> &'static [Algo] {
    match op {
        Op::AllToAll => &[
            Algo::Dir,
            Algo::Xor,
            Algo::Bal,
            Algo::TwoLevCr,
            Algo::TwoLevSq,
            Algo::LogpLevBfly,
        ],
        _ => &[
            Algo::Dir,
            Algo::TwoLevRec,
            Algo::ThreeLevSq,
            Algo::LogpLevSq,
            Algo::LogpLevRec,
        ],
    }
}

/// One mesh algorithm run once and priced at every size of `sizes`: its
/// name, the chapter that teaches it, a reason, and a time per size (µs);
/// `None` when the algorithm does not run on this mesh.
pub fn mesh_prices(
    m: PermCost,
    op: Op,
    algo: Algo,
    rows: usize,
    cols: usize,
    sizes: &[u64],
) -> Option<(String, &'static str, String, Vec<f64>)> {
    let d = scaled_delta(m);
    let c = mesh::run(
        &CollectiveConfig::new(op, algo, rows, cols)
            .validate()
            .ok()?,
    );
    let steps = c.supersteps.len();
    let chapter = match (op, algo) {
        (Op::AllToAll, Algo::Dir | Algo::Xor | Algo::Bal) => "tournament",
        (Op::AllToAll, _) => "combining",
        _ => "scatter",
    };
    let why = format!(
        "{steps} superstep{}, {} set-ups on the critical path",
        if steps == 1 { "" } else { "s" },
        c.setups()
    );
    let us = sizes
        .iter()
        .map(|&l| d.collective_us_at(&c, l.max(1)))
        .collect();
    Some((c.spec.title(), chapter, why, us))
}

fn mesh_op(m: PermCost, op: Op, rows: usize, cols: usize, bytes: u64) -> Vec<Priced> {
    mesh_candidates(op)
        .iter()
        .filter_map(|&a| {
            let (algo, chapter, why, us) = mesh_prices(m, op, a, rows, cols, &[bytes])?;
            Some(Priced {
                algo,
                us: us[0],
                chapter,
                why,
            })
        })
        .collect()
}

fn redist(m: PermCost, k: usize, p: usize, bytes: u64) -> Vec<Priced> {
    if k < 2 || p < 1 {
        return Vec::new();
    }
    let g = Gdm {
        name: "custom",
        t_d_us: m.tau_us,
        tau_d_us_per_byte: m.phi_us_per_byte,
    };
    let c = Corollary2 {
        n: (p as f64) * (bytes.max(8) / 8) as f64,
        p,
        k,
        b: 8.0,
    };
    let log = crate::redist::shape::ceil_log2(k);
    let (d, hybrid) = c.best_hybrid(&g, log.saturating_sub(1).max(1));
    vec![
        Priced {
            algo: "direct".into(),
            us: c.direct_us(&g),
            chapter: "redistribution",
            why: format!("K = {k} steps, the array moved once"),
        },
        Priced {
            algo: "indirect".into(),
            us: c.indirect_us(&g),
            chapter: "redistribution",
            why: format!(
                "⌈log K⌉ + 2 = {} steps, the array moved about (⌈log K⌉ + 3)/2 times",
                log + 2
            ),
        },
        Priced {
            algo: format!("hybrid d = {d}"),
            us: hybrid,
            chapter: "redistribution",
            why: format!(
                "{} steps, the array moved {} times",
                d + k.div_ceil(1 << d),
                1.0 + d as f64 / 2.0
            ),
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cost::machine::Machine;

    #[test]
    fn the_delta_preset_gives_the_fitted_model() {
        assert_eq!(scaled_delta(Machine::Delta.cost()), DeltaCost::delta());
    }

    #[test]
    fn rankings_follow_the_papers() {
        let cm5 = Machine::Cm5.cost();
        // Paper 000 §5.1: small messages, sparse pattern: CGM; reuse helps it.
        let r = rank(
            cm5,
            Workload::Irregular {
                p: 32,
                d: 4,
                bytes: 16,
                reuse: 1,
            },
        );
        assert_eq!(r[0].algo, "CGM");
        // Paper 001 §5.3: 1-lev-xor family for large messages, combining for small.
        let delta = Machine::Delta.cost();
        let small = rank(
            delta,
            Workload::AllToAll {
                rows: 16,
                cols: 16,
                bytes: 16,
            },
        );
        assert!(!small[0].algo.starts_with("1-lev"), "{:?}", small[0]);
        let large = rank(
            delta,
            Workload::AllToAll {
                rows: 16,
                cols: 16,
                bytes: 16384,
            },
        );
        assert!(large[0].algo.starts_with("1-lev"), "{:?}", large[0]);
        // Paper 003: a start-up-bound machine prefers few steps (indirect, or
        // the deepest hybrid) for a large K and small arrays, a bandwidth-bound one direct.
        let slow_start = PermCost {
            tau_us: 1000.0,
            phi_us_per_byte: 0.001,
        };
        let best = &rank(
            slow_start,
            Workload::Redist {
                k: 64,
                p: 64,
                bytes: 1024,
            },
        )[0];
        assert!(
            best.algo == "indirect" || best.algo == "hybrid d = 5",
            "{best:?}"
        );
        let fast_start = PermCost {
            tau_us: 1.0,
            phi_us_per_byte: 0.1,
        };
        assert_eq!(
            rank(
                fast_start,
                Workload::Redist {
                    k: 64,
                    p: 64,
                    bytes: 1 << 20
                }
            )[0]
            .algo,
            "direct"
        );
        // Out of range: nothing rather than a wrong answer; p = 12 is not a
        // power of two, so only today's three apply.
        assert!(rank(cm5, Workload::Exchange { p: 1, bytes: 64 }).is_empty());
        let twelve: Vec<String> = rank(cm5, Workload::Exchange { p: 12, bytes: 64 })
            .into_iter()
            .map(|c| c.algo)
            .collect();
        assert_eq!(twelve.len(), 3);
        assert!(
            twelve
                .iter()
                .all(|a| ["Bruck", "shift", "linear"].contains(&a.as_str()))
        );
        assert!(
            rank(
                cm5,
                Workload::AllToAll {
                    rows: 64,
                    cols: 64,
                    bytes: 64
                }
            )
            .is_empty()
        );
        // Every candidate names a chapter and a reason.
        for c in rank(cm5, Workload::Exchange { p: 64, bytes: 4096 }) {
            assert!(["cm5", "today"].contains(&c.chapter));
            assert!(!c.why.is_empty() && c.us > 0.0);
        }
    }
}
