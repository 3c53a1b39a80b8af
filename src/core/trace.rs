//! Traces: what an algorithm did, step by step, as values.
//!
//! Every algorithm in the core reports its work as typed events grouped into
//! steps. A [`Trace`] stores the state before the first step plus the events,
//! and keeps a snapshot of the state every few steps, so the reader can jump
//! to any step (forward or back) by replaying at most a few steps from the
//! nearest snapshot. Views render [`Trace::state_at`] and never rerun the
//! algorithm; captions are written from the events of a step.
//!
//! Position 0 is the initial state; position `i` (1 ≤ i ≤ `len()`) is the
//! state after step `i`.

use std::ops::Range;

/// A view state that can be advanced by the events of an algorithm.
pub trait Replay: Clone {
    /// The algorithm's event type.
    type Event: Clone;
    /// Applies one event. Must be deterministic: the same events from the
    /// same state always give the same state.
    fn apply(&mut self, event: &Self::Event);
}

/// A recorded run: the initial state, every step's events, and snapshots.
#[derive(Clone, Debug)]
pub struct Trace<S: Replay> {
    initial: S,
    events: Vec<S::Event>,
    /// Event ranges, one per step.
    steps: Vec<Range<usize>>,
    /// `snapshots[k]` is the state after step `(k + 1) * every`.
    snapshots: Vec<S>,
    every: usize,
}

impl<S: Replay> Trace<S> {
    /// Number of steps (positions run from 0 to `len()` inclusive).
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// True when the run took no step.
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// The state before the first step.
    pub fn initial(&self) -> &S {
        &self.initial
    }

    /// The events of step `pos` (1-based); position 0 and positions past the
    /// end have none.
    pub fn events(&self, pos: usize) -> &[S::Event] {
        match pos.checked_sub(1).and_then(|i| self.steps.get(i)) {
            Some(r) => &self.events[r.clone()],
            None => &[],
        }
    }

    /// The state after step `pos` (clamped to `len()`).
    pub fn state_at(&self, pos: usize) -> S {
        let pos = pos.min(self.len());
        let k = pos / self.every;
        let (mut state, from) = if k == 0 {
            (self.initial.clone(), 0)
        } else {
            (self.snapshots[k - 1].clone(), k * self.every)
        };
        for step in from..pos {
            for e in &self.events[self.steps[step].clone()] {
                state.apply(e);
            }
        }
        state
    }

    /// The state after the last step.
    pub fn final_state(&self) -> S {
        self.state_at(self.len())
    }

    /// Every event, in order.
    pub fn all_events(&self) -> &[S::Event] {
        &self.events
    }
}

/// Records events while an algorithm runs, keeping the running state so it
/// can snapshot it.
#[derive(Clone, Debug)]
pub struct Recorder<S: Replay> {
    initial: S,
    state: S,
    events: Vec<S::Event>,
    steps: Vec<Range<usize>>,
    snapshots: Vec<S>,
    step_start: usize,
    every: usize,
}

impl<S: Replay> Recorder<S> {
    /// Starts a recording from `initial`, snapshotting every `every` steps.
    /// Choose `every` so that replaying that many steps is cheap while
    /// `len / every` clones of the state still fit in memory.
    pub fn new(initial: S, every: usize) -> Self {
        Recorder {
            state: initial.clone(),
            initial,
            events: Vec::new(),
            steps: Vec::new(),
            snapshots: Vec::new(),
            step_start: 0,
            every: every.max(1),
        }
    }

    /// Records an event of the current step and applies it to the running
    /// state.
    pub fn event(&mut self, e: S::Event) {
        self.state.apply(&e);
        self.events.push(e);
    }

    /// Closes the current step (even when it had no events).
    pub fn end_step(&mut self) {
        self.steps.push(self.step_start..self.events.len());
        self.step_start = self.events.len();
        if self.steps.len().is_multiple_of(self.every) {
            self.snapshots.push(self.state.clone());
        }
    }

    /// The running state (after every event recorded so far).
    pub fn state(&self) -> &S {
        &self.state
    }

    /// Steps closed so far.
    pub fn steps(&self) -> usize {
        self.steps.len()
    }

    /// Finishes the recording; events after the last `end_step` form a final
    /// step.
    pub fn finish(mut self) -> Trace<S> {
        if self.step_start < self.events.len() {
            self.end_step();
        }
        Trace {
            initial: self.initial,
            events: self.events,
            steps: self.steps,
            snapshots: self.snapshots,
            every: self.every,
        }
    }
}

/// A snapshot spacing for a run of about `steps` steps whose state costs
/// about `state_size` units to clone: roughly √steps, and never so dense that
/// the snapshots outweigh about 16 M units.
pub fn snapshot_every(steps: usize, state_size: usize) -> usize {
    let by_sqrt = (steps as f64).sqrt().ceil() as usize;
    let by_memory = (steps.saturating_mul(state_size.max(1)) / (16 << 20)).max(1);
    by_sqrt.max(by_memory).clamp(1, 4096)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Debug, PartialEq)]
    struct Sum(i64);
    impl Replay for Sum {
        type Event = i64;
        fn apply(&mut self, e: &i64) {
            self.0 += e;
        }
    }

    #[test]
    fn seek_matches_linear_replay() {
        let mut r = Recorder::new(Sum(0), 3);
        for i in 1..=10 {
            r.event(i);
            if i % 2 == 0 {
                r.event(100);
            }
            r.end_step();
        }
        let t = r.finish();
        assert_eq!(t.len(), 10);
        let mut linear = Sum(0);
        assert_eq!(t.state_at(0), linear);
        for pos in 1..=10 {
            for e in t.events(pos) {
                linear.apply(e);
            }
            assert_eq!(t.state_at(pos), linear, "position {pos}");
        }
        // Seeking backwards is the same as seeking forwards.
        assert_eq!(t.state_at(4), Sum(1 + 2 + 3 + 4 + 200));
        assert_eq!(t.state_at(99), t.final_state());
        assert!(t.events(0).is_empty() && t.events(11).is_empty());
    }

    #[test]
    fn spacing_is_sane() {
        assert_eq!(snapshot_every(0, 10), 1);
        assert_eq!(snapshot_every(100, 10), 10);
        // 16 M units hold 16 states of 1 M units: one every 625 of 10 000 steps.
        assert_eq!(snapshot_every(10_000, 1 << 20), 625);
    }
}
