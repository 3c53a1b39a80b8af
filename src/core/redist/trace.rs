//! The step-by-step trace of a redistribution, for the table views.
//!
//! One trace step per action of the [`Plan`]: each column transformation
//! (stage 1, the two parts of stage 2, R′ → R) and each communication step.
//! The view state, [`RedistState`], holds the current K × P table (which
//! block every processor keeps in every slot), which cells just changed,
//! the rows that travel in the current step and every processor's send
//! buffer (the blocks of its one message). Shading by submatrix or diagonal
//! comes from [`Shape::submatrix`], [`Shape::diagonal`] and
//! [`Shape::row_in_sp`], so the state stays a plain table.
//!
//! ```
//! use commbook_core::redist::{schedules, trace, Direction, Scheme, Shape};
//! let sh = Shape::new(6, 9).unwrap();
//! let plan = schedules::plan(&sh, Scheme::Indirect, Direction::Up);
//! let t = trace::record(&plan);
//! assert_eq!(t.len(), 3 + 4 + 1); // stage 1, stage 2 (two parts), 4 steps, R′ → R
//! let last = t.final_state();
//! assert_eq!(last.grid.get(0, 1), 6); // R(0, 1) = 1·K + 0
//! assert!(trace::caption(&plan, t.events(4)).starts_with("Step 1 (indirect"));
//! ```

use super::grid::{Grid, Message, home};
use super::plan::{Action, ColumnKind, Phase, Plan, StepKind};
use super::scheme::Direction;
use super::shape::Shape;
use crate::trace::{Recorder, Replay, Trace, snapshot_every};
use crate::words::plural_s;

/// What happened in one trace step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RedistEvent {
    /// A column transformation (local reordering in every processor).
    Columns {
        kind: ColumnKind,
        phase: Option<Phase>,
        /// True when the move undoes `kind` (the dual).
        inverse: bool,
        /// As in [`super::plan::ColumnMove::from`].
        from: Vec<u32>,
        /// Blocks that change slot.
        changed: usize,
    },
    /// A communication step (row transformation).
    Send {
        kind: StepKind,
        phase: Option<Phase>,
        inverse: bool,
        /// Communication step number, from 1.
        index: usize,
        /// Rows that travel.
        rows: Vec<u32>,
        /// The messages: every sending processor's buffer.
        messages: Vec<Message>,
        /// Processors whose blocks of these rows stay put.
        local: usize,
        /// Blocks that arrive at a processor that is not their owner and
        /// will be forwarded later.
        relayed: usize,
    },
}

/// What a table view draws at one step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RedistState {
    /// The problem.
    pub shape: Shape,
    /// Which way the blocks travel.
    pub direction: Direction,
    /// The current table: cell (r, j) = block processor j holds in slot r.
    pub grid: Grid,
    /// Row-major flags: the cell's block arrived in this step.
    pub changed: Vec<bool>,
    /// Rows that travel in this step (empty for a column transformation).
    pub rows: Vec<u32>,
    /// This step's messages (every sender's buffer).
    pub messages: Vec<Message>,
    /// Communication steps done so far.
    pub comm_steps: usize,
}

impl RedistState {
    /// The state before anything happens: S (or R for the dual).
    pub fn new(shape: Shape, direction: Direction) -> RedistState {
        let grid = Grid::initial(&shape, direction);
        RedistState {
            changed: vec![false; grid.cells.len()],
            shape,
            direction,
            grid,
            rows: Vec::new(),
            messages: Vec::new(),
            comm_steps: 0,
        }
    }

    /// The processor that must end up with the block in cell (r, j): read
    /// over the whole grid this is P before stage 1, Ps after stage 2, and
    /// the identity column pattern at the end.
    pub fn owner(&self, r: usize, j: usize) -> usize {
        home(&self.shape, self.direction, self.grid.get(r, j))
    }

    /// Whether the block in cell (r, j) is already on its owner.
    pub fn at_home(&self, r: usize, j: usize) -> bool {
        self.owner(r, j) == j
    }
}

impl Replay for RedistState {
    type Event = RedistEvent;
    fn apply(&mut self, e: &RedistEvent) {
        let p = self.grid.p;
        let old = self.grid.cells.clone();
        match e {
            RedistEvent::Columns { from, .. } => {
                for (cell, &src) in from.iter().enumerate() {
                    self.grid.cells[cell] = old[src as usize * p + cell % p];
                }
                self.rows.clear();
                self.messages.clear();
            }
            RedistEvent::Send { rows, messages, .. } => {
                for m in messages {
                    for (&r, &b) in rows.iter().zip(&m.blocks) {
                        self.grid.cells[r as usize * p + m.dst] = b;
                    }
                }
                self.rows = rows.clone();
                self.messages = messages.clone();
                self.comm_steps += 1;
            }
        }
        for (flag, (now, before)) in self
            .changed
            .iter_mut()
            .zip(self.grid.cells.iter().zip(&old))
        {
            *flag = now != before;
        }
    }
}

/// Records the trace of a plan.
pub fn record(plan: &Plan) -> Trace<RedistState> {
    let sh = plan.shape;
    let initial = RedistState::new(sh, plan.direction);
    let every = snapshot_every(plan.actions.len(), sh.cells());
    let mut rec = Recorder::new(initial, every);
    let mut grid = Grid::initial(&sh, plan.direction);
    let mut index = 0;
    for action in &plan.actions {
        let before = grid.cells.clone();
        let messages = grid.apply(action);
        let event = match action {
            Action::Columns(c) => RedistEvent::Columns {
                kind: c.kind,
                phase: c.phase,
                inverse: c.inverse,
                from: c.from.clone(),
                changed: before
                    .iter()
                    .zip(&grid.cells)
                    .filter(|(a, b)| a != b)
                    .count(),
            },
            Action::Rows(m) => {
                index += 1;
                let relayed = messages
                    .iter()
                    .flat_map(|msg| msg.blocks.iter().map(move |&b| (msg.dst, b)))
                    .filter(|&(dst, b)| home(&sh, plan.direction, b) != dst)
                    .count();
                RedistEvent::Send {
                    kind: m.kind,
                    phase: m.phase,
                    inverse: m.inverse,
                    index,
                    rows: m.rows.clone(),
                    local: sh.p - messages.len(),
                    messages,
                    relayed,
                }
            }
        };
        rec.event(event);
        rec.end_step();
    }
    rec.finish()
}

/// One sentence for a reader about a trace step of `plan` (position 0:
/// the start).
pub fn caption(plan: &Plan, events: &[RedistEvent]) -> String {
    let sh = &plan.shape;
    match events.first() {
        None => format!(
            "{} on P = {}, K = {}: one superblock of K × P = {}; \
             G = gcd(K, P) = {}, K′ = {}, P′ = {}, and n = {}, m = {} solve nK′ − mP′ = 1; \
             the {} schedule takes {}.",
            match plan.direction {
                Direction::Up => "cyclic(x) → cyclic(Kx)",
                Direction::Down => "cyclic(Kx) → cyclic(x) (the dual: ℜ(K, P) run backwards)",
            },
            plural_s(sh.p, "processor"),
            sh.k,
            plural_s(sh.cells(), "block"),
            sh.g,
            sh.kp,
            sh.pp,
            sh.n,
            sh.m,
            plan.scheme.name(),
            plural_s(plan.n_steps(), "step")
        ),
        Some(RedistEvent::Columns {
            kind,
            phase,
            inverse,
            changed,
            ..
        }) => format!(
            "{}{} {changed} of {} blocks change slot.",
            phase_prefix(*phase),
            phase
                .and_then(|ph| super::captions::intermediate_sentence(*kind, *inverse, ph))
                .unwrap_or_else(|| super::captions::column_sentence(*kind, *inverse).to_string()),
            sh.cells()
        ),
        Some(RedistEvent::Send {
            kind,
            phase,
            inverse,
            index,
            rows,
            messages,
            local,
            relayed,
        }) => format!(
            "{}{}",
            phase_prefix(*phase),
            super::captions::send_sentence(
                sh,
                super::captions::SendFacts {
                    kind: *kind,
                    inverse: *inverse,
                    index: *index,
                    rows,
                    messages: messages.len(),
                    blocks_each: messages.first().map_or(0, |m| m.blocks.len()),
                    local: *local,
                    relayed: *relayed,
                }
            )
        ),
    }
}

fn phase_prefix(phase: Option<Phase>) -> String {
    match phase {
        None => String::new(),
        Some(ph) => format!(
            "Phase {} of {} (blocks of {}x → {}x): ",
            ph.index + 1,
            ph.of,
            ph.unit,
            ph.unit * ph.k
        ),
    }
}

/// The trace as text, one line per position: the caption, then every
/// message as `src→dst[blocks]`. For golden tests and the CLI.
pub fn render(plan: &Plan, trace: &Trace<RedistState>) -> String {
    (0..=trace.len())
        .map(|pos| {
            let events = trace.events(pos);
            let mut line = format!("{pos}: {}", caption(plan, events));
            if let Some(RedistEvent::Send { messages, .. }) = events.first() {
                for m in messages {
                    let blocks: Vec<String> = m.blocks.iter().map(u32::to_string).collect();
                    line.push_str(&format!(" {}→{}[{}]", m.src, m.dst, blocks.join(",")));
                }
            }
            line
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::redist::{Scheme, Tables, schedules};

    #[test]
    fn seeking_matches_stepping() {
        let sh = Shape::new(6, 9).unwrap();
        let plan = schedules::plan(&sh, Scheme::Hybrid(2), Direction::Up);
        let t = record(&plan);
        let mut grid = Grid::initial(&sh, Direction::Up);
        assert_eq!(t.state_at(0).grid, grid);
        for (pos, action) in (1..).zip(&plan.actions) {
            let before = grid.cells.clone();
            grid.apply(action);
            let st = t.state_at(pos);
            assert_eq!(st.grid, grid, "position {pos}");
            let moved: Vec<bool> = before
                .iter()
                .zip(&grid.cells)
                .map(|(a, b)| a != b)
                .collect();
            assert_eq!(st.changed, moved, "position {pos}");
        }
        // Backwards seeks give the same states.
        assert_eq!(t.state_at(3).grid.cells, Tables::new(&sh).sp.cells);
        let ps = Tables::new(&sh).ps;
        let st = t.state_at(3);
        assert!((0..6).all(|r| (0..9).all(|j| st.owner(r, j) == ps.get(r, j))));
        let last = t.final_state();
        assert!((0..54).all(|c| last.at_home(c / 9, c % 9)));
    }

    #[test]
    fn caption_of_a_combined_step() {
        let sh = Shape::new(6, 9).unwrap();
        let plan = schedules::plan(&sh, Scheme::Hybrid(1), Direction::Up);
        let t = record(&plan);
        assert_eq!(
            caption(&plan, t.events(5)),
            "Step 2 (direct, combined): rows 0, 3 are identical in Ps and travel together: \
             6 messages of 2 blocks, 3 processors keep their own."
        );
    }
}
