//! Corollary 1 of paper 003: Ps and Ds column by column, row after row.
//!
//! Processor p_j needs only column j of Ps and Ds. Theorem 2 gives row 0;
//! Corollary 1 steps from row i to row i + 1 with additions instead of
//! multiplications and remainders:
//! - inside a submatrix ((i + 1) mod G ≠ 0) Ps grows by P′ and Ds by K′,
//!   wrapping at P and K;
//! - crossing into the next submatrix row, the paper adds a further
//!   (−n) mod P′ to Ps and (−m) mod K′ to Ds.
//!
//! **Erratum.** The second rule, as printed, is wrong whenever the low digit
//! overflows. Ps(i, j) is a two-digit number a + P′t with a = n(j₁ − i₁) mod
//! P′ and t = (i₂ − j₂) mod G (eq. 12). Across a submatrix boundary t steps
//! by one and a must step by −n *modulo P′*; adding (−n) mod P′ to the whole
//! number carries into t when a + ((−n) mod P′) ≥ P′. In ℜ(6, 9), column 3
//! of Ps is 2, 5, 8, 0, 3, 6 (Figure 11), but the printed rule takes 8 to
//! (8 + 3 + 1) mod 9 = 3 instead of 0. The rule is right when G = 1 (every
//! step crosses a boundary and P′ = P). [`columns`] keeps the two digits in
//! separate counters, which is still addition-only and matches Theorem 2
//! everywhere; [`columns_as_printed`] keeps the printed rule so the tests
//! can show the discrepancy.
//!
//! ```
//! use commbook_core::redist::{incremental, Shape, Tables};
//! let sh = Shape::new(6, 9).unwrap();
//! let (ps, ds) = incremental::columns(&sh);
//! let t = Tables::new(&sh);
//! assert_eq!((ps, ds), (t.ps, t.ds));
//! let (printed, _) = incremental::columns_as_printed(&sh);
//! assert_eq!(printed.get(3, 3), 3); // Figure 11 has 0 there
//! ```

use super::shape::Shape;
use super::tables::Table;

/// One digit pair stepped as in Corollary 1: `low` changes by −step (mod
/// `low_mod`) across submatrix boundaries, `high` (a multiple of `low_mod`)
/// advances by `low_mod` every row and wraps at `low_mod`·G.
struct Counter {
    low: usize,
    high: usize,
    low_mod: usize,
    wrap: usize,
    step: usize,
}

impl Counter {
    fn start(value: usize, low_mod: usize, g: usize, step: usize) -> Counter {
        Counter {
            low: value % low_mod,
            high: value - value % low_mod,
            low_mod,
            wrap: low_mod * g,
            step: step % low_mod,
        }
    }

    fn value(&self) -> usize {
        self.low + self.high
    }

    fn next(&mut self, boundary: bool) {
        self.high += self.low_mod;
        if self.high >= self.wrap {
            self.high -= self.wrap;
        }
        if boundary {
            self.low = if self.low >= self.step {
                self.low - self.step
            } else {
                self.low + self.low_mod - self.step
            };
        }
    }
}

/// Ps and Ds by Corollary 1 with the digit carry handled (see the module
/// docs): row 0 by Theorem 2, then additions only.
pub fn columns(sh: &Shape) -> (Table, Table) {
    let (k, p) = (sh.k, sh.p);
    let mut ps = Table::from_fn(k, p, |_, _| 0);
    let mut ds = Table::from_fn(k, p, |_, _| 0);
    for j in 0..p {
        let mut a = Counter::start(sh.ps(0, j), sh.pp, sh.g, sh.n);
        let mut y = Counter::start(sh.ds(0, j), sh.kp, sh.g, sh.m);
        for i in 0..k {
            ps.cells[i * p + j] = a.value() as u32;
            ds.cells[i * p + j] = y.value() as u32;
            let boundary = (i + 1) % sh.g == 0;
            a.next(boundary);
            y.next(boundary);
        }
    }
    (ps, ds)
}

/// Ps and Ds by Corollary 1 exactly as printed (wrong when the low digit
/// carries; kept to document the erratum).
pub fn columns_as_printed(sh: &Shape) -> (Table, Table) {
    let (k, p) = (sh.k, sh.p);
    let minus_n = (sh.pp - sh.n % sh.pp) % sh.pp;
    let minus_m = (sh.kp - sh.m % sh.kp) % sh.kp;
    let mut ps = Table::from_fn(k, p, |_, _| 0);
    let mut ds = Table::from_fn(k, p, |_, _| 0);
    for j in 0..p {
        let (mut a, mut y) = (sh.ps(0, j), sh.ds(0, j));
        for i in 0..k {
            ps.cells[i * p + j] = a as u32;
            ds.cells[i * p + j] = y as u32;
            if (i + 1) % sh.g != 0 {
                a = (a + sh.pp) % p;
                y = (y + sh.kp) % k;
            } else {
                a = (a + sh.pp + minus_n) % p;
                y = (y + sh.kp + minus_m) % k;
            }
        }
    }
    (ps, ds)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::redist::Tables;

    #[test]
    fn printed_rule_is_right_without_submatrices() {
        for (k, p) in [(3, 4), (5, 7), (7, 64)] {
            let sh = Shape::new(k, p).unwrap();
            assert_eq!(sh.g, 1);
            let t = Tables::new(&sh);
            assert_eq!(columns_as_printed(&sh), (t.ps, t.ds));
        }
    }

    #[test]
    fn printed_rule_carries_in_the_papers_example() {
        let sh = Shape::new(6, 9).unwrap();
        let (ps, ds) = columns_as_printed(&sh);
        let t = Tables::new(&sh);
        // Column 3: Figure 11 has Ps 2, 5, 8, 0, 3, 6 and Ds 1, 3, 5, 0, 2, 4.
        let col = |t: &Table, j: usize| (0..6).map(|i| t.get(i, j)).collect::<Vec<_>>();
        assert_eq!(col(&t.ps, 3), [2, 5, 8, 0, 3, 6]);
        assert_eq!(col(&ps, 3), [2, 5, 8, 3, 6, 0]);
        assert_eq!(col(&t.ds, 3), [1, 3, 5, 0, 2, 4]);
        assert_eq!(col(&ds, 3), [1, 3, 5, 2, 4, 0]);
        // Column 0 has no carry, and there the printed rule agrees.
        assert_eq!(col(&ps, 0), col(&t.ps, 0));
    }
}
