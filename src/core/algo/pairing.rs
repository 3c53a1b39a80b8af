//! Pairwise-exchange orders: who pairs with whom at each step.
//!
//! Linear permutation (paper 000, §3.2, Figure 3) pairs `P_i` with
//! `P_(i ⊕ k)` at step k = 1, …, n − 1. For n a power of two these n − 1
//! matchings split the complete graph on n processors into perfect matchings
//! (a 1-factorisation), so every ordered pair meets exactly once and both
//! directions travel in the same step.
//!
//! The paper says the algorithm "can easily be extended" to other n without
//! saying how. XOR alone does not do it: for n = 6, step k = 7 would pair 0
//! with 7, which does not exist, and steps past n − 1 would be needed. The
//! book keeps what makes LP work, a fixed 1-factorisation walked in order,
//! and takes the classic circle method for n not a power of two: in step r
//! (0-based) processor n − 1 pairs with r, and any other i pairs with the j
//! for which i + j ≡ 2r (mod n − 1). For odd n a dummy processor n is added,
//! and whoever meets it sits the step out. So LP takes n − 1 steps for even n
//! and n steps for odd n, the fewest a pairwise exchange can use.

/// The order in which an n-processor pairwise exchange meets its partners.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pairing {
    /// `i ⊕ k`, n a power of two.
    Xor { n: usize },
    /// The circle method on `m` = n (even) or n + 1 (odd) players.
    Circle { n: usize, m: usize },
}

impl Pairing {
    /// The pairing LP uses for n processors.
    pub fn for_n(n: usize) -> Pairing {
        if n.is_power_of_two() {
            Pairing::Xor { n }
        } else {
            Pairing::Circle { n, m: n + (n % 2) }
        }
    }

    /// Number of steps: n − 1, or n for odd n (0 for n = 1).
    pub fn steps(&self) -> usize {
        match *self {
            Pairing::Xor { n } => n - 1,
            Pairing::Circle { m, .. } => m - 1,
        }
    }

    /// The partner of `i` at step `k` (1-based), or `None` if `i` sits out.
    pub fn partner(&self, i: usize, k: usize) -> Option<usize> {
        match *self {
            Pairing::Xor { n } => {
                let j = i ^ k;
                (j < n && j != i).then_some(j)
            }
            Pairing::Circle { n, m } => {
                let r = k - 1;
                let last = m - 1;
                let j = if i == last {
                    r
                } else if r == last {
                    // Not reached: r < m − 1 always.
                    return None;
                } else {
                    let twice = (2 * r) % last;
                    let j = (twice + last - i % last) % last;
                    if j == i { last } else { j }
                };
                (j < n && j != i).then_some(j)
            }
        }
    }

    /// A short description of step `k`'s rule, for captions.
    pub fn rule(&self, k: usize) -> String {
        match *self {
            Pairing::Xor { .. } => format!("each processor i pairs with i ⊕ {k}"),
            // For odd n, processor m − 1 is the imaginary extra player: its
            // partner sits the step out.
            Pairing::Circle { n, m } if m > n => format!(
                "circle method: i pairs with j where i + j ≡ {} (mod {}), and {} sits this step out",
                (2 * (k - 1)) % (m - 1),
                m - 1,
                k - 1
            ),
            Pairing::Circle { m, .. } => format!(
                "circle method: i pairs with j where i + j ≡ {} (mod {}), and {} pairs with {}",
                (2 * (k - 1)) % (m - 1),
                m - 1,
                m - 1,
                k - 1
            ),
        }
    }

    /// The pairs (i < j) meeting at step `k`.
    pub fn pairs(&self, k: usize) -> Vec<(usize, usize)> {
        let n = match *self {
            Pairing::Xor { n } | Pairing::Circle { n, .. } => n,
        };
        (0..n)
            .filter_map(|i| self.partner(i, k).filter(|&j| i < j).map(|j| (i, j)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every unordered pair meets exactly once, and partners are mutual.
    fn check(n: usize) {
        let p = Pairing::for_n(n);
        let mut met = vec![vec![0u32; n]; n];
        for k in 1..=p.steps() {
            for (i, row) in met.iter_mut().enumerate() {
                if let Some(j) = p.partner(i, k) {
                    assert_eq!(p.partner(j, k), Some(i), "n={n} k={k} i={i}");
                    row[j] += 1;
                }
            }
        }
        for (i, row) in met.iter().enumerate() {
            for (j, &c) in row.iter().enumerate() {
                assert_eq!(c, (i != j) as u32, "n={n}: {i} and {j} met {c} times");
            }
        }
    }

    #[test]
    fn every_pair_meets_once() {
        for n in 1..=40 {
            check(n);
        }
        check(64);
        check(100);
    }

    #[test]
    fn step_counts() {
        assert_eq!(Pairing::for_n(32).steps(), 31);
        assert_eq!(Pairing::for_n(6).steps(), 5);
        assert_eq!(Pairing::for_n(7).steps(), 7);
        assert_eq!(Pairing::for_n(1).steps(), 0);
        assert_eq!(
            Pairing::for_n(8).pairs(3),
            vec![(0, 3), (1, 2), (4, 7), (5, 6)]
        );
    }
}
