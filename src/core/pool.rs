//! Work made of independent items, which a pool of workers can share.
//!
//! A parameter sweep (5,000 random permutations simulated one by one, a
//! region map priced row by row) is a list of items that do not depend on
//! each other: each carries its own seed, drawn in advance from the
//! sweep's one seeded stream, so item i is the same wherever and whenever
//! it is computed. Such a computation is a [`Sweep`]; [`Swept`] runs it as
//! a [`Stepper`] (one item a step, for the CLI and for the page's own
//! thread) and offers its items to others through [`Pool`]: the book's
//! Web Workers compute ranges of items ([`Pool::encode`]) and the page
//! takes them back ([`Pool::accept`]). The result is the same item for
//! item, however the work was shared, because items are encoded exactly
//! (serde_json with `float_roundtrip`).
//!
//! ```
//! use commbook_core::pool::{Sweep, Swept};
//! use commbook_core::step::{Stepper, run};
//! struct Squares(usize);
//! impl Sweep for Squares {
//!     type Item = u64;
//!     type Output = u64;
//!     fn len(&self) -> usize { self.0 }
//!     fn item(&mut self, i: usize) -> u64 { (i * i) as u64 }
//!     fn finish(self, items: Vec<u64>) -> u64 { items.iter().sum() }
//! }
//! // Items 0..2 computed "elsewhere", the rest here.
//! let mut there = Swept::new(Squares(4));
//! let part = there.pool().unwrap().encode(0, 2);
//! let mut here = Swept::new(Squares(4));
//! here.pool().unwrap().accept(0, &part).unwrap();
//! assert_eq!(run(Box::new(here)), 0 + 1 + 4 + 9);
//! ```

use crate::step::{Progress, Stepper};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// A computation of `len()` independent items.
pub trait Sweep {
    /// One item's result; encoded to pass between workers.
    type Item: Serialize + DeserializeOwned;
    /// What the finished sweep yields.
    type Output;
    /// How many items.
    fn len(&self) -> usize;
    /// Whether there are no items.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Computes item `i` (`i < len()`); the same value wherever it runs.
    /// One item is one step of [`Swept`], so it should be bounded work
    /// (tens of milliseconds at most).
    fn item(&mut self, i: usize) -> Self::Item;
    /// The output from every item, in order.
    fn finish(self, items: Vec<Self::Item>) -> Self::Output;
    /// Items cost so much (seconds each) that the page should not compute
    /// even the first one itself when workers can: see [`Pool::eager`].
    fn eager(&self) -> bool {
        false
    }
}

/// Items that others may compute: what the page's job runner hands to its
/// Web Workers. Implemented by [`Swept`]; reached through
/// [`Stepper::pool`].
pub trait Pool {
    /// Items in all.
    fn len(&self) -> usize;
    /// Whether there are no items.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The items not yet computed here, as ranges `from..to`, in order.
    fn missing(&self) -> Vec<(usize, usize)>;
    /// Computes items `from..to` (clamped to `len()`) and encodes them.
    fn encode(&mut self, from: usize, to: usize) -> String;
    /// Takes items `from..` computed elsewhere (what [`Pool::encode`] wrote).
    /// Items already here are kept; the error names what was wrong.
    fn accept(&mut self, from: usize, encoded: &str) -> Result<(), String>;
    /// Whether to hand the items out before computing any here, even a
    /// single one ([`Sweep::eager`]).
    fn eager(&self) -> bool {
        false
    }
}

/// A [`Sweep`] as a [`Stepper`] whose items may also come from elsewhere.
pub struct Swept<S: Sweep> {
    sweep: S,
    items: Vec<Option<S::Item>>,
    /// Items present.
    done: usize,
    /// No item before this one is missing.
    next: usize,
}

impl<S: Sweep> Swept<S> {
    /// Nothing is computed before the first step.
    pub fn new(sweep: S) -> Self {
        let n = sweep.len();
        Swept {
            sweep,
            items: std::iter::repeat_with(|| None).take(n).collect(),
            done: 0,
            next: 0,
        }
    }

    fn put(&mut self, i: usize, item: S::Item) {
        if self.items[i].is_none() {
            self.items[i] = Some(item);
            self.done += 1;
        }
    }
}

impl<S: Sweep> Stepper for Swept<S> {
    type Output = S::Output;

    fn step(&mut self) -> bool {
        while self.next < self.items.len() && self.items[self.next].is_some() {
            self.next += 1;
        }
        if self.next < self.items.len() {
            let item = self.sweep.item(self.next);
            self.put(self.next, item);
        }
        self.done < self.items.len()
    }

    fn progress(&self) -> Progress {
        Progress {
            done: self.done as u64,
            total: self.items.len().max(1) as u64,
        }
    }

    fn finish(mut self: Box<Self>) -> S::Output {
        while self.step() {}
        let Swept { sweep, items, .. } = *self;
        sweep.finish(items.into_iter().flatten().collect())
    }

    fn pool(&mut self) -> Option<&mut dyn Pool> {
        Some(self)
    }
}

impl<S: Sweep> Pool for Swept<S> {
    fn len(&self) -> usize {
        self.items.len()
    }

    fn missing(&self) -> Vec<(usize, usize)> {
        let mut out: Vec<(usize, usize)> = Vec::new();
        for (i, item) in self.items.iter().enumerate() {
            if item.is_some() {
                continue;
            }
            match out.last_mut() {
                Some(last) if last.1 == i => last.1 = i + 1,
                _ => out.push((i, i + 1)),
            }
        }
        out
    }

    fn encode(&mut self, from: usize, to: usize) -> String {
        let to = to.min(self.items.len());
        let items: Vec<S::Item> = (from.min(to)..to).map(|i| self.sweep.item(i)).collect();
        // Serialising plain data to a string cannot fail.
        serde_json::to_string(&items).unwrap_or_default()
    }

    fn eager(&self) -> bool {
        self.sweep.eager()
    }

    fn accept(&mut self, from: usize, encoded: &str) -> Result<(), String> {
        let items: Vec<S::Item> = serde_json::from_str(encoded)
            .map_err(|e| format!("items from {from} could not be read: {e}"))?;
        if from + items.len() > self.items.len() {
            return Err(format!(
                "items {from}..{} lie past the sweep's {}",
                from + items.len(),
                self.items.len()
            ));
        }
        for (k, item) in items.into_iter().enumerate() {
            self.put(from + k, item);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::step::run;

    /// Items with their own seeds, like the real sweeps.
    struct Seeded {
        seeds: Vec<u64>,
    }
    impl Seeded {
        fn new(n: usize, seed: u64) -> Self {
            let mut rng = Rng::new(seed);
            Seeded {
                seeds: (0..n).map(|_| rng.next_u64()).collect(),
            }
        }
    }
    impl Sweep for Seeded {
        type Item = (u64, f64);
        type Output = Vec<(u64, f64)>;
        fn len(&self) -> usize {
            self.seeds.len()
        }
        fn item(&mut self, i: usize) -> (u64, f64) {
            let mut r = Rng::new(self.seeds[i]);
            (r.next_u64(), r.next_u64() as f64 / 7.0)
        }
        fn finish(self, items: Vec<(u64, f64)>) -> Vec<(u64, f64)> {
            items
        }
    }

    #[test]
    fn shared_out_in_any_order_gives_the_straight_result() {
        for seed in 0..20u64 {
            let n = 1 + (seed as usize * 7) % 40;
            let straight = run(Box::new(Swept::new(Seeded::new(n, seed))));
            // Chunks computed by "workers" in a shuffled order, some twice,
            // one chunk left to the page.
            let mut rng = Rng::new(seed + 100);
            let mut chunks: Vec<(usize, usize)> =
                (0..n).step_by(3).map(|a| (a, (a + 3).min(n))).collect();
            rng.shuffle(&mut chunks);
            let mut page = Swept::new(Seeded::new(n, seed));
            for &(a, b) in chunks.iter().skip(1).chain(chunks.iter().take(2)) {
                let mut worker = Swept::new(Seeded::new(n, seed));
                let text = worker.pool().unwrap().encode(a, b);
                page.pool().unwrap().accept(a, &text).unwrap();
            }
            let missing = page.missing();
            assert!(missing.len() <= 1, "{missing:?}");
            assert_eq!(run(Box::new(page)), straight);
        }
    }

    #[test]
    fn bad_items_are_refused_with_a_reason() {
        let mut s = Swept::new(Seeded::new(4, 1));
        let pool = s.pool().unwrap();
        assert!(
            pool.accept(0, "not json")
                .unwrap_err()
                .contains("could not be read")
        );
        let three = Swept::new(Seeded::new(3, 1)).pool().unwrap().encode(0, 3);
        assert!(
            pool.accept(2, &three)
                .unwrap_err()
                .contains("past the sweep's 4")
        );
        assert_eq!(pool.missing(), vec![(0, 4)]);
        assert_eq!(
            pool.encode(3, 99).matches('[').count(),
            2,
            "clamped to one item"
        );
    }
}
