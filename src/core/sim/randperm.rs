//! Random permutations on the CM-5 (paper 002, §2.2, Figures 2-3).
//!
//! NICE builds its schedules out of permutations and relies on the cost of
//! a permutation not depending much on which permutation it is. The paper
//! checks this on a 32-node CM-5: 5,000 random permutations, each node
//! sending 1 KB to a random node other than itself, and 4,979 of them
//! (over 99.5 %) took within 5 % of the average time (Figure 2); Figure 3
//! repeats the experiment on a 32-node iPSC/860, a circuit-switched
//! hypercube, where despite link contention random permutations still
//! performed reasonably well (the text gives no share for it).
//!
//! The book repeats the CM-5 experiment on its simulated fat tree
//! (randomised up-routing, the CM-5 preset): each permutation is a random
//! derangement (every node sends, no node to itself, every node receives
//! once), drawn from one seeded stream, and simulated to the last flit.
//! Figure 3's experiment runs the same way on the simulated hypercube
//! (e-cube routing, the book's iPSC/860 preset: [`rand_perms_on`]).
//!
//! ```
//! use commbook_core::sim::randperm::{rand_perms, within};
//! let costs = commbook_core::step::run(Box::new(rand_perms(8, 256, 20, 1)));
//! assert_eq!(costs.len(), 20);
//! let (inside, mean) = within(&costs, 5.0);
//! assert!(inside <= 20 && mean > 0.0);
//! ```

use super::{SimConfig, Simulator, Traffic};
use crate::net::TopologySpec;
use crate::pool::{Sweep, Swept};
use crate::rng::Rng;
use crate::step::run;

/// A random permutation without fixed points: `p[i]` is where node i
/// sends. Drawn by shuffling until no node maps to itself (a uniform
/// derangement; about e ≈ 2.7 shuffles on average).
pub fn derangement(n: usize, rng: &mut Rng) -> Vec<usize> {
    let mut p: Vec<usize> = (0..n).collect();
    if n < 2 {
        return p;
    }
    loop {
        rng.shuffle(&mut p);
        if p.iter().enumerate().all(|(i, &d)| i != d) {
            return p;
        }
    }
}

/// `count` random permutations of `bytes` per node on the fat tree of
/// `procs` nodes, as a [`Sweep`]: an item is one permutation simulated to
/// its last flit, its time in cycles (`None` if the simulator refused it,
/// which the settings never ask for). The permutations and the routers'
/// seeds are drawn up front from the one seeded stream, in the order the
/// sweep was first written to draw them (a permutation, then its router
/// seed), so the same seed gives the same costs however the items are
/// shared out.
pub struct PermCosts {
    spec: TopologySpec,
    procs: usize,
    bytes: u64,
    cfg: SimConfig,
    /// Each permutation's destinations and its routers' seed.
    draws: Vec<(Vec<u32>, u64)>,
}

/// The permutations' costs as a stepper (see [`rand_perms`]).
pub type RandPerms = Swept<PermCosts>;

/// Simulates `count` random permutations of `bytes` per node on the fat
/// tree of `procs` nodes; the output is each one's time in cycles, in the
/// order drawn. One seed draws the permutations and the routers' random
/// choices.
pub fn rand_perms(procs: usize, bytes: u64, count: usize, seed: u64) -> RandPerms {
    rand_perms_on(
        TopologySpec::FatTree {
            procs: procs.max(2),
        },
        bytes,
        count,
        seed,
    )
}

/// [`rand_perms`] on any network of two processors or more, with its
/// machine's preset ([`SimConfig::seeded`]).
pub fn rand_perms_on(spec: TopologySpec, bytes: u64, count: usize, seed: u64) -> RandPerms {
    let procs = spec.procs().max(2);
    let mut rng = Rng::new(seed);
    let draws = (0..count)
        .map(|_| {
            let p = derangement(procs, &mut rng);
            let p = p.into_iter().map(|d| d as u32).collect();
            (p, rng.next_u64())
        })
        .collect();
    Swept::new(PermCosts {
        spec,
        procs,
        bytes,
        cfg: SimConfig::seeded(spec, seed),
        draws,
    })
}

impl Sweep for PermCosts {
    type Item = Option<u64>;
    type Output = Vec<u64>;

    fn len(&self) -> usize {
        self.draws.len()
    }

    fn item(&mut self, i: usize) -> Option<u64> {
        let (p, seed) = &self.draws[i];
        let pairs: Vec<(usize, usize)> = p
            .iter()
            .enumerate()
            .map(|(s, &d)| (s, d as usize))
            .collect();
        let traffic = Traffic::pairs(self.procs, &pairs, self.bytes);
        let cfg = SimConfig {
            seed: *seed,
            ..self.cfg
        };
        let sim = Simulator::new(self.spec, &cfg, &traffic).ok()?.streaming();
        Some(run(Box::new(sim)).result.cycles)
    }

    /// The costs up to the first permutation not run.
    fn finish(self, items: Vec<Option<u64>>) -> Vec<u64> {
        items.into_iter().map_while(|c| c).collect()
    }
}

/// How many of `costs` lie within `percent` % of their mean, and the mean.
pub fn within(costs: &[u64], percent: f64) -> (usize, f64) {
    if costs.is_empty() {
        return (0, 0.0);
    }
    let mean = costs.iter().sum::<u64>() as f64 / costs.len() as f64;
    let band = mean * percent / 100.0;
    let inside = costs
        .iter()
        .filter(|&&c| (c as f64 - mean).abs() <= band)
        .count();
    (inside, mean)
}

/// `bins` equal bins from the smallest to the largest cost: each bin's
/// lower edge and count.
pub fn histogram(costs: &[u64], bins: usize) -> Vec<(u64, usize)> {
    let (Some(&lo), Some(&hi)) = (costs.iter().min(), costs.iter().max()) else {
        return Vec::new();
    };
    let bins = bins.max(1);
    let width = ((hi - lo) as f64 / bins as f64).max(1.0);
    let mut counts = vec![0usize; bins];
    for &c in costs {
        let b = (((c - lo) as f64 / width) as usize).min(bins - 1);
        counts[b] += 1;
    }
    counts
        .into_iter()
        .enumerate()
        .map(|(i, n)| (lo + (i as f64 * width) as u64, n))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::step::run;

    #[test]
    fn derangements_move_every_node_once() {
        let mut rng = Rng::new(4);
        for n in [2, 3, 8, 32] {
            let p = derangement(n, &mut rng);
            let mut seen = vec![false; n];
            for (i, &d) in p.iter().enumerate() {
                assert_ne!(i, d);
                assert!(!seen[d]);
                seen[d] = true;
            }
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_costs() {
        let a = run(Box::new(rand_perms(32, 1024, 6, 9)));
        let b = run(Box::new(rand_perms(32, 1024, 6, 9)));
        assert_eq!(a, b);
        assert!(a.iter().all(|&c| c > 0));
        let h = histogram(&a, 4);
        assert_eq!(h.iter().map(|b| b.1).sum::<usize>(), 6);
        assert_eq!(within(&[], 5.0), (0, 0.0));
        assert_eq!(within(&[100, 104, 120], 5.0).0, 1);
    }

    /// Paper 002 §2.2 measured 99.5 % of 5,000 random permutations of 1 KB
    /// on 32 nodes within 5 % of their mean. The simulated fat tree spreads
    /// them wider: about three quarters within 5 %, nearly all within 10 %,
    /// all within 20 % (seed 1, 200 permutations; the chapter shows why).
    #[test]
    fn random_permutations_cost_nearly_the_same() {
        let costs = run(Box::new(rand_perms(32, 1024, 200, 1)));
        let share = |pct| within(&costs, pct).0 as f64 / costs.len() as f64;
        assert!((0.65..0.9).contains(&share(5.0)), "{}", share(5.0));
        assert!(share(10.0) >= 0.9, "{}", share(10.0));
        assert_eq!(share(20.0), 1.0);
    }

    /// Figure 3's experiment on the simulated 32-node hypercube. A circuit
    /// holds its whole path while the message streams, so a message that
    /// meets another waits for all of it: a permutation takes one
    /// message's time plus a whole number of streaming times (258 cycles
    /// for 1 KB), the longest chain of messages that waited one behind
    /// another. The costs come in bands, not a bell around the mean.
    #[test]
    fn random_permutations_on_the_hypercube_come_in_whole_messages() {
        let cfg = SimConfig::ipsc860();
        let stream = cfg.packet.flits(1024);
        let cube = run(Box::new(rand_perms_on(
            TopologySpec::Hypercube { procs: 32 },
            1024,
            1000,
            1,
        )));
        let mut bands = std::collections::BTreeMap::new();
        for &c in &cube {
            let extra = c - cfg.startup as u64 - stream;
            let k = (extra + stream / 2) / stream;
            // Within a band: the hops and the heads' stagger.
            assert!(extra.abs_diff(k * stream) < 48, "{c}");
            *bands.entry(k).or_insert(0) += 1;
        }
        // As chapter 4 reports them (seed 1, 1,000 permutations): about
        // 70 % wait one whole message, 28 % two, under 1 % none or three.
        let share = |k| bands.get(&k).copied().unwrap_or(0) as f64 / cube.len() as f64;
        assert!((0.65..0.75).contains(&share(1)), "{bands:?}");
        assert!((0.25..0.32).contains(&share(2)), "{bands:?}");
        assert!(share(0) < 0.01 && share(3) < 0.01, "{bands:?}");
        assert_eq!(bands.keys().max(), Some(&3), "{bands:?}");
        assert_eq!(within(&cube, 5.0).0, 0);
        let share = |c: &[u64], pct| within(c, pct).0 as f64 / c.len() as f64;
        let tree = run(Box::new(rand_perms(32, 1024, 200, 1)));
        assert!(share(&cube, 5.0) < share(&tree, 5.0));
    }
}
