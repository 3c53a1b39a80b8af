//! The step orders of paper 004's complete exchanges (§4): who meets whom
//! in each step of LEX, PEX and BEX.
//!
//! - **LEX** (linear exchange): in step i (i = 0, …, p − 1) every processor
//!   sends to processor i; p steps, all converging on one node.
//! - **PEX** (pairwise exchange): in step i (1 ≤ i ≤ p − 1) processor j
//!   exchanges with j ⊕ i (Table 1 for p = 8); p − 1 steps of pairwise
//!   exchanges.
//! - **BEX** (balanced exchange): PEX on virtual numbers,
//!   virtual = (physical + 1) mod p (Table 3 for p = 8), which mixes local
//!   and long-distance pairs in every step.
//!
//! For p not a power of two the paper gives no order; PEX and BEX then use
//! the circle method of [`crate::algo::pairing`] (p − 1 steps for even
//! p, p for odd p), the same generalisation LP uses.

use crate::algo::pairing::Pairing;
use crate::sorting::{key2, sort_by_u64};

/// A fixed order of meetings over p processors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// LEX: step k (1-based) gathers everything at processor k − 1.
    Linear { p: usize },
    /// PEX: the pairing on physical numbers.
    Pairwise(Pairing),
    /// BEX: the pairing on virtual numbers (physical + 1) mod p.
    Balanced(Pairing),
}

impl Order {
    /// LEX over p processors.
    pub fn lex(p: usize) -> Order {
        Order::Linear { p }
    }

    /// PEX over p processors.
    pub fn pex(p: usize) -> Order {
        Order::Pairwise(Pairing::for_n(p))
    }

    /// BEX over p processors.
    pub fn bex(p: usize) -> Order {
        Order::Balanced(Pairing::for_n(p))
    }

    /// Number of processors.
    pub fn p(&self) -> usize {
        match *self {
            Order::Linear { p } => p,
            Order::Pairwise(pg) | Order::Balanced(pg) => match pg {
                Pairing::Xor { n } | Pairing::Circle { n, .. } => n,
            },
        }
    }

    /// Number of steps.
    pub fn steps(&self) -> usize {
        match *self {
            Order::Linear { p } => p,
            Order::Pairwise(pg) | Order::Balanced(pg) => pg.steps(),
        }
    }

    /// True for LEX, whose meetings are one-way sends `(src, dst)`; the
    /// others are exchanges `(a, b)` with a < b.
    pub fn directed(&self) -> bool {
        matches!(self, Order::Linear { .. })
    }

    /// The meetings of step k (1-based), sorted.
    pub fn pairs(&self, k: usize) -> Vec<(usize, usize)> {
        match *self {
            Order::Linear { p } => {
                let dst = k.wrapping_sub(1);
                if dst >= p {
                    return Vec::new();
                }
                (0..p).filter(|&j| j != dst).map(|j| (j, dst)).collect()
            }
            Order::Pairwise(pg) => pg.pairs(k),
            Order::Balanced(pg) => {
                let p = self.p();
                let phys = |v: usize| (v + p - 1) % p;
                let mut pairs: Vec<(usize, usize)> = pg
                    .pairs(k)
                    .into_iter()
                    .map(|(a, b)| (phys(a).min(phys(b)), phys(a).max(phys(b))))
                    .collect();
                sort_by_u64(&mut pairs, |&(a, b)| key2(a, b));
                pairs
            }
        }
    }

    /// Every step's meetings.
    pub fn all(&self) -> Vec<Vec<(usize, usize)>> {
        (1..=self.steps()).map(|k| self.pairs(k)).collect()
    }

    /// A short description of step k's rule, for captions.
    pub fn rule(&self, k: usize) -> String {
        match *self {
            Order::Linear { .. } => format!(
                "every processor with a message for P{} sends it",
                k.saturating_sub(1)
            ),
            Order::Pairwise(pg) => pg.rule(k),
            Order::Balanced(Pairing::Xor { .. }) => {
                format!("virtual number v = (i + 1) mod p pairs with v ⊕ {k}")
            }
            Order::Balanced(pg) => format!("on virtual numbers v = (i + 1) mod p, {}", pg.rule(k)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::published::ponnusamy93::{TABLE1_PEX, TABLE2_REX, TABLE3_BEX};

    fn table(rows: &[[(usize, usize); 4]]) -> Vec<Vec<(usize, usize)>> {
        // The paper prints steps as columns; the constants hold one row per step.
        rows.iter().map(|r| r.to_vec()).collect()
    }

    #[test]
    fn pex_is_table_1() {
        assert_eq!(Order::pex(8).all(), table(&TABLE1_PEX));
    }

    #[test]
    fn bex_is_table_3() {
        assert_eq!(Order::bex(8).all(), table(&TABLE3_BEX));
        assert_eq!(TABLE2_REX.len(), 3);
    }

    #[test]
    fn every_pair_meets_once_in_pex_and_bex() {
        for p in [2, 5, 6, 8, 12, 16, 32] {
            for order in [Order::pex(p), Order::bex(p)] {
                let mut met = vec![0; p * p];
                for k in 1..=order.steps() {
                    for (a, b) in order.pairs(k) {
                        assert!(a < b);
                        met[a * p + b] += 1;
                    }
                }
                for a in 0..p {
                    for b in a + 1..p {
                        assert_eq!(met[a * p + b], 1, "p={p} {a}-{b} {order:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn lex_gathers_at_one_node_per_step() {
        let o = Order::lex(4);
        assert_eq!(o.steps(), 4);
        assert_eq!(o.pairs(2), vec![(0, 1), (2, 1), (3, 1)]);
        assert!(o.pairs(5).is_empty() && o.pairs(0).is_empty());
        assert_eq!(o.rule(2), "every processor with a message for P1 sends it");
    }
}
