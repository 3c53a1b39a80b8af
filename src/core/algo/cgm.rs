//! Compact global masking, CGM (paper 000, §4, Figure 6): the iterations
//! over CCOM that decompose COM into partial permutations.
//!
//! After [`super::ccom`] has compacted COM, each iteration (one permutation)
//! does:
//! 1. set `sendl` and `recvl` to −1 and pick a random start row x;
//! 2. visit the n rows x, x + 1, … (mod n); in row x look along
//!    `CCOM(x, 0..=pvt(x))` for the first entry y whose receiver is free
//!    (`recvl(y) = −1`), claim it (`sendl(x) = y`, `recvl(y) = x`), and fill
//!    the hole it leaves with the row's last active entry:
//!    `CCOM(x, z) = CCOM(x, pvt(x))`, `CCOM(x, pvt(x)) = −1`, `pvt(x) −= 1`;
//! 3. send the permutation `sendl`.
//!
//! until every message is sent. The active part of each row therefore stays
//! contiguous and is never walked past, so an iteration costs about
//! n ln d + n probes instead of GM's n² (eq. 1), and the paper expects about
//! d + log₂ d iterations (eq. 4). Table 4 reproduces (see
//! `tests/repro_000.rs`).
//!
//! Probe counting, as §4 counts "tries": one probe per active CCOM entry
//! examined. A row that finds a free receiver at column z pays z + 1; a row
//! whose receivers are all taken pays `pvt(x) + 1`; an empty row pays
//! nothing (the −1 cells are never touched). So the first iteration of a
//! d-regular matrix costs about Σ min(n / (n − j), d) ≈ n ln d + n.
//!
//! Choices where the paper is open:
//! - One seeded [`Rng`] drives both `Random_Swap` (first, row by row) and the
//!   start rows (one draw per iteration); a seed fixes the whole run.
//! - A self-message `COM(i, i)` is an entry like any other (see
//!   [`super::masking`]).
//! - The trace has one step per probe so a reader can watch the search:
//!   a step that finds a free receiver also holds the claim and the hole
//!   filled from `pvt`; a row whose last probe collides gives up in that
//!   step; rows with nothing left are noted in the next step (they cost no
//!   probe). Each iteration also has a start step and an end step that
//!   shows the permutation. That is about 2 500 steps for n = 64, d = 16,
//!   12 000 for n = 128, d = 32 and 60 000 for n = 256, d = 64 (built in
//!   milliseconds; [`run`] is the fast path without a trace).
//!
//! ```
//! use commbook_core::{algo::cgm, com::Com, verify::verify};
//! let com = Com::from_rows(&[
//!     vec![0, 1, 1, 0],
//!     vec![1, 0, 1, 0],
//!     vec![0, 0, 0, 1],
//!     vec![1, 1, 0, 0],
//! ]).unwrap();
//! let run = cgm::run(&com, 5);
//! assert!(run.schedule.len() >= 2);                // rows send 2: at least 2 permutations
//! assert!(verify(&com, &run.schedule, None).is_ok());
//! let t = cgm::trace(&com, 5);
//! assert_eq!(t.run, run);                          // the trace is of the same run
//! assert!(t.iterations.final_state().pvt.iter().all(|&p| p == -1));
//! ```

use super::Run;
use super::ccom::{Ccom, CcomState};
use super::masking::{self, IterationEvent, Masks, NONE, RowSearch, iterate};
use super::sink::{Off, Sink};
use crate::com::Com;
use crate::rng::Rng;
use crate::trace::{Recorder, Replay, Trace, snapshot_every};

/// What CGM did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CgmEvent {
    /// Iteration `iter` (1-based) starts at row `x`; `sendl`, `recvl` = −1.
    Start { iter: usize, x: usize },
    /// Row `row` is visited but has no active entry (`pvt(row) = −1`).
    Skip { row: usize },
    /// `CCOM(row, z) = y` examined; receiver y is free (`None`) or already
    /// receives from `taken_by`.
    Probe {
        row: usize,
        z: usize,
        y: usize,
        taken_by: Option<usize>,
    },
    /// `row` sends to `y` (found at column z) in this iteration.
    Chose {
        row: usize,
        z: usize,
        y: usize,
        bytes: u64,
    },
    /// The hole at column `hole` is filled from column `from` = `pvt(row)`
    /// (`moved` is the destination moved, `None` when the hole was the last
    /// entry); `CCOM(row, from) = −1`, `pvt(row)` decreases by one.
    Fill {
        row: usize,
        hole: usize,
        from: usize,
        moved: Option<usize>,
    },
    /// Every receiver of `row`'s entries is taken: it sends nothing now.
    GiveUp { row: usize },
    /// Iteration `iter` ends with the permutation `pairs` (sender, receiver).
    End {
        iter: usize,
        pairs: Vec<(usize, usize)>,
    },
}

/// The view state of the iterations: what a matrix view of CCOM draws.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CgmState {
    /// Number of processors.
    pub n: usize,
    /// Columns of CCOM.
    pub width: usize,
    /// Row-major n × width cells, −1 where inactive.
    pub ccom: Vec<i32>,
    /// `pvt(i)`: last active column of row i, −1 when empty.
    pub pvt: Vec<i32>,
    /// This iteration's `sendl` (−1 = sends nothing yet).
    pub sendl: Vec<i32>,
    /// This iteration's `recvl` (−1 = receives nothing yet).
    pub recvl: Vec<i32>,
    /// Current iteration, 0 before the first.
    pub iter: usize,
    /// Start row of the current iteration.
    pub x: Option<usize>,
    /// Row being searched.
    pub row: Option<usize>,
    /// Current probe `(z, y)`: column of CCOM and the receiver found there.
    pub probe: Option<(usize, usize)>,
    /// Last hole filled in the current row: `(hole, from)`.
    pub fill: Option<(usize, usize)>,
    /// Probes so far.
    pub probes: u64,
    /// Messages claimed so far.
    pub sent: usize,
}

impl CgmState {
    fn new(t: &Ccom) -> Self {
        CgmState {
            n: t.n(),
            width: t.width(),
            ccom: t.cells(),
            pvt: t.pvts(),
            sendl: vec![-1; t.n()],
            recvl: vec![-1; t.n()],
            iter: 0,
            x: None,
            row: None,
            probe: None,
            fill: None,
            probes: 0,
            sent: 0,
        }
    }
}

impl Replay for CgmState {
    type Event = CgmEvent;
    fn apply(&mut self, e: &CgmEvent) {
        match *e {
            CgmEvent::Start { iter, x } => {
                self.sendl.fill(-1);
                self.recvl.fill(-1);
                self.iter = iter;
                self.x = Some(x);
                (self.row, self.probe, self.fill) = (None, None, None);
            }
            CgmEvent::Skip { row } => (self.row, self.probe, self.fill) = (Some(row), None, None),
            CgmEvent::Probe { row, z, y, .. } => {
                (self.row, self.probe, self.fill) = (Some(row), Some((z, y)), None);
                self.probes += 1;
            }
            CgmEvent::Chose { row, y, .. } => {
                self.sendl[row] = y as i32;
                self.recvl[y] = row as i32;
                self.sent += 1;
            }
            CgmEvent::Fill {
                row, hole, from, ..
            } => {
                let base = row * self.width;
                self.ccom[base + hole] = self.ccom[base + from];
                self.ccom[base + from] = -1;
                self.pvt[row] -= 1;
                self.fill = Some((hole, from));
            }
            CgmEvent::GiveUp { .. } => {}
            CgmEvent::End { .. } => (self.row, self.probe, self.fill) = (None, None, None),
        }
    }
}

impl IterationEvent for CgmEvent {
    fn start(iter: usize, x: usize) -> Self {
        CgmEvent::Start { iter, x }
    }
    fn end(iter: usize, pairs: Vec<(usize, usize)>) -> Self {
        CgmEvent::End { iter, pairs }
    }
    fn ended(&self) -> Option<&[(usize, usize)]> {
        match self {
            CgmEvent::End { pairs, .. } => Some(pairs),
            _ => None,
        }
    }
}

/// Figure 6, step 2(c): search row x of CCOM from column 0 to `pvt(x)`.
impl RowSearch<CgmEvent> for Ccom {
    #[inline(always)]
    fn visit<K: Sink<CgmEvent>>(&mut self, masks: &mut Masks, x: usize, sink: &mut K) -> u64 {
        let len = self.len[x] as usize;
        if len == 0 {
            sink.emit(|| CgmEvent::Skip { row: x });
            return 0;
        }
        let base = x * self.width();
        let mut found = None;
        for (z, &y) in self.dest[base..base + len].iter().enumerate() {
            let by = masks.recvl[y as usize];
            let taken_by = (by != NONE).then_some(by as usize);
            sink.emit(|| CgmEvent::Probe {
                row: x,
                z,
                y: y as usize,
                taken_by,
            });
            if by == NONE {
                found = Some(z);
                break;
            }
            if z + 1 < len {
                sink.end_step();
            }
        }
        let probes = found.map_or(len, |z| z + 1);
        match found {
            Some(z) => claim_and_fill(self, masks, x, z, sink),
            None => sink.emit(|| CgmEvent::GiveUp { row: x }),
        }
        sink.end_step();
        probes as u64
    }
}

/// Step 2(c)ii: claim `CCOM(x, z)` and move the last active entry into its
/// hole.
#[inline(always)]
fn claim_and_fill<K: Sink<CgmEvent>>(
    t: &mut Ccom,
    m: &mut Masks,
    x: usize,
    z: usize,
    sink: &mut K,
) {
    let base = x * t.width();
    let last = t.len[x] as usize - 1;
    let (y, bytes) = (t.dest[base + z], t.bytes_at(x, z));
    m.claim(x, y, bytes);
    t.dest[base + z] = t.dest[base + last];
    if t.uniform.is_none() {
        t.bytes[base + z] = t.bytes[base + last];
    }
    t.dest[base + last] = NONE;
    t.len[x] -= 1;
    let y = y as usize;
    sink.emit(|| CgmEvent::Chose {
        row: x,
        z,
        y,
        bytes,
    });
    let moved = (z != last).then(|| t.dest[base + z] as usize);
    sink.emit(|| CgmEvent::Fill {
        row: x,
        hole: z,
        from: last,
        moved,
    });
}

/// Runs CGM (compaction, then iterations) without recording.
pub fn run(com: &Com, seed: u64) -> Run {
    let mut rng = Rng::new(seed);
    let mut t = Ccom::build(com, &mut rng, &mut Off);
    let (n, active) = (t.n(), t.active());
    iterate(&mut t, n, active, &mut rng, &mut Off)
}

/// A recorded CGM run: the compaction and the iterations as two traces.
#[derive(Clone, Debug)]
pub struct CgmTrace {
    /// The schedule and probe count, identical to [`run`] with the same seed.
    pub run: Run,
    /// Figure 5: COM → CCOM, two steps per row.
    pub compaction: Trace<CcomState>,
    /// Figure 6: the iterations, one step per probe (see the module docs).
    pub iterations: Trace<CgmState>,
}

/// Runs CGM and records both halves.
pub fn trace(com: &Com, seed: u64) -> CgmTrace {
    let mut rng = Rng::new(seed);
    let (mut t, compaction) = super::ccom::trace(com, &mut rng);
    let initial = CgmState::new(&t);
    // Rough step count: ~ messages · (1 + ln d) probes.
    let steps = t.active() * 4 + 2;
    let mut rec = Recorder::new(initial, snapshot_every(steps, 2 * t.active() + 4 * t.n()));
    let (n, active) = (t.n(), t.active());
    let run = iterate(&mut t, n, active, &mut rng, &mut rec);
    CgmTrace {
        run,
        compaction,
        iterations: rec.finish(),
    }
}

/// One sentence for an iteration step.
pub fn caption(events: &[CgmEvent]) -> String {
    let skipped: Vec<usize> = events
        .iter()
        .filter_map(|e| match e {
            CgmEvent::Skip { row } => Some(*row),
            _ => None,
        })
        .collect();
    let mut s = masking::describe_skips(&skipped, "nothing left to send");
    for e in events {
        match e {
            CgmEvent::Start { iter, x } => {
                return format!(
                    "Iteration {iter}: clear sendl and recvl to −1 and start at row {x}."
                );
            }
            CgmEvent::End { iter, pairs } => s.push_str(&masking::describe_end(*iter, pairs)),
            CgmEvent::Probe {
                row,
                z,
                y,
                taken_by: Some(by),
            } => s.push_str(&format!(
                "Row {row}: CCOM({row}, {z}) = {y}, but {y} already receives from {by}."
            )),
            CgmEvent::Probe { row, z, y, .. } => {
                s.push_str(&format!("Row {row}: CCOM({row}, {z}) = {y} and {y} is free"))
            }
            CgmEvent::Chose { row, y, .. } => s.push_str(&format!(", so {row} sends to {y}")),
            CgmEvent::Fill {
                row,
                hole,
                from,
                moved: Some(m),
            } => s.push_str(&format!(
                "; the last entry {m} moves from column {from} into the hole at {hole}, pvt({row}) = {}.",
                masking::paper_int(*from as i64 - 1)
            )),
            CgmEvent::Fill { row, from, .. } => s.push_str(&format!(
                "; it was the last entry, pvt({row}) = {}.",
                masking::paper_int(*from as i64 - 1)
            )),
            CgmEvent::GiveUp { row } => s.push_str(&format!(
                " All receivers of row {row} are taken: it waits for a later iteration."
            )),
            CgmEvent::Skip { .. } => {}
        }
    }
    if s.is_empty() {
        "Before the first iteration: CCOM as compacted.".into()
    } else {
        s.trim_end().to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::com::fig7::Fig7Config;
    use crate::verify::verify;
    use expect_test::expect;

    fn tiny() -> Com {
        Com::from_rows(&[
            vec![0, 1, 1, 0],
            vec![1, 0, 1, 0],
            vec![0, 0, 0, 0],
            vec![1, 1, 0, 1],
        ])
        .unwrap()
    }

    #[test]
    fn golden_trace() {
        let t = trace(&tiny(), 3);
        let text = super::super::render(&t.iterations, caption);
        expect![[r#"
            0: Before the first iteration: CCOM as compacted.
            1: Iteration 1: clear sendl and recvl to −1 and start at row 1.
            2: Row 1: CCOM(1, 0) = 0 and 0 is free, so 1 sends to 0; the last entry 2 moves from column 1 into the hole at 0, pvt(1) = 0.
            3: Row 2: nothing left to send. Row 3: CCOM(3, 0) = 3 and 3 is free, so 3 sends to 3; the last entry 0 moves from column 2 into the hole at 0, pvt(3) = 1.
            4: Row 0: CCOM(0, 0) = 1 and 1 is free, so 0 sends to 1; the last entry 2 moves from column 1 into the hole at 0, pvt(0) = 0.
            5: Iteration 1 ends: permutation 1 carries 3 messages: 0→1, 1→0, 3→3.
            6: Iteration 2: clear sendl and recvl to −1 and start at row 1.
            7: Row 1: CCOM(1, 0) = 2 and 2 is free, so 1 sends to 2; it was the last entry, pvt(1) = −1.
            8: Row 2: nothing left to send. Row 3: CCOM(3, 0) = 0 and 0 is free, so 3 sends to 0; the last entry 1 moves from column 1 into the hole at 0, pvt(3) = 0.
            9: Row 0: CCOM(0, 0) = 2, but 2 already receives from 1. All receivers of row 0 are taken: it waits for a later iteration.
            10: Iteration 2 ends: permutation 2 carries 2 messages: 1→2, 3→0.
            11: Iteration 3: clear sendl and recvl to −1 and start at row 0.
            12: Row 0: CCOM(0, 0) = 2 and 2 is free, so 0 sends to 2; it was the last entry, pvt(0) = −1.
            13: Rows 1, 2: nothing left to send. Row 3: CCOM(3, 0) = 1 and 1 is free, so 3 sends to 1; it was the last entry, pvt(3) = −1.
            14: Iteration 3 ends: permutation 3 carries 2 messages: 0→2, 3→1.
        "#]].assert_eq(&text);
    }

    #[test]
    fn trace_replays_to_the_schedule() {
        let com = Fig7Config::new(20, 6, 4).generate().unwrap();
        let t = trace(&com, 9);
        assert_eq!(t.run, run(&com, 9));
        assert_eq!(verify(&com, &t.run.schedule, None), Ok(()));
        assert_eq!(
            masking::permutations(t.iterations.all_events()),
            masking::phase_pairs(&t.run.schedule)
        );
        let last = t.iterations.final_state();
        assert_eq!(last.probes, t.run.probes);
        assert_eq!(last.sent, com.len());
        assert!(last.ccom.iter().all(|&c| c == -1));
        // Seeking back reproduces a state met on the way.
        let mid = t.iterations.len() / 2;
        assert_eq!(t.iterations.state_at(mid), t.iterations.state_at(mid));
    }

    #[test]
    fn phases_at_least_lower_bound_and_seed_matters() {
        let com = Fig7Config::new(32, 8, 2).generate().unwrap();
        let a = run(&com, 1);
        assert!(a.schedule.len() >= com.max_degree());
        assert_eq!(verify(&com, &a.schedule, None), Ok(()));
        assert_ne!(a.schedule, run(&com, 2).schedule);
        let empty = Com::empty(5).unwrap();
        let e = run(&empty, 1);
        assert_eq!((e.schedule.len(), e.probes), (0, 0));
    }
}
