//! What LS, PS, BS and GS record: typed events, the view state, captions.

use crate::schedule::Transfer;
use crate::trace::Replay;
use crate::words::plural;

/// One action of an irregular scheduler of paper 004 §5.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cm5Event {
    /// Step `k` (1-based) begins; `rule` says who meets whom.
    Step { k: usize, rule: String },
    /// GS: `node` still needs `wanted`, but `wanted` is already paired with
    /// `by` in this step.
    Pass {
        node: usize,
        wanted: usize,
        by: usize,
    },
    /// `a` and `b` meet (PS, BS, GS), a < b.
    Meet { a: usize, b: usize },
    /// A message travels.
    Send(Transfer),
    /// `src` meets `dst` but has nothing for it: the slot is wasted.
    Idle { src: usize, dst: usize },
}

/// The view state of LS/PS/BS/GS at some step.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cm5State {
    /// The current step (0 before the first).
    pub k: usize,
    /// The rule of the current step.
    pub rule: String,
    /// Pairs meeting in the current step.
    pub pairs: Vec<(usize, usize)>,
    /// GS: (node, wanted, by) for each partner found taken in this step.
    pub passes: Vec<(usize, usize, usize)>,
    /// Transfers of the current step.
    pub sends: Vec<Transfer>,
    /// Wasted send slots in the current step.
    pub idle: usize,
    /// Messages delivered so far, this step included.
    pub delivered: usize,
    /// Wasted send slots so far.
    pub idle_total: usize,
}

impl Replay for Cm5State {
    type Event = Cm5Event;
    fn apply(&mut self, e: &Cm5Event) {
        match e {
            Cm5Event::Step { k, rule } => {
                self.k = *k;
                self.rule = rule.clone();
                self.pairs.clear();
                self.passes.clear();
                self.sends.clear();
                self.idle = 0;
            }
            Cm5Event::Pass { node, wanted, by } => self.passes.push((*node, *wanted, *by)),
            Cm5Event::Meet { a, b } => self.pairs.push((*a, *b)),
            Cm5Event::Send(t) => {
                self.sends.push(*t);
                self.delivered += 1;
            }
            Cm5Event::Idle { .. } => {
                self.idle += 1;
                self.idle_total += 1;
            }
        }
    }
}

fn count(events: &[Cm5Event], f: impl Fn(&Cm5Event) -> bool) -> usize {
    events.iter().filter(|e| f(e)).count()
}

/// One sentence for a step of LS, PS, BS or GS.
pub fn caption(events: &[Cm5Event]) -> String {
    let Some(Cm5Event::Step { k, rule }) = events.first() else {
        return "Before the first step: nothing has been sent.".into();
    };
    let sends = count(events, |e| matches!(e, Cm5Event::Send(_)));
    let meets = count(events, |e| matches!(e, Cm5Event::Meet { .. }));
    let idle = count(events, |e| matches!(e, Cm5Event::Idle { .. }));
    let passes = count(events, |e| matches!(e, Cm5Event::Pass { .. }));
    let mut s = format!("Step {k}: {rule}. ");
    if meets == 0 {
        s.push_str(&plural(sends, "message travels", "messages travel"));
    } else {
        s.push_str(&format!(
            "{} and {}",
            plural(meets, "pair meets", "pairs meet"),
            plural(sends, "message travels", "messages travel")
        ));
    }
    if passes > 0 {
        s.push_str(&format!(
            "; {} already taken",
            plural(passes, "wanted partner was", "wanted partners were")
        ));
    }
    if idle > 0 {
        s.push_str(&format!(
            "; {}",
            plural(idle, "send slot goes unused", "send slots go unused")
        ));
    }
    s.push('.');
    s
}
