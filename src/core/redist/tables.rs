//! The ten tables of one superblock (paper 003, §3.3-§4, Figures 4, 7, 11).
//!
//! Every table is K × P; column j belongs to processor p_j.
//! - **S** (eq. 2): S(i, j) = iP + j, the blocks in cyclic(x) order.
//! - **P**, the destination processor table (*dpt*): P(i, j) = S(i, j)/K.
//! - **S1**: S after stage 1 (eq. 4), row i moved to (i mod K′)G + i/K′.
//! - **S′** (`sp`): S1 after stage 2 (eqs. 8-9); **Ps** = ⌊S′/K⌋ is a
//!   generalized circulant matrix whose every row is a permutation
//!   (Theorem 1).
//! - **Ds**, the send data location table: S′(i, j) = S(Ds(i, j), j).
//! - **R′** (`rp`): S′ after the row transformations, R′(i, Ps(i, j)) = S′(i, j).
//! - **Pr**, the source processor table: R′(i, j) = S′(i, Pr(i, j)); each
//!   row is the inverse permutation of that row of Ps.
//! - **Dr**, the receive data location table: R′(i, j) = R(Dr(i, j), j).
//! - **R**: R(i, j) = jK + i, the blocks in cyclic(Kx) order.
//!
//! [`Tables::new`] computes Ps and Ds by Theorem 2 (eqs. 12-13), the index
//! computation a processor does alone; [`constructive`] computes S′ and Ds by
//! actually performing the moves of eqs. 4, 8 and 9, a second path the tests
//! hold Theorem 2 against (Corollary 1's incremental form is a third, in
//! [`super::incremental`]).
//!
//! ```
//! use commbook_core::redist::{Shape, Tables};
//! let t = Tables::new(&Shape::new(6, 9).unwrap());
//! // Row 0 of Ps, as printed in §3.4 of the paper.
//! assert_eq!(t.ps.row(0), &[0, 6, 3, 2, 8, 5, 1, 7, 4]);
//! ```

use super::shape::Shape;

/// A K × P table of block indices, row offsets or processor numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// Row-major cells.
    pub cells: Vec<u32>,
}

impl Table {
    /// A table whose cell (i, j) is `f(i, j)`.
    pub fn from_fn(rows: usize, cols: usize, mut f: impl FnMut(usize, usize) -> usize) -> Table {
        let mut cells = Vec::with_capacity(rows * cols);
        for i in 0..rows {
            for j in 0..cols {
                cells.push(f(i, j) as u32);
            }
        }
        Table { rows, cols, cells }
    }

    /// Cell (i, j).
    pub fn get(&self, i: usize, j: usize) -> usize {
        self.cells[i * self.cols + j] as usize
    }

    /// Row i.
    pub fn row(&self, i: usize) -> &[u32] {
        &self.cells[i * self.cols..(i + 1) * self.cols]
    }

    /// The rows as vectors (the JSON form).
    pub fn to_rows(&self) -> Vec<Vec<u32>> {
        self.cells
            .chunks(self.cols.max(1))
            .map(<[u32]>::to_vec)
            .collect()
    }

    /// The table as text, one row per line, columns right-aligned.
    pub fn render(&self) -> String {
        let w = self
            .cells
            .iter()
            .map(|c| c.to_string().len())
            .max()
            .unwrap_or(1);
        self.cells
            .chunks(self.cols.max(1))
            .map(|r| {
                r.iter()
                    .map(|c| format!("{c:>w$}"))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// The ten tables of ℜ_x(K, P) for one superblock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tables {
    /// Initial distribution table (cyclic(x), row-major).
    pub s: Table,
    /// Destination processor table, S/K.
    pub p: Table,
    /// S after stage 1.
    pub s1: Table,
    /// S′, S1 after stage 2.
    pub sp: Table,
    /// Ps = ⌊S′/K⌋, the destination table in generalized circulant form.
    pub ps: Table,
    /// Send data location table: S′(i, j) = S(Ds(i, j), j).
    pub ds: Table,
    /// Source processor table: R′(i, j) = S′(i, Pr(i, j)).
    pub pr: Table,
    /// Receive data location table: R′(i, j) = R(Dr(i, j), j).
    pub dr: Table,
    /// R′, S′ after the row transformations.
    pub rp: Table,
    /// Final distribution table (cyclic(Kx), column-major).
    pub r: Table,
}

impl Tables {
    /// All ten tables, Ps and Ds by Theorem 2.
    pub fn new(sh: &Shape) -> Tables {
        let (k, p) = (sh.k, sh.p);
        let s = Table::from_fn(k, p, |i, j| sh.s(i, j));
        let dpt = Table::from_fn(k, p, |i, j| sh.s(i, j) / k);
        let mut s1 = Table::from_fn(k, p, |_, _| 0);
        for i in 0..k {
            for j in 0..p {
                s1.cells[sh.stage1_row(i) * p + j] = s.cells[i * p + j];
            }
        }
        let ds = Table::from_fn(k, p, |i, j| sh.ds(i, j));
        let ps = Table::from_fn(k, p, |i, j| sh.ps(i, j));
        let sp = Table::from_fn(k, p, |i, j| sh.s(ds.get(i, j), j));
        let mut rp = Table::from_fn(k, p, |_, _| 0);
        let mut pr = Table::from_fn(k, p, |_, _| 0);
        for i in 0..k {
            for j in 0..p {
                rp.cells[i * p + ps.get(i, j)] = sp.cells[i * p + j];
                pr.cells[i * p + ps.get(i, j)] = j as u32;
            }
        }
        let dr = Table::from_fn(k, p, |i, j| rp.get(i, j) % k);
        let r = Table::from_fn(k, p, |i, j| sh.r(i, j));
        Tables {
            s,
            p: dpt,
            s1,
            sp,
            ps,
            ds,
            pr,
            dr,
            rp,
            r,
        }
    }

    /// The tables with the names the CLI and the JS API use
    /// (S, P, S1, Sp, Ps, Ds, Pr, Dr, Rp, R), in that order.
    pub fn named(&self) -> [(&'static str, &Table); 10] {
        [
            ("S", &self.s),
            ("P", &self.p),
            ("S1", &self.s1),
            ("Sp", &self.sp),
            ("Ps", &self.ps),
            ("Ds", &self.ds),
            ("Pr", &self.pr),
            ("Dr", &self.dr),
            ("Rp", &self.rp),
            ("R", &self.r),
        ]
    }
}

/// S′ and Ds obtained by performing stage 1 and stage 2 on S, move by move
/// (eqs. 4, 8, 9), without Theorem 2.
pub fn constructive(sh: &Shape) -> (Table, Table) {
    let (k, p) = (sh.k, sh.p);
    let mut sp = Table::from_fn(k, p, |_, _| 0);
    let mut ds = Table::from_fn(k, p, |_, _| 0);
    for i in 0..k {
        for j in 0..p {
            let row = sh.stage2b_row(sh.stage2a_row(sh.stage1_row(i), j), j);
            sp.cells[row * p + j] = sh.s(i, j) as u32;
            ds.cells[row * p + j] = i as u32;
        }
    }
    (sp, ds)
}

/// Figure 11's decomposition S′ = S_base + S_offset and Ps = P_base + P_offset
/// (eqs. 5, 11, 14): the base part depends only on the submatrix (i₁, j₁),
/// the offset part only on the position (i₂, j₂) inside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decomposition {
    /// (i₁′P′ + j₁)G, constant on each submatrix.
    pub s_base: Table,
    /// i₂′K′P + j₂, the same in every submatrix.
    pub s_offset: Table,
    /// (i₁′P′ + j₁)/K′, constant on each submatrix.
    pub p_base: Table,
    /// P′·i₂′, a G × G circulant repeated in every submatrix.
    pub p_offset: Table,
}

/// The decomposition of Figure 11, from eq. (14): with
/// i₁′ = (m(j₁ − i₁)) mod K′ and i₂′ = (i₂ − j₂) mod G,
/// S′ = (i₁′P′ + j₁)G + (i₂′K′P + j₂) and Ps = (i₁′P′ + j₁)/K′ + P′i₂′.
pub fn decomposition(sh: &Shape) -> Decomposition {
    let (k, p) = (sh.k, sh.p);
    let i1p = |i: usize, j: usize| sh.ds(i, j) % sh.kp;
    let i2p = |i: usize, j: usize| sh.ds(i, j) / sh.kp;
    Decomposition {
        s_base: Table::from_fn(k, p, |i, j| (i1p(i, j) * sh.pp + j / sh.g) * sh.g),
        s_offset: Table::from_fn(k, p, |i, j| i2p(i, j) * sh.kp * p + j % sh.g),
        p_base: Table::from_fn(k, p, |i, j| (i1p(i, j) * sh.pp + j / sh.g) / sh.kp),
        p_offset: Table::from_fn(k, p, |i, j| sh.pp * i2p(i, j)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_consistent() {
        for (k, p) in [(6, 9), (3, 4), (5, 7), (4, 8), (12, 8), (9, 3)] {
            let sh = Shape::new(k, p).unwrap();
            let t = Tables::new(&sh);
            for i in 0..k {
                for j in 0..p {
                    assert_eq!(t.ps.get(i, j), t.sp.get(i, j) / k, "Ps = S′/K");
                    assert_eq!(t.rp.get(i, t.ps.get(i, j)), t.sp.get(i, j));
                    assert_eq!(t.rp.get(i, j), t.sp.get(i, t.pr.get(i, j)));
                    assert_eq!(t.rp.get(i, j), t.r.get(t.dr.get(i, j), j));
                }
            }
            assert_eq!(constructive(&sh), (t.sp.clone(), t.ds.clone()));
        }
    }

    #[test]
    fn render_aligns_columns() {
        let t = Table::from_fn(2, 3, |i, j| i * 10 + j);
        assert_eq!(t.render(), " 0  1  2\n10 11 12");
        assert_eq!(t.to_rows(), vec![vec![0, 1, 2], vec![10, 11, 12]]);
    }
}
