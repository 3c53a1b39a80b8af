//! A redistribution as a list of table transformations (paper 003, Figure 4).
//!
//! S → S′ is a set of *column transformations* (each processor permutes its
//! own blocks, no communication), S′ → R′ a sequence of *row
//! transformations* (communication steps), R′ → R column transformations
//! again. A [`Plan`] is that list. Every action acts on the same K × P grid
//! of one superblock: cell (r, j) is the block processor p_j keeps in local
//! slot r (the slot repeats in every superblock of the array).
//!
//! Invariants (checked by the tests for every plan built):
//! - a [`ColumnMove`] permutes each column: `from` restricted to a column is
//!   a permutation of 0..K;
//! - a [`RowMove`] keeps every block in its row and moves the blocks of
//!   `rows` from column j to column `to[j]`; `to` is a permutation of
//!   0..P, so each processor sends at most one message (the blocks of all
//!   those rows, combined) and receives at most one. `to[j] = j` is a local
//!   copy, no message.
//!
//! The dual, cyclic(Kx) → cyclic(x), is the same plan read backwards
//! ([`Plan::reversed`]): every move is inverted and the order reversed.
//! Choice: the paper only says the dual needs "a few modifications" (§3.1);
//! running ℜ_x(K, P) backwards is the simplest correct one, keeps every
//! step a permutation, and takes the same number of steps.
//!
//! ```
//! use commbook_core::redist::{plan::Action, schedules, Direction, Scheme, Shape};
//! let sh = Shape::new(6, 9).unwrap();
//! let up = schedules::plan(&sh, Scheme::Direct, Direction::Up);
//! assert_eq!(up.actions.len(), 3 + 6 + 1);            // stages, K steps, R′ → R
//! let Action::Rows(first) = &up.actions[3] else { unreachable!() };
//! assert_eq!(first.to, [0, 6, 3, 2, 8, 5, 1, 7, 4]);  // row 0 of Ps
//! assert_eq!(up.reversed().reversed(), up);
//! ```

use super::scheme::{Direction, Scheme};
use super::shape::Shape;
use crate::sorting::sort_by_u64;

/// Which column transformation of the paper a [`ColumnMove`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColumnKind {
    /// Stage 1 (eq. 4): row i → (i mod K′)G + i/K′.
    Stage1,
    /// Stage 2, submatrix rows (eq. 8): i₁′ → (i₁′P′ + j₁) mod K′.
    Stage2Submatrices,
    /// Stage 2, rows inside submatrices (eq. 9): i₂′ → (j₂ + i₂′) mod G.
    Stage2Within,
    /// R′ → R by Dr: R′(i, j) = R(Dr(i, j), j).
    Unpack,
}

/// What a communication step does, for captions and views.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepKind {
    /// Indirect, submatrix level: the rows whose submatrix row index i₁
    /// (mod P′) has bit `bit` set move 2^bit submatrix columns left.
    ShiftSubmatrices { bit: u32 },
    /// Indirect, within submatrices: the rows whose i₂ has bit `bit` set
    /// move 2^bit columns left inside each group of G processors.
    ShiftWithin { bit: u32 },
    /// Delivery: one class of identical rows of (the shifted) Ps travels
    /// straight to its owners; `class` counts from 0 of `classes`.
    Deliver { class: usize, classes: usize },
}

/// One phase of the multiphase baseline: cyclic(x·unit) → cyclic(x·unit·k).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Phase {
    /// Phase number, from 0.
    pub index: usize,
    /// Number of phases.
    pub of: usize,
    /// This phase's factor kᵢ.
    pub k: usize,
    /// Product of the earlier factors: this phase's blocks are `unit`
    /// base blocks long.
    pub unit: usize,
}

/// A local reordering of every processor's blocks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColumnMove {
    pub kind: ColumnKind,
    /// Set in the multiphase baseline.
    pub phase: Option<Phase>,
    /// True in a reversed (dual) plan: the move undoes `kind`.
    pub inverse: bool,
    /// Row-major K × P: after the move, cell (r, j) holds what cell
    /// (`from[r·P + j]`, j) held before.
    pub from: Vec<u32>,
}

/// One communication step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowMove {
    pub kind: StepKind,
    /// Set in the multiphase baseline.
    pub phase: Option<Phase>,
    /// True in a reversed (dual) plan.
    pub inverse: bool,
    /// The rows that travel, ascending.
    pub rows: Vec<u32>,
    /// `to[j]`: the processor that column j's blocks of `rows` go to.
    pub to: Vec<u32>,
}

/// One action of a plan.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// A local reordering (no communication).
    Columns(ColumnMove),
    /// A communication step.
    Rows(RowMove),
}

/// A whole redistribution of one superblock shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The problem ℜ_x(K, P).
    pub shape: Shape,
    /// The communication schedule used.
    pub scheme: Scheme,
    /// Up (cyclic(x) → cyclic(Kx)) or down (the dual).
    pub direction: Direction,
    /// Column and row moves, in order.
    pub actions: Vec<Action>,
}

impl Plan {
    /// Communication steps (row moves), the paper's step count.
    pub fn n_steps(&self) -> usize {
        self.row_moves().count()
    }

    /// The communication steps in order.
    pub fn row_moves(&self) -> impl Iterator<Item = &RowMove> {
        self.actions.iter().filter_map(|a| match a {
            Action::Rows(r) => Some(r),
            Action::Columns(_) => None,
        })
    }

    /// The same redistribution backwards: cyclic(Kx) → cyclic(x) when
    /// `self` is cyclic(x) → cyclic(Kx), and the other way round.
    pub fn reversed(&self) -> Plan {
        let p = self.shape.p;
        let actions = self
            .actions
            .iter()
            .rev()
            .map(|a| match a {
                Action::Columns(c) => {
                    let mut from = vec![0u32; c.from.len()];
                    for (cell, &src_row) in c.from.iter().enumerate() {
                        let (r, j) = (cell / p, cell % p);
                        from[src_row as usize * p + j] = r as u32;
                    }
                    Action::Columns(ColumnMove {
                        from,
                        inverse: !c.inverse,
                        ..c.clone()
                    })
                }
                Action::Rows(m) => {
                    let mut to = vec![0u32; m.to.len()];
                    for (j, &d) in m.to.iter().enumerate() {
                        to[d as usize] = j as u32;
                    }
                    Action::Rows(RowMove {
                        to,
                        inverse: !m.inverse,
                        ..m.clone()
                    })
                }
            })
            .collect();
        Plan {
            shape: self.shape,
            scheme: self.scheme,
            direction: match self.direction {
                Direction::Up => Direction::Down,
                Direction::Down => Direction::Up,
            },
            actions,
        }
    }
}

/// Where a phase's sub-table sits in the K × P grid: sub-row t of repeat c,
/// base slot u, is grid row (c·k + t)·unit + u.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Layout {
    /// Rows of the base grid (K).
    pub base_k: usize,
    /// Rows of the phase's sub-table (kᵢ).
    pub k: usize,
    /// Base rows per sub-table row.
    pub unit: usize,
    /// Columns (P).
    pub p: usize,
}

impl Layout {
    /// The plain layout: the sub-table is the grid.
    pub fn identity(k: usize, p: usize) -> Layout {
        Layout {
            base_k: k,
            k,
            unit: 1,
            p,
        }
    }

    fn repeats(&self) -> usize {
        self.base_k / (self.k * self.unit)
    }

    /// Grid rows of the given sub-table rows, ascending.
    pub fn rows(&self, sub_rows: &[usize]) -> Vec<u32> {
        if self.k == self.base_k {
            return sub_rows.iter().map(|&r| r as u32).collect();
        }
        let mut out = Vec::with_capacity(sub_rows.len() * self.unit * self.repeats());
        for c in 0..self.repeats() {
            for &t in sub_rows {
                for u in 0..self.unit {
                    out.push(((c * self.k + t) * self.unit + u) as u32);
                }
            }
        }
        sort_by_u64(&mut out, |&b| b as u64);
        out
    }

    /// A grid column move from a sub-table one (`sub_from`: k × P).
    pub fn columns(&self, sub_from: &[u32]) -> Vec<u32> {
        if self.k == self.base_k {
            return sub_from.to_vec();
        }
        let mut from = vec![0u32; self.base_k * self.p];
        for c in 0..self.repeats() {
            for t in 0..self.k {
                for j in 0..self.p {
                    let src = sub_from[t * self.p + j] as usize;
                    for u in 0..self.unit {
                        let row = (c * self.k + t) * self.unit + u;
                        from[row * self.p + j] = ((c * self.k + src) * self.unit + u) as u32;
                    }
                }
            }
        }
        from
    }
}
