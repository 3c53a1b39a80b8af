//! What compact global masking records (paper 000, §4, Figure 6): the
//! events of the iterations over CCOM, the state a view draws, and the
//! sentence that narrates each step. The algorithm itself is in
//! [`super::cgm`].

use super::ccom::Ccom;
use super::masking::{self, IterationEvent};
use crate::trace::Replay;
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

impl CgmEvent {
    /// Probes this event stands for: one per CCOM entry examined (a row
    /// with nothing left costs none). Summed over a step, the step's work.
    pub fn probes(&self) -> u64 {
        matches!(self, CgmEvent::Probe { .. }) as u64
    }
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
    /// Probes so far that found the receiver already taken. Every other
    /// probe claims a message, so `probes = collisions + sent`.
    pub collisions: u64,
    /// Messages claimed so far.
    pub sent: usize,
    /// Permutations completed so far.
    pub phases: usize,
}

impl CgmState {
    pub(super) fn new(t: &Ccom) -> Self {
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
            collisions: 0,
            sent: 0,
            phases: 0,
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
            CgmEvent::Probe {
                row,
                z,
                y,
                taken_by,
                ..
            } => {
                (self.row, self.probe, self.fill) = (Some(row), Some((z, y)), None);
                self.probes += 1;
                self.collisions += taken_by.is_some() as u64;
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
            CgmEvent::End { .. } => {
                (self.row, self.probe, self.fill) = (None, None, None);
                self.phases += 1;
            }
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
    use crate::algo::cgm::trace;
    use crate::com::Com;
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
}
