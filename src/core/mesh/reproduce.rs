//! The paper's printed numbers, recomputed: set-ups (Figure 5's text) and
//! the Delta model against Figures 2, 6 and 9. The link loads of §5.1 are
//! checked in [`super::load`].

use super::config::{Algo, CollectiveConfig, Op};
use super::run;
use crate::cost::delta::DeltaCost;
use crate::published::hambrusch::{FIGURE2, FIGURE5_SETUPS, FIGURE6, FIGURE9, SIZES, TimingRow};

fn collective(op: Op, name: &str, gamma: Option<f64>, bytes: u64) -> super::Collective {
    let (algo, _) = Algo::parse(name).unwrap();
    let mut cfg = CollectiveConfig::new(op, algo, 16, 16);
    cfg.gamma = gamma;
    cfg.bytes = bytes;
    run(&cfg.validate().unwrap())
}

#[test]
fn figure5_set_ups_on_256_processors() {
    for (name, gamma, printed) in FIGURE5_SETUPS {
        let ours = collective(Op::Scatter, name, gamma, 16).setups();
        // logp-lev-rec(0.75): 16, one more than printed (see `binomial`).
        let expected = if gamma == Some(0.75) {
            printed + 1
        } else {
            printed
        };
        assert_eq!(ours, expected, "{name}");
        // The mirrored gather pays the same set-ups at its receivers.
        assert_eq!(
            collective(Op::Gather, name, gamma, 16).setups(),
            expected,
            "{name}"
        );
    }
}

/// (label, L, predicted ms, printed ms) for every printed entry of a table.
/// Each algorithm runs once; its sends are rescaled to every L.
fn predictions(
    cost: &DeltaCost,
    op: Op,
    table: &[TimingRow],
) -> Vec<(&'static str, u64, f64, f64)> {
    let mut out = Vec::new();
    for row in table {
        let c = collective(op, row.algo, row.gamma, 1);
        for (&l, ms) in SIZES.iter().zip(row.ms) {
            if let Some(ms) = ms {
                out.push((row.label, l, cost.collective_us_at(&c, l) / 1000.0, ms));
            }
        }
    }
    out
}

/// Root-mean-square of ln(predicted / printed) per row.
fn row_errors(points: &[(&'static str, u64, f64, f64)]) -> Vec<(&'static str, f64)> {
    let mut rows: Vec<(&'static str, f64, usize)> = Vec::new();
    for &(label, _, pred, ms) in points {
        let e = (pred / ms).ln().powi(2);
        match rows.iter_mut().find(|r| r.0 == label) {
            Some(r) => {
                r.1 += e;
                r.2 += 1;
            }
            None => rows.push((label, e, 1)),
        }
    }
    rows.into_iter()
        .map(|(l, s, n)| (l, (s / n as f64).sqrt()))
        .collect()
}

/// How far the Delta preset is from the paper, row by row (as a factor:
/// e^rms). The one-to-all and all-to-one rows it was fitted to stay within
/// a factor of 1.4; the all-to-all rows (not fitted: the Delta's contention
/// under all-to-all is beyond this model) within a factor of 5.
#[test]
fn delta_model_against_figures_2_6_and_9() {
    let d = DeltaCost::delta();
    for (op, table, limit) in [
        (Op::Scatter, &FIGURE2[..], 1.4),
        (Op::Gather, &FIGURE6[..], 1.4),
        (Op::AllToAll, &FIGURE9[..], 5.0),
    ] {
        for (label, rms) in row_errors(&predictions(&d, op, table)) {
            assert!(
                rms.exp() < limit,
                "{} {label}: off by a factor of {:.2}",
                op.name(),
                rms.exp()
            );
        }
    }
}

/// Prints the fit of the preset and each row's error: run with
/// `cargo test fit_delta_preset -- --ignored --nocapture`.
#[test]
#[ignore]
fn fit_delta_preset() {
    let data: Vec<(Op, &[TimingRow])> = vec![(Op::Scatter, &FIGURE2), (Op::Gather, &FIGURE6)];
    let score = |c: &DeltaCost| -> f64 {
        data.iter()
            .flat_map(|(op, t)| predictions(c, *op, t))
            .map(|(_, _, p, m)| (p / m).ln().powi(2))
            .sum()
    };
    let mut best = DeltaCost::delta();
    let mut best_score = score(&best);
    let mut step = 0.5f64;
    while step > 0.01 {
        let mut improved = false;
        for i in 0..6 {
            for dir in [1.0 + step, 1.0 / (1.0 + step)] {
                let mut c = best;
                let f = match i {
                    0 => &mut c.send_setup_us,
                    1 => &mut c.recv_setup_us,
                    2 => &mut c.send_us_per_byte,
                    3 => &mut c.recv_us_per_byte,
                    4 => &mut c.link_us_per_byte,
                    _ => &mut c.superstep_us,
                };
                *f *= dir;
                let s = score(&c);
                if s < best_score {
                    (best, best_score, improved) = (c, s, true);
                }
            }
        }
        if !improved {
            step /= 2.0;
        }
    }
    println!("{best:?} score {best_score:.3}");
    for (op, table) in [
        (Op::Scatter, &FIGURE2[..]),
        (Op::Gather, &FIGURE6[..]),
        (Op::AllToAll, &FIGURE9[..]),
    ] {
        for (label, rms) in row_errors(&predictions(&best, op, table)) {
            println!("{:>9} {label:<20} factor {:.2}", op.name(), rms.exp());
        }
        for (label, l, p, m) in predictions(&best, op, table) {
            if [16, 1024, 16384].contains(&l) {
                println!("    {label:<20} L={l:<6} ours {p:>9.2} paper {m:>9.2}");
            }
        }
    }
}
