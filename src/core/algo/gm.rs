//! Global masking, GM (paper 000, §3.3, Figure 4).
//!
//! Each iteration builds one partial permutation straight from COM:
//! 1. set `sendl` and `recvl` to −1 and pick a random start row x;
//! 2. visit the n rows x, x + 1, … (mod n); scan row x from column 0 for
//!    the first `COM(x, y) = 1` whose receiver is free (`recvl(y) = −1`),
//!    claim it (`sendl(x) = y`, `recvl(y) = x`) and set `COM(x, y) = 0`;
//! 3. send the permutation;
//!
//! until COM is all zero. The number of iterations ξ lies between the
//! largest row or column count and the largest column count U; each costs
//! O(n²) because the scan walks over every zero before the entry it finds,
//! and over the whole row when it finds none. Compact global masking
//! ([`super::cgm`]) removes exactly that waste.
//!
//! Probe counting: every column the scan visits is one probe: zeros
//! (wasted visits), messages whose receiver is taken (collisions) and the
//! message chosen. A row that finds column y pays y + 1; a row that finds
//! nothing, an empty row included, pays n, because the figure has no way to
//! know a row is empty without scanning it.
//!
//! Choices where the paper is open, and the trace:
//! - The seeded [`Rng`] draws one start row per iteration; self-messages are
//!   entries like any other (see [`super::masking`]).
//! - Figure 4's scan from column 0 gives every row the same preference and
//!   costs 6-16 % more permutations than the paper reports for GM; a [`Scan`]
//!   option starts row x at column x + 1 instead, which matches the
//!   published counts. See [`super::gm_scan`] for the measurements and for
//!   how the scan runs a word of 64 columns at a time.
//! - The trace has one step per probed message and one per run of
//!   consecutive zeros ([`GmEvent::Zeros`], so an n = 64 row does not take
//!   64 clicks to cross); the choice and a row's giving up belong to the
//!   step of its last probe. Each iteration has a start and an end step.
//!   GM's waste shows in the size: about 9 000 steps for n = 64, d = 16 and
//!   67 000 for n = 128, d = 32 (CGM: 2 500 and 12 000).
//!
//! ```
//! use commbook_core::{algo::gm::{self, Scan}, com::Com, verify::verify};
//! let com = Com::from_rows(&[
//!     vec![0, 0, 0, 1],
//!     vec![0, 0, 0, 0],
//!     vec![0, 0, 0, 1],
//!     vec![0, 0, 0, 0],
//! ]).unwrap();
//! let run = gm::run(&com, Scan::FromZero, 1);
//! assert_eq!(run.schedule.len(), 2);               // both rows need receiver 3
//! assert!(verify(&com, &run.schedule, None).is_ok());
//! // Iteration 1: 4 rows; one finds column 3 (4 probes), the other collides
//! // there (4), the empty rows scan all 4 columns (8). Iteration 2: 4 + 12.
//! assert_eq!(run.probes, 32);
//! assert_eq!(gm::trace(&com, Scan::FromZero, 1).run, run);
//! ```

use super::Run;
use super::gm_scan::Bits;
pub use super::gm_scan::Scan;
use super::masking::{self, IterationEvent, Masks, RowSearch, iterate};
use super::sink::{Off, Sink};
use crate::com::Com;
use crate::rng::Rng;
use crate::trace::{Recorder, Replay, Trace, snapshot_every};

/// What GM did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GmEvent {
    /// Iteration `iter` (1-based) starts at row `x`; `sendl`, `recvl` = −1.
    Start { iter: usize, x: usize },
    /// Columns `from..to` of row `row` visited, all zero: wasted probes.
    Zeros { row: usize, from: usize, to: usize },
    /// `COM(row, col) = 1` visited; its receiver is free (`None`) or already
    /// receives from `taken_by` (a collision).
    Probe {
        row: usize,
        col: usize,
        taken_by: Option<usize>,
    },
    /// `row` sends to `col` in this iteration; `COM(row, col)` becomes 0.
    Chose { row: usize, col: usize, bytes: u64 },
    /// The scan of `row` reached column n − 1 without a free receiver.
    GiveUp { row: usize },
    /// Iteration `iter` ends with the permutation `pairs` (sender, receiver).
    End {
        iter: usize,
        pairs: Vec<(usize, usize)>,
    },
}

impl GmEvent {
    /// Probes this event stands for: every column visited, zero or not.
    /// Summed over a step, the step's work.
    pub fn probes(&self) -> u64 {
        match *self {
            GmEvent::Zeros { from, to, .. } => (to - from) as u64,
            GmEvent::Probe { .. } => 1,
            _ => 0,
        }
    }
}

/// The view state of GM: the shrinking COM and the masks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GmState {
    /// Number of processors.
    pub n: usize,
    /// Row-major n × n: whether `COM(i, j)` still holds an unsent message.
    pub com: Vec<bool>,
    /// This iteration's `sendl` (−1 = sends nothing yet).
    pub sendl: Vec<i32>,
    /// This iteration's `recvl` (−1 = receives nothing yet).
    pub recvl: Vec<i32>,
    /// Current iteration, 0 before the first.
    pub iter: usize,
    /// Start row of the current iteration.
    pub x: Option<usize>,
    /// Row being scanned.
    pub row: Option<usize>,
    /// Columns visited in the current step, `from..to`.
    pub cols: Option<(usize, usize)>,
    /// Probes so far.
    pub probes: u64,
    /// Probes so far that visited a zero.
    pub wasted: u64,
    /// Probes so far that found a message whose receiver was taken.
    pub collisions: u64,
    /// Messages claimed so far.
    pub sent: usize,
    /// Permutations completed so far.
    pub phases: usize,
}

impl GmState {
    /// The state before the first iteration: COM as given, masks at −1.
    pub fn new(com: &Com) -> Self {
        let n = com.n();
        let mut cells = vec![false; n * n];
        for m in com.messages() {
            cells[m.src * n + m.dst] = true;
        }
        GmState {
            n,
            com: cells,
            sendl: vec![-1; n],
            recvl: vec![-1; n],
            iter: 0,
            x: None,
            row: None,
            cols: None,
            probes: 0,
            wasted: 0,
            collisions: 0,
            sent: 0,
            phases: 0,
        }
    }
}

impl Replay for GmState {
    type Event = GmEvent;
    fn apply(&mut self, e: &GmEvent) {
        match *e {
            GmEvent::Start { iter, x } => {
                self.sendl.fill(-1);
                self.recvl.fill(-1);
                (self.iter, self.x, self.row, self.cols) = (iter, Some(x), None, None);
            }
            GmEvent::Zeros { row, from, to } => {
                (self.row, self.cols) = (Some(row), Some((from, to)));
                self.probes += (to - from) as u64;
                self.wasted += (to - from) as u64;
            }
            GmEvent::Probe { row, col, taken_by } => {
                (self.row, self.cols) = (Some(row), Some((col, col + 1)));
                self.probes += 1;
                self.collisions += taken_by.is_some() as u64;
            }
            GmEvent::Chose { row, col, .. } => {
                self.sendl[row] = col as i32;
                self.recvl[col] = row as i32;
                self.com[row * self.n + col] = false;
                self.sent += 1;
            }
            GmEvent::GiveUp { .. } => {}
            GmEvent::End { .. } => {
                (self.row, self.cols) = (None, None);
                self.phases += 1;
            }
        }
    }
}

impl IterationEvent for GmEvent {
    fn start(iter: usize, x: usize) -> Self {
        GmEvent::Start { iter, x }
    }
    fn end(iter: usize, pairs: Vec<(usize, usize)>) -> Self {
        GmEvent::End { iter, pairs }
    }
    fn ended(&self) -> Option<&[(usize, usize)]> {
        match self {
            GmEvent::End { pairs, .. } => Some(pairs),
            _ => None,
        }
    }
}

/// Figure 4, step 3(a): scan row x of what is left of COM.
struct GmSearch<'a> {
    com: &'a Com,
    bits: Bits,
    scan: Scan,
}

impl RowSearch<GmEvent> for GmSearch<'_> {
    fn begin(&mut self) {
        self.bits.free_all();
    }

    #[inline(always)]
    fn visit<K: Sink<GmEvent>>(&mut self, masks: &mut Masks, x: usize, sink: &mut K) -> u64 {
        let n = self.com.n();
        let s = self.scan.start(x, n);
        let found = if K::ON {
            self.bits.scan_recorded(masks, x, s, sink)
        } else {
            self.bits.first_free(x, s)
        };
        let probes = match found {
            Some(y) => {
                let bytes = self.com.get(x, y);
                self.bits.take(x, y);
                masks.claim(x, y as u32, bytes);
                sink.emit(|| GmEvent::Chose {
                    row: x,
                    col: y,
                    bytes,
                });
                self.bits.position(y, s) as u64 + 1
            }
            None => {
                sink.emit(|| GmEvent::GiveUp { row: x });
                n as u64
            }
        };
        sink.end_step();
        probes
    }
}

fn search(com: &Com, scan: Scan) -> GmSearch<'_> {
    GmSearch {
        com,
        bits: Bits::new(com),
        scan,
    }
}

/// Runs GM without recording.
pub fn run(com: &Com, scan: Scan, seed: u64) -> Run {
    let (n, m) = (com.n(), com.len());
    iterate(&mut search(com, scan), n, m, &mut Rng::new(seed), &mut Off)
}

/// A recorded GM run.
#[derive(Clone, Debug)]
pub struct GmTrace {
    /// The schedule and probe count, identical to [`run`] with the same seed.
    pub run: Run,
    /// One step per probed message or run of zeros (see the module docs).
    pub trace: Trace<GmState>,
}

/// Runs GM and records every probe.
pub fn trace(com: &Com, scan: Scan, seed: u64) -> GmTrace {
    let n = com.n();
    let steps = 4 * com.len() + 2 * n;
    let mut rec = Recorder::new(GmState::new(com), snapshot_every(steps, n * n + 2 * n));
    let run = iterate(
        &mut search(com, scan),
        n,
        com.len(),
        &mut Rng::new(seed),
        &mut rec,
    );
    GmTrace {
        run,
        trace: rec.finish(),
    }
}

/// One sentence for a GM step.
pub fn caption(events: &[GmEvent]) -> String {
    let mut s = String::new();
    for e in events {
        match e {
            GmEvent::Start { iter, x } => {
                return format!(
                    "Iteration {iter}: clear sendl and recvl to −1 and start at row {x}."
                );
            }
            GmEvent::End { iter, pairs } => s.push_str(&masking::describe_end(*iter, pairs)),
            GmEvent::Zeros { row, from, to } if to - from == 1 => s.push_str(&format!(
                "Row {row}: COM({row}, {from}) = 0, a wasted visit."
            )),
            GmEvent::Zeros { row, from, to } => s.push_str(&format!(
                "Row {row}: columns {from}–{} are 0, {} wasted visits.",
                to - 1,
                to - from
            )),
            GmEvent::Probe {
                row,
                col,
                taken_by: Some(by),
            } => s.push_str(&format!(
                "Row {row}: COM({row}, {col}) = 1, but {col} already receives from {by}."
            )),
            GmEvent::Probe { row, col, .. } => s.push_str(&format!(
                "Row {row}: COM({row}, {col}) = 1 and {col} is free"
            )),
            GmEvent::Chose { row, col, .. } => s.push_str(&format!(
                ", so {row} sends to {col} and COM({row}, {col}) becomes 0."
            )),
            GmEvent::GiveUp { row } => s.push_str(&format!(
                " Row {row} reached its end without a free receiver: it sends nothing now."
            )),
        }
    }
    if s.is_empty() {
        "Before the first iteration: COM as given.".into()
    } else {
        s.trim_start().to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::com::fig7::Fig7Config;
    use crate::verify::verify;
    use expect_test::expect;

    #[test]
    fn golden_trace() {
        let com = Com::from_rows(&[
            vec![0, 1, 0, 1],
            vec![0, 0, 1, 0],
            vec![0, 0, 0, 0],
            vec![0, 1, 1, 0],
        ])
        .unwrap();
        let t = trace(&com, Scan::FromZero, 2);
        let text = super::super::render(&t.trace, caption);
        expect![[r#"
            0: Before the first iteration: COM as given.
            1: Iteration 1: clear sendl and recvl to −1 and start at row 0.
            2: Row 0: COM(0, 0) = 0, a wasted visit.
            3: Row 0: COM(0, 1) = 1 and 1 is free, so 0 sends to 1 and COM(0, 1) becomes 0.
            4: Row 1: columns 0–1 are 0, 2 wasted visits.
            5: Row 1: COM(1, 2) = 1 and 2 is free, so 1 sends to 2 and COM(1, 2) becomes 0.
            6: Row 2: columns 0–3 are 0, 4 wasted visits. Row 2 reached its end without a free receiver: it sends nothing now.
            7: Row 3: COM(3, 0) = 0, a wasted visit.
            8: Row 3: COM(3, 1) = 1, but 1 already receives from 0.
            9: Row 3: COM(3, 2) = 1, but 2 already receives from 1.
            10: Row 3: COM(3, 3) = 0, a wasted visit. Row 3 reached its end without a free receiver: it sends nothing now.
            11: Iteration 1 ends: permutation 1 carries 2 messages: 0→1, 1→2.
            12: Iteration 2: clear sendl and recvl to −1 and start at row 2.
            13: Row 2: columns 0–3 are 0, 4 wasted visits. Row 2 reached its end without a free receiver: it sends nothing now.
            14: Row 3: COM(3, 0) = 0, a wasted visit.
            15: Row 3: COM(3, 1) = 1 and 1 is free, so 3 sends to 1 and COM(3, 1) becomes 0.
            16: Row 0: columns 0–2 are 0, 3 wasted visits.
            17: Row 0: COM(0, 3) = 1 and 3 is free, so 0 sends to 3 and COM(0, 3) becomes 0.
            18: Row 1: columns 0–3 are 0, 4 wasted visits. Row 1 reached its end without a free receiver: it sends nothing now.
            19: Iteration 2 ends: permutation 2 carries 2 messages: 0→3, 3→1.
            20: Iteration 3: clear sendl and recvl to −1 and start at row 0.
            21: Row 0: columns 0–3 are 0, 4 wasted visits. Row 0 reached its end without a free receiver: it sends nothing now.
            22: Row 1: columns 0–3 are 0, 4 wasted visits. Row 1 reached its end without a free receiver: it sends nothing now.
            23: Row 2: columns 0–3 are 0, 4 wasted visits. Row 2 reached its end without a free receiver: it sends nothing now.
            24: Row 3: columns 0–1 are 0, 2 wasted visits.
            25: Row 3: COM(3, 2) = 1 and 2 is free, so 3 sends to 2 and COM(3, 2) becomes 0.
            26: Iteration 3 ends: permutation 3 carries 1 message: 3→2.
        "#]].assert_eq(&text);
        assert_eq!(t.trace.final_state().probes, t.run.probes);
    }

    #[test]
    fn trace_replays_to_the_schedule() {
        let com = Fig7Config::new(70, 5, 4).generate().unwrap();
        let t = trace(&com, Scan::FromZero, 9);
        assert_eq!(t.run, run(&com, Scan::FromZero, 9));
        assert_eq!(verify(&com, &t.run.schedule, None), Ok(()));
        assert_eq!(
            masking::permutations(t.trace.all_events()),
            masking::phase_pairs(&t.run.schedule)
        );
        let last = t.trace.final_state();
        assert_eq!(last.probes, t.run.probes);
        assert_eq!(last.sent, com.len());
        assert!(last.com.iter().all(|&c| !c));
        assert_eq!(
            last.probes,
            last.wasted + last.collisions + com.len() as u64
        );
        assert_eq!(last.phases, t.run.schedule.len());
        let steps: u64 = t.trace.all_events().iter().map(GmEvent::probes).sum();
        assert_eq!(steps, t.run.probes);
    }

    #[test]
    fn every_row_costs_n_when_it_finds_nothing() {
        let com = Com::empty(6).unwrap();
        assert_eq!(run(&com, Scan::FromZero, 1).probes, 0);
        let one = Com::from_rows(&[vec![0, 0], vec![1, 0]]).unwrap();
        // Row 1 finds column 0 (1 probe); row 0 scans both columns (2).
        assert_eq!(run(&one, Scan::FromZero, 1).probes, 3);
    }
}
