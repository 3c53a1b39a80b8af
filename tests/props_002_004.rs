#![cfg(not(target_arch = "wasm32"))]
//! Property tests for the schedulers of papers 002 (NICE) and 004 (CM-5):
//! on thousands of random matrices (non-uniform sizes from 1 byte to 1 MB,
//! empty rows, local copies, n from 1 to 20) every schedule passes the
//! independent verifier (link-disjointness included for RS_NL and RS_NLH on
//! meshes and fat trees), the traced run equals the fast path, and
//! replaying the trace rebuilds every phase. 1,250 cases for each of nine
//! properties (11,250 matrices, each run through its scheduler twice), and
//! 300 complete exchanges. Seeds are fixed, so a failure reproduces.

use commbook::core::algo::cm5::{self, Cm5Algo};
use commbook::core::algo::rs::{self, RsConfig, RsEvent, RsVariant};
use commbook::core::com::{Com, Message};
use commbook::core::net::{StaticRouting, TopologySpec};
use commbook::core::rng::Rng;
use commbook::core::schedule::Schedule;
use commbook::core::verify::{Routing, verify};
use proptest::prelude::*;
use proptest::test_runner::RngSeed;

const CASES: u32 = 1250;

fn config(seed: u64) -> ProptestConfig {
    ProptestConfig {
        cases: CASES,
        rng_seed: RngSeed::Fixed(seed),
        ..ProptestConfig::default()
    }
}

/// A random matrix: about `density` % of the entries, one row in eight
/// empty, sizes mostly small with a long tail.
fn matrix(n: usize, density: usize, seed: u64) -> Com {
    let mut rng = Rng::new(seed);
    let mut ms = Vec::new();
    for src in 0..n {
        if rng.below(8) == 0 {
            continue;
        }
        for dst in 0..n {
            if rng.below(100) < density {
                let bytes = match rng.below(20) {
                    0 => 1 + rng.below(1 << 20),
                    1..=5 => 1 + rng.below(10_000),
                    _ => 1 + rng.below(64),
                } as u64;
                ms.push(Message { src, dst, bytes });
            }
        }
    }
    Com::from_messages(n, ms).unwrap()
}

fn inputs() -> impl Strategy<Value = (usize, usize, u64)> {
    (1usize..=20, 0usize..=100, any::<u64>())
}

fn check_rs(com: &Com, cfg: &RsConfig) -> Result<(), TestCaseError> {
    let (s, t) = rs::trace(com, cfg).unwrap();
    let fast = rs::schedule(com, cfg).unwrap().schedule;
    prop_assert_eq!(&fast, &s);
    let net = cfg.topology(com.n()).map(|spec| spec.build());
    let routing = net.as_deref().map(StaticRouting);
    prop_assert_eq!(s.promise.link_disjoint, routing.is_some());
    let r = verify(com, &s, routing.as_ref().map(|r| r as &dyn Routing));
    prop_assert!(r.is_ok(), "{:?}", r);
    let mut issued = Vec::new();
    for pos in 1..=t.len() {
        if let Some(RsEvent::PhaseEnd { .. }) = t.events(pos).last() {
            issued.push(t.state_at(pos).transfers);
        }
    }
    prop_assert_eq!(issued, s.phases);
    prop_assert_eq!(t.final_state().active(), 0);
    Ok(())
}

/// A topology with n processors: a mesh of some factorisation of n, or the
/// fat tree.
fn topology(n: usize, pick: u64, mesh: bool) -> TopologySpec {
    if !mesh {
        return TopologySpec::FatTree { procs: n };
    }
    let divisors: Vec<usize> = (1..=n).filter(|r| n.is_multiple_of(*r)).collect();
    let rows = divisors[pick as usize % divisors.len()];
    TopologySpec::Mesh {
        rows,
        cols: n / rows,
    }
}

fn check_cm5(com: &Com, algo: Cm5Algo) -> Result<(), TestCaseError> {
    let (s, t): (Schedule, _) = cm5::trace(algo, com);
    prop_assert_eq!(&cm5::schedule(algo, com).schedule, &s);
    let r = verify(com, &s, None);
    prop_assert!(r.is_ok(), "{:?}", r);
    prop_assert_eq!(t.len(), s.len());
    for (k, phase) in s.phases.iter().enumerate() {
        prop_assert_eq!(&t.state_at(k + 1).sends, phase);
    }
    prop_assert_eq!(t.final_state().delivered, com.len());
    Ok(())
}

proptest! {
    #![proptest_config(config(2))]
    #[test]
    fn rs_n((n, density, seed) in inputs()) {
        check_rs(&matrix(n, density, seed), &RsConfig::new(RsVariant::N, seed))?;
    }
}

proptest! {
    #![proptest_config(config(3))]
    #[test]
    fn rs_nh((n, density, seed) in inputs(), h in 1.0f64..4.0) {
        let cfg = RsConfig { split: Some(h), ..RsConfig::new(RsVariant::Nh, seed) };
        check_rs(&matrix(n, density, seed), &cfg)?;
    }
}

proptest! {
    #![proptest_config(config(4))]
    #[test]
    fn rs_nl_on_meshes((n, density, seed) in inputs()) {
        let cfg = RsConfig {
            topology: Some(topology(n, seed >> 7, true)),
            ..RsConfig::new(RsVariant::Nl, seed)
        };
        check_rs(&matrix(n, density, seed), &cfg)?;
    }
}

proptest! {
    #![proptest_config(config(5))]
    #[test]
    fn rs_nl_on_fat_trees((n, density, seed) in inputs()) {
        let cfg = RsConfig {
            topology: Some(topology(n, 0, false)),
            ..RsConfig::new(RsVariant::Nl, seed)
        };
        check_rs(&matrix(n, density, seed), &cfg)?;
    }
}

proptest! {
    #![proptest_config(config(6))]
    #[test]
    fn rs_nlh_on_both((n, density, seed) in inputs(), h in 1.0f64..4.0) {
        let cfg = RsConfig {
            topology: Some(topology(n, seed >> 7, seed % 2 == 0)),
            split: Some(h),
            ..RsConfig::new(RsVariant::Nlh, seed)
        };
        check_rs(&matrix(n, density, seed), &cfg)?;
    }
}

proptest! {
    #![proptest_config(config(7))]
    #[test]
    fn ls((n, density, seed) in inputs()) {
        check_cm5(&matrix(n, density, seed), Cm5Algo::Ls)?;
    }
}

proptest! {
    #![proptest_config(config(8))]
    #[test]
    fn ps((n, density, seed) in inputs()) {
        check_cm5(&matrix(n, density, seed), Cm5Algo::Ps)?;
    }
}

proptest! {
    #![proptest_config(config(9))]
    #[test]
    fn bs((n, density, seed) in inputs()) {
        check_cm5(&matrix(n, density, seed), Cm5Algo::Bs)?;
    }
}

proptest! {
    #![proptest_config(config(10))]
    #[test]
    fn gs((n, density, seed) in inputs()) {
        check_cm5(&matrix(n, density, seed), Cm5Algo::Gs)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..config(11) })]
    #[test]
    fn complete_exchanges(p in 2usize..=40, bytes in 1u64..=4096) {
        let all = cm5::complete(p, bytes).unwrap();
        for algo in [Cm5Algo::Ls, Cm5Algo::Ps, Cm5Algo::Bs, Cm5Algo::Gs] {
            let s = cm5::schedule(algo, &all).schedule;
            prop_assert!(verify(&all, &s, None).is_ok());
        }
        if p.is_power_of_two() {
            prop_assert!(cm5::rex::Rex::new(p).unwrap().check().is_ok());
        }
    }
}
