//! Where to draw a network: a position for every processor and switch and a
//! segment for every directed link, in abstract units, plus hit testing.
//!
//! Each network places its own vertices ([`super::Network::placement`],
//! in the network's file, beside its routing); this module turns a
//! placement into segments and answers clicks, the same for every network.
//!
//! The two directions of a wire are drawn side by side, each shifted to the
//! right of its direction of travel, so both can be coloured and clicked.
//! The animator scales these units to pixels; nothing here knows about a
//! screen.
//!
//! ```
//! use commbook_core::net::TopologySpec;
//! use commbook_core::net::layout::{Layout, Pick};
//! let l = Layout::new(TopologySpec::Mesh { rows: 2, cols: 3 });
//! assert_eq!((l.width, l.height), (3.0, 2.0));
//! assert_eq!(l.pick(1.5, 0.5, 0.3), Some(Pick::Node(1)));
//! ```

use super::{TopologySpec, Vertex};
use std::collections::BTreeMap;

/// A drawn vertex: a processor or a switch.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Node {
    pub vertex: Vertex,
    pub x: f64,
    pub y: f64,
}

/// A drawn directed link: from node `a` to node `b` (indices into
/// [`Layout::nodes`]), with its shifted end points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Seg {
    pub a: u32,
    pub b: u32,
    pub x0: f64,
    pub y0: f64,
    pub x1: f64,
    pub y1: f64,
}

impl Seg {
    /// The point a fraction `t` of the way along the link.
    pub fn at(&self, t: f64) -> (f64, f64) {
        (
            self.x0 + (self.x1 - self.x0) * t,
            self.y0 + (self.y1 - self.y0) * t,
        )
    }

    /// Distance from (x, y) to the segment.
    fn distance(&self, x: f64, y: f64) -> f64 {
        let (dx, dy) = (self.x1 - self.x0, self.y1 - self.y0);
        let len2 = dx * dx + dy * dy;
        let t = if len2 > 0.0 {
            (((x - self.x0) * dx + (y - self.y0) * dy) / len2).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let (px, py) = self.at(t);
        ((x - px).powi(2) + (y - py).powi(2)).sqrt()
    }
}

/// What a click or a list selects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    /// A node, by index into [`Layout::nodes`] (processors come first, so
    /// processor p is node p).
    Node(usize),
    /// A directed link, by id.
    Link(u32),
}

/// A network's drawing.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub width: f64,
    pub height: f64,
    /// Processors first (node p is processor p), then switches by level.
    pub nodes: Vec<Node>,
    /// One entry per link id; `None` for ids a mesh never uses.
    pub links: Vec<Option<Seg>>,
    /// Radius of a node's marker.
    pub radius: f64,
}

/// How far the two directions of a wire are drawn apart, in units.
pub const SEP: f64 = 0.09;

/// Where a network wants its vertices drawn: what [`Network::placement`]
/// gives, in abstract units, before the links are shifted and trimmed.
///
/// [`Network::placement`]: super::Network::placement
#[derive(Clone, Debug, PartialEq)]
pub struct Placement {
    pub width: f64,
    pub height: f64,
    /// Radius of a node's marker.
    pub radius: f64,
    /// Every vertex with its place: processors first, in order (node p is
    /// processor p), then the switches in the order the lists show them.
    pub nodes: Vec<(Vertex, f64, f64)>,
    /// How far each link is drawn to the right of its direction, by link
    /// id; `None` draws every link [`SEP`] aside.
    pub spread: Option<Vec<f64>>,
}

impl Layout {
    /// The drawing of a topology: its network's [`Placement`], with every
    /// directed link drawn beside its way back.
    pub fn new(spec: TopologySpec) -> Layout {
        let net = spec.build();
        let place = net.placement();
        let ids: BTreeMap<Vertex, u32> = place
            .nodes
            .iter()
            .enumerate()
            .map(|(i, &(v, _, _))| (v, i as u32))
            .collect();
        let nodes: Vec<Node> = place
            .nodes
            .iter()
            .map(|&(vertex, x, y)| Node { vertex, x, y })
            .collect();
        let radius = place.radius;
        let links = (0..net.links() as u64)
            .map(|l| {
                let (a, b) = net.link_ends(l);
                let sep = place.spread.as_ref().map_or(SEP, |s| s[l as usize]);
                (a != b).then(|| shifted(&nodes, ids[&a], ids[&b], 1.3 * radius, sep))
            })
            .collect();
        Layout {
            width: place.width,
            height: place.height,
            nodes,
            links,
            radius,
        }
    }

    /// The node or link at (x, y): a node within 1.5 radii first, else the
    /// nearest link within `tol`.
    pub fn pick(&self, x: f64, y: f64, tol: f64) -> Option<Pick> {
        let near = |n: &Node| ((n.x - x).powi(2) + (n.y - y).powi(2)).sqrt();
        let node = self
            .nodes
            .iter()
            .enumerate()
            .map(|(i, n)| (near(n), i))
            .min_by(|a, b| a.0.total_cmp(&b.0));
        if let Some((d, i)) = node
            && d <= 1.5 * self.radius
        {
            return Some(Pick::Node(i));
        }
        self.links
            .iter()
            .enumerate()
            .filter_map(|(l, s)| s.map(|s| (s.distance(x, y), l as u32)))
            .filter(|&(d, _)| d <= tol)
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, l)| Pick::Link(l))
    }

    /// The links that leave or enter node `i`, outgoing first.
    pub fn links_of(&self, i: usize) -> Vec<u32> {
        let ends = |side: fn(&Seg) -> u32| {
            self.links
                .iter()
                .enumerate()
                .filter(move |(_, s)| s.is_some_and(|s| side(&s) as usize == i))
                .map(|(l, _)| l as u32)
        };
        ends(|s| s.a).chain(ends(|s| s.b)).collect()
    }
}

/// The segment from node a to node b, moved `sep` to the right of its
/// direction (so the way back is drawn beside it) and shortened to start
/// and end at the markers' rims.
fn shifted(nodes: &[Node], a: u32, b: u32, trim: f64, sep: f64) -> Seg {
    let (p, q) = (nodes[a as usize], nodes[b as usize]);
    let (dx, dy) = (q.x - p.x, q.y - p.y);
    let len = (dx * dx + dy * dy).sqrt().max(1e-9);
    let (ux, uy) = (dx / len, dy / len);
    // Right of travel in screen coordinates (y grows downwards).
    let (nx, ny) = (-uy * sep, ux * sep);
    let trim = trim.min(len / 3.0);
    Seg {
        a,
        b,
        x0: p.x + nx + ux * trim,
        y0: p.y + ny + uy * trim,
        x1: q.x + nx - ux * trim,
        y1: q.y + ny - uy * trim,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::Network;
    use crate::net::fattree::FatTree;

    #[test]
    fn mesh_links_join_neighbours_both_ways() {
        let l = Layout::new(TopologySpec::Mesh { rows: 2, cols: 2 });
        // 4 processors, 8 directed links used out of the 16 ids.
        assert_eq!(l.nodes.len(), 4);
        assert_eq!(l.links.iter().flatten().count(), 8);
        let east = l.links[0].unwrap(); // (0,0) → (0,1)
        let west = l.links[4 + 1].unwrap(); // (0,1) → (0,0)
        assert_eq!((east.a, east.b, west.a, west.b), (0, 1, 1, 0));
        // Drawn side by side, not on top of each other.
        assert!((east.y0 - west.y0).abs() > 0.1);
        assert_eq!(l.pick(1.0, east.y0, 0.05), Some(Pick::Link(0)));
        assert_eq!(l.pick(1.0, west.y0, 0.05), Some(Pick::Link(5)));
        assert_eq!(l.pick(0.5, 0.5, 0.05), Some(Pick::Node(0)));
        assert_eq!(l.pick(5.0, 5.0, 0.05), None);
        assert_eq!(l.links_of(0), vec![0, 2, 5, 11]);
    }

    #[test]
    fn fat_tree_shows_every_switch_above_its_processors() {
        let spec = TopologySpec::FatTree { procs: 64 };
        let l = Layout::new(spec);
        let t = FatTree::new(64);
        // 64 processors, 16 × 2 + 4 × 4 + 1 × 8 switches.
        assert_eq!(l.nodes.len(), 64 + 32 + 16 + 8);
        assert_eq!(l.links.iter().flatten().count(), t.links());
        for s in l.links.iter().flatten() {
            let (a, b) = (l.nodes[s.a as usize], l.nodes[s.b as usize]);
            assert!(a.y != b.y, "links join levels");
            assert!(s.x0 >= 0.0 && s.x1 <= l.width && s.y0 >= 0.0 && s.y1 <= l.height);
        }
        // Level-1 switches of cluster 0 sit over processors 0-3.
        let sw = l.nodes[64];
        assert_eq!(
            sw.vertex,
            Vertex::Switch {
                level: 1,
                node: 0,
                index: 0
            }
        );
        assert!(sw.x > 0.0 && sw.x < 4.0 && sw.y < l.nodes[0].y);
        // A processor has two links up and two down.
        assert_eq!(l.links_of(5).len(), 4);
    }
}
