//! The CM-5 data network: a 4-ary fat tree (paper 004, §2, Figures 1-2).
//!
//! Processors are the leaves (level 0). A node at level ℓ ≥ 1 is a cluster
//! of 4^ℓ processors built from switches: 2 switches at level 1, 4 at level
//! 2, 8 at level 3, and four times as many at each level above. Every switch
//! has four children; level-1 and level-2 switches have two parents, higher
//! ones four. Each processor has two links up. So a cluster of 16 has 32
//! links from level 0 to level 1 and 16 from level 1 to level 2, but only 8
//! from its level-2 node to level 3: sixteen processors talking to another
//! cluster of 16 share 8 links (paper 004 §3.5).
//!
//! Wiring: a child node has as many up-links as its parent node has switches;
//! up-link j of every child ends at switch j of the parent. Up-link j of a
//! node leaves its switch j / parents-per-switch.
//!
//! Routing: a message climbs to the lowest level whose cluster holds both
//! ends, choosing any up-link at each step (the CM-5 picks at random to
//! balance load), then descends along the one path that leads from the switch
//! it reached to the destination. The static route picks the up-link from the
//! destination's address, digit by digit ("d-mod-k"), a common deterministic
//! choice that spreads destinations over the switches.
//!
//! **Why it cannot deadlock.** Every route climbs, then descends, and never
//! climbs again. A climbing head waits for an up-link one level higher or
//! for the down-links of the node it reached; a descending head waits only
//! for a down-link one level lower or for its receiver, which always
//! drains. Numbering up-links by level, then down-links by decreasing
//! level after all of them, every wait is for a later link, so no cycle of
//! waits can close (up*/down* routing).
//!
//! A machine of n processors that is not a power of 4 has a top node with
//! fewer than four children, as the 32-node CM-5 of papers 000 and 004 did.

use super::layout::Placement;
use super::{Network, Vertex};
use crate::verify::LinkId;

/// A 4-ary fat tree over n processors with the CM-5's switch counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FatTree {
    n: usize,
    /// Highest level (the root's).
    height: usize,
    /// First link id of the links between level ℓ−1 and ℓ, for ℓ = 1..=height
    /// (index ℓ−1), plus the total at the end.
    base: Vec<u64>,
}

/// Switches in one node at `level` ≥ 1 (processors count as one "switch").
pub fn switches(level: usize) -> usize {
    match level {
        0 => 1,
        1..=3 => 1 << level,
        _ => 8 * 4usize.pow(level as u32 - 3),
    }
}

/// Up-links per switch at `level`: two for processors and levels 1-2, four above.
pub fn parents(level: usize) -> usize {
    if level <= 2 { 2 } else { 4 }
}

/// The level of the smallest cluster (of 4, 16, 64, … processors) that
/// holds both `a` and `b`: the level a message between them climbs to
/// (0 if they are the same processor).
pub fn cluster_level(a: usize, b: usize) -> usize {
    let mut level = 0;
    while a / 4usize.pow(level as u32) != b / 4usize.pow(level as u32) {
        level += 1;
    }
    level
}

impl FatTree {
    /// A fat tree over `n` ≥ 1 processors.
    pub fn new(n: usize) -> Self {
        let n = n.max(1);
        let mut height = 1;
        while 4usize.pow(height as u32) < n {
            height += 1;
        }
        let mut base = vec![0u64];
        for level in 1..=height {
            let children = FatTree::nodes_at_n(n, level - 1);
            let last = *base.last().unwrap_or(&0);
            base.push(last + 2 * (children * switches(level)) as u64);
        }
        FatTree { n, height, base }
    }

    fn nodes_at_n(n: usize, level: usize) -> usize {
        n.div_ceil(4usize.pow(level as u32))
    }

    /// Number of nodes (clusters) at `level` (processors at level 0).
    pub fn nodes_at(&self, level: usize) -> usize {
        FatTree::nodes_at_n(self.n, level)
    }

    /// The root's level.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The lowest level whose cluster contains both processors (0 if equal).
    pub fn lca_level(&self, a: usize, b: usize) -> usize {
        cluster_level(a, b)
    }

    /// Id of the link between child node `child` (at level−1) and its
    /// parent, for up-link `j` of the child; `up` chooses the direction.
    pub fn link_id(&self, level: usize, child: usize, j: usize, up: bool) -> LinkId {
        self.base[level - 1] + 2 * (child * switches(level) + j) as u64 + (!up) as u64
    }

    /// Decodes a link id into (level, child, j, up).
    pub fn decode(&self, l: LinkId) -> (usize, usize, usize, bool) {
        let level = self.base.partition_point(|&b| b <= l);
        let off = l - self.base[level - 1];
        let k = (off / 2) as usize;
        (
            level,
            k / switches(level),
            k % switches(level),
            off.is_multiple_of(2),
        )
    }

    fn vertex(level: usize, node: usize, index: usize) -> Vertex {
        if level == 0 {
            Vertex::Proc(node)
        } else {
            Vertex::Switch { level, node, index }
        }
    }
}

impl Network for FatTree {
    fn procs(&self) -> usize {
        self.n
    }

    fn links(&self) -> usize {
        *self.base.last().unwrap_or(&0) as usize
    }

    fn link_ends(&self, l: LinkId) -> (Vertex, Vertex) {
        let (level, child, j, up) = self.decode(l);
        let below = FatTree::vertex(level - 1, child, j / parents(level - 1));
        let above = FatTree::vertex(level, child / 4, j);
        if up { (below, above) } else { (above, below) }
    }

    fn route_with(
        &self,
        src: usize,
        dst: usize,
        choose: &mut dyn FnMut(usize) -> usize,
    ) -> Vec<LinkId> {
        let top = self.lca_level(src, dst);
        let mut route = Vec::with_capacity(2 * top);
        // Climb: at level ℓ we sit on switch `t` of node src / 4^ℓ.
        let mut t = 0;
        for level in 1..=top {
            let k = parents(level - 1);
            let j = t * k + choose(k).min(k - 1);
            route.push(self.link_id(level, src / 4usize.pow(level as u32 - 1), j, true));
            t = j;
        }
        // Descend: from switch t of the top node, the link to the child that
        // holds dst is that child's up-link t; it lands on its switch t / k.
        for level in (1..=top).rev() {
            route.push(self.link_id(level, dst / 4usize.pow(level as u32 - 1), t, false));
            t /= parents(level - 1);
        }
        route
    }

    fn static_route(&self, src: usize, dst: usize) -> Vec<LinkId> {
        let mut x = dst;
        self.route_with(src, dst, &mut |k| {
            let p = x % k;
            x /= k;
            p
        })
    }

    fn link_label(&self, l: LinkId) -> String {
        super::tree_link_label(self.link_ends(l))
    }

    /// Processors along the bottom one unit apart; a node at level ℓ
    /// spreads its switches evenly over the processors it holds, so the
    /// doubling and quadrupling of switches (paper 004 §2) is visible.
    /// Levels are spaced so the picture is about twice as wide as it is
    /// high. Switches are listed level by level, node by node, so the
    /// lists read bottom-up.
    fn placement(&self) -> Placement {
        let n = self.n;
        let gap = (n as f64 / (2.0 * self.height as f64)).max(2.0);
        let height = gap * self.height as f64 + 1.0;
        let bottom = height - 0.5;
        let mut nodes: Vec<(Vertex, f64, f64)> = (0..n)
            .map(|p| (Vertex::Proc(p), p as f64 + 0.5, bottom))
            .collect();
        for level in 1..=self.height {
            let size = 4usize.pow(level as u32);
            let k = switches(level);
            for node in 0..n.div_ceil(size) {
                let lo = node * size;
                let span = (n.min(lo + size) - lo) as f64;
                for index in 0..k {
                    nodes.push((
                        Vertex::Switch { level, node, index },
                        lo as f64 + (index as f64 + 0.5) * span / k as f64,
                        bottom - gap * level as f64,
                    ));
                }
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
    use crate::rng::Rng;

    /// Up-links leaving one node at `level` towards `level + 1`.
    fn up_links_of(t: &FatTree, level: usize, node: usize) -> usize {
        (0..t.links() as u64)
            .filter(|&l| {
                let (lv, child, _, up) = t.decode(l);
                up && lv == level + 1 && child == node
            })
            .count()
    }

    #[test]
    fn link_counts_match_paper_004() {
        let t = FatTree::new(256);
        // A cluster of 16 (level-2 node 0): 32 links up from its processors,
        // 16 from its level-1 nodes, 8 from the level-2 node itself.
        let from_procs: usize = (0..16).map(|p| up_links_of(&t, 0, p)).sum();
        let from_l1: usize = (0..4).map(|m| up_links_of(&t, 1, m)).sum();
        assert_eq!((from_procs, from_l1, up_links_of(&t, 2, 0)), (32, 16, 8));
        // A level-3 node has 32 links upwards.
        assert_eq!(up_links_of(&t, 3, 0), 32);
        assert_eq!(switches(4), 32);
    }

    #[test]
    fn routes_connect_and_climb_to_the_common_cluster() {
        for n in [1, 4, 5, 32, 64, 100] {
            let t = FatTree::new(n);
            let mut rng = Rng::new(n as u64);
            for a in 0..n {
                for b in 0..n {
                    let r = t.route_with(a, b, &mut |k| rng.below(k));
                    assert_eq!(r.len(), 2 * t.lca_level(a, b));
                    let mut at = Vertex::Proc(a);
                    for &l in &r {
                        let (from, to) = t.link_ends(l);
                        assert_eq!(from, at, "n={n} {a}→{b}");
                        at = to;
                    }
                    assert_eq!(at, Vertex::Proc(b));
                }
            }
        }
    }

    #[test]
    fn sixteen_pairs_across_clusters_must_share_links() {
        let t = FatTree::new(64);
        let mut load = vec![0; t.links()];
        for i in 0..16 {
            for l in t.static_route(i, i + 16) {
                load[l as usize] += 1;
            }
        }
        assert_eq!(load.iter().max(), Some(&2));
        // Four pairs between neighbouring clusters of 4 fit without sharing.
        let mut load = vec![0; t.links()];
        for i in 0..4 {
            for l in t.static_route(i, i + 4) {
                load[l as usize] += 1;
            }
        }
        assert_eq!(load.iter().max(), Some(&1));
    }
}
