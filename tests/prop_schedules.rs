#![cfg(not(target_arch = "wasm32"))]
//! Property tests for the schedulers of paper 000 over random matrices:
//! 3,000 cases per algorithm (12,000 inputs in all), each schedule checked by
//! the independent verifier, each trace replayed against its schedule.
//!
//! Inputs mix three sources: dense random matrices (zero rows, self-messages
//! and sizes from 1 to 5,000 bytes), the Figure 7 generator and the uniform
//! random generator, for n from 1 to 20. The proptest seed is fixed, so a
//! failure reproduces on every run.

use commbook::core::algo::cgm;
use commbook::core::algo::gm::{self, Scan};
use commbook::core::algo::masking::{permutations, phase_pairs};
use commbook::core::algo::{Run, ac, lp};
use commbook::core::com::Com;
use commbook::core::com::fig7::{Fig7Config, SwapMode};
use commbook::core::com::random::RandomConfig;
use commbook::core::schedule::Schedule;
use commbook::core::verify::verify;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};

const CASES: u32 = 3000;

fn config(seed: u64) -> Config {
    Config {
        cases: CASES,
        rng_seed: RngSeed::Fixed(seed),
        ..Config::default()
    }
}

/// A dense n × n matrix: each cell, the diagonal included, holds a message
/// of 1 to 5,000 bytes with probability `density` percent, so zero rows and
/// columns, self-messages and full rows all occur.
fn dense() -> impl Strategy<Value = Com> {
    (1usize..=20, 0u8..=100).prop_flat_map(|(n, density)| {
        proptest::collection::vec((0u8..100, 1u64..=5000), n * n).prop_map(move |cells| {
            let rows: Vec<Vec<u64>> = cells
                .chunks(n)
                .map(|r| {
                    r.iter()
                        .map(|&(roll, b)| if roll < density { b } else { 0 })
                        .collect()
                })
                .collect();
            Com::from_rows(&rows).unwrap()
        })
    })
}

fn generated() -> impl Strategy<Value = Com> {
    (2usize..=20, any::<u64>(), 0usize..4).prop_flat_map(|(n, seed, kind)| {
        (1..n).prop_map(move |d| match kind {
            0 => RandomConfig::new(n, d, seed).generate().unwrap(),
            k => {
                let mode = [SwapMode::Both, SwapMode::Rows, SwapMode::Cols][k - 1];
                Fig7Config {
                    mode,
                    ..Fig7Config::new(n, d, seed)
                }
                .generate()
                .unwrap()
            }
        })
    })
}

fn matrix() -> impl Strategy<Value = Com> {
    prop_oneof![dense(), generated()]
}

/// Checks shared by GM and CGM: verified, no fewer phases than the busiest
/// processor has messages, every phase a partial permutation (self-messages
/// included) and maximal: a message left for later always finds its sender
/// or its receiver busy in this phase.
fn check_masking(com: &Com, run: &Run) -> Result<(), TestCaseError> {
    let s: &Schedule = &run.schedule;
    prop_assert_eq!(verify(com, s, None), Ok(()));
    prop_assert!(s.len() >= com.max_degree());
    prop_assert!(s.phases.iter().all(|p| !p.is_empty()));
    let n = com.n();
    let mut phase_of = vec![usize::MAX; n * n];
    for (k, p) in s.phases.iter().enumerate() {
        let (mut out, mut inn) = (vec![false; n], vec![false; n]);
        for t in p {
            prop_assert!(!std::mem::replace(&mut out[t.src], true), "sender twice");
            prop_assert!(!std::mem::replace(&mut inn[t.dst], true), "receiver twice");
            phase_of[t.src * n + t.dst] = k;
        }
    }
    for (k, p) in s.phases.iter().enumerate() {
        let (mut out, mut inn) = (vec![false; n], vec![false; n]);
        for t in p {
            (out[t.src], inn[t.dst]) = (true, true);
        }
        for m in com.messages() {
            if phase_of[m.src * n + m.dst] > k {
                prop_assert!(out[m.src] || inn[m.dst], "phase {} not maximal: {:?}", k, m);
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(0x000C_6A11))]
    #[test]
    fn cgm_schedules_verify_and_replay(com in matrix(), seed in any::<u64>()) {
        let t = cgm::trace(&com, seed);
        prop_assert_eq!(&t.run, &cgm::run(&com, seed));
        check_masking(&com, &t.run)?;
        prop_assert_eq!(permutations(t.iterations.all_events()), phase_pairs(&t.run.schedule));
        let last = t.iterations.final_state();
        prop_assert_eq!(last.probes, t.run.probes);
        prop_assert!(last.pvt.iter().all(|&p| p == -1));
        prop_assert_eq!(t.compaction.final_state().pvt.iter().map(|&p| (p + 1) as usize).sum::<usize>(), com.len());
    }
}

proptest! {
    #![proptest_config(config(0x000C_0617))]
    #[test]
    fn gm_schedules_verify_and_replay(com in matrix(), seed in any::<u64>(), after in any::<bool>()) {
        let scan = if after { Scan::AfterRow } else { Scan::FromZero };
        let t = gm::trace(&com, scan, seed);
        prop_assert_eq!(&t.run, &gm::run(&com, scan, seed));
        check_masking(&com, &t.run)?;
        prop_assert_eq!(permutations(t.trace.all_events()), phase_pairs(&t.run.schedule));
        let last = t.trace.final_state();
        prop_assert_eq!(last.probes, t.run.probes);
        prop_assert_eq!(last.probes, last.wasted + last.collisions + com.len() as u64);
        // Every iteration scans every row: at least one probe per row, at most n.
        let (n, iters) = (com.n() as u64, t.run.schedule.len() as u64);
        prop_assert!(t.run.probes <= n * n * iters);
    }
}

proptest! {
    #![proptest_config(config(0x000C_0A0C))]
    #[test]
    fn ac_schedules_verify_and_replay(com in matrix()) {
        let (run, t) = ac::trace(&com);
        prop_assert_eq!(&run, &ac::run(&com));
        prop_assert_eq!(verify(&com, &run.schedule, None), Ok(()));
        prop_assert_eq!(run.schedule.len(), 1);
        prop_assert_eq!(run.probes, 0);
        let end = t.final_state();
        prop_assert_eq!(end.confirmed, com.in_degrees());
        prop_assert_eq!(end.sent, com.out_degrees());
    }
}

proptest! {
    #![proptest_config(config(0x000C_01F0))]
    #[test]
    fn lp_schedules_verify_and_replay(com in matrix()) {
        let (s, t) = lp::trace(&com);
        prop_assert_eq!(&s, &lp::schedule(&com));
        prop_assert_eq!(verify(&com, &s, None), Ok(()));
        let n = com.n();
        let steps = if n == 1 { usize::from(!com.is_empty()) } else if n.is_multiple_of(2) { n - 1 } else { n };
        prop_assert_eq!(s.len(), steps);
        for (k, phase) in s.phases.iter().enumerate() {
            prop_assert_eq!(&t.state_at(k + 1).sends, phase);
        }
    }
}
