//! Paper 004's CM-5 experiments (§3.2-3.5) on the simulated fat tree with
//! the CM-5 preset. Message sets are written as in the paper, {(s, d), …};
//! every contention claim is checked over several routing seeds.

use super::*;
use crate::net::TopologySpec;

/// Cycles to deliver `pairs` (all at once, `bytes` each) on n processors.
fn time(n: usize, pairs: &[(usize, usize)], bytes: u64, seed: u64) -> u64 {
    let cfg = SimConfig {
        seed,
        ..SimConfig::cm5()
    };
    let spec = TopologySpec::FatTree { procs: n };
    let r = simulate(spec, &cfg, &Traffic::pairs(n, pairs, bytes)).unwrap();
    assert_eq!(r.outcome, Outcome::Completed);
    r.cycles
}

fn shifted(k: usize, by: usize) -> Vec<(usize, usize)> {
    (0..k).map(|i| (i, i + by)).collect()
}

#[test]
fn one_message_follows_the_measured_fit() {
    // §3.2: t = 0.112·l + 73 µs for l a multiple of 16, within a cluster of 4.
    for l in [1024u64, 2048, 4096, 8192] {
        let sim_us = time(64, &[(0, 1)], l, 1) as f64 * config::CM5_CYCLE_US;
        let fit_us = 0.112 * l as f64 + 73.0;
        let err = (sim_us - fit_us).abs() / fit_us;
        assert!(
            err < 0.06,
            "l = {l}: simulated {sim_us:.1} µs, fit {fit_us:.1} µs"
        );
    }
}

#[test]
fn path_length_does_not_matter() {
    // §3.3, Figure 5: processor 0 to a cluster of 4, 16, 64, 256 costs two
    // cycles per level more, nothing a reader would see.
    let base = time(512, &[(0, 1)], 4096, 1);
    for (level, dst) in [(2u64, 4), (3, 16), (4, 64), (5, 256)] {
        assert_eq!(time(512, &[(0, dst)], 4096, 1), base + 2 * (level - 1));
    }
}

#[test]
fn double_sends_take_the_time_of_one() {
    // §3.4, Figure 6: SS {(0,1)} against DS {(0,1),(2,3)}, and the same four
    // and six hops away: {(0,4),(1,5)}, {(0,16),(1,17)}.
    for n in [64, 256] {
        for seed in 1..=4 {
            let t = |pairs: &[(usize, usize)]| time(n, pairs, 4096, seed) as f64;
            assert_eq!(t(&[(0, 1), (2, 3)]), t(&[(0, 1)]));
            assert!(
                t(&shifted(2, 4)) <= 1.02 * t(&[(0, 4)]),
                "n = {n}, seed {seed}"
            );
            assert!(
                t(&shifted(2, 16)) <= 1.02 * t(&[(0, 16)]),
                "n = {n}, seed {seed}"
            );
        }
    }
}

#[test]
fn four_pairs_between_clusters_of_four_do_not_contend() {
    // §3.5, Figure 7: {(0,4),…,(3,7)} against a simple send.
    for seed in 1..=4 {
        for bytes in [1024, 4096, 10240] {
            let one = time(64, &[(0, 4)], bytes, seed) as f64;
            let four = time(64, &shifted(4, 4), bytes, seed) as f64;
            assert!(
                four <= 1.03 * one,
                "{bytes} B, seed {seed}: {four} vs {one}"
            );
        }
    }
}

#[test]
fn sixteen_pairs_contend_for_eight_links() {
    // §3.5, Figures 8-9: {(0,16),…,(15,31)} takes markedly longer than a
    // simple send, more so for longer messages; one level up (64 pairs
    // between clusters of 64, which share 32 links) on 256 processors alike.
    for (n, k) in [(64, 16), (256, 16), (256, 64)] {
        for seed in 1..=3 {
            let mut gap = 0.0;
            for bytes in [1024, 4096, 8192] {
                let one = time(n, &[(0, k)], bytes, seed) as f64;
                let all = time(n, &shifted(k, k), bytes, seed) as f64;
                assert!(
                    all >= 1.25 * one,
                    "n = {n}, k = {k}, {bytes} B: {all} vs {one}"
                );
                assert!(all - one > gap, "the difference grows with the size");
                gap = all - one;
            }
        }
    }
}
