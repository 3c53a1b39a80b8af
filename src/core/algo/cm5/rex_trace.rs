//! The trace of REX: which blocks each processor holds after each step.

use super::rex::{Block, Carry, Rex};
use crate::trace::{Recorder, Replay, Trace};

impl Rex {
    /// The trace: one step per exchange step.
    pub fn trace(&self) -> Trace<RexState> {
        let initial = RexState {
            step: 0,
            holds: (0..self.p)
                .map(|j| (0..self.p).map(|d| (j as u32, d as u32)).collect())
                .collect(),
            carries: Vec::new(),
        };
        let mut rec = Recorder::new(initial, 1);
        for (i, s) in self.steps.iter().enumerate() {
            rec.event(RexEvent::Step {
                i: i + 1,
                pairs: s.pairs.clone(),
            });
            for c in &s.carries {
                rec.event(RexEvent::Carry(c.clone()));
            }
            rec.end_step();
        }
        rec.finish()
    }
}

/// What REX does in a step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RexEvent {
    /// Step `i` begins with these pairs.
    Step {
        i: usize,
        pairs: Vec<(usize, usize)>,
    },
    /// One side of an exchange.
    Carry(Carry),
}

/// The view state: which blocks each processor holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RexState {
    /// The current step (0 before the first).
    pub step: usize,
    /// Blocks held by each processor.
    pub holds: Vec<Vec<Block>>,
    /// The carries of the current step.
    pub carries: Vec<Carry>,
}

impl Replay for RexState {
    type Event = RexEvent;
    fn apply(&mut self, e: &RexEvent) {
        match e {
            RexEvent::Step { i, .. } => {
                self.step = *i;
                self.carries.clear();
            }
            RexEvent::Carry(c) => {
                if let Some(h) = self.holds.get_mut(c.from) {
                    h.retain(|b| !c.blocks.contains(b));
                }
                if let Some(h) = self.holds.get_mut(c.to) {
                    h.extend_from_slice(&c.blocks);
                }
                self.carries.push(c.clone());
            }
        }
    }
}

/// One sentence for a REX step.
pub fn caption(p: usize, events: &[RexEvent]) -> String {
    match events.first() {
        Some(RexEvent::Step { i, pairs }) => {
            let half = p >> i;
            format!(
                "Step {i}: each processor j exchanges with j ⊕ {half} ({} pairs), sending the {} blocks whose destinations lie on its partner's side.",
                pairs.len(),
                p / 2
            )
        }
        _ => {
            "Before the first step: every processor holds its p blocks, one per destination.".into()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trace_ends_with_every_block_home() {
        let r = Rex::new(8).unwrap();
        let t = r.trace();
        assert_eq!(t.len(), 3);
        let last = t.final_state();
        for (d, held) in last.holds.iter().enumerate() {
            assert_eq!(held.len(), 8);
            assert!(held.iter().all(|&(_, dst)| dst as usize == d));
        }
        assert_eq!(
            caption(8, t.events(1)),
            "Step 1: each processor j exchanges with j ⊕ 4 (4 pairs), sending the 4 blocks whose destinations lie on its partner's side."
        );
    }
}
