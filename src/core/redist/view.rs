//! What a table view reads about one cell of a [`RedistState`], and what
//! the table on screen is called.
//!
//! Every block of a superblock has a place in the starting table and a
//! place in the final one, both fixed by its global index (S(i, j) = iP + j,
//! R(i, j) = jK + i). Reading those places over the current grid gives the
//! paper's index tables without recomputing them: at S′ the destination
//! processors form Ps and the starting slots form Ds; at R′ the starting
//! processors form Pr and the final slots form Dr (§4, after Theorem 1).
//!
//! A block is *relayed* while it sits on a processor that is neither the
//! one it started on nor its owner: the indirect and hybrid schedules park
//! blocks there between combine-and-forward steps (§3.4), and the
//! multiphase baseline parks every block that an intermediate distribution
//! puts elsewhere.
//!
//! ```
//! use commbook_core::redist::{schedules, trace, view::{self, Fact}, Direction, Scheme, Shape, Tables};
//! let sh = Shape::new(6, 9).unwrap();
//! let plan = schedules::plan(&sh, Scheme::Indirect, Direction::Up);
//! let t = trace::record(&plan);
//! let sp = t.state_at(3);                                   // after stage 2
//! assert_eq!(view::table_name(&plan, &t, 3), "S′");
//! assert_eq!(view::paper_name(&plan, &t, 3, Fact::Dest), Some("Ps"));
//! assert_eq!(sp.fact(0, 1, Fact::Dest), Tables::new(&sh).ps.get(0, 1));
//! assert!(t.state_at(4).relayed(3, 6));                     // parked on p6 after step 1
//! ```

use super::plan::{ColumnKind, Plan};
use super::scheme::Direction;
use super::trace::{RedistEvent, RedistState};
use crate::trace::Trace;

crate::keyword_enum! {
    /// A number a table view can show for each cell instead of the block
    /// index.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Fact {
        /// The processor the block must end on (P, then Ps).
        Dest = "dest",
        /// The processor the block started on (Pr at R′).
        Source = "source",
        /// The slot the block started in (Ds at S′).
        StartSlot = "start-slot",
        /// The slot the block will end in (Dr at R′).
        EndSlot = "end-slot",
    }
}

impl RedistState {
    /// Where the block now in cell (r, j) sat in the starting table, as
    /// (slot, processor): S going up, R going down.
    pub fn start_cell(&self, r: usize, j: usize) -> (usize, usize) {
        let b = self.grid.get(r, j) as usize;
        match self.direction {
            Direction::Up => s_cell(&self.shape, b),
            Direction::Down => r_cell(&self.shape, b),
        }
    }

    /// Where the block now in cell (r, j) ends, as (slot, processor).
    pub fn end_cell(&self, r: usize, j: usize) -> (usize, usize) {
        let b = self.grid.get(r, j) as usize;
        match self.direction {
            Direction::Up => r_cell(&self.shape, b),
            Direction::Down => s_cell(&self.shape, b),
        }
    }

    /// One [`Fact`] about the block in cell (r, j).
    pub fn fact(&self, r: usize, j: usize, fact: Fact) -> usize {
        match fact {
            Fact::Dest => self.end_cell(r, j).1,
            Fact::Source => self.start_cell(r, j).1,
            Fact::StartSlot => self.start_cell(r, j).0,
            Fact::EndSlot => self.end_cell(r, j).0,
        }
    }

    /// The block in cell (r, j) has left the processor it started on but
    /// has not reached its owner: a relay holds it.
    pub fn relayed(&self, r: usize, j: usize) -> bool {
        self.start_cell(r, j).1 != j && self.end_cell(r, j).1 != j
    }

    /// The diagonal of G × G submatrices of S′ that the block in cell
    /// (r, j) belongs to, (j₁ − i₁) mod P′ of its place in S′. Every
    /// submatrix on one diagonal of Ps is the same (Theorem 1), so blocks
    /// of one family share their base destination; a view shades by it so
    /// the generalized circulant structure shows, and the shade travels
    /// with the block.
    pub fn family(&self, r: usize, j: usize) -> usize {
        let sh = &self.shape;
        let b = self.grid.get(r, j) as usize;
        sh.diagonal(sh.row_in_sp(b), sh.source(b))
    }
}

/// (row, column) of block `b` in S: S(i, j) = iP + j.
fn s_cell(sh: &super::Shape, b: usize) -> (usize, usize) {
    (b / sh.p, b % sh.p)
}

/// (row, column) of block `b` in R: R(i, j) = jK + i.
fn r_cell(sh: &super::Shape, b: usize) -> (usize, usize) {
    (b % sh.k, b / sh.k)
}

/// Which of the paper's tables the grid is at position `pos` of `trace`
/// ("S", "S1", "S′", "R′", "R", or a description between them), prefixed
/// with the phase in the multiphase baseline.
pub fn table_name(plan: &Plan, trace: &Trace<RedistState>, pos: usize) -> String {
    let up = plan.direction == Direction::Up;
    let (start, end, before_comm, after_comm) = if up {
        ("S", "R", "S′", "R′")
    } else {
        ("R", "S", "R′", "S′")
    };
    let next_is_send = matches!(
        trace.events(pos + 1).first(),
        Some(RedistEvent::Send { .. })
    );
    let (phase, name) = match trace.events(pos).first() {
        None => (None, start.to_string()),
        Some(RedistEvent::Columns {
            kind,
            phase,
            inverse,
            ..
        }) => {
            let name = match (kind, inverse) {
                (ColumnKind::Stage1, false) | (ColumnKind::Stage2Submatrices, true) => "S1",
                (ColumnKind::Stage1, true) => "S",
                (ColumnKind::Stage2Submatrices, false) | (ColumnKind::Stage2Within, true) => {
                    "S1 with its submatrix rows on diagonals"
                }
                (ColumnKind::Stage2Within, false) => "S′",
                (ColumnKind::Unpack, false) => "R",
                (ColumnKind::Unpack, true) => "R′",
            };
            let name = match phase {
                // An intermediate distribution of the baseline, not R (or S):
                // going up, every phase but the last ends in one; going
                // down (phases undone last first), every phase but the first.
                Some(ph) if name == end && up && ph.index + 1 < ph.of => {
                    format!("cyclic({}x) order", ph.unit * ph.k)
                }
                Some(ph) if name == end && !up && ph.index > 0 => {
                    format!("cyclic({}x) order", ph.unit)
                }
                _ => name.to_string(),
            };
            (*phase, name)
        }
        Some(RedistEvent::Send { phase, index, .. }) => {
            let name = if next_is_send {
                format!("between {before_comm} and {after_comm}, after step {index}")
            } else {
                after_comm.to_string()
            };
            (*phase, name)
        }
    };
    match phase {
        Some(ph) => format!("phase {} of {}: {name}", ph.index + 1, ph.of),
        None => name,
    }
}

/// The paper's name for `fact` read over the grid at `pos`, when it has
/// one: P (destinations in S), Ps and Ds (in S′), Pr and Dr (in R′). Only
/// for ℜ(K, P) itself (upwards, not the multiphase baseline).
pub fn paper_name(
    plan: &Plan,
    trace: &Trace<RedistState>,
    pos: usize,
    fact: Fact,
) -> Option<&'static str> {
    if plan.direction != Direction::Up || plan.row_moves().any(|m| m.phase.is_some()) {
        return None;
    }
    match (table_name(plan, trace, pos).as_str(), fact) {
        ("S", Fact::Dest) => Some("P"),
        ("S′", Fact::Dest) => Some("Ps"),
        ("S′", Fact::StartSlot) => Some("Ds"),
        ("R′", Fact::Source) => Some("Pr"),
        ("R′", Fact::EndSlot) => Some("Dr"),
        _ => None,
    }
}
