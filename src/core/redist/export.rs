//! A relay-free plan as a [`Schedule`] of the book's other chapters.
//!
//! When no block is ever forwarded (the direct schedule, either
//! direction), a redistribution is an ordinary personalized communication:
//! processor j sends processor q all the elements it owns that q must own,
//! in one step.
//! [`to_schedule`] builds that [`Com`] (bytes per pair, for N elements of b
//! bytes, from the two distributions alone) and the plan's steps as phases
//! of whole messages, so the
//! independent verifier of [`crate::verify`] can check them: every
//! message delivered exactly once, every phase a partial permutation. A
//! processor's own blocks are local copies (`src == dst`), placed in the
//! step that keeps them.
//!
//! ```
//! use commbook_core::redist::{export, schedules, ArrayConfig, Direction, Scheme, Shape};
//! use commbook_core::verify::verify;
//! let sh = Shape::new(6, 9).unwrap();
//! let array = ArrayConfig { n: 54, x: 1 }.validate(&sh).unwrap();
//! let plan = schedules::plan(&sh, Scheme::Direct, Direction::Up);
//! let (com, schedule) = export::to_schedule(&plan, &array, 4).unwrap();
//! assert_eq!(schedule.len(), 6);
//! assert!(verify(&com, &schedule, None).is_ok());
//! ```

use super::array::Array;
use super::grid::{Grid, home};
use super::plan::{Action, Plan};
use crate::com::{Com, Message};
use crate::schedule::{Promise, Schedule, Transfer};

/// The communication matrix and schedule of a relay-free plan, or `None`
/// if some message carries a block to a processor that does not own it (a
/// relay: indirect and hybrid schedules, multiphase with more than one
/// phase, in general) or the sizes exceed what a `Com` accepts.
pub fn to_schedule(plan: &Plan, array: &Array, b: u64) -> Option<(Com, Schedule)> {
    let sh = &plan.shape;
    let (p, cells) = (sh.p, sh.cells());
    let blocks = array.n / array.x;
    let block_bytes = |blk: u32| {
        let copies = blocks / cells + usize::from((blk as usize) < blocks % cells);
        copies as u64 * array.x as u64 * b
    };
    let mut grid = Grid::initial(sh, plan.direction);
    let mut delivered = vec![false; cells];
    let mut phases = Vec::new();
    for action in &plan.actions {
        let Action::Rows(m) = action else {
            grid.apply(action);
            continue;
        };
        let mut phase = Vec::new();
        for j in 0..p {
            let dst = m.to[j] as usize;
            let mut bytes = 0;
            for &r in &m.rows {
                let blk = grid.get(r as usize, j);
                let at_home = home(sh, plan.direction, blk) == dst;
                if dst != j && !at_home {
                    return None; // a relay
                }
                // A block waiting in a column that keeps its rows is not
                // delivered by this step unless it is already home.
                if at_home && !std::mem::replace(&mut delivered[blk as usize], true) {
                    bytes += block_bytes(blk);
                }
            }
            if bytes > 0 {
                phase.push(Transfer::whole(j, dst, bytes));
            }
        }
        grid.apply(action);
        phases.push(phase);
    }
    // The matrix comes from the definition of the two distributions, not
    // from the plan, so the verifier really checks the plan.
    let mut pair = vec![0u64; p * p];
    let start = Grid::initial(sh, plan.direction);
    for (cell, &blk) in start.cells.iter().enumerate() {
        pair[cell % p * p + home(sh, plan.direction, blk)] += block_bytes(blk);
    }
    let messages = pair
        .iter()
        .enumerate()
        .map(|(i, &bytes)| Message {
            src: i / p,
            dst: i % p,
            bytes,
        })
        .collect();
    let com = Com::from_messages(p, messages).ok()?;
    let schedule = Schedule {
        n: p,
        phases,
        promise: Promise {
            partial_permutation: true,
            link_disjoint: false,
        },
    };
    Some((com, schedule))
}
