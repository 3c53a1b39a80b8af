//! Partitioning all-to-all into permutations (paper 001, §5.1): linear,
//! exclusive-or and balanced.
//!
//! Each permutation is a destination per processor (`None`: sends nothing),
//! processors named by their row-major index.
//! - **Linear**: in permutation i (1 ≤ i ≤ p − 1), P_j sends to
//!   P_{(i+j) mod p}. The paper prints "mod (p − 1)", which would send P_0
//!   and P_{p−1} to the same processor; we read it as mod p.
//! - **Exclusive-or**: in permutation i, P_j sends to P_{i⊕j}. When p is not
//!   a power of two, i runs up to the next power of two P′ and pairs with
//!   i ⊕ j ≥ p are dropped: P′ − 1 partial permutations that still hold
//!   every ordered pair once. For R and C powers of two this is the cross
//!   product of the XOR permutations of the rows and of the columns.
//! - **Balanced**: the cross product Πᵢ × Π′ⱼ of the balanced permutations
//!   of an R-array and a C-array ([`super::tournament`]): processor (r, c)
//!   sends to (Πᵢ(r), Π′ⱼ(c)). Both families include their fixed points, so
//!   the products hold every ordered pair of the mesh exactly once; the one
//!   product that moves nothing (identity × identity) is dropped.
//!
//! ```
//! use commbook_core::mesh::perms;
//! use commbook_core::net::mesh::Mesh;
//! assert_eq!(perms::linear(4)[0], vec![Some(1), Some(2), Some(3), Some(0)]);
//! assert_eq!(perms::xor(3).len(), 3);          // i = 1, 2, 3 with 3 processors
//! assert_eq!(perms::balanced(&Mesh::new(4, 4)).len(), 16);
//! ```

use super::tournament::Tournament;
use crate::net::mesh::Mesh;
use crate::schedule::{Promise, Schedule, Transfer};

/// A destination per processor.
pub type Perm = Vec<Option<usize>>;

/// The p − 1 linear permutations.
pub fn linear(p: usize) -> Vec<Perm> {
    (1..p)
        .map(|i| (0..p).map(|j| Some((i + j) % p)).collect())
        .collect()
}

/// The exclusive-or permutations (partial when p is not a power of two).
pub fn xor(p: usize) -> Vec<Perm> {
    let top = p.next_power_of_two();
    (1..top)
        .map(|i| {
            (0..p)
                .map(|j| Some(i ^ j).filter(|&d| d < p))
                .collect::<Perm>()
        })
        .filter(|perm| perm.iter().any(Option::is_some))
        .collect()
}

/// The balanced permutations of an R×C mesh, as the cross product of the
/// rows' and the columns' tournaments.
pub fn balanced(mesh: &Mesh) -> Vec<Perm> {
    balanced_products(mesh)
        .into_iter()
        .map(|(_, p)| p)
        .collect()
}

/// The balanced permutations with the factors they come from: `(i, j)`
/// means Πᵢ × Π′ⱼ, indices into [`Tournament::family`] of the rows (an
/// R-array) and of the columns (a C-array).
pub fn balanced_products(mesh: &Mesh) -> Vec<((usize, usize), Perm)> {
    let (rows, cols) = (
        Tournament::new(mesh.rows).family(),
        Tournament::new(mesh.cols).family(),
    );
    let c = mesh.cols;
    let mut out = Vec::with_capacity(rows.len() * cols.len());
    for (i, a) in rows.iter().enumerate() {
        for (j, b) in cols.iter().enumerate() {
            let perm: Perm = (0..mesh.rows * c)
                .map(|p| {
                    let (r, col) = (p / c, p % c);
                    let d = a[r]? * c + b[col]?;
                    (d != p).then_some(d)
                })
                .collect();
            if perm.iter().any(Option::is_some) {
                out.push(((i, j), perm));
            }
        }
    }
    out
}

/// A list of permutations of L-byte messages as schedule phases (one phase
/// per permutation), for the verifier and the network simulator.
pub fn to_schedule(p: usize, perms: &[Perm], bytes: u64) -> Schedule {
    Schedule {
        n: p,
        phases: perms
            .iter()
            .map(|perm| {
                perm.iter()
                    .enumerate()
                    .filter_map(|(s, d)| {
                        d.filter(|&d| d != s).map(|d| Transfer::whole(s, d, bytes))
                    })
                    .collect()
            })
            .collect(),
        promise: Promise {
            partial_permutation: true,
            link_disjoint: false,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every ordered pair (i ≠ j) exactly once, nothing else.
    fn covers_all_pairs(p: usize, perms: &[Perm]) -> bool {
        let mut seen = vec![0u32; p * p];
        for perm in perms {
            let mut got = vec![false; p];
            for (s, d) in perm.iter().enumerate() {
                if let Some(d) = *d {
                    if s == d || std::mem::replace(&mut got[d], true) {
                        return false;
                    }
                    seen[s * p + d] += 1;
                }
            }
        }
        (0..p * p).all(|x| seen[x] == u32::from(x / p != x % p))
    }

    #[test]
    fn every_scheme_covers_every_pair_once() {
        for (r, c) in [(1, 2), (2, 3), (3, 5), (4, 4), (5, 7), (6, 6), (8, 3)] {
            let p = r * c;
            assert!(covers_all_pairs(p, &linear(p)), "linear {r}x{c}");
            assert!(covers_all_pairs(p, &xor(p)), "xor {r}x{c}");
            assert!(
                covers_all_pairs(p, &balanced(&Mesh::new(r, c))),
                "balanced {r}x{c}"
            );
        }
    }

    #[test]
    fn permutation_lists_are_verified_schedules() {
        use crate::com::Com;
        use crate::verify::verify;
        let p = 12;
        let all: Vec<Vec<u64>> = (0..p)
            .map(|i| (0..p).map(|j| u64::from(i != j) * 64).collect())
            .collect();
        let com = Com::from_rows(&all).unwrap();
        for perms in [linear(p), xor(p), balanced(&Mesh::new(3, 4))] {
            assert_eq!(verify(&com, &to_schedule(p, &perms, 64), None), Ok(()));
        }
    }

    #[test]
    fn counts() {
        assert_eq!(linear(15).len(), 14);
        assert_eq!(xor(15).len(), 15);
        assert_eq!(xor(16).len(), 15);
        // 4i + 3 rows bring the identity: 7 × 8 products, one of them empty.
        assert_eq!(balanced(&Mesh::new(7, 1)).len(), 6);
        assert_eq!(balanced(&Mesh::new(16, 32)).len(), 512);
    }
}
