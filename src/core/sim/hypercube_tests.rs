//! The hypercube in the simulator: e-cube routes hop by hop, and the
//! permutations e-cube routing carries without contention finishing in the
//! time of one message alone.

use super::*;
use crate::net::Network;
use crate::net::hypercube::Hypercube;
use crate::rng::Rng;

#[test]
fn heads_follow_the_e_cube_route() {
    let spec = TopologySpec::Hypercube { procs: 32 };
    let cfg = SimConfig::ipsc860();
    let h = Hypercube::new(32);
    let mut rng = Rng::new(5);
    for _ in 0..40 {
        let (s, d) = (rng.below(32), rng.below(32));
        let r = simulate(spec, &cfg, &Traffic::pairs(32, &[(s, d)], 64)).unwrap();
        // Exactly the links of the static route carried the message's flits.
        let route = h.static_route(s, d);
        for (l, stats) in r.links.iter().enumerate().take(h.links()) {
            let used = route.contains(&(l as u64));
            assert_eq!(
                stats.busy > 0,
                used,
                "{s}→{d}: link {}",
                h.link_label(l as u64)
            );
        }
    }
}

/// Every "XOR by a constant" permutation p → p ⊕ m is carried by e-cube
/// routing without two messages ever sharing a link (each hop flips the
/// same bit for every message, so the messages stay a permutation), so it
/// finishes in the time of one message alone; a permutation that funnels
/// two messages through one link does not.
#[test]
fn a_contention_free_permutation_takes_the_uncontended_time() {
    for n in [8, 64] {
        let spec = TopologySpec::Hypercube { procs: n };
        let cfg = SimConfig::ipsc860();
        for mask in 1..n {
            let pairs: Vec<_> = (0..n).map(|p| (p, p ^ mask)).collect();
            let r = simulate(spec, &cfg, &Traffic::pairs(n, &pairs, 1024)).unwrap();
            let alone = uncontended_latency(&cfg, mask.count_ones() as u64, 1024);
            assert_eq!(r.cycles, alone, "n = {n}, mask {mask}");
        }
        // 0 → 3 goes 0 → 1 → 3 and 2 → 1 goes 2 → 3 → 1: disjoint.
        let r = simulate(spec, &cfg, &Traffic::pairs(n, &[(0, 3), (2, 1)], 1024)).unwrap();
        assert_eq!(r.cycles, uncontended_latency(&cfg, 2, 1024));
        // 1 → 7 goes 1 → 3 → 7: it needs the link 1 → 3 that 0 → 3 holds
        // for the whole of its message, as a circuit would.
        let r = simulate(spec, &cfg, &Traffic::pairs(n, &[(0, 3), (1, 7)], 1024)).unwrap();
        assert!(
            r.cycles > uncontended_latency(&cfg, 3, 1024) + 200,
            "{}",
            r.cycles
        );
    }
}

#[test]
fn a_transpose_like_permutation_contends() {
    // p → bit-reversal of p: e-cube routing funnels many routes through
    // few links (the classic bad case for dimension-order routing).
    let n = 64;
    let spec = TopologySpec::Hypercube { procs: n };
    let cfg = SimConfig::ipsc860();
    let rev = |p: usize| p.reverse_bits() >> (usize::BITS - 6);
    let pairs: Vec<_> = (0..n)
        .map(|p| (p, rev(p)))
        .filter(|(a, b)| a != b)
        .collect();
    let r = simulate(spec, &cfg, &Traffic::pairs(n, &pairs, 1024)).unwrap();
    assert!(
        r.cycles > uncontended_latency(&cfg, 6, 1024) + 200,
        "{}",
        r.cycles
    );
}
