//! Where an algorithm's events go: a [`Recorder`] when a trace is wanted,
//! nowhere on the fast path.
//!
//! The schedulers are written once, generic over a [`Sink`]. With [`Off`]
//! every `event` call compiles to nothing, so the untraced run (benchmarks,
//! the CLI, large n) pays nothing for the trace; events that would allocate
//! (a copied row, a permutation) are built only under `if K::ON`. Because
//! both paths run the same code and draw the same random numbers, a trace
//! always replays to exactly the schedule of the fast path.

use crate::core::trace::{Recorder, Replay};

/// A consumer of one algorithm's events.
pub trait Sink<E> {
    /// Whether events are kept; callers skip building costly events when not.
    const ON: bool;
    /// Records one event of the current step.
    fn event(&mut self, e: E);
    /// Closes the current step.
    fn end_step(&mut self);
}

/// The fast path: events are dropped unseen.
pub struct Off;

impl<E> Sink<E> for Off {
    const ON: bool = false;
    #[inline(always)]
    fn event(&mut self, _: E) {}
    #[inline(always)]
    fn end_step(&mut self) {}
}

impl<S: Replay> Sink<S::Event> for Recorder<S> {
    const ON: bool = true;
    fn event(&mut self, e: S::Event) {
        Recorder::event(self, e);
    }
    fn end_step(&mut self) {
        Recorder::end_step(self);
    }
}
