//! Where an algorithm's events go: a [`Recorder`] when a trace is wanted,
//! nowhere on the fast path.
//!
//! The schedulers are written once, generic over a [`Sink`]. Events are
//! passed as closures, so with [`Off`] an event is never even built: the
//! untraced run (benchmarks, the CLI, large n) pays nothing for the trace,
//! at any optimisation level. Because both paths run the same code and draw
//! the same random numbers, a trace always replays to exactly the schedule
//! of the fast path.

use crate::trace::{Recorder, Replay};

/// A consumer of one algorithm's events.
pub trait Sink<E> {
    /// Whether events are kept.
    const ON: bool;
    /// Records the event `e()` in the current step (`e` is not called when
    /// events are dropped).
    fn emit(&mut self, e: impl FnOnce() -> E);
    /// Closes the current step.
    fn end_step(&mut self);
}

/// The fast path: events are dropped unseen.
pub struct Off;

impl<E> Sink<E> for Off {
    const ON: bool = false;
    #[inline(always)]
    fn emit(&mut self, _: impl FnOnce() -> E) {}
    #[inline(always)]
    fn end_step(&mut self) {}
}

impl<S: Replay> Sink<S::Event> for Recorder<S> {
    const ON: bool = true;
    fn emit(&mut self, e: impl FnOnce() -> S::Event) {
        Recorder::event(self, e());
    }
    fn end_step(&mut self) {
        Recorder::end_step(self);
    }
}
