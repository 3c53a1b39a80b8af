//! The parameters of ℜ_x(K, P) and the index arithmetic of paper 003, §4.
//!
//! A [`Shape`] is a validated pair (K, P) together with everything §4
//! derives from it: G = gcd(K, P), K = K′G, P = P′G, and the solution
//! (n, m) of nK′ − mP′ = 1 found by the extended Euclid algorithm (eq. 19).
//! Row and column indices split as i = i₁G + i₂ and j = j₁G + j₂.
//!
//! Choice: the paper only needs *some* (n, m); we take the one with
//! 1 ≤ n ≤ P′ (n = 1 when P′ = 1), which makes m = (nK′ − 1)/P′ land in
//! 0 ≤ m < K′. For ℜ(6, 9) this is n = 2, m = 1 (2·2 − 1·3 = 1).
//!
//! The paper assumes K < P (for K ≥ P the redistribution is an all-to-all);
//! the formulas below hold for every K ≥ 1, which the dual and the
//! cyclic(x) → cyclic(y) composition need (see [`super`]).
//!
//! ```
//! use commbook_core::redist::Shape;
//! let sh = Shape::new(6, 9).unwrap();
//! assert_eq!((sh.g, sh.kp, sh.pp, sh.n, sh.m), (3, 2, 3, 2, 1));
//! assert_eq!(sh.stage1_row(2), 1);  // Figure 7: rows 0, 2, 4 → 0, 1, 2
//! assert_eq!(sh.ps(3, 3), 0);       // Theorem 2, eq. (12)
//! assert!(Shape::new(0, 9).is_err());
//! ```

use super::error::RedistError;

/// Largest processor count accepted.
pub const MAX_P: usize = 4096;
/// Largest expansion factor accepted.
pub const MAX_K: usize = 4096;
/// Largest superblock (K × P blocks): the ten tables and every trace state
/// hold one cell per block.
pub const MAX_CELLS: usize = 1 << 16;

/// The parameters a caller chooses: ℜ_x(K, P) is cyclic(x) → cyclic(Kx) on
/// P processors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RedistConfig {
    /// Expansion factor K, 1 ≤ K ≤ 4096.
    pub k: usize,
    /// Processors P, 1 ≤ P ≤ 4096, with K·P ≤ 65536.
    pub p: usize,
}

impl RedistConfig {
    /// Checks the ranges and derives the shape.
    pub fn validate(&self) -> Result<Shape, RedistError> {
        let (k, p) = (self.k, self.p);
        if k == 0 {
            return Err(RedistError::Zero { name: "K" });
        }
        if p == 0 {
            return Err(RedistError::Zero { name: "P" });
        }
        if k > MAX_K {
            return Err(too_large("K", k, MAX_K));
        }
        if p > MAX_P {
            return Err(too_large("P", p, MAX_P));
        }
        if k * p > MAX_CELLS {
            return Err(RedistError::TooManyCells {
                k,
                p,
                max: MAX_CELLS,
            });
        }
        Ok(Shape::derive(k, p))
    }
}

fn too_large(name: &'static str, value: usize, max: usize) -> RedistError {
    RedistError::TooLarge {
        name,
        value: value as u64,
        max: max as u64,
    }
}

/// A validated ℜ_x(K, P) with the quantities of §4.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Expansion factor K (rows of a superblock table).
    pub k: usize,
    /// Processors P (columns of a superblock table).
    pub p: usize,
    /// G = gcd(K, P), the side of the submatrices.
    pub g: usize,
    /// K′ = K / G.
    pub kp: usize,
    /// P′ = P / G.
    pub pp: usize,
    /// n of nK′ − mP′ = 1, with 1 ≤ n ≤ P′.
    pub n: usize,
    /// m of nK′ − mP′ = 1, with 0 ≤ m < K′.
    pub m: usize,
}

impl Shape {
    /// Validates (K, P) and derives the shape.
    pub fn new(k: usize, p: usize) -> Result<Shape, RedistError> {
        RedistConfig { k, p }.validate()
    }

    /// Derives the shape of a (K, P) already known to be in range.
    pub(crate) fn derive(k: usize, p: usize) -> Shape {
        let g = gcd(k, p);
        let (kp, pp) = (k / g, p / g);
        let n = if pp == 1 { 1 } else { inverse_mod(kp, pp) };
        let m = (n * kp - 1) / pp;
        Shape {
            k,
            p,
            g,
            kp,
            pp,
            n,
            m,
        }
    }

    /// Blocks in a superblock, K·P.
    pub fn cells(&self) -> usize {
        self.k * self.p
    }

    /// Splits a row or column index into (index / G, index mod G).
    #[inline(always)]
    pub fn split(&self, i: usize) -> (usize, usize) {
        (i / self.g, i % self.g)
    }

    /// S(i, j) = iP + j (eq. 2): blocks in row-major order, cyclic(x).
    pub fn s(&self, i: usize, j: usize) -> usize {
        i * self.p + j
    }

    /// R(i, j) = jK + i: blocks in column-major order, cyclic(Kx).
    pub fn r(&self, i: usize, j: usize) -> usize {
        j * self.k + i
    }

    /// The processor that owns superblock block `b` under cyclic(Kx).
    pub fn dest(&self, b: usize) -> usize {
        b / self.k
    }

    /// The processor that owns superblock block `b` under cyclic(x).
    pub fn source(&self, b: usize) -> usize {
        b % self.p
    }

    /// Stage 1 (eq. 4): row i of S becomes row (i mod K′)·G + i/K′ of S1.
    pub fn stage1_row(&self, i: usize) -> usize {
        (i % self.kp) * self.g + i / self.kp
    }

    /// Stage 2, submatrix part (eq. 8): in column j, row (i₁′, i₂′) of S1
    /// goes to row (i₁, i₂′) with i₁ = (i₁′P′ + j₁) mod K′.
    pub fn stage2a_row(&self, row: usize, j: usize) -> usize {
        let (i1, i2) = self.split(row);
        let (j1, _) = self.split(j);
        ((i1 * self.pp + j1) % self.kp) * self.g + i2
    }

    /// Stage 2, within submatrices (eq. 9): in column j, row (i₁, i₂′) goes
    /// to row (i₁, i₂) with i₂ = (j₂ + i₂′) mod G.
    pub fn stage2b_row(&self, row: usize, j: usize) -> usize {
        let (i1, i2) = self.split(row);
        let (_, j2) = self.split(j);
        i1 * self.g + (j2 + i2) % self.g
    }

    /// Ps(i, j) by Theorem 2, eq. (12).
    pub fn ps(&self, i: usize, j: usize) -> usize {
        let ((i1, i2), (j1, j2)) = (self.split(i), self.split(j));
        (self.n * sub_mod(j1, i1, self.pp)) % self.pp + self.pp * sub_mod(i2, j2, self.g)
    }

    /// Ds(i, j) by Theorem 2, eq. (13).
    pub fn ds(&self, i: usize, j: usize) -> usize {
        let ((i1, i2), (j1, j2)) = (self.split(i), self.split(j));
        (self.m * sub_mod(j1, i1, self.kp)) % self.kp + self.kp * sub_mod(i2, j2, self.g)
    }

    /// The destination shared by a whole diagonal class of Ps: with
    /// α = (j₁ − i₁) mod P′ and β = (j₂ − i₂) mod G,
    /// Ps(i, j) = (nα mod P′) + P′·((−β) mod G).
    pub fn diagonal_dest(&self, alpha: usize, beta: usize) -> usize {
        (self.n * (alpha % self.pp)) % self.pp + self.pp * sub_mod(0, beta, self.g)
    }

    /// How far row i of Ps is shifted against its diagonal classes:
    /// (i₁ mod P′, i₂). Rows with equal shifts are identical.
    pub fn row_shift(&self, i: usize) -> (usize, usize) {
        let (i1, i2) = self.split(i);
        (i1 % self.pp, i2)
    }

    /// The submatrix B_{i₁, j₁} (of S1, S′, Ps) that cell (i, j) lies in.
    pub fn submatrix(&self, i: usize, j: usize) -> (usize, usize) {
        (i / self.g, j / self.g)
    }

    /// The diagonal of submatrices of S′ / Ps that cell (i, j) lies on,
    /// (j₁ − i₁) mod P′: every submatrix on one diagonal of Ps is the same.
    pub fn diagonal(&self, i: usize, j: usize) -> usize {
        sub_mod(j / self.g, i / self.g, self.pp)
    }

    /// The row block `b` occupies in S′ (its column never changes).
    pub fn row_in_sp(&self, b: usize) -> usize {
        let (i, j) = (b / self.p, b % self.p);
        self.stage2b_row(self.stage2a_row(self.stage1_row(i), j), j)
    }

    /// Shift steps of the indirect schedule at the submatrix level:
    /// ⌈log min(K′, P′)⌉ (= ⌈log K′⌉ when K < P).
    pub fn a_bits(&self) -> usize {
        ceil_log2(self.kp.min(self.pp))
    }

    /// Shift steps of the indirect schedule within submatrices: ⌈log G⌉.
    pub fn b_bits(&self) -> usize {
        ceil_log2(self.g)
    }

    /// Largest hybrid degree: the indirect schedule's shift steps.
    pub fn max_degree(&self) -> usize {
        self.a_bits() + self.b_bits()
    }
}

/// (a − b) mod q for a, b that may exceed q.
#[inline(always)]
pub fn sub_mod(a: usize, b: usize, q: usize) -> usize {
    (a % q + q - b % q) % q
}

/// ⌈log₂ x⌉, with ⌈log₂ 1⌉ = 0 (and 0 for x = 0).
pub fn ceil_log2(x: usize) -> usize {
    if x <= 1 {
        0
    } else {
        (usize::BITS - (x - 1).leading_zeros()) as usize
    }
}

/// Greatest common divisor.
pub fn gcd(a: usize, b: usize) -> usize {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The inverse of a modulo q (gcd(a, q) = 1, q > 1), in 1..q, by the
/// extended Euclid algorithm.
fn inverse_mod(a: usize, q: usize) -> usize {
    let (mut r0, mut r1) = (q as i64, (a % q) as i64);
    let (mut t0, mut t1) = (0i64, 1i64);
    while r1 != 0 {
        let quot = r0 / r1;
        (r0, r1) = (r1, r0 - quot * r1);
        (t0, t1) = (t1, t0 - quot * t1);
    }
    t0.rem_euclid(q as i64) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn example_of_the_paper() {
        let s = Shape::new(6, 9).unwrap();
        assert_eq!((s.g, s.kp, s.pp, s.n, s.m), (3, 2, 3, 2, 1));
        assert_eq!((s.a_bits(), s.b_bits()), (1, 2));
    }

    #[test]
    fn euclid_solves_eq_19_everywhere() {
        for p in 1..=64 {
            for k in 1..=96 {
                let s = Shape::new(k, p).unwrap();
                assert_eq!(s.n * s.kp - s.m * s.pp, 1, "K = {k}, P = {p}");
                assert!((1..=s.pp).contains(&s.n) && s.m < s.kp, "{s:?}");
            }
        }
    }

    #[test]
    fn refuses_bad_sizes() {
        assert_eq!(Shape::new(0, 4), Err(RedistError::Zero { name: "K" }));
        assert_eq!(Shape::new(3, 0), Err(RedistError::Zero { name: "P" }));
        assert!(matches!(
            Shape::new(MAX_K + 1, 2),
            Err(RedistError::TooLarge { name: "K", .. })
        ));
        assert!(matches!(
            Shape::new(1000, 1000),
            Err(RedistError::TooManyCells { .. })
        ));
        assert_eq!(ceil_log2(1), 0);
        assert_eq!(ceil_log2(31), 5);
        assert_eq!(ceil_log2(32), 5);
    }
}
