//! The mesh model of paper 001: R×C processors, two indexings, and the
//! submachines the k-level algorithms work in.
//!
//! Processors are named by their row-major index `r·C + c`, the same ids as
//! [`crate::net::mesh::Mesh`] (whose XY routing gives link loads).
//! Algorithm *logp-lev-rec(γ)* (§3.2) instead views the processors in
//! *snake-like row-major* order: even rows left to right, odd rows right to
//! left, so consecutive snake indices are always mesh neighbours.
//!
//! A *submachine* (§1: a process group that is a scaled-down machine) is
//! either a rectangle of the mesh (a row, a column, a square submesh, one
//! half after a cut) or a contiguous span of one of the two orders (the
//! γ-splits of *logp-lev-rec*, the halves of *logp-lev-bfly*).
//!
//! ```
//! use commbook_core::mesh::grid::{from_snake, snake_of};
//! use commbook_core::net::mesh::Mesh;
//! let m = Mesh::new(2, 3);
//! // Row 1 runs right to left in snake order: (1,2) is snake index 3.
//! assert_eq!(snake_of(&m, 5), 3);
//! assert_eq!(from_snake(&m, 3), 5);
//! ```

use crate::net::mesh::Mesh;
use std::fmt;

/// The snake-like row-major index of processor `p` (row-major id).
pub fn snake_of(mesh: &Mesh, p: usize) -> usize {
    // The map swaps positions within odd rows only, so it is its own inverse.
    let (r, c) = mesh.coords(p);
    r * mesh.cols + if r % 2 == 0 { c } else { mesh.cols - 1 - c }
}

/// The row-major id of the processor with snake index `s`.
pub fn from_snake(mesh: &Mesh, s: usize) -> usize {
    snake_of(mesh, s)
}

/// A rectangle of the mesh: rows `row..row + rows`, columns `col..col + cols`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rect {
    /// Top row.
    pub row: usize,
    /// Left column.
    pub col: usize,
    /// Height.
    pub rows: usize,
    /// Width.
    pub cols: usize,
}

impl Rect {
    /// The whole mesh.
    pub fn full(mesh: &Mesh) -> Rect {
        Rect {
            row: 0,
            col: 0,
            rows: mesh.rows,
            cols: mesh.cols,
        }
    }

    /// Number of processors.
    pub fn len(&self) -> usize {
        self.rows * self.cols
    }

    /// True for a rectangle without processors.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether processor `p` lies inside.
    pub fn contains(&self, mesh: &Mesh, p: usize) -> bool {
        let (r, c) = mesh.coords(p);
        (self.row..self.row + self.rows).contains(&r)
            && (self.col..self.col + self.cols).contains(&c)
    }

    /// The processor at local row `i`, local column `j`.
    pub fn at(&self, mesh: &Mesh, i: usize, j: usize) -> usize {
        (self.row + i) * mesh.cols + self.col + j
    }

    /// (local row, local column) of a processor inside.
    pub fn local(&self, mesh: &Mesh, p: usize) -> (usize, usize) {
        let (r, c) = mesh.coords(p);
        (r - self.row, c - self.col)
    }

    /// The processor at the same local position as `like` has in `other`,
    /// clamped into this rectangle: how paper 001 picks leaders (§3.2,
    /// *3-lev-sq*), so a leader sits in the same row or column as its sender
    /// whenever the shapes allow.
    pub fn mirror_of(&self, mesh: &Mesh, other: &Rect, like: usize) -> usize {
        let (i, j) = other.local(mesh, like);
        self.at(mesh, i.min(self.rows - 1), j.min(self.cols - 1))
    }

    /// The processors inside, in row-major order.
    pub fn members(&self, mesh: &Mesh) -> Vec<usize> {
        (0..self.rows)
            .flat_map(|i| (0..self.cols).map(move |j| (i, j)))
            .map(|(i, j)| self.at(mesh, i, j))
            .collect()
    }

    /// Each row of the rectangle as a rectangle of its own.
    pub fn rows_of(&self) -> Vec<Rect> {
        (0..self.rows)
            .map(|i| Rect {
                row: self.row + i,
                rows: 1,
                ..*self
            })
            .collect()
    }

    /// Each column of the rectangle as a rectangle of its own.
    pub fn cols_of(&self) -> Vec<Rect> {
        (0..self.cols)
            .map(|j| Rect {
                col: self.col + j,
                cols: 1,
                ..*self
            })
            .collect()
    }

    /// Cuts across the longer side into two halves, the first getting the
    /// extra row or column when the side is odd. A vertical cut (splitting
    /// the columns) is preferred on a square, so a square mesh alternates
    /// vertical and horizontal cuts. Needs at least two processors.
    pub fn halve(&self) -> (Rect, Rect) {
        if self.cols >= self.rows {
            let h = self.cols.div_ceil(2);
            let a = Rect { cols: h, ..*self };
            let b = Rect {
                col: self.col + h,
                cols: self.cols - h,
                ..*self
            };
            (a, b)
        } else {
            let h = self.rows.div_ceil(2);
            let a = Rect { rows: h, ..*self };
            let b = Rect {
                row: self.row + h,
                rows: self.rows - h,
                ..*self
            };
            (a, b)
        }
    }
}

impl fmt::Display for Rect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "rows {}–{} × cols {}–{}",
            self.row,
            self.row + self.rows - 1,
            self.col,
            self.col + self.cols - 1
        )
    }
}

/// The order a [`Submachine::Span`] counts processors in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// `r·C + c`.
    RowMajor,
    /// Snake-like row-major: odd rows right to left.
    Snake,
}

/// A group of processors that works independently in a superstep.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Submachine {
    /// A rectangle of the mesh.
    Rect(Rect),
    /// Indices `lo..hi` of an order.
    Span { order: Order, lo: usize, hi: usize },
}

impl Submachine {
    /// Number of processors.
    pub fn len(&self) -> usize {
        match *self {
            Submachine::Rect(r) => r.len(),
            Submachine::Span { lo, hi, .. } => hi - lo,
        }
    }

    /// True for a submachine without processors.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The processors (row-major ids), in the submachine's own order.
    pub fn members(&self, mesh: &Mesh) -> Vec<usize> {
        match *self {
            Submachine::Rect(r) => r.members(mesh),
            Submachine::Span { order, lo, hi } => (lo..hi)
                .map(|i| match order {
                    Order::RowMajor => i,
                    Order::Snake => from_snake(mesh, i),
                })
                .collect(),
        }
    }
}

impl fmt::Display for Submachine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Submachine::Rect(r) => r.fmt(f),
            Submachine::Span { order, lo, hi } => {
                let o = match order {
                    Order::RowMajor => "row-major",
                    Order::Snake => "snake",
                };
                write!(f, "{o} {lo}–{}", hi - 1)
            }
        }
    }
}

/// Splits `n` items into `parts` consecutive runs whose lengths differ by at
/// most one, longer runs first: `(start, len)` pairs.
pub fn split_even(n: usize, parts: usize) -> Vec<(usize, usize)> {
    let parts = parts.clamp(1, n.max(1));
    let (q, extra) = (n / parts, n % parts);
    let mut start = 0;
    (0..parts)
        .map(|i| {
            let len = q + usize::from(i < extra);
            let run = (start, len);
            start += len;
            run
        })
        .collect()
}

/// The square-ish submeshes of *2-lev-sq* and *3-lev-sq* (§3.2, §5.3): on a
/// √p × √p mesh, √p submeshes of p^¼ × p^¼. For any R×C the rows are split
/// into round(√R) runs and the columns into round(√C) runs of nearly equal
/// length (the paper states only the square case). Blocks are listed in
/// row-major order of blocks.
pub fn square_blocks(mesh: &Mesh) -> Vec<Rect> {
    let parts = |n: usize| ((n as f64).sqrt().round() as usize).max(1);
    let rows = split_even(mesh.rows, parts(mesh.rows));
    let cols = split_even(mesh.cols, parts(mesh.cols));
    rows.iter()
        .flat_map(|&(row, nr)| {
            cols.iter().map(move |&(col, nc)| Rect {
                row,
                col,
                rows: nr,
                cols: nc,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snake_neighbours_are_mesh_neighbours() {
        for (r, c) in [(1, 5), (3, 4), (4, 4), (5, 3)] {
            let m = Mesh::new(r, c);
            for s in 1..m.rows * m.cols {
                let (a, b) = (from_snake(&m, s - 1), from_snake(&m, s));
                assert_eq!(m.hops(a, b), 1, "{r}x{c} snake {s}");
                assert_eq!(snake_of(&m, b), s);
            }
        }
    }

    #[test]
    fn blocks_tile_the_mesh() {
        let m = Mesh::new(16, 32);
        let blocks = square_blocks(&m);
        assert_eq!(blocks.len(), 4 * 6);
        let mut seen = vec![0; 512];
        for b in &blocks {
            for p in b.members(&m) {
                seen[p] += 1;
            }
        }
        assert!(seen.iter().all(|&k| k == 1));
        assert_eq!(square_blocks(&Mesh::new(16, 16))[5].len(), 16);
        assert_eq!(split_even(7, 3), vec![(0, 3), (3, 2), (5, 2)]);
    }

    #[test]
    fn halving_alternates_on_a_square() {
        let full = Rect::full(&Mesh::new(4, 4));
        let (a, _) = full.halve();
        assert_eq!((a.rows, a.cols), (4, 2));
        let (a2, b2) = a.halve();
        assert_eq!((a2.rows, a2.cols, b2.row), (2, 2, 2));
        let m = Mesh::new(3, 3);
        let r = Rect::full(&m);
        assert_eq!(r.mirror_of(&m, &r, 4), 4);
        assert_eq!(Submachine::Rect(r).to_string(), "rows 0–2 × cols 0–2");
    }
}
