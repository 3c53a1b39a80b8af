//! LS, PS, BS and GS as one step engine: one step of the algorithm per
//! call. LS, PS and BS walk a fixed [`Order`]; GS builds each step's pairs
//! greedily ([`super::greedy`]). Then every meeting checks the matrix: an
//! exchange, a send, a receive, or nothing.

use super::Cm5Algo;
use super::events::{Cm5Event, Cm5State};
use super::greedy::Partners;
use super::order::Order;
use crate::algo::outcome::Outcome;
use crate::com::Com;
use crate::schedule::{Promise, Schedule, Transfer};
use crate::step::{Progress, Stepper};
use crate::trace::{Recorder, snapshot_every};

/// The rule of every GS step, for captions.
pub const GREEDY_RULE: &str =
    "each processor in turn pairs with the lowest-numbered free processor it still needs";

enum Plan {
    Fixed(Order),
    Greedy(Partners),
}

/// An LS/PS/BS/GS run in progress.
pub struct Cm5Run<'a> {
    com: &'a Com,
    algo: Cm5Algo,
    plan: Plan,
    k: usize,
    phases: Vec<Vec<Transfer>>,
    delivered: usize,
    probes: u64,
    rec: Option<Recorder<Cm5State>>,
}

/// What an LS/PS/BS/GS run produced (probes count matrix entries, or
/// partner-list entries for GS, examined).
pub type Cm5Outcome = Outcome<Cm5State>;

impl<'a> Cm5Run<'a> {
    /// Prepares `algo` on `com`; `record` keeps a trace.
    pub fn new(algo: Cm5Algo, com: &'a Com, record: bool) -> Self {
        let p = com.n();
        let plan = match algo {
            Cm5Algo::Ls => Plan::Fixed(Order::lex(p)),
            Cm5Algo::Ps => Plan::Fixed(Order::pex(p)),
            Cm5Algo::Bs => Plan::Fixed(Order::bex(p)),
            Cm5Algo::Gs => Plan::Greedy(Partners::of(com)),
        };
        let every = snapshot_every(p.max(com.max_degree()), 0);
        Cm5Run {
            com,
            algo,
            plan,
            k: 0,
            phases: Vec::new(),
            delivered: 0,
            probes: 0,
            rec: record.then(|| Recorder::new(Cm5State::default(), every)),
        }
    }

    fn emit(&mut self, e: Cm5Event) {
        if let Some(r) = &mut self.rec {
            r.event(e);
        }
    }

    fn has_local(&self) -> bool {
        (0..self.com.n()).any(|i| self.com.get(i, i) > 0)
    }

    /// Whether step `k` (1-based) exists.
    fn has_step(&self, k: usize) -> bool {
        let more = match &self.plan {
            Plan::Fixed(o) => k <= o.steps(),
            Plan::Greedy(p) => !p.is_done(),
        };
        more || (k == 1 && self.has_local())
    }

    /// Local copies of step k: LS copies at the receiver's own step, the
    /// others in step 1.
    fn local_copies(&self, k: usize) -> Vec<Transfer> {
        let n = self.com.n();
        let mine = |i: usize| match self.algo {
            Cm5Algo::Ls => i + 1 == k,
            _ => k == 1,
        };
        (0..n)
            .filter(|&i| mine(i) && self.com.get(i, i) > 0)
            .map(|i| Transfer::whole(i, i, self.com.get(i, i)))
            .collect()
    }
}

impl Stepper for Cm5Run<'_> {
    type Output = Cm5Outcome;

    fn step(&mut self) -> bool {
        if !self.has_step(self.k + 1) {
            return false;
        }
        self.k += 1;
        let k = self.k;
        let mut passes = Vec::new();
        let (rule, pairs) = match &mut self.plan {
            Plan::Fixed(o) => {
                let pairs = o.pairs(k);
                self.probes += pairs.len() as u64 * if o.directed() { 1 } else { 2 };
                (o.rule(k), pairs)
            }
            Plan::Greedy(p) => {
                let (pairs, probes) = p.match_step(&mut passes);
                self.probes += probes;
                (GREEDY_RULE.to_string(), pairs)
            }
        };
        self.emit(Cm5Event::Step { k, rule });
        for (node, wanted, by) in passes {
            self.emit(Cm5Event::Pass { node, wanted, by });
        }
        let mut phase = self.local_copies(k);
        let directed = matches!(self.plan, Plan::Fixed(o) if o.directed());
        for &(a, b) in &pairs {
            let ways: &[(usize, usize)] = if directed {
                &[(a, b)]
            } else {
                &[(a, b), (b, a)]
            };
            if !directed {
                self.emit(Cm5Event::Meet { a, b });
            }
            for &(src, dst) in ways {
                match self.com.get(src, dst) {
                    0 if directed => {}
                    0 => self.emit(Cm5Event::Idle { src, dst }),
                    bytes => phase.push(Transfer::whole(src, dst, bytes)),
                }
            }
        }
        for t in &phase {
            self.emit(Cm5Event::Send(*t));
        }
        self.delivered += phase.len();
        if let Some(r) = &mut self.rec {
            r.end_step();
        }
        self.phases.push(phase);
        self.has_step(self.k + 1)
    }

    fn progress(&self) -> Progress {
        Progress {
            done: self.delivered as u64,
            total: self.com.len() as u64,
        }
    }

    fn finish(mut self: Box<Self>) -> Cm5Outcome {
        while self.step() {}
        Cm5Outcome {
            schedule: Schedule {
                n: self.com.n(),
                phases: std::mem::take(&mut self.phases),
                promise: Promise {
                    partial_permutation: self.algo != Cm5Algo::Ls,
                    link_disjoint: false,
                },
            },
            trace: self.rec.take().map(Recorder::finish),
            probes: self.probes,
        }
    }
}
