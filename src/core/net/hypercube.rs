//! A binary hypercube with e-cube routing: the Intel iPSC/860 of NICE's
//! experiments (paper 002 §2.2, Figure 3; §6, Figures 13, 15 and 17) and of
//! the hypercube studies paper 004 compares itself with (§1, §4: pairwise
//! exchange "is known to perform well on hypercubes").
//!
//! N = 2^k processors, each with its own router. Processor p is joined to
//! the k processors whose numbers differ from p in one bit, its neighbours
//! along dimensions 0 … k−1, by one directed link each way.
//!
//! **Routing.** E-cube (dimension-order) routing corrects the bits in which
//! the source and destination differ from the lowest dimension up, so a
//! route is fixed per pair, minimal (as many hops as differing bits), and
//! offers no choices: random and adaptive up-routing change nothing here.
//!
//! **Why it cannot deadlock.** A head waits only for a link of a higher
//! dimension than the one it arrived on (or for its receiver, which always
//! drains). Number each directed link by its dimension: every wait is for a
//! strictly larger number, so no cycle of waits can close (Dally and Seitz's
//! argument, paper 002's reference [5]).
//!
//! **Link ids:** `k·p + d` for the link leaving processor p along dimension d.
//!
//! **Drawing.** The low ⌈k/2⌉ bits choose the column and the high ⌊k/2⌋ bits
//! the row, each placed in reflected-Gray-code order, so that the two ends
//! of every dimension-0 link sit side by side. A dimension-d link joins two
//! places mirrored about the middle of a block of 2^(d+1) (the Gray code's
//! reflection), and its two directions are drawn further apart the higher
//! its dimension, so a reader can tell the dimensions apart and see that
//! each link stays in its row or column.
//!
//! ```
//! use commbook_core::net::hypercube::Hypercube;
//! use commbook_core::net::Network;
//! let h = Hypercube::new(8);
//! // 0 → 6 corrects bit 1, then bit 2: 0 → 2 → 6.
//! assert_eq!(h.static_route(0, 6), vec![3 * 0 + 1, 3 * 2 + 2]);
//! assert_eq!(h.link_label(3 * 2 + 2), "P2→P6 (dimension 2)");
//! ```

use super::layout::Placement;
use super::{Network, Vertex};
use crate::verify::LinkId;

/// Largest hypercube the book builds: the 1,024 nodes of a full iPSC/860
/// would be 128; 1,024 keeps every figure and film within the browser's
/// budgets.
pub const MAX_HYPERCUBE: usize = 1024;

/// The largest power of two at most `x` (1 for 0).
pub fn power_of_two_below(x: usize) -> usize {
    1 << (usize::BITS - 1 - x.max(1).leading_zeros())
}

/// Whether a hypercube of `n` processors can be built here.
pub fn fits(n: usize) -> bool {
    n.is_power_of_two() && n <= MAX_HYPERCUBE
}

/// A hypercube of 2^k processors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hypercube {
    /// Dimensions k.
    pub dims: u32,
}

impl Hypercube {
    /// The hypercube of `n` processors; `n` must be a power of two (the
    /// settings round it first, with a notice).
    pub fn new(n: usize) -> Hypercube {
        Hypercube {
            dims: n.max(1).trailing_zeros(),
        }
    }

    /// The link leaving `p` along dimension `d`.
    #[inline(always)]
    pub fn link(&self, p: usize, d: u32) -> LinkId {
        (self.dims as usize * p + d as usize) as LinkId
    }

    /// The e-cube route's next link from `at` towards `dst` (`None` when
    /// `at` is the destination): the lowest differing dimension.
    #[inline(always)]
    pub fn next_link(&self, at: usize, dst: usize) -> Option<LinkId> {
        let diff = at ^ dst;
        (diff != 0).then(|| self.link(at, diff.trailing_zeros()))
    }

    /// Hops between two processors: the bits in which they differ.
    pub fn hops(&self, a: usize, b: usize) -> usize {
        (a ^ b).count_ones() as usize
    }

    /// The dimension of link `l`.
    pub fn dimension(&self, l: LinkId) -> u32 {
        (l % self.dims.max(1) as u64) as u32
    }
}

/// Position of `v` in the reflected Gray code: the x with gray(x) = v.
fn gray_rank(v: usize) -> usize {
    let mut x = v;
    let mut shift = 1;
    while shift < usize::BITS {
        x ^= x >> shift;
        shift <<= 1;
    }
    x
}

impl Network for Hypercube {
    fn procs(&self) -> usize {
        1 << self.dims
    }

    fn links(&self) -> usize {
        self.dims as usize * self.procs()
    }

    fn link_ends(&self, l: LinkId) -> (Vertex, Vertex) {
        let k = self.dims.max(1) as u64;
        let p = (l / k) as usize;
        (Vertex::Proc(p), Vertex::Proc(p ^ (1 << (l % k))))
    }

    fn static_route(&self, src: usize, dst: usize) -> Vec<LinkId> {
        let mut at = src;
        std::iter::from_fn(|| {
            let l = self.next_link(at, dst)?;
            at ^= 1 << self.dimension(l);
            Some(l)
        })
        .collect()
    }

    fn link_label(&self, l: LinkId) -> String {
        let (Vertex::Proc(a), Vertex::Proc(b)) = self.link_ends(l) else {
            unreachable!("a hypercube has no switches")
        };
        format!("P{a}→P{b} (dimension {})", self.dimension(l))
    }

    fn placement(&self) -> Placement {
        let k = self.dims;
        let col_bits = k.div_ceil(2);
        let cols = 1usize << col_bits;
        let rows = 1usize << (k - col_bits);
        let nodes = (0..self.procs())
            .map(|p| {
                let x = gray_rank(p & (cols - 1)) as f64 + 0.5;
                let y = gray_rank(p >> col_bits) as f64 + 0.5;
                (Vertex::Proc(p), x, y)
            })
            .collect();
        // Dimensions of a row (the low bits) and of a column (the high
        // bits) are spread apart in turn: the first of each close to the
        // line of nodes, the last furthest out.
        let spread = (0..self.links() as u64)
            .map(|l| {
                let d = self.dimension(l);
                let within = if d < col_bits { d } else { d - col_bits };
                0.09 + 0.08 * within as f64
            })
            .collect();
        Placement {
            width: cols as f64,
            height: rows as f64,
            radius: 0.13,
            nodes,
            spread: Some(spread),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::TopologySpec;
    use crate::net::layout::Layout;

    #[test]
    fn e_cube_routes_are_minimal_connected_and_ascend_in_dimension() {
        for n in [1, 2, 8, 32, 64] {
            let h = Hypercube::new(n);
            assert_eq!(h.procs(), n);
            for a in 0..n {
                for b in 0..n {
                    let r = h.static_route(a, b);
                    assert_eq!(r.len(), h.hops(a, b), "{a}→{b}");
                    let mut at = Vertex::Proc(a);
                    let mut last = None;
                    for &l in &r {
                        let (from, to) = h.link_ends(l);
                        assert_eq!(from, at);
                        assert!(last < Some(h.dimension(l)), "dimensions ascend");
                        last = Some(h.dimension(l));
                        at = to;
                    }
                    assert_eq!(at, Vertex::Proc(b));
                }
            }
        }
    }

    #[test]
    fn every_link_has_its_way_back_and_no_two_links_coincide() {
        let h = Hypercube::new(16);
        assert_eq!(h.links(), 64);
        let mut seen = std::collections::BTreeSet::new();
        for l in 0..h.links() as u64 {
            let (a, b) = h.link_ends(l);
            assert!(seen.insert((a, b)));
            let (Vertex::Proc(a), Vertex::Proc(b)) = (a, b) else {
                panic!()
            };
            assert_eq!((a ^ b).count_ones(), 1);
        }
    }

    #[test]
    fn the_drawing_keeps_each_link_in_its_row_or_column() {
        let l = Layout::new(TopologySpec::Hypercube { procs: 32 });
        assert_eq!((l.width, l.height), (8.0, 4.0));
        assert_eq!(l.links.iter().flatten().count(), 5 * 32);
        for (id, s) in l.links.iter().enumerate() {
            let s = s.expect("every hypercube link is drawn");
            let (a, b) = (l.nodes[s.a as usize], l.nodes[s.b as usize]);
            assert!(a.x == b.x || a.y == b.y, "link {id}");
        }
        // Dimension-0 neighbours sit side by side.
        let (a, b) = (l.nodes[6], l.nodes[7]);
        assert_eq!(((a.x - b.x).abs(), a.y), (1.0, b.y));
        // Every place is taken once.
        let places: std::collections::BTreeSet<_> =
            l.nodes.iter().map(|n| (n.x as u32, n.y as u32)).collect();
        assert_eq!(places.len(), 32);
    }
}
