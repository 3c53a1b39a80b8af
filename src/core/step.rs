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

    /// What is left, in words ("about 40 s left", "about 3 min left"), at
    /// the pace so far, once the pace means something: after
    /// [`ESTIMATE_AFTER_MS`] and 2 % of the work, and while at least 5 s
    /// are left (a shorter wait needs no estimate).
    pub fn time_left(&self, elapsed_ms: f64) -> Option<String> {
        let f = self.fraction();
        if elapsed_ms < ESTIMATE_AFTER_MS || !(0.02..1.0).contains(&f) {
            return None;
        }
        let left_s = elapsed_ms * (1.0 - f) / f / 1000.0;
        match left_s {
            s if s < 5.0 => None,
            s if s < 90.0 => Some(format!("about {} s left", (s / 5.0).round() as u64 * 5)),
            s => Some(format!("about {} min left", (s / 60.0).round() as u64)),
        }
    }
}

/// A computation's pace is taken as its estimate only after this long.
pub const ESTIMATE_AFTER_MS: f64 = 3000.0;

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
    /// Something worth showing while the work goes on (the network
    /// animator's live picture of a long simulation); most have none.
    fn preview(&self) -> Option<Self::Output> {
        None
    }
    /// Whether the page should be painted before this starts: work whose
    /// result sits below the text (a chapter's exercises) must not delay
    /// the first picture of the page. Most start at once.
    fn after_paint(&self) -> bool {
        false
    }
    /// Whether a Web Worker does the work and the steps only take in what
    /// it sends (the network animator's long runs): the page's runner then
    /// steps a few times a second instead of spinning, and says where the
    /// work is done.
    fn elsewhere(&self) -> bool {
        false
    }
    /// The items of a sweep that Web Workers may compute instead (see
    /// [`crate::pool`]); most steppers are not sweeps.
    fn pool(&mut self) -> Option<&mut dyn crate::pool::Pool> {
        None
    }
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

/// Runs `first` to the end, then the stepper `next` builds from its output.
pub fn then<A, B, F>(first: A, next: F) -> Then<A, B, F>
where
    A: Stepper,
    B: Stepper,
    F: FnOnce(A::Output) -> B,
{
    Then {
        state: ThenState::First(Box::new(first), Some(next)),
    }
}

/// Two steppers in sequence (see [`then`]).
pub struct Then<A: Stepper, B, F> {
    state: ThenState<A, B, F>,
}

enum ThenState<A, B, F> {
    First(Box<A>, Option<F>),
    Second(Box<B>),
    /// Only while switching from the first to the second.
    Switching,
}

impl<A, B, F> Stepper for Then<A, B, F>
where
    A: Stepper,
    B: Stepper,
    F: FnOnce(A::Output) -> B,
{
    type Output = B::Output;

    fn step(&mut self) -> bool {
        match &mut self.state {
            ThenState::First(a, _) => {
                if !a.step() {
                    let ThenState::First(a, Some(f)) =
                        std::mem::replace(&mut self.state, ThenState::Switching)
                    else {
                        return false;
                    };
                    self.state = ThenState::Second(Box::new(f(a.finish())));
                }
                true
            }
            ThenState::Second(b) => b.step(),
            ThenState::Switching => false,
        }
    }

    fn progress(&self) -> Progress {
        // The first part counts as the first half.
        match &self.state {
            ThenState::First(a, _) => {
                let p = a.progress();
                Progress {
                    done: p.done,
                    total: p.total.max(1) * 2,
                }
            }
            ThenState::Second(b) => {
                let p = b.progress();
                Progress {
                    done: p.total.max(1) + p.done,
                    total: p.total.max(1) * 2,
                }
            }
            ThenState::Switching => Progress { done: 1, total: 2 },
        }
    }

    fn elsewhere(&self) -> bool {
        match &self.state {
            ThenState::First(a, _) => a.elsewhere(),
            ThenState::Second(b) => b.elsewhere(),
            ThenState::Switching => false,
        }
    }

    fn finish(mut self: Box<Self>) -> B::Output {
        while self.step() {}
        match self.state {
            ThenState::Second(b) => b.finish(),
            ThenState::First(a, Some(f)) => run(Box::new(f(a.finish()))),
            _ => unreachable!("a finished Then holds its second stepper"),
        }
    }
}

/// Transforms a stepper's output.
pub fn map<A: Stepper, T, F: FnOnce(A::Output) -> T>(inner: A, f: F) -> Map<A, F> {
    Map {
        inner: Box::new(inner),
        f,
    }
}

/// A stepper whose output is transformed (see [`map`]).
pub struct Map<A, F> {
    inner: Box<A>,
    f: F,
}

impl<A: Stepper, T, F: FnOnce(A::Output) -> T> Stepper for Map<A, F> {
    type Output = T;
    fn step(&mut self) -> bool {
        self.inner.step()
    }
    fn progress(&self) -> Progress {
        self.inner.progress()
    }
    fn finish(self: Box<Self>) -> T {
        let Map { inner, f } = *self;
        f(inner.finish())
    }
    fn pool(&mut self) -> Option<&mut dyn crate::pool::Pool> {
        self.inner.pool()
    }
    fn after_paint(&self) -> bool {
        self.inner.after_paint()
    }
    fn elsewhere(&self) -> bool {
        self.inner.elsewhere()
    }
}

/// A stepper that lets the page paint before it starts (see
/// [`Stepper::after_paint`]).
pub struct AfterPaint<A>(pub A);

impl<A: Stepper> Stepper for AfterPaint<A> {
    type Output = A::Output;
    fn step(&mut self) -> bool {
        self.0.step()
    }
    fn progress(&self) -> Progress {
        self.0.progress()
    }
    fn finish(self: Box<Self>) -> A::Output {
        Box::new(self.0).finish()
    }
    fn after_paint(&self) -> bool {
        true
    }
    fn elsewhere(&self) -> bool {
        self.0.elsewhere()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_time_left_is_estimated_from_the_pace_once_it_means_something() {
        let at = |done, total| Progress { done, total };
        // A tenth in 5 s: 45 s left.
        assert_eq!(
            at(10, 100).time_left(5000.0).as_deref(),
            Some("about 45 s left")
        );
        // A twentieth in 10 s: 190 s, about 3 minutes.
        assert_eq!(
            at(5, 100).time_left(10_000.0).as_deref(),
            Some("about 3 min left")
        );
        // Too early, too little done, nearly done, or finished: nothing.
        assert_eq!(at(10, 100).time_left(1000.0), None);
        assert_eq!(at(1, 100).time_left(60_000.0), None);
        assert_eq!(at(90, 100).time_left(9000.0), None);
        assert_eq!(at(100, 100).time_left(9000.0), None);
        assert_eq!(at(0, 0).time_left(9000.0), None);
    }

    struct Count {
        left: u32,
        done: u32,
    }
    impl Stepper for Count {
        type Output = u32;
        fn step(&mut self) -> bool {
            if self.left > 0 {
                self.left -= 1;
                self.done += 1;
            }
            self.left > 0
        }
        fn progress(&self) -> Progress {
            Progress {
                done: self.done as u64,
                total: (self.done + self.left) as u64,
            }
        }
        fn finish(self: Box<Self>) -> u32 {
            self.done
        }
    }

    #[test]
    fn then_and_map_compose() {
        let s = then(Count { left: 3, done: 0 }, |a| {
            map(
                Count {
                    left: a * 2,
                    done: 0,
                },
                move |b| (a, b),
            )
        });
        let mut s: Box<dyn Stepper<Output = (u32, u32)>> = Box::new(s);
        let mut steps = 0;
        let mut last = 0.0;
        while s.step() {
            steps += 1;
            let f = s.progress().fraction();
            assert!(f >= last, "progress never goes back");
            last = f;
        }
        assert!(steps >= 8);
        assert_eq!(s.finish(), (3, 6));
        // Finishing early runs the rest.
        let s = then(Count { left: 2, done: 0 }, |a| Count { left: a, done: 0 });
        assert_eq!(run(Box::new(s)), 2);
    }

    #[test]
    fn waiting_for_the_paint_survives_a_map_and_changes_nothing_else() {
        let plain = map(Count { left: 3, done: 0 }, |n| n * 10);
        assert!(!plain.after_paint());
        let later = map(AfterPaint(Count { left: 3, done: 0 }), |n| n * 10);
        assert!(later.after_paint());
        assert_eq!(run(Box::new(later)), run(Box::new(plain)));
    }
}
