//! Whom each processor sends to in ℜ(K, P), the count chapter 9 states.
//!
//! Paper 003 §3.3 says, for its example ℜ(3, 4), that every processor
//! communicates with K processors, itself among them. The first half holds
//! for every K ≤ P; the second does not: in ℜ(6, 9) processors p₂, p₄ and
//! p₆ keep none of their own blocks. Processor j keeps a block exactly when
//! some multiple of P lies in [j(K − 1), j(K − 1) + K − 1], so with
//! g = gcd(K − 1, P) the number of processors that keep a block is
//! g·(⌊(K − 1)/g⌋ + 1) for K ≤ P, and P for K ≥ P.

use crate::redist::shape::gcd;
use crate::redist::{Shape, Tables};

/// For every processor, the sorted set of processors its blocks go to,
/// read off three superblocks of global block indices: block b starts on
/// b mod P under cyclic(x) and ends on ⌊b/K⌋ mod P under cyclic(Kx).
fn partners(k: usize, p: usize) -> Vec<Vec<usize>> {
    let mut to = vec![vec![false; p]; p];
    for b in 0..3 * k * p {
        to[b % p][(b / k) % p] = true;
    }
    to.iter()
        .map(|row| (0..p).filter(|&d| row[d]).collect())
        .collect()
}

/// The closed form for the processors that keep at least one block.
fn keepers_formula(k: usize, p: usize) -> usize {
    if k >= p {
        return p;
    }
    let g = gcd(k - 1, p);
    g * ((k - 1) / g + 1)
}

#[test]
fn paper_example_r_3_4_keeps_a_block_everywhere() {
    let to = partners(3, 4);
    assert_eq!(
        to,
        [vec![0, 1, 2], vec![0, 1, 3], vec![0, 2, 3], vec![1, 2, 3]]
    );
    assert!((0..4).all(|j| to[j].contains(&j)));
}

#[test]
fn r_6_9_sends_to_six_processors_but_three_keep_nothing() {
    let to = partners(6, 9);
    for (j, dests) in to.iter().enumerate() {
        assert_eq!(dests.len(), 6, "p{j} sends to {dests:?}");
    }
    let idle: Vec<usize> = (0..9).filter(|&j| !to[j].contains(&j)).collect();
    assert_eq!(idle, [2, 4, 6]);
    assert_eq!(to[2], [0, 1, 3, 4, 6, 7]);
    assert_eq!(keepers_formula(6, 9), 6);
}

#[test]
fn every_processor_sends_to_min_k_p_processors() {
    for p in 1..=64 {
        for k in 1..=64 {
            let to = partners(k, p);
            // The destination table of one superblock gives the same sets.
            let t = Tables::new(&Shape::new(k, p).unwrap());
            for (j, dests) in to.iter().enumerate() {
                assert_eq!(dests.len(), k.min(p), "ℜ({k}, {p}) p{j}");
                let mut hit = vec![false; p];
                for i in 0..k {
                    hit[t.p.get(i, j)] = true;
                }
                let col: Vec<usize> = (0..p).filter(|&d| hit[d]).collect();
                assert_eq!(&col, dests, "ℜ({k}, {p}) p{j}");
            }
        }
    }
}

#[test]
fn processors_that_keep_a_block_match_the_closed_form() {
    let mut some_idle = 0;
    for p in 1..=64 {
        for k in 1..=64 {
            let to = partners(k, p);
            let keep = (0..p).filter(|&j| to[j].contains(&j)).count();
            assert_eq!(keep, keepers_formula(k, p), "ℜ({k}, {p})");
            if keep < p {
                some_idle += 1;
            }
        }
    }
    // "Itself included" fails for many problems, not only ℜ(6, 9).
    assert!(some_idle > 1000, "{some_idle}");
}
