//! Two traces on one clock, so a single player can step both.
//!
//! When two algorithms solve the same problem, the fair way to watch them
//! side by side is to give them the same amount of work at every moment.
//! [`Lockstep`] merges two traces by the work each step costs (for the
//! schedulers of paper 000, the matrix entries it probes): step i of a trace
//! takes the interval of work from the trace's total before it to its total
//! after it, and happens at the end of that interval. The merged sequence
//! lists every step of both traces in order of those end times, the first
//! trace first on ties, so each position of the merged player is one step of
//! exactly one of the two. Steps that cost nothing (an iteration's start,
//! its permutation) follow the step before them at once.
//!
//! Once one trace has finished, the merged player steps only the other.
//!
//! ```
//! use commbook_core::lockstep::{Lockstep, Side};
//! // A does 3 units then 1; B does 1, 1, 1.
//! let clock = Lockstep::by_work(&[3, 1], &[1, 1, 1]);
//! assert_eq!(clock.len(), 5);
//! // B's steps end at 1, 2, 3; A's first at 3 (A first on the tie), then 4.
//! let order: Vec<Side> = (1..=5).filter_map(|k| clock.mover(k)).collect();
//! assert_eq!(order, [Side::B, Side::B, Side::A, Side::B, Side::A]);
//! assert_eq!(clock.at(3), (1, 2));
//! assert_eq!(clock.at(5), (2, 3));
//! ```

use crate::trace::{Replay, Trace};

/// One of the two merged traces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The first trace (it goes first on ties).
    A,
    /// The second trace.
    B,
}

/// The merged order of two traces' steps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lockstep {
    /// `a_done[k]`: steps of A taken at merged position k (k = 0..=len);
    /// B has taken the other `k − a_done[k]`.
    a_done: Vec<u32>,
}

impl Lockstep {
    /// Merges traces whose steps cost `a[i]` and `b[i]` units of work
    /// (step i + 1 of each trace).
    pub fn by_work(a: &[u64], b: &[u64]) -> Self {
        let mut a_done = Vec::with_capacity(a.len() + b.len() + 1);
        a_done.push(0);
        let (mut i, mut j) = (0, 0);
        // Work done once the next step of each side is over.
        let (mut end_a, mut end_b) = (a.first().copied(), b.first().copied());
        while i < a.len() || j < b.len() {
            let take_a = match (end_a, end_b) {
                (Some(x), Some(y)) => x <= y,
                (Some(_), None) => true,
                _ => false,
            };
            if take_a {
                i += 1;
                end_a = a.get(i).map(|w| end_a.unwrap_or(0) + w);
            } else {
                j += 1;
                end_b = b.get(j).map(|w| end_b.unwrap_or(0) + w);
            }
            a_done.push(i as u32);
        }
        Lockstep { a_done }
    }

    /// Steps of the merged player (both traces' steps together).
    pub fn len(&self) -> usize {
        self.a_done.len() - 1
    }

    /// True when neither trace has a step.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Positions `(a, b)` in the two traces at merged position k (clamped).
    pub fn at(&self, k: usize) -> (usize, usize) {
        let k = k.min(self.len());
        let a = self.a_done[k] as usize;
        (a, k - a)
    }

    /// Which trace took merged step k (1-based); `None` at position 0 and
    /// past the end.
    pub fn mover(&self, k: usize) -> Option<Side> {
        if k == 0 || k > self.len() {
            return None;
        }
        Some(if self.a_done[k] > self.a_done[k - 1] {
            Side::A
        } else {
            Side::B
        })
    }
}

/// The work of every step of `trace`: the sum of `work` over its events.
pub fn step_work<S: Replay>(trace: &Trace<S>, work: impl Fn(&S::Event) -> u64) -> Vec<u64> {
    (1..=trace.len())
        .map(|k| trace.events(k).iter().map(&work).sum())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn work_orders_the_merge_and_one_side_can_finish_first() {
        // A: a free step, then 10 units; B: five steps of 1 unit.
        let c = Lockstep::by_work(&[0, 10], &[1, 1, 1, 1, 1]);
        let order: Vec<Side> = (1..=c.len()).filter_map(|k| c.mover(k)).collect();
        use Side::{A, B};
        assert_eq!(order, [A, B, B, B, B, B, A]);
        assert_eq!(c.at(0), (0, 0));
        assert_eq!(c.at(6), (1, 5));
        assert_eq!(c.at(99), (2, 5));
        assert_eq!((c.mover(0), c.mover(8)), (None, None));
    }

    #[test]
    fn empty_and_one_sided_merges() {
        assert!(Lockstep::by_work(&[], &[]).is_empty());
        let c = Lockstep::by_work(&[], &[2, 0]);
        assert_eq!((c.len(), c.at(2)), (2, (0, 2)));
        let c = Lockstep::by_work(&[5], &[]);
        assert_eq!((c.mover(1), c.at(1)), (Some(Side::A), (1, 0)));
    }

    #[test]
    fn every_step_of_both_appears_once_in_order() {
        let a: Vec<u64> = (0..40).map(|i| (i * 7) % 5).collect();
        let b: Vec<u64> = (0..25).map(|i| (i * 3) % 4 + 1).collect();
        let c = Lockstep::by_work(&a, &b);
        assert_eq!(c.len(), 65);
        let mut last = (0, 0);
        for k in 1..=c.len() {
            let now = c.at(k);
            assert_eq!(now.0 + now.1, k);
            assert!(now.0 >= last.0 && now.1 >= last.1);
            last = now;
        }
        assert_eq!(last, (40, 25));
    }
}
