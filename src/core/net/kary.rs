//! A k-ary n-tree: the full-bisection fat tree of Petrini and Vanneschi
//! ("k-ary n-trees: high performance networks for massively parallel
//! architectures", IPPS 1997), the usual model of today's InfiniBand
//! clusters, beside the CM-5's thinned 4-ary tree ([`super::fattree`]).
//!
//! k^n processors (level 0) under n levels of k^(n−1) switches each
//! (levels 1 … n). Every switch has k links down and k links up; the top
//! level's up-ports are unused. A node at level ℓ is the cluster of the
//! k^ℓ processors p with the same p / k^ℓ, served by k^(ℓ−1) switches
//! (`Vertex::Switch { level: ℓ, node: p / k^ℓ, index }`). Each processor
//! has one link up, to the level-1 switch of its cluster of k.
//!
//! **Wiring** (Petrini and Vanneschi's: two switches of neighbouring levels
//! are joined when their (n−1)-digit numbers differ at most in one digit).
//! Up-port j of switch i of child node c at level ℓ−1 ends at switch
//! j·k^(ℓ−2) + i of the parent node c / k; so a switch at level ℓ has one
//! link to a switch of each of its k child nodes, and reaches every
//! processor of its cluster. As many links leave a cluster upwards as it
//! has processors: the bisection is full, unlike the CM-5's tree, which
//! halves it above level 2.
//!
//! **Routing** (up*/down*). A message climbs to the lowest level whose
//! cluster holds both ends (its nearest common ancestors), choosing any of
//! the k up-links at each switch (at random, adaptively, or statically),
//! then follows the one way down from the switch it reached. The static
//! route is d-mod-k: at level ℓ it takes up-port (dst / k^(ℓ−1)) mod k,
//! digit ℓ−1 of the destination. The climb then reaches the switch
//! dst mod k^(ℓ−1) of each level-ℓ node, and the way down depends on the
//! destination alone, so in any permutation no two messages share a
//! down-link; two messages share an up-link out of a level-ℓ node only if
//! their destinations agree modulo k^ℓ, which a shift p → p + s never
//! does for two sources in one node. Static routes carry every shift
//! without contention.
//!
//! **Why it cannot deadlock.** Every route climbs, then descends, and
//! never climbs again: no down→up turn. A climbing head waits for an
//! up-link one level higher or for a down-link of the switch it reached;
//! a descending head waits only for a down-link one level lower or for
//! its receiver, which always drains. Numbering up-links by level, then
//! down-links by decreasing level after all of them, every wait is for a
//! later link, so the channel dependency graph is acyclic and no cycle of
//! waits can close.
//!
//! **Link ids.** The k^n wires between levels ℓ−1 and ℓ come after those
//! of the levels below: wire (ℓ−1)·k^n + x, with x the processor for
//! ℓ = 1 and g·k + j above (g the number of the child switch in its
//! level, node·k^(ℓ−2) + index, j its up-port). A wire's up-link is
//! 2·wire, its down-link 2·wire + 1, so a switch's up-links are
//! `first, first + 2, …`, as the simulator's routing expects.
//!
//! **Drawing.** Processors along the bottom one unit apart; every level's
//! switches in a row above, switch i of node c over the middle of its
//! share of the cluster (all rows equally spaced, k units apart), so the
//! wires between levels make the butterfly pattern of the wiring.
//!
//! ```
//! use commbook_core::net::kary::KaryTree;
//! use commbook_core::net::Network;
//! let t = KaryTree::new(2, 3);
//! // 0 → 6: up to switch 0 of level 1, up-port 0 (digit 0 of 6), up-port 1
//! // (digit 1), then down through the root's switch 2.
//! let r = t.static_route(0, 6);
//! assert_eq!(r.len(), 2 * t.lca_level(0, 6));
//! let labels: Vec<String> = r.iter().map(|&l| t.link_label(l)).collect();
//! assert_eq!(labels, ["P0→L1.0.0", "L1.0.0→L2.0.0", "L2.0.0→L3.0.2",
//!                     "L3.0.2→L2.1.0", "L2.1.0→L1.3.0", "L1.3.0→P6"]);
//! ```

use super::layout::Placement;
use super::{Network, Vertex};
use crate::verify::LinkId;

/// Most processors of a k-ary n-tree here: the simulator's practical cap
/// (the animator's budgets are met up to 1,024 processors).
pub const MAX_KARY_PROCS: usize = 1024;

/// k^n, saturating.
pub fn procs_of(k: usize, n: usize) -> usize {
    k.saturating_pow(u32::try_from(n).unwrap_or(u32::MAX))
}

/// Whether a k-ary n-tree can be built here: k ≥ 2, n ≥ 1 and k^n at most
/// [`MAX_KARY_PROCS`].
pub fn fits(k: usize, n: usize) -> bool {
    k >= 2 && n >= 1 && procs_of(k, n) <= MAX_KARY_PROCS
}

/// The nearest tree that can be built: k at least 2 (and at most
/// [`MAX_KARY_PROCS`]), n at least 1, and as many levels as fit within
/// [`MAX_KARY_PROCS`] processors.
pub fn fitted(k: usize, n: usize) -> (usize, usize) {
    let k = k.clamp(2, MAX_KARY_PROCS);
    // The most levels that fit: k^most ≤ MAX_KARY_PROCS < k^(most + 1).
    let most = (1..)
        .find(|&e| procs_of(k, e + 1) > MAX_KARY_PROCS)
        .unwrap_or(1);
    (k, n.clamp(1, most))
}

/// The levels (n) of a tree of `arity` whose processors are a power of
/// `arity` (none otherwise).
pub fn levels_of(arity: usize, procs: usize) -> Option<usize> {
    let mut n = 0;
    let mut p = 1;
    while p < procs && arity >= 2 {
        p *= arity;
        n += 1;
    }
    (p == procs && n >= 1).then_some(n)
}

/// Where a head at a vertex goes next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hop {
    /// It is at its destination processor.
    Arrived,
    /// One way on: a processor's link up, or a link down.
    Fixed(LinkId),
    /// Up one of k links `first, first + 2, …`; `pick` is the static
    /// (d-mod-k) choice.
    Up { first: LinkId, pick: usize },
}

/// A k-ary n-tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KaryTree {
    /// Arity: links down (and up) per switch.
    pub k: usize,
    /// Levels of switches.
    pub n: usize,
    procs: usize,
    /// k^0 … k^n.
    pow: Vec<usize>,
}

impl KaryTree {
    /// The k-ary n-tree; k ≥ 2, n ≥ 1 and k^n ≤ [`MAX_KARY_PROCS`] (the
    /// settings correct other values first, with a notice; here they are
    /// clamped the same way).
    pub fn new(k: usize, n: usize) -> KaryTree {
        let (k, n) = fitted(k, n);
        let pow: Vec<usize> = (0..=n).map(|e| procs_of(k, e)).collect();
        KaryTree {
            k,
            n,
            procs: pow[n],
            pow,
        }
    }

    /// The lowest level whose cluster holds both processors (0 if equal).
    pub fn lca_level(&self, a: usize, b: usize) -> usize {
        (0..=self.n)
            .find(|&l| a / self.pow[l] == b / self.pow[l])
            .unwrap_or(self.n)
    }

    /// Wire `x` between levels `level − 1` and `level` (1 ≤ level ≤ n).
    #[inline(always)]
    fn wire(&self, level: usize, x: usize) -> u64 {
        ((level - 1) * self.procs + x) as u64
    }

    /// The up-link of up-port `j` of switch `index` of node `node` at
    /// `level` ≥ 1 (below n); `level` 0 is processor `node`'s one link up.
    pub fn up_link(&self, level: usize, node: usize, index: usize, j: usize) -> LinkId {
        if level == 0 {
            return 2 * self.wire(1, node);
        }
        let g = node * self.pow[level - 1] + index;
        2 * self.wire(level + 1, g * self.k + j)
    }

    /// The down-link from switch `index` of a node at `level` ≥ 1 to its
    /// child node `child` (numbered in level − 1, processors at level 1).
    pub fn down_link(&self, level: usize, index: usize, child: usize) -> LinkId {
        if level == 1 {
            return 2 * self.wire(1, child) + 1;
        }
        let below = self.pow[level - 2];
        let g = child * below + index % below;
        2 * self.wire(level, g * self.k + index / below) + 1
    }

    /// Where a head at `at` bound for `dst` goes next.
    #[inline]
    pub fn hop(&self, at: Vertex, dst: usize) -> Hop {
        match at {
            Vertex::Proc(p) if p == dst => Hop::Arrived,
            Vertex::Proc(p) => Hop::Fixed(self.up_link(0, p, 0, 0)),
            Vertex::Switch { level, node, index } => {
                if dst / self.pow[level] == node {
                    Hop::Fixed(self.down_link(level, index, dst / self.pow[level - 1]))
                } else {
                    Hop::Up {
                        first: self.up_link(level, node, index, 0),
                        pick: (dst / self.pow[level - 1]) % self.k,
                    }
                }
            }
        }
    }

    fn switch(&self, level: usize, g: usize) -> Vertex {
        Vertex::Switch {
            level,
            node: g / self.pow[level - 1],
            index: g % self.pow[level - 1],
        }
    }
}

impl Network for KaryTree {
    fn procs(&self) -> usize {
        self.procs
    }

    fn links(&self) -> usize {
        2 * self.n * self.procs
    }

    fn link_ends(&self, l: LinkId) -> (Vertex, Vertex) {
        let w = (l / 2) as usize;
        let up = l.is_multiple_of(2);
        let level = w / self.procs + 1;
        let x = w % self.procs;
        let (below, above) = if level == 1 {
            (Vertex::Proc(x), self.switch(1, x / self.k))
        } else {
            let (g, j) = (x / self.k, x % self.k);
            let below = self.switch(level - 1, g);
            let inner = self.pow[level - 2];
            let (child, i) = (g / inner, g % inner);
            let above = Vertex::Switch {
                level,
                node: child / self.k,
                index: j * inner + i,
            };
            (below, above)
        };
        if up { (below, above) } else { (above, below) }
    }

    fn route_with(
        &self,
        src: usize,
        dst: usize,
        choose: &mut dyn FnMut(usize) -> usize,
    ) -> Vec<LinkId> {
        let mut route = Vec::with_capacity(2 * self.lca_level(src, dst));
        let mut at = Vertex::Proc(src);
        loop {
            let l = match self.hop(at, dst) {
                Hop::Arrived => return route,
                Hop::Fixed(l) => l,
                Hop::Up { first, .. } => first + 2 * choose(self.k).min(self.k - 1) as u64,
            };
            route.push(l);
            at = self.link_ends(l).1;
        }
    }

    /// d-mod-k: up-port (dst / k^(ℓ−1)) mod k at level ℓ.
    fn static_route(&self, src: usize, dst: usize) -> Vec<LinkId> {
        let (k, mut x) = (self.k, dst);
        self.route_with(src, dst, &mut |_| {
            let p = x % k;
            x /= k;
            p
        })
    }

    fn link_label(&self, l: LinkId) -> String {
        super::tree_link_label(self.link_ends(l))
    }

    /// Processors along the bottom one unit apart; each level's k^(n−1)
    /// switches in a row, k units apart, switch i of node c over processors
    /// c·k^ℓ + i·k … c·k^ℓ + i·k + k − 1. Levels are spaced so the picture
    /// is about twice as wide as it is high (at least 2 units apart).
    /// Switches are listed level by level, node by node.
    fn placement(&self) -> Placement {
        let n = self.procs;
        let gap = (n as f64 / (2.0 * self.n as f64)).max(2.0);
        let height = gap * self.n as f64 + 1.0;
        let bottom = height - 0.5;
        let row = self.pow[self.n - 1];
        let mut nodes: Vec<(Vertex, f64, f64)> = (0..n)
            .map(|p| (Vertex::Proc(p), p as f64 + 0.5, bottom))
            .collect();
        for level in 1..=self.n {
            for g in 0..row {
                nodes.push((
                    self.switch(level, g),
                    (g as f64 + 0.5) * self.k as f64,
                    bottom - gap * level as f64,
                ));
            }
        }
        Placement {
            width: n as f64,
            height,
            radius: 0.2,
            nodes,
            spread: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::TopologySpec;
    use crate::net::layout::Layout;
    use crate::rng::Rng;
    use std::collections::BTreeSet;

    const SHAPES: [(usize, usize); 7] = [(2, 1), (2, 3), (3, 2), (4, 3), (2, 5), (5, 2), (8, 2)];

    #[test]
    fn counts_follow_petrini_and_vanneschi() {
        for (k, n) in SHAPES {
            let t = KaryTree::new(k, n);
            assert_eq!(t.procs(), k.pow(n as u32));
            // n levels of k^(n-1) switches, k^n wires between each pair of levels.
            assert_eq!(t.links(), 2 * n * t.procs());
            let mut switches = BTreeSet::new();
            let mut ends = BTreeSet::new();
            for l in 0..t.links() as u64 {
                let (a, b) = t.link_ends(l);
                assert!(ends.insert((a, b)), "k={k} n={n}: link {l} repeated");
                assert_eq!(t.link_ends(l ^ 1), (b, a), "its way back");
                for v in [a, b] {
                    if let Vertex::Switch { level, node, index } = v {
                        assert!(level >= 1 && level <= n);
                        assert!(node < t.procs() / k.pow(level as u32));
                        assert!(index < k.pow(level as u32 - 1));
                        switches.insert(v);
                    }
                }
            }
            assert_eq!(switches.len(), n * k.pow(n as u32 - 1));
            // Every switch has k links down, and k up below the top.
            for &s in &switches {
                let Vertex::Switch { level, .. } = s else {
                    unreachable!()
                };
                let out = (0..t.links() as u64).filter(|&l| t.link_ends(l).0 == s);
                let (up, down): (Vec<u64>, Vec<u64>) = out.partition(|l| l % 2 == 0);
                assert_eq!(down.len(), k);
                assert_eq!(up.len(), if level < n { k } else { 0 });
                // The up-links are first, first + 2, …
                for (c, &l) in up.iter().enumerate() {
                    assert_eq!(l, up[0] + 2 * c as u64);
                }
            }
        }
    }

    #[test]
    fn routes_are_minimal_connected_and_turn_once() {
        for (k, n) in SHAPES {
            let t = KaryTree::new(k, n);
            let mut rng = Rng::new((k * 100 + n) as u64);
            let p = t.procs();
            for a in 0..p {
                for b in 0..p {
                    let random = t.route_with(a, b, &mut |c| rng.below(c));
                    for r in [t.static_route(a, b), random] {
                        assert_eq!(r.len(), 2 * t.lca_level(a, b), "{a}→{b}");
                        let mut at = Vertex::Proc(a);
                        for (h, &l) in r.iter().enumerate() {
                            let (from, to) = t.link_ends(l);
                            assert_eq!(from, at);
                            // Up for the first half, down for the second.
                            assert_eq!(l % 2 == 0, h < r.len() / 2);
                            at = to;
                        }
                        assert_eq!(at, Vertex::Proc(b));
                    }
                }
            }
        }
    }

    #[test]
    fn every_up_link_choice_leads_to_the_destination() {
        let t = KaryTree::new(3, 3);
        for j in 0..3 {
            let r = t.route_with(0, 26, &mut |_| j);
            assert_eq!(r.len(), 6);
            assert_eq!(t.link_ends(*r.last().unwrap()).1, Vertex::Proc(26));
        }
    }

    /// Static (d-mod-k) routes: every shift is link-disjoint, and so is any
    /// permutation on the way down.
    #[test]
    fn static_routes_carry_every_shift_without_sharing_a_link() {
        for (k, n) in SHAPES {
            let t = KaryTree::new(k, n);
            let p = t.procs();
            for s in 1..p {
                let mut load = vec![0u8; t.links()];
                for a in 0..p {
                    for l in t.static_route(a, (a + s) % p) {
                        load[l as usize] += 1;
                    }
                }
                assert!(load.iter().all(|&x| x <= 1), "k={k} n={n} shift {s}");
            }
            let mut to: Vec<usize> = (0..p).collect();
            Rng::new(p as u64).shuffle(&mut to);
            let mut load = vec![0u8; t.links()];
            for (a, &b) in to.iter().enumerate() {
                for l in t.static_route(a, b).into_iter().filter(|l| l % 2 == 1) {
                    load[l as usize] += 1;
                }
            }
            assert!(
                load.iter().all(|&x| x <= 1),
                "k={k} n={n}: a way down shared"
            );
        }
    }

    #[test]
    fn the_drawing_puts_each_level_in_a_row_above_the_last() {
        let l = Layout::new(TopologySpec::KaryTree { k: 4, n: 3 });
        assert_eq!(l.nodes.len(), 64 + 3 * 16);
        assert_eq!(l.links.iter().flatten().count(), 2 * 3 * 64);
        assert_eq!(l.width, 64.0);
        let places: BTreeSet<_> = l
            .nodes
            .iter()
            .map(|n| ((n.x * 2.0) as u32, (n.y * 2.0) as u32))
            .collect();
        assert_eq!(places.len(), l.nodes.len(), "every place is taken once");
        for s in l.links.iter().flatten() {
            let (a, b) = (l.nodes[s.a as usize], l.nodes[s.b as usize]);
            assert!(a.y != b.y, "links join levels");
            assert!(s.x0 >= 0.0 && s.x1 <= l.width && s.y0 >= 0.0 && s.y1 <= l.height);
        }
        // Level-1 switch 0 sits over processors 0-3, under level 2.
        let (sw, up) = (l.nodes[64], l.nodes[64 + 16]);
        assert_eq!((sw.x, up.x), (2.0, 2.0));
        assert!(sw.y < l.nodes[0].y && up.y < sw.y);
        // The largest trees are drawn too.
        for (k, n) in [(2, 10), (32, 2), (4, 5)] {
            let l = Layout::new(TopologySpec::KaryTree { k, n });
            assert_eq!(l.nodes.len(), 1024 + n * 1024 / k);
        }
    }

    #[test]
    fn sizes_are_fitted() {
        assert_eq!(fitted(4, 3), (4, 3));
        assert_eq!(fitted(1, 3), (2, 3));
        assert_eq!(fitted(4, 0), (4, 1));
        assert_eq!(fitted(4, 6), (4, 5));
        assert_eq!(fitted(2, 99), (2, 10));
        assert_eq!(fitted(5000, 2), (1024, 1));
        assert!(fits(32, 2) && fits(1024, 1) && !fits(3, 7) && !fits(1, 1));
        assert_eq!(levels_of(4, 64), Some(3));
        assert_eq!(levels_of(4, 32), None);
        assert_eq!(levels_of(2, 1), None);
    }
}
