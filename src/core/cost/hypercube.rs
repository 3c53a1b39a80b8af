//! A circuit-switched hypercube, the iPSC/860 of NICE's experiments (paper
//! 002, §6), as a cost model: the book has no hypercube in its simulator,
//! so NICE's choice of scheme on that machine (§7, Figure 17) is priced
//! here instead.
//!
//! Routes follow e-cube routing (the usual static routing of hypercubes:
//! correct the differing address bits from the lowest up), so each message
//! holds a path of directed links. On a circuit-switched network messages
//! whose paths share a link cannot proceed together; the book charges a
//! phase
//!
//! τ · m + φ · B · f
//!
//! with m the most messages one processor sends or receives in the phase
//! (1 for a permutation: its port serialises the rest), B the most bytes
//! one processor sends or receives, and f the most messages sharing one
//! directed link (1 when the routes are disjoint). τ and φ come from the
//! machine's preset (`cost::machine`, `ipsc860`). This is the book's model,
//! not the paper's; it gives AC no advantage from overlapping messages,
//! which on the real machine could only have helped AC.
//!
//! ```
//! use commbook_core::cost::hypercube::link_load;
//! // 0 → 3 and 1 → 3 both end on the link 1 → 3 under e-cube routing.
//! assert_eq!(link_load(4, [(0, 3), (1, 3)]), 2);
//! assert_eq!(link_load(4, [(0, 1), (2, 3)]), 1);
//! ```

use super::perm::PermCost;
use crate::schedule::Schedule;
use std::collections::BTreeMap;

/// The directed links of the e-cube route from `s` to `d`: each as
/// (node, dimension) leaving that node.
pub fn route(s: usize, d: usize) -> Vec<(usize, u32)> {
    let mut at = s;
    let mut links = Vec::new();
    let mut diff = s ^ d;
    while diff != 0 {
        let bit = diff.trailing_zeros();
        links.push((at, bit));
        at ^= 1 << bit;
        diff &= diff - 1;
    }
    links
}

/// The most messages on one directed link when `pairs` travel at once on
/// a hypercube of `n` nodes (0 when nothing moves).
pub fn link_load(n: usize, pairs: impl IntoIterator<Item = (usize, usize)>) -> u32 {
    let mut counts: BTreeMap<(usize, u32), u32> = BTreeMap::new();
    for (s, d) in pairs.into_iter().filter(|&(s, d)| s != d && s < n && d < n) {
        for l in route(s, d) {
            *counts.entry(l).or_default() += 1;
        }
    }
    counts.values().copied().max().unwrap_or(0)
}

/// The time of `schedule` in µs, one phase after another (see the module
/// docs). Local copies are free.
pub fn schedule_us(cost: &PermCost, schedule: &Schedule) -> f64 {
    let n = schedule.n;
    schedule
        .phases
        .iter()
        .map(|phase| {
            let moves: Vec<_> = phase.iter().filter(|t| !t.is_local()).collect();
            if moves.is_empty() {
                return 0.0;
            }
            let mut msgs = vec![(0u32, 0u32); n];
            let mut bytes = vec![(0u64, 0u64); n];
            for t in &moves {
                msgs[t.src].0 += 1;
                msgs[t.dst].1 += 1;
                bytes[t.src].0 += t.bytes;
                bytes[t.dst].1 += t.bytes;
            }
            let m = msgs.iter().map(|x| x.0.max(x.1)).max().unwrap_or(0);
            let b = bytes.iter().map(|x| x.0.max(x.1)).max().unwrap_or(0);
            let f = link_load(n, moves.iter().map(|t| (t.src, t.dst))).max(1);
            cost.tau_us * m as f64 + cost.phi_us_per_byte * b as f64 * f as f64
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schedule::{Promise, Transfer};

    #[test]
    fn e_cube_routes_correct_the_low_bits_first() {
        assert_eq!(route(0, 5), vec![(0, 0), (1, 2)]);
        assert!(route(3, 3).is_empty());
        // The hypercube's XOR permutations never share a link.
        for k in 1..8 {
            assert_eq!(link_load(8, (0..8).map(|i| (i, i ^ k))), 1);
        }
    }

    #[test]
    fn a_phase_costs_its_port_and_its_busiest_link() {
        let cost = PermCost {
            tau_us: 100.0,
            phi_us_per_byte: 1.0,
        };
        let t = |src, dst, bytes| Transfer {
            src,
            dst,
            bytes,
            offset: 0,
        };
        let s = Schedule {
            n: 4,
            phases: vec![
                vec![t(0, 3, 10), t(1, 3, 20)],
                vec![t(0, 1, 5), t(2, 2, 99)],
            ],
            promise: Promise::default(),
        };
        // Phase 1: node 3 receives two (m = 2, B = 30), link 1 → 3 shared (f = 2).
        // Phase 2: one message of 5 bytes; the local copy is free.
        assert_eq!(
            schedule_us(&cost, &s),
            100.0 * 2.0 + 30.0 * 2.0 + 100.0 + 5.0
        );
    }
}
