//! Linear permutation, LP (paper 000, §3.2, Figure 3).
//!
//! At step k every processor `P_i` meets its partner `j` (`i ⊕ k` when n is
//! a power of two; see [`super::pairing`] for other n). If `COM(i, j) > 0`,
//! `P_i` sends to `P_j`; if `COM(j, i) > 0`, it receives from `P_j`. Each
//! step is therefore a partial permutation made of pairwise exchanges, and
//! the schedule always has n − 1 steps (n for odd n) however sparse COM is:
//! its scheduling work is O(n) per processor but its cost is about
//! n·τ + d·M·φ, where a perfect schedule would pay about d·(τ + M·φ).
//!
//! Local copies (`COM(i, i) > 0`) happen in the first step; they use no port
//! (see [`crate::schedule`]). With n = 1 that copy is the only step.
//!
//! ```
//! use commbook_core::{algo::lp, com::Com, verify::verify};
//! let com = Com::from_rows(&[
//!     vec![0, 8, 0, 0],
//!     vec![0, 0, 8, 0],
//!     vec![0, 0, 0, 8],
//!     vec![8, 0, 0, 0],
//! ]).unwrap();
//! let (schedule, trace) = lp::trace(&com);
//! assert_eq!(schedule.len(), 3);                     // n − 1 steps
//! assert_eq!(schedule.phases[0].len(), 2);           // i ⊕ 1: 0→1 and 2→3 travel
//! assert_eq!(schedule.phases[1].len(), 0);           // i ⊕ 2: nobody has anything to send
//! assert_eq!(trace.len(), 3);
//! assert!(verify(&com, &schedule, None).is_ok());
//! ```

use super::pairing::Pairing;
use crate::com::Com;
use crate::schedule::{Promise, Schedule, Transfer};
use crate::step::{Progress, Stepper};
use crate::trace::{Recorder, Replay, Trace, snapshot_every};
use std::borrow::Borrow;

/// What LP did in a step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LpEvent {
    /// Step `k` starts; `pairs` meet in it.
    Meet {
        k: usize,
        pairs: Vec<(usize, usize)>,
    },
    /// A message travels.
    Send(Transfer),
    /// `src` meets `dst` but has nothing for it: the slot is wasted.
    Idle { src: usize, dst: usize },
}

/// The view state of an LP run at some step.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LpState {
    /// The current step (0 before the first).
    pub k: usize,
    /// Pairs meeting in the current step.
    pub pairs: Vec<(usize, usize)>,
    /// Transfers of the current step.
    pub sends: Vec<Transfer>,
    /// Wasted send slots in the current step.
    pub idle: usize,
    /// Messages delivered so far, this step included.
    pub delivered: usize,
    /// Wasted send slots so far.
    pub idle_total: usize,
}

impl Replay for LpState {
    type Event = LpEvent;
    fn apply(&mut self, e: &LpEvent) {
        match e {
            LpEvent::Meet { k, pairs } => {
                self.k = *k;
                self.pairs = pairs.clone();
                self.sends.clear();
                self.idle = 0;
            }
            LpEvent::Send(t) => {
                self.sends.push(*t);
                self.delivered += 1;
            }
            LpEvent::Idle { .. } => {
                self.idle += 1;
                self.idle_total += 1;
            }
        }
    }
}

/// Caption for one LP step.
pub fn caption(pairing: &Pairing, events: &[LpEvent]) -> String {
    let Some(LpEvent::Meet { k, pairs }) = events.first() else {
        return "Before the first step: nothing has been sent.".into();
    };
    let sends = events
        .iter()
        .filter(|e| matches!(e, LpEvent::Send(t) if t.src != t.dst))
        .count();
    let copies = events
        .iter()
        .filter(|e| matches!(e, LpEvent::Send(t) if t.src == t.dst))
        .count();
    let idle = events
        .iter()
        .filter(|e| matches!(e, LpEvent::Idle { .. }))
        .count();
    let rule = if *k <= pairing.steps() {
        pairing.rule(*k)
    } else {
        String::new()
    };
    let plural = |c: usize, one: &'static str, many: &'static str| if c == 1 { one } else { many };
    let local = match copies {
        0 => String::new(),
        c => format!(
            " {c} local cop{} made in place.",
            plural(c, "y is", "ies are")
        ),
    };
    format!(
        "Step {k}: {rule}. {} pair{} meet{}; {sends} message{} travel{} and {idle} send slot{} go{} unused.{local}",
        pairs.len(),
        plural(pairs.len(), "", "s"),
        plural(pairs.len(), "s", ""),
        plural(sends, "", "s"),
        plural(sends, "s", ""),
        plural(idle, "", "s"),
        plural(idle, "es", ""),
    )
}

/// LP as a step engine: one step of the algorithm per call. It holds its
/// matrix as anything that borrows as a `Com` (`&Com` natively, `Rc<Com>`
/// where the run must own it, as in the browser's sliced jobs).
pub struct Lp<C: Borrow<Com>> {
    com: C,
    pairing: Pairing,
    k: usize,
    steps: usize,
    phases: Vec<Vec<Transfer>>,
    rec: Option<Recorder<LpState>>,
}

impl<C: Borrow<Com>> Lp<C> {
    /// Prepares LP on `com`; `record` keeps a trace.
    pub fn new(com: C, record: bool) -> Self {
        let m: &Com = com.borrow();
        let pairing = Pairing::for_n(m.n());
        let has_local = (0..m.n()).any(|i| m.get(i, i) > 0);
        let steps = pairing.steps().max(has_local as usize);
        let every = snapshot_every(steps, 0);
        Lp {
            com,
            pairing,
            k: 0,
            steps,
            phases: Vec::with_capacity(steps),
            rec: record.then(|| Recorder::new(LpState::default(), every)),
        }
    }

    /// The pairing in use.
    pub fn pairing(&self) -> Pairing {
        self.pairing
    }

    fn emit(&mut self, e: LpEvent) {
        if let Some(r) = &mut self.rec {
            r.event(e);
        }
    }
}

/// What an LP run produced.
pub struct LpOutcome {
    pub schedule: Schedule,
    pub trace: Option<Trace<LpState>>,
    pub pairing: Pairing,
    /// Entries of COM examined: each processor looks at one partner per step.
    pub probes: u64,
}

impl<C: Borrow<Com>> Stepper for Lp<C> {
    type Output = LpOutcome;

    fn step(&mut self) -> bool {
        if self.k >= self.steps {
            return false;
        }
        self.k += 1;
        let k = self.k;
        let com: &Com = self.com.borrow();
        let n = com.n();
        let pairs = if k <= self.pairing.steps() {
            self.pairing.pairs(k)
        } else {
            Vec::new()
        };
        let mut phase = Vec::new();
        let mut idle = Vec::new();
        if k == 1 {
            for i in (0..n).filter(|&i| com.get(i, i) > 0) {
                phase.push(Transfer::whole(i, i, com.get(i, i)));
            }
        }
        for &(a, b) in &pairs {
            for (src, dst) in [(a, b), (b, a)] {
                match com.get(src, dst) {
                    0 => idle.push(LpEvent::Idle { src, dst }),
                    bytes => phase.push(Transfer::whole(src, dst, bytes)),
                }
            }
        }
        if self.rec.is_some() {
            self.emit(LpEvent::Meet { k, pairs });
            for e in idle {
                self.emit(e);
            }
            for t in &phase {
                self.emit(LpEvent::Send(*t));
            }
        }
        if let Some(r) = &mut self.rec {
            r.end_step();
        }
        self.phases.push(phase);
        self.k < self.steps
    }

    fn progress(&self) -> Progress {
        Progress {
            done: self.k as u64,
            total: self.steps as u64,
        }
    }

    fn finish(mut self: Box<Self>) -> LpOutcome {
        while self.step() {}
        let n = self.com.borrow().n();
        LpOutcome {
            schedule: Schedule {
                n,
                phases: std::mem::take(&mut self.phases),
                promise: Promise {
                    partial_permutation: true,
                    link_disjoint: false,
                },
            },
            trace: self.rec.take().map(Recorder::finish),
            pairing: self.pairing,
            probes: (n * self.pairing.steps()) as u64,
        }
    }
}

/// Runs LP without a trace.
pub fn schedule(com: &Com) -> Schedule {
    crate::step::run(Box::new(Lp::new(com, false))).schedule
}

/// Runs LP and records its trace.
pub fn trace(com: &Com) -> (Schedule, Trace<LpState>) {
    let out = crate::step::run(Box::new(Lp::new(com, true)));
    let trace = out.trace.expect("recording was requested");
    (out.schedule, trace)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::com::fig7::Fig7Config;
    use crate::verify::verify;

    #[test]
    fn thirty_one_steps_on_thirty_two() {
        let com = Fig7Config::new(32, 4, 1).generate().unwrap();
        let s = schedule(&com);
        assert_eq!(s.len(), 31);
        assert_eq!(verify(&com, &s, None), Ok(()));
    }

    #[test]
    fn trace_replays_to_the_schedule() {
        let com = Fig7Config::new(12, 3, 5).generate().unwrap();
        let (s, t) = trace(&com);
        assert_eq!(t.len(), s.len());
        for (k, phase) in s.phases.iter().enumerate() {
            let st = t.state_at(k + 1);
            assert_eq!(&st.sends, phase, "step {}", k + 1);
        }
        assert_eq!(t.final_state().delivered, com.len());
        // Every meeting examines two directions; the ones without a message idle.
        let meetings: usize = (1..=s.len()).map(|k| t.state_at(k).pairs.len()).sum();
        assert_eq!(
            2 * meetings,
            com.len() - local_copies(&com) + t.final_state().idle_total
        );
    }

    fn local_copies(com: &Com) -> usize {
        (0..com.n()).filter(|&i| com.get(i, i) > 0).count()
    }

    #[test]
    fn odd_n_and_single_processor() {
        let com = Fig7Config::new(7, 6, 2).generate().unwrap();
        let s = schedule(&com);
        assert_eq!(s.len(), 7);
        assert_eq!(verify(&com, &s, None), Ok(()));
        let one = Com::from_rows(&[vec![5]]).unwrap();
        let s1 = schedule(&one);
        assert_eq!(s1.len(), 1);
        assert_eq!(verify(&one, &s1, None), Ok(()));
        assert_eq!(schedule(&Com::empty(1).unwrap()).len(), 0);
    }

    #[test]
    fn caption_reads_well() {
        let com = Com::from_rows(&[
            vec![0, 1, 0, 0],
            vec![0, 0, 0, 0],
            vec![0, 0, 0, 1],
            vec![0, 0, 0, 0],
        ])
        .unwrap();
        let (_, t) = trace(&com);
        let p = Pairing::for_n(4);
        assert_eq!(
            caption(&p, t.events(1)),
            "Step 1: each processor i pairs with i ⊕ 1. 2 pairs meet; 2 messages travel and 2 send slots go unused."
        );
        assert_eq!(
            caption(&p, t.events(0)),
            "Before the first step: nothing has been sent."
        );
    }
}
