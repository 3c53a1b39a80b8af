//! Step engines: algorithms that advance by explicit units of work.
//!
//! A [`Stepper`] does a bounded amount of work per call to [`Stepper::step`]
//! and says how far along it is. Natively, [`run`] loops it to the end; in the
//! browser the UI calls it in time slices between frames, so a long run shows
//! a progress bar and can be cancelled instead of freezing the page.

/// How far a stepper has come, in its own units (rows, phases, cycles…).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    pub done: u64,
    pub total: u64,
}

impl Progress {
    /// Completed fraction in [0, 1].
    pub fn fraction(&self) -> f64 {
        if self.total == 0 {
            1.0
        } else {
            (self.done as f64 / self.total as f64).min(1.0)
        }
    }
}

/// A computation that advances in small steps.
pub trait Stepper {
    /// What the finished computation yields.
    type Output;
    /// Does one bounded unit of work; returns `false` once nothing is left.
    fn step(&mut self) -> bool;
    /// How far along the computation is.
    fn progress(&self) -> Progress;
    /// The result. Call after `step` has returned `false`.
    fn finish(self: Box<Self>) -> Self::Output;
}

/// Runs a stepper to the end.
pub fn run<S: Stepper + ?Sized>(mut s: Box<S>) -> S::Output {
    while s.step() {}
    s.finish()
}

/// A stepper for a computation that is always quick: one step does it all.
pub struct Immediate<T, F: FnOnce() -> T> {
    work: Option<F>,
    out: Option<T>,
}

impl<T, F: FnOnce() -> T> Immediate<T, F> {
    /// Wraps `work`, which runs on the first `step`.
    pub fn new(work: F) -> Self {
        Immediate {
            work: Some(work),
            out: None,
        }
    }
}

impl<T, F: FnOnce() -> T> Stepper for Immediate<T, F> {
    type Output = T;
    fn step(&mut self) -> bool {
        if let Some(w) = self.work.take() {
            self.out = Some(w());
        }
        false
    }
    fn progress(&self) -> Progress {
        Progress {
            done: self.out.is_some() as u64,
            total: 1,
        }
    }
    fn finish(mut self: Box<Self>) -> T {
        if let Some(w) = self.work.take() {
            return w();
        }
        self.out
            .take()
            .expect("Immediate::finish after its work ran")
    }
}
