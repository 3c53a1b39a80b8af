//! A figure's sweep as a Web Worker runs it: the figure is named and its
//! settings given as link strings, the worker reads them exactly as a link
//! is read, builds the figure's own stepper and computes the items it is
//! asked for (`core::pool`). The page checks before it asks that the
//! strings give back its own key (see [`round_trips`]), so the items a
//! worker returns are the ones the page would have computed.

use super::figure::Figure;
use super::settings::Settings;
use crate::core::step::Stepper;

/// A figure's sweep, open in a worker: it computes ranges of items.
pub trait Items {
    /// Items `from..to`, encoded for the page's `Pool::accept`.
    fn encode(&mut self, from: usize, to: usize) -> String;
}

struct Held<T>(Box<dyn Stepper<Output = T>>);

impl<T> Items for Held<T> {
    fn encode(&mut self, from: usize, to: usize) -> String {
        // `open` only holds steppers that offer a pool.
        self.0
            .pool()
            .map(|p| p.encode(from, to))
            .unwrap_or_default()
    }
}

/// The key `F` reads from link strings.
fn key_of<F: Figure>(raw: &[(String, String)]) -> F::Key {
    let (values, _) = super::figure::read_settings::<F>(raw, "");
    F::key(&F::Settings::from_values(&values)).0
}

/// Figure `F`'s sweep on `raw` settings; `None` unless `F` is a sweep.
/// For the other figures the branch is constant, so their computations
/// are not compiled into the worker.
pub fn open<F: Figure>(raw: &[(String, String)]) -> Option<Box<dyn Items>> {
    if !F::POOLED {
        return None;
    }
    let mut stepper = F::compute(&key_of::<F>(raw));
    stepper.pool()?;
    Some(Box::new(Held(stepper)))
}

/// Whether `raw` gives back `key` when read as a worker reads it (a
/// number written with fewer digits than the reader typed would not).
pub fn round_trips<F: Figure>(raw: &[(String, String)], key: &F::Key) -> bool {
    key_of::<F>(raw) == *key
}

#[cfg(test)]
mod tests {
    use crate::book::figures::open_pool;
    use crate::book::params::pairs;
    use crate::core::step::run;

    /// The page computes some items, the "workers" the rest in chunks in
    /// a shuffled order: the result is the straight run's.
    fn shared_equals_straight<F: super::Figure>(name: &str, raw: &[(String, String)])
    where
        F::Output: PartialEq + std::fmt::Debug,
    {
        let key = super::key_of::<F>(raw);
        let straight = run(F::compute(&key));
        let mut page = F::compute(&key);
        page.step();
        let missing = page.pool().expect("a sweep").missing();
        let mut chunks: Vec<(usize, usize)> = missing
            .iter()
            .flat_map(|&(a, b)| (a..b).step_by(3).map(move |i| (i, (i + 3).min(b))))
            .collect();
        chunks.reverse();
        for (a, b) in chunks {
            let mut worker = open_pool(name, raw).expect("a sweep in the worker");
            let text = worker.encode(a, b);
            page.pool().unwrap().accept(a, &text).unwrap();
        }
        assert!(page.pool().unwrap().missing().is_empty());
        assert_eq!(run(page), straight, "{name} {raw:?}");
    }

    #[test]
    fn the_sweeps_shared_out_give_the_same_figures() {
        use crate::book::figures::{randperm::Randperm, regions::Regions};
        for seed in ["1", "7"] {
            shared_equals_straight::<Randperm>(
                "randperm",
                &pairs(&[("count", "10"), ("bytes", "64"), ("seed", seed)]),
            );
        }
        for map in ["lpcgm", "exchange", "scatter", "redist"] {
            shared_equals_straight::<Regions>(
                "regions",
                &pairs(&[("map", map), ("machine", "cm5"), ("p", "16")]),
            );
        }
        shared_equals_straight::<Regions>(
            "regions",
            &pairs(&[
                ("map", "exchange"),
                ("machine", "custom"),
                ("tau", "33.3"),
                ("bw", "7.5"),
            ]),
        );
        // Figures that are not sweeps are not opened in a worker.
        assert!(open_pool("lp", &[]).is_none());
        assert!(open_pool("nothing", &[]).is_none());
    }
}
