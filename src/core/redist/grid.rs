//! The table view of a redistribution: one superblock's K × P grid of
//! global block indices, advanced action by action.
//!
//! Cell (r, j) is the block processor p_j holds in local slot r. The grid
//! starts as S (cyclic(x)) for [`Direction::Up`] or R (cyclic(Kx)) for
//! [`Direction::Down`], passes through S1, S′, R′ (or back) and ends as the
//! other table. A communication step returns the messages it sent: for each
//! processor that sends, the blocks (global indices within the superblock)
//! it packs into its one message.
//!
//! ```
//! use commbook_core::redist::{grid::{listing, Grid}, schedules, Direction, Scheme, Shape};
//! let sh = Shape::new(6, 9).unwrap();
//! let steps = listing(&schedules::plan(&sh, Scheme::Hybrid(1), Direction::Up));
//! assert_eq!(steps.len(), 4);
//! assert_eq!((steps[0][0].src, steps[0][0].dst), (0, 6));  // a submatrix shift
//! assert_eq!(steps[0][0].blocks, [9, 27, 45]);             // three rows combined
//! assert_eq!(Grid::initial(&sh, Direction::Down).get(1, 0), 1); // R(1, 0) = 1
//! ```

use super::plan::{Action, Plan};
use super::scheme::Direction;
use super::shape::Shape;
use serde::Serialize;

/// One message of a communication step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Message {
    /// Sending processor.
    pub src: usize,
    /// Receiving processor.
    pub dst: usize,
    /// The blocks it carries (global block indices in the superblock), in
    /// row order.
    pub blocks: Vec<u32>,
}

/// The K × P grid of one superblock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// Rows (K).
    pub k: usize,
    /// Columns (P).
    pub p: usize,
    /// Row-major block indices.
    pub cells: Vec<u32>,
}

impl Grid {
    /// The starting table: S going up, R going down.
    pub fn initial(sh: &Shape, direction: Direction) -> Grid {
        let mut cells = Vec::with_capacity(sh.cells());
        for i in 0..sh.k {
            for j in 0..sh.p {
                cells.push(match direction {
                    Direction::Up => sh.s(i, j),
                    Direction::Down => sh.r(i, j),
                } as u32);
            }
        }
        Grid {
            k: sh.k,
            p: sh.p,
            cells,
        }
    }

    /// Block in cell (r, j).
    pub fn get(&self, r: usize, j: usize) -> u32 {
        self.cells[r * self.p + j]
    }

    /// Applies one action; a communication step returns its messages (local
    /// copies, `to[j] = j`, are not messages), a column move none.
    pub fn apply(&mut self, action: &Action) -> Vec<Message> {
        let p = self.p;
        match action {
            Action::Columns(c) => {
                let old = self.cells.clone();
                for (cell, &src_row) in c.from.iter().enumerate() {
                    self.cells[cell] = old[src_row as usize * p + cell % p];
                }
                Vec::new()
            }
            Action::Rows(m) => {
                let messages: Vec<Message> = (0..p)
                    .filter(|&j| m.to[j] as usize != j)
                    .map(|j| Message {
                        src: j,
                        dst: m.to[j] as usize,
                        blocks: m.rows.iter().map(|&r| self.get(r as usize, j)).collect(),
                    })
                    .collect();
                for msg in &messages {
                    for (&r, &b) in m.rows.iter().zip(&msg.blocks) {
                        self.cells[r as usize * p + msg.dst] = b;
                    }
                }
                messages
            }
        }
    }
}

/// The processor a superblock block must end on.
pub fn home(sh: &Shape, direction: Direction, block: u32) -> usize {
    match direction {
        Direction::Up => sh.dest(block as usize),
        Direction::Down => sh.source(block as usize),
    }
}

/// Every communication step's messages, in order.
pub fn listing(plan: &Plan) -> Vec<Vec<Message>> {
    let mut grid = Grid::initial(&plan.shape, plan.direction);
    let mut steps = Vec::with_capacity(plan.n_steps());
    for a in &plan.actions {
        let msgs = grid.apply(a);
        if matches!(a, Action::Rows(_)) {
            steps.push(msgs);
        }
    }
    steps
}
