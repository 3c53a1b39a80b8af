//! What the RS schedulers record: typed events, the view state they build,
//! and one caption per step.

use crate::schedule::Transfer;
use crate::trace::Replay;
use crate::verify::LinkId;
use crate::words::plural;
use std::collections::BTreeMap;

/// An active entry of CCOM: a message (or what is left of it) still to send.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CEntry {
    /// The destination.
    pub dst: usize,
    /// Bytes not yet scheduled.
    pub left: u64,
    /// Where the unscheduled part starts within the message.
    pub offset: u64,
}

/// Why a candidate destination was accepted or passed over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Free: the row sends there in this phase.
    Free,
    /// Node contention: the destination already receives from `by`.
    NodeBusy { by: usize },
    /// Link contention (RS_NL, RS_NLH): `link` is already used by `by`.
    LinkBusy {
        link: LinkId,
        name: String,
        by: (usize, usize),
    },
}

/// One decision of an RS scheduler.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RsEvent {
    /// A new phase begins; rows are visited from the random `start`.
    PhaseStart { phase: usize, start: usize },
    /// `COM(i, i)`: a local copy, done in the first phase (no port needed).
    LocalCopy(Transfer),
    /// Row `row` takes its turn.
    Turn { row: usize },
    /// Row `row` examines `CCOM(row, col) = dst`.
    Probe {
        row: usize,
        col: usize,
        dst: usize,
        verdict: Verdict,
    },
    /// Row `src` will send `left` bytes (from `offset`) to `dst`, over
    /// `links` under the static routing (empty without a topology).
    Chose {
        src: usize,
        dst: usize,
        left: u64,
        offset: u64,
        links: Vec<LinkId>,
    },
    /// Figure 6's compaction: `CCOM(row, hole) = CCOM(row, last)`, then the
    /// last active column is cleared (`prt(row)` drops by one).
    Compact {
        row: usize,
        hole: usize,
        last: usize,
    },
    /// Every candidate of the row was blocked: it sends nothing this phase.
    NoPartner { row: usize },
    /// RS_NH / RS_NLH: the phase's size cap, ⌈h · mean⌉ of the chosen sizes.
    Cap { mean: u64, cap: u64 },
    /// A chosen message is cut to the cap; the rest (`left` bytes) goes back
    /// to the end of row `src`.
    Split {
        src: usize,
        dst: usize,
        sent: u64,
        left: u64,
        offset: u64,
    },
    /// A transfer of the phase table (CPT).
    Send(Transfer),
    /// The phase is complete.
    PhaseEnd { phase: usize },
    /// RS_NH / RS_NLH, at the end: which schedule was kept (the split one
    /// if it makes the sum over phases of the largest transfer smaller
    /// than the unsplit one's, else the unsplit one), with both sums.
    Kept {
        split: bool,
        split_total: u64,
        plain_total: u64,
    },
}

/// What a view of RS_N/RS_NL/RS_NH/RS_NLH draws at one step.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RsState {
    /// The current phase (1-based; 0 before the first).
    pub phase: usize,
    /// The phase's random start row.
    pub start: usize,
    /// The row taking its turn, if any.
    pub row: Option<usize>,
    /// CCOM: the active entries of each row; `prt(i)` is `ccom[i].len() − 1`.
    pub ccom: Vec<Vec<CEntry>>,
    /// `send(i)`: where row i sends in this phase.
    pub send: Vec<Option<usize>>,
    /// `receive(j)`: who sends to j in this phase.
    pub receive: Vec<Option<usize>>,
    /// Links taken in this phase and the message holding each.
    pub busy_links: BTreeMap<LinkId, (usize, usize)>,
    /// The last probe: (row, column, destination, verdict).
    pub probe: Option<(usize, usize, usize, Verdict)>,
    /// The phase's size cap (split variants, once computed).
    pub cap: Option<u64>,
    /// The phase table as issued so far.
    pub transfers: Vec<Transfer>,
    /// Phases completed.
    pub phases_done: usize,
    /// Bytes scheduled so far.
    pub bytes_sent: u64,
    /// CCOM entries examined so far.
    pub probes: u64,
    /// Messages cut so far.
    pub splits: usize,
}

impl RsState {
    /// The state before the first phase, with CCOM as compressed.
    pub fn new(ccom: Vec<Vec<CEntry>>) -> Self {
        let n = ccom.len();
        RsState {
            ccom,
            send: vec![None; n],
            receive: vec![None; n],
            ..RsState::default()
        }
    }

    /// Entries still waiting in CCOM.
    pub fn active(&self) -> usize {
        self.ccom.iter().map(Vec::len).sum()
    }
}

impl Replay for RsState {
    type Event = RsEvent;
    fn apply(&mut self, e: &RsEvent) {
        match e {
            RsEvent::PhaseStart { phase, start } => {
                self.phase = *phase;
                self.start = *start;
                self.row = None;
                self.send.iter_mut().for_each(|s| *s = None);
                self.receive.iter_mut().for_each(|r| *r = None);
                self.busy_links.clear();
                self.probe = None;
                self.cap = None;
                self.transfers.clear();
            }
            RsEvent::LocalCopy(t) | RsEvent::Send(t) => {
                self.transfers.push(*t);
                self.bytes_sent += t.bytes;
            }
            RsEvent::Turn { row } => {
                self.row = Some(*row);
                self.probe = None;
            }
            RsEvent::Probe {
                row,
                col,
                dst,
                verdict,
            } => {
                self.probes += 1;
                self.probe = Some((*row, *col, *dst, verdict.clone()));
            }
            RsEvent::Chose {
                src, dst, links, ..
            } => {
                self.send[*src] = Some(*dst);
                self.receive[*dst] = Some(*src);
                for &l in links {
                    self.busy_links.insert(l, (*src, *dst));
                }
            }
            RsEvent::Compact { row, hole, .. } => {
                self.ccom[*row].swap_remove(*hole);
            }
            RsEvent::NoPartner { .. } | RsEvent::Kept { .. } => {}
            RsEvent::Cap { cap, .. } => self.cap = Some(*cap),
            RsEvent::Split {
                src,
                dst,
                sent,
                left,
                offset,
            } => {
                self.splits += 1;
                self.ccom[*src].push(CEntry {
                    dst: *dst,
                    left: *left,
                    offset: offset + sent,
                });
            }
            RsEvent::PhaseEnd { .. } => {
                self.row = None;
                self.probe = None;
                self.phases_done += 1;
            }
        }
    }
}

/// One sentence describing a step of an RS scheduler, from its events.
pub fn caption(events: &[RsEvent]) -> String {
    match events.first() {
        None => "Before the first phase: CCOM holds every message, each row shuffled.".into(),
        Some(RsEvent::PhaseStart { phase, start }) => {
            let copies = events
                .iter()
                .filter(|e| matches!(e, RsEvent::LocalCopy(_)))
                .count();
            let copies = match copies {
                0 => String::new(),
                k => format!(
                    "; {} done in place",
                    plural(k, "local copy is", "local copies are")
                ),
            };
            format!(
                "Phase {phase} begins: send and receive are cleared and the random start is row {start}{copies}."
            )
        }
        Some(RsEvent::Turn { row }) => turn_caption(*row, &events[1..]),
        Some(RsEvent::Kept {
            split,
            split_total,
            plain_total,
        }) => {
            if *split {
                format!(
                    "Done: the phases' largest transfers add up to {split_total} bytes, against {plain_total} without splitting, so the split schedule is kept."
                )
            } else {
                format!(
                    "Done: splitting would make the phases' largest transfers add up to {split_total} bytes, against {plain_total} without splitting, so the unsplit schedule is kept; the phases shown are the unsplit ones."
                )
            }
        }
        Some(_) => phase_end_caption(events),
    }
}

fn turn_caption(row: usize, events: &[RsEvent]) -> String {
    let mut tried = Vec::new();
    let mut outcome = format!("so row {row} sends nothing this phase");
    for e in events {
        match e {
            RsEvent::Probe { dst, verdict, .. } => match verdict {
                Verdict::Free => tried.push(format!("{dst} (free)")),
                Verdict::NodeBusy { by } => tried.push(format!("{dst} (receiving from {by})")),
                Verdict::LinkBusy { name, by, .. } => {
                    tried.push(format!("{dst} (link {name} used by {} → {})", by.0, by.1))
                }
            },
            RsEvent::Chose { src, dst, left, .. } => {
                outcome = format!(
                    "so {src} → {dst} joins the phase ({})",
                    crate::words::plural_s(*left as usize, "byte")
                )
            }
            RsEvent::Compact { hole, last, .. } if hole != last => {
                outcome.push_str(&format!(" and column {last} moves into hole {hole}"));
            }
            _ => {}
        }
    }
    format!("Row {row} tries {}, {outcome}.", tried.join(", "))
}

fn phase_end_caption(events: &[RsEvent]) -> String {
    let mut phase = 0;
    let (mut sends, mut splits, mut largest) = (0, 0, 0);
    let mut cap = None;
    let mut example = String::new();
    for e in events {
        match e {
            RsEvent::Send(t) => {
                sends += 1;
                largest = largest.max(t.bytes);
            }
            RsEvent::Split {
                src,
                dst,
                sent,
                left,
                ..
            } => {
                if splits == 0 {
                    example = format!(
                        " ({src} → {dst} sends {}, {} to follow)",
                        crate::words::plural_s(*sent as usize, "byte"),
                        left
                    );
                }
                splits += 1;
            }
            RsEvent::Cap { mean, cap: c } => cap = Some((*mean, *c)),
            RsEvent::PhaseEnd { phase: p } => phase = *p,
            _ => {}
        }
    }
    let cut = match cap {
        Some((mean, c)) => format!(
            "; the cap is {c} bytes (mean {mean}), so {} cut{example}",
            match splits {
                0 => "no message is".to_string(),
                k => plural(k, "message is", "messages are"),
            }
        ),
        None => String::new(),
    };
    if sends == 0 {
        return format!("Phase {phase} is issued: it holds only the local copies.");
    }
    format!(
        "Phase {phase} is issued: {}, the largest {largest} bytes{cut}.",
        plural(sends, "transfer", "transfers")
    )
}
