//! Property tests over mesh shapes 1×2 … 32×32, square or not, powers of
//! two or not: every algorithm delivers (the independent checker), every
//! schedule passes the verifier, every trace replays to its result.
//! Seeds are fixed, so a failure reproduces on every run.

use super::check::{check, copies};
use super::config::{Algo, CollectiveConfig, Op, Spec};
use super::{run, trace};
use crate::verify::verify;
use proptest::prelude::*;
use proptest::test_runner::RngSeed;

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        rng_seed: RngSeed::Fixed(1994),
        ..ProptestConfig::default()
    }
}

/// Meshes of 1..=max rows and columns with at least two processors.
fn shape(max: usize) -> impl Strategy<Value = (usize, usize)> {
    (1..=max, 1..=max).prop_filter("at least two processors", |&(r, c)| r * c >= 2)
}

/// A request for `algo` with the root at fraction `at` of the processors.
fn spec(op: Op, algo: Algo, (r, c): (usize, usize), at: f64, gamma: f64, bytes: u64) -> Spec {
    let mut cfg = CollectiveConfig::new(op, algo, r, c);
    cfg.bytes = bytes;
    if op != Op::AllToAll {
        cfg.root = Some(((r * c) as f64 * at) as usize % (r * c));
    }
    if algo == Algo::LogpLevRec {
        cfg.gamma = Some(gamma);
    }
    match cfg.validate() {
        Ok(s) => s,
        Err(e) => panic!("{op:?} {algo:?} {r}x{c}: {e}"),
    }
}

/// The checker, the verifier on the schedule, and the set-up count's bound.
fn all_checks(spec: &Spec) -> Result<(), TestCaseError> {
    let c = run(spec);
    let what = format!(
        "{} {} {}x{} root {}",
        spec.op.name(),
        spec.title(),
        spec.mesh.rows,
        spec.mesh.cols,
        spec.root
    );
    prop_assert_eq!(check(spec, &c.supersteps), Ok(()), "{}", what);
    let s = c.to_schedule();
    prop_assert_eq!(verify(&c.effective_com(), &s, None), Ok(()), "{}", what);
    prop_assert!(c.setups() <= c.sends(), "{}", what);
    Ok(())
}

proptest! {
    #![proptest_config(config(1000))]

    #[test]
    fn scatter_and_gather_deliver_exactly_once(
        shape in shape(32),
        at in 0.0..1.0f64,
        gamma in 0.5..0.99f64,
        low_gamma in 0.01..0.99f64,
        bytes in 1..20_000u64,
    ) {
        for op in [Op::Scatter, Op::Gather] {
            for &algo in op.algos().iter().filter(|&&a| !copies(a)) {
                let g = if op == Op::Gather { low_gamma } else { gamma };
                all_checks(&spec(op, algo, shape, at, g, bytes))?;
            }
        }
    }
}

proptest! {
    #![proptest_config(config(500))]

    #[test]
    fn alltoall_covers_every_pair_once_on_small_meshes(shape in shape(8), bytes in 1..5000u64) {
        for &algo in Op::AllToAll.algos() {
            all_checks(&spec(Op::AllToAll, algo, shape, 0.0, 0.0, bytes))?;
        }
    }
}

proptest! {
    #![proptest_config(config(100))]

    #[test]
    fn broadcasts_reach_everyone_once(shape in shape(16), at in 0.0..1.0f64) {
        for algo in [Algo::SysBr, Algo::OurBr] {
            all_checks(&spec(Op::Scatter, algo, shape, at, 0.0, 16))?;
        }
    }

    #[test]
    fn traces_replay_to_the_result(shape in shape(10), at in 0.0..1.0f64, gamma in 0.5..0.99f64) {
        for op in [Op::Scatter, Op::Gather, Op::AllToAll] {
            for &algo in op.algos() {
                let s = spec(op, algo, shape, at, gamma, 64);
                let (c, t) = trace(&s);
                prop_assert_eq!(t.len(), c.supersteps.len());
                for (k, st) in c.supersteps.iter().enumerate() {
                    prop_assert_eq!(&t.state_at(k + 1).sends, &st.sends);
                }
                let last = t.final_state();
                prop_assert_eq!(&last.arrived, &last.expected, "{} {}", op.name(), algo.name());
                prop_assert_eq!(last.setups, c.setups());
                prop_assert!(last.held.iter().all(|&h| h == 0) || copies(algo));
            }
        }
    }
}

/// The largest meshes, once each (p² messages make a debug build slow):
/// square and a power of two, then neither.
#[test]
fn alltoall_on_the_largest_meshes() {
    for shape in [(32, 32), (21, 23)] {
        for &algo in Op::AllToAll.algos() {
            let s = spec(Op::AllToAll, algo, shape, 0.0, 0.0, 8);
            assert_eq!(
                check(&s, &run(&s).supersteps),
                Ok(()),
                "{} {shape:?}",
                algo.name()
            );
        }
    }
}
