//! The Figure 6 loop of NICE, shared by RS_N, RS_NL, RS_NH and RS_NLH, as a
//! step engine: one step is a phase's start, one row's turn, or a phase's
//! end. See the module above for the algorithm and its choices.

use super::RsConfig;
use super::events::{CEntry, RsEvent, RsState, Verdict};
use super::links::Links;
use crate::algo::outcome::Outcome;
use crate::com::Com;
use crate::rng::Rng;
use crate::schedule::{Promise, Schedule, Transfer, largest_network_transfer};
use crate::step::{Progress, Stepper};
use crate::trace::{Recorder, snapshot_every};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    Begin,
    Rows,
    Done,
}

/// An RS scheduler in progress.
pub struct Rs {
    n: usize,
    rng: Rng,
    ccom: Vec<Vec<CEntry>>,
    active: usize,
    links: Option<Links>,
    split: Option<f64>,
    send: Vec<Option<usize>>,
    receive: Vec<Option<usize>>,
    chosen: Vec<(usize, CEntry)>,
    local: Vec<Transfer>,
    stage: Stage,
    phase: usize,
    start: usize,
    y: usize,
    current: Vec<Transfer>,
    phases: Vec<Vec<Transfer>>,
    probes: u64,
    sent: u64,
    total: u64,
    rec: Option<Recorder<RsState>>,
    /// RS_NH and RS_NLH: the matrix and configuration, to compare their
    /// schedule with the unsplit one at the end (see [`Rs::finish`]).
    compare: Option<(Com, RsConfig)>,
}

/// What an RS run produced (probes count CCOM entries examined).
pub type RsOutcome = Outcome<RsState>;

impl Rs {
    /// Compresses COM into CCOM (shuffling each row) and prepares the run.
    /// `cfg` must have been validated for `com.n()`.
    pub(crate) fn new(com: &Com, cfg: &RsConfig, record: bool) -> Rs {
        let n = com.n();
        let mut rng = Rng::new(cfg.seed);
        let mut local = Vec::new();
        let mut ccom: Vec<Vec<CEntry>> = Vec::with_capacity(n);
        for i in 0..n {
            let mut row = Vec::with_capacity(com.row(i).len());
            for (dst, bytes) in com.row(i) {
                if dst == i {
                    local.push(Transfer::whole(i, i, bytes));
                } else {
                    row.push(CEntry {
                        dst,
                        left: bytes,
                        offset: 0,
                    });
                }
            }
            rng.shuffle(&mut row);
            ccom.push(row);
        }
        let active: usize = ccom.iter().map(Vec::len).sum();
        let links = cfg.topology(n).map(|spec| Links::new(spec, &ccom));
        let rec = record.then(|| {
            let steps = (active + 1) * 4;
            Recorder::new(
                RsState::new(ccom.clone()),
                snapshot_every(steps, active + n),
            )
        });
        Rs {
            n,
            rng,
            active,
            links,
            split: cfg.variant.splits().then_some(cfg.h()),
            send: vec![None; n],
            receive: vec![None; n],
            chosen: Vec::new(),
            local,
            stage: Stage::Begin,
            phase: 0,
            start: 0,
            y: 0,
            current: Vec::new(),
            phases: Vec::new(),
            probes: 0,
            sent: 0,
            total: com.total_bytes(),
            rec,
            ccom,
            compare: cfg.variant.splits().then(|| (com.clone(), *cfg)),
        }
    }

    /// Runs to the end and returns the outcome, with `note` as a last step
    /// of the trace.
    fn finish_noted(mut self, note: Option<RsEvent>) -> RsOutcome {
        while self.step() {}
        if let Some(e) = note {
            self.emit(e);
            self.end_step();
        }
        RsOutcome {
            schedule: Schedule {
                n: self.n,
                phases: std::mem::take(&mut self.phases),
                promise: Promise {
                    partial_permutation: true,
                    link_disjoint: self.links.is_some(),
                },
            },
            trace: self.rec.take().map(Recorder::finish),
            probes: self.probes,
        }
    }

    fn emit(&mut self, e: RsEvent) {
        if let Some(r) = &mut self.rec {
            r.event(e);
        }
    }

    fn end_step(&mut self) {
        if let Some(r) = &mut self.rec {
            r.end_step();
        }
    }

    fn begin_phase(&mut self) {
        self.phase += 1;
        self.start = self.rng.below(self.n);
        self.send.iter_mut().for_each(|s| *s = None);
        self.receive.iter_mut().for_each(|r| *r = None);
        if let Some(l) = &mut self.links {
            l.clear();
        }
        self.emit(RsEvent::PhaseStart {
            phase: self.phase,
            start: self.start,
        });
        for t in std::mem::take(&mut self.local) {
            self.emit(RsEvent::LocalCopy(t));
            self.sent += t.bytes;
            self.current.push(t);
        }
        self.end_step();
        self.stage = Stage::Rows;
        self.y = 0;
    }

    /// Row i's turn: the inner while loop of Figure 6.
    fn turn(&mut self, i: usize) {
        self.emit(RsEvent::Turn { row: i });
        let mut j = 0;
        while self.send[i].is_none() && j < self.ccom[i].len() {
            let e = self.ccom[i][j];
            let k = e.dst;
            self.probes += 1;
            let verdict = if let Some(by) = self.receive[k] {
                Verdict::NodeBusy { by }
            } else if let Some((link, by)) = self.links.as_ref().and_then(|l| l.conflict(i, j)) {
                let name = match (&self.rec, &self.links) {
                    (Some(_), Some(l)) => l.label(link),
                    _ => String::new(),
                };
                Verdict::LinkBusy { link, name, by }
            } else {
                Verdict::Free
            };
            let free = verdict == Verdict::Free;
            self.emit(RsEvent::Probe {
                row: i,
                col: j,
                dst: k,
                verdict,
            });
            if free {
                self.send[i] = Some(k);
                self.receive[k] = Some(i);
                let route = match &mut self.links {
                    Some(l) => l.take(i, j, (i, k)),
                    None => Vec::new(),
                };
                self.chosen.push((i, e));
                self.emit(RsEvent::Chose {
                    src: i,
                    dst: k,
                    left: e.left,
                    offset: e.offset,
                    links: route,
                });
                let last = self.ccom[i].len() - 1;
                self.emit(RsEvent::Compact {
                    row: i,
                    hole: j,
                    last,
                });
                self.ccom[i].swap_remove(j);
                self.active -= 1;
            }
            j += 1;
        }
        if self.send[i].is_none() {
            self.emit(RsEvent::NoPartner { row: i });
        }
        self.end_step();
    }

    /// Issues the phase: RS_NH's cap and splits, then the transfers.
    fn end_phase(&mut self) {
        let chosen = std::mem::take(&mut self.chosen);
        let cap = match (self.split, chosen.len()) {
            (Some(h), m) if m > 0 => {
                let sum: u64 = chosen.iter().map(|(_, e)| e.left).sum();
                let cap = ((sum as f64 / m as f64) * h).ceil().max(1.0) as u64;
                self.emit(RsEvent::Cap {
                    mean: sum / m as u64,
                    cap,
                });
                cap
            }
            _ => u64::MAX,
        };
        for (src, e) in chosen {
            let sent = e.left.min(cap);
            if sent < e.left {
                let rest = CEntry {
                    dst: e.dst,
                    left: e.left - sent,
                    offset: e.offset + sent,
                };
                self.emit(RsEvent::Split {
                    src,
                    dst: e.dst,
                    sent,
                    left: rest.left,
                    offset: e.offset,
                });
                self.ccom[src].push(rest);
                if let Some(l) = &mut self.links {
                    l.requeue(src, e.dst);
                }
                self.active += 1;
            }
            let t = Transfer {
                src,
                dst: e.dst,
                bytes: sent,
                offset: e.offset,
            };
            self.emit(RsEvent::Send(t));
            self.sent += sent;
            self.current.push(t);
        }
        self.emit(RsEvent::PhaseEnd { phase: self.phase });
        self.phases.push(std::mem::take(&mut self.current));
        self.end_step();
        self.stage = if self.active == 0 {
            Stage::Done
        } else {
            Stage::Begin
        };
    }
}

impl Stepper for Rs {
    type Output = RsOutcome;

    fn step(&mut self) -> bool {
        match self.stage {
            Stage::Begin if self.active == 0 && self.local.is_empty() => self.stage = Stage::Done,
            Stage::Begin => self.begin_phase(),
            Stage::Rows => {
                while self.y < self.n && self.ccom[(self.start + self.y) % self.n].is_empty() {
                    self.y += 1;
                }
                if self.y < self.n {
                    let i = (self.start + self.y) % self.n;
                    self.y += 1;
                    self.turn(i);
                } else {
                    self.end_phase();
                }
            }
            Stage::Done => {}
        }
        self.stage != Stage::Done
    }

    fn progress(&self) -> Progress {
        Progress {
            done: self.sent,
            total: self.total,
        }
    }

    /// RS_NH and RS_NLH exist to shorten the phases: a phase lasts as long
    /// as its largest transfer. On some matrices (few messages per
    /// processor, where the unsplit phases are already few) the cut pieces
    /// make more phases whose largest transfers add up to more than
    /// before. The book's RS_NH therefore compares its schedule with the
    /// unsplit one (RS_N or RS_NL with the same seed) and keeps the split
    /// schedule only if the sum over phases of the largest transfer is
    /// smaller; otherwise it returns the unsplit schedule. Either way the
    /// trace ends with a step saying which it kept and why.
    fn finish(mut self: Box<Self>) -> RsOutcome {
        while self.step() {}
        let Some((com, cfg)) = self.compare.take() else {
            return self.finish_noted(None);
        };
        let plain_cfg = RsConfig {
            variant: cfg.variant.unsplit(),
            split: None,
            ..cfg
        };
        // Local copies are done in place: they do not set a phase's length.
        let total = |phases: &[Vec<Transfer>]| -> u64 {
            phases.iter().map(|p| largest_network_transfer(p)).sum()
        };
        let split_total = total(&self.phases);
        let record = self.rec.is_some();
        let mut plain = Rs::new(&com, &plain_cfg, record);
        while plain.step() {}
        let plain_total = total(&plain.phases);
        let split = split_total < plain_total;
        let note = RsEvent::Kept {
            split,
            split_total,
            plain_total,
        };
        let kept = if split { *self } else { plain };
        kept.finish_noted(Some(note))
    }
}
