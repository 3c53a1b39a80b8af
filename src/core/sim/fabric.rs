//! The network as the simulator sees it: channels, routers and routing.
//!
//! A *channel* is anything that carries one flit per cycle into a buffer or
//! a processor. Channels `0..links` are the network's directed links, with
//! the ids of [`crate::net`]; channel `links + p` is processor p's
//! ejection channel (its router hands flits to the processor). Read as an
//! *input*, channel `c < links` is the buffer at the far end of link c and
//! channel `links + p` is p's injection port. So every router (vertex) has
//! inputs (its incoming links' buffers, plus the injection port on a
//! processor) and outputs (its outgoing links, plus ejection).
//!
//! Routing is by destination, hop by hop, as the machines' routers did:
//! - mesh: XY dimension order ([`crate::net::mesh`]); one fixed next
//!   link;
//! - fat tree: climb while the current node's cluster does not hold the
//!   destination, choosing one of the switch's up-links
//!   ([`super::UpRouting`] says how), then follow the one way down
//!   ([`crate::net::fattree`]);
//! - hypercube: e-cube order, the lowest differing address bit first
//!   ([`crate::net::hypercube`]); one fixed next link;
//! - k-ary n-tree: as the fat tree, up*/down*, one of the switch's k
//!   up-links or the one way down ([`crate::net::kary`], whose
//!   [`KaryTree::hop`] the fabric asks at every hop).
//!
//! Each network's file says why its routing cannot deadlock; the fabric
//! only reads the routing, and on the fat tree caches its constants.

use crate::net::fattree::{self, FatTree};
use crate::net::hypercube::Hypercube;
use crate::net::kary::{Hop, KaryTree};
use crate::net::mesh::Mesh;
use crate::net::{Network, TopologySpec, Vertex};
use std::collections::BTreeMap;

/// Marks "none" in the simulator's u32 tables.
pub const NONE: u32 = u32::MAX;

/// Where a head flit goes next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// One possible output channel.
    Fixed(u32),
    /// One of `k` up-links `first`, `first + 2`, …; `pick` is the static
    /// (d-mod-k) choice.
    Up { first: u32, k: u32, pick: u32 },
}

/// A fat-tree router's routing constants, computed once: the way down to
/// child c is `down0 + stride·c`, the way up one of `k` links from
/// `up_first`, the static pick `(dst >> shift) mod k` (every level's
/// up-link count is a power of two).
#[derive(Clone, Copy, Debug, Default)]
struct FatHop {
    level: u32,
    node: u32,
    up_first: u32,
    k: u32,
    down0: u32,
    stride: u32,
    shift: u32,
}

#[derive(Clone, Debug)]
enum Topo {
    Mesh(Mesh),
    FatTree(FatTree),
    Hypercube(Hypercube),
    Kary(KaryTree),
}

/// The network as channels and routers, with its routing function.
#[derive(Clone, Debug)]
pub struct Fabric {
    spec: TopologySpec,
    topo: Topo,
    procs: usize,
    links: usize,
    /// Router an input channel delivers into (NONE for unused links).
    in_vertex: Box<[u32]>,
    /// Router an output channel leaves (NONE for unused links).
    out_vertex: Box<[u32]>,
    /// Position of an input among its router's inputs, for round robin.
    in_rank: Box<[u16]>,
    /// Number of inputs of each router.
    in_deg: Box<[u16]>,
    /// Per input, the round-robin pointer after it wins
    /// ([`Fabric::rr_after`]; a table, as a grant would otherwise divide).
    rr_next: Box<[u16]>,
    /// (level, node, switch index) of each router; processors are level 0.
    vinfo: Box<[(u32, u32, u32)]>,
    /// Static up-link choice at level ℓ: (dst / up_div[ℓ]) mod k.
    up_div: Box<[u64]>,
    /// Per router of a fat tree, its routing constants (empty on a mesh).
    hops: Box<[FatHop]>,
    /// Per router of a mesh, its (row, column) (empty on other networks):
    /// [`Fabric::next`] would otherwise divide four times per head.
    coords: Box<[(u32, u32)]>,
}

impl Fabric {
    /// The fabric of a topology (already validated by [`TopologySpec::parse`]).
    pub fn new(spec: TopologySpec) -> Fabric {
        let topo = match spec {
            TopologySpec::Mesh { rows, cols } => Topo::Mesh(Mesh::new(rows, cols)),
            TopologySpec::FatTree { procs } => Topo::FatTree(FatTree::new(procs)),
            TopologySpec::Hypercube { procs } => Topo::Hypercube(Hypercube::new(procs)),
            TopologySpec::KaryTree { k, n } => Topo::Kary(KaryTree::new(k, n)),
        };
        let net: &dyn Network = match &topo {
            Topo::Mesh(m) => m,
            Topo::FatTree(t) => t,
            Topo::Hypercube(h) => h,
            Topo::Kary(t) => t,
        };
        let (procs, links) = (net.procs(), net.links());
        let mut vinfo: Vec<(u32, u32, u32)> = (0..procs).map(|p| (0, p as u32, 0)).collect();
        let mut ids: BTreeMap<Vertex, u32> = BTreeMap::new();
        let mut index = |v: Vertex, vinfo: &mut Vec<(u32, u32, u32)>| match v {
            Vertex::Proc(p) => p as u32,
            Vertex::Switch { level, node, index } => *ids.entry(v).or_insert_with(|| {
                vinfo.push((level as u32, node as u32, index as u32));
                (vinfo.len() - 1) as u32
            }),
        };
        let mut in_vertex = vec![NONE; links + procs];
        let mut out_vertex = vec![NONE; links + procs];
        for l in 0..links {
            let (a, b) = net.link_ends(l as u64);
            if a != b {
                out_vertex[l] = index(a, &mut vinfo);
                in_vertex[l] = index(b, &mut vinfo);
            }
        }
        for p in 0..procs {
            in_vertex[links + p] = p as u32;
            out_vertex[links + p] = p as u32;
        }
        let mut in_deg = vec![0u16; vinfo.len()];
        let mut in_rank = vec![0u16; links + procs];
        for (c, &v) in in_vertex.iter().enumerate() {
            if v != NONE {
                in_rank[c] = in_deg[v as usize];
                in_deg[v as usize] += 1;
            }
        }
        let rr_next: Vec<u16> = (0..links + procs)
            .map(|c| match in_vertex[c] {
                NONE => 0,
                v => (in_rank[c] + 1) % in_deg[v as usize].max(1),
            })
            .collect();
        let mut up_div = vec![1u64];
        for level in 0..64 {
            let next = up_div[level].saturating_mul(fattree::parents(level) as u64);
            up_div.push(next);
        }
        let hops = match &topo {
            Topo::FatTree(t) => vinfo
                .iter()
                .map(|&(level, node, sw)| {
                    let (l, sw) = (level as usize, sw as usize);
                    let k = fattree::parents(l);
                    let down0 = if l > 0 { t.link_id(l, 0, sw, false) } else { 0 };
                    FatHop {
                        level,
                        node,
                        up_first: t.link_id(l + 1, node as usize, sw * k, true) as u32,
                        k: k as u32,
                        down0: down0 as u32,
                        stride: 2 * fattree::switches(l) as u32,
                        shift: up_div[l.min(63)].trailing_zeros(),
                    }
                })
                .collect(),
            Topo::Mesh(_) | Topo::Hypercube(_) | Topo::Kary(_) => Box::default(),
        };
        let coords = match &topo {
            Topo::Mesh(m) => (0..m.rows * m.cols)
                .map(|v| ((v / m.cols) as u32, (v % m.cols) as u32))
                .collect(),
            _ => Box::default(),
        };
        Fabric {
            spec,
            topo,
            hops,
            coords,
            procs,
            links,
            in_vertex: in_vertex.into(),
            out_vertex: out_vertex.into(),
            in_rank: in_rank.into(),
            in_deg: in_deg.into(),
            rr_next: rr_next.into(),
            vinfo: vinfo.into(),
            up_div: up_div.into(),
        }
    }

    /// The topology this fabric was built from.
    pub fn spec(&self) -> TopologySpec {
        self.spec
    }

    /// The network, for labels and routes.
    pub fn network(&self) -> &dyn Network {
        match &self.topo {
            Topo::Mesh(m) => m,
            Topo::FatTree(t) => t,
            Topo::Hypercube(h) => h,
            Topo::Kary(t) => t,
        }
    }

    /// Number of processors.
    pub fn procs(&self) -> usize {
        self.procs
    }

    /// Number of directed links (channel ids below this are links).
    pub fn links(&self) -> usize {
        self.links
    }

    /// Number of channels: links, then one ejection channel per processor.
    pub fn channels(&self) -> usize {
        self.links + self.procs
    }

    /// Number of routers (processors first, then fat-tree switches).
    pub fn vertices(&self) -> usize {
        self.vinfo.len()
    }

    /// The router an output channel leaves.
    pub fn out_vertex(&self, o: u32) -> u32 {
        self.out_vertex[o as usize]
    }

    /// Round-robin distance of input `i` from pointer `rr` (below the
    /// router's input count, as [`Fabric::rr_after`] leaves it) at output
    /// `o`'s router: 0 is served first.
    #[inline(always)]
    pub fn rr_distance(&self, i: u32, o: u32, rr: u16) -> u16 {
        let deg = self.in_deg[self.out_vertex[o as usize] as usize];
        let d = self.in_rank[i as usize] + deg - rr;
        if d >= deg { d - deg } else { d }
    }

    /// The round-robin pointer after input `i` wins.
    #[inline(always)]
    pub fn rr_after(&self, i: u32) -> u16 {
        self.rr_next[i as usize]
    }

    /// Where a head flit at input `i`, bound for processor `dst`, goes next
    /// (as [`Fabric::next_reference`], from constants computed once).
    #[inline(always)]
    pub fn next(&self, i: u32, dst: usize) -> Next {
        let v = self.in_vertex[i as usize] as usize;
        match &self.topo {
            Topo::Mesh(_) => {
                // The reference's rule written again on the table's
                // coordinates: the reference keeps its own copy, so that
                // `next` is checked against independent code.
                let ((r, c), (rd, cd)) = (self.coords[v], self.coords[dst]);
                let dir = if c < cd {
                    0
                } else if c > cd {
                    1
                } else if r < rd {
                    2
                } else if r > rd {
                    3
                } else {
                    return Next::Fixed((self.links + v) as u32);
                };
                Next::Fixed((4 * v + dir) as u32)
            }
            Topo::Hypercube(_) | Topo::Kary(_) => self.next_reference(i, dst),
            Topo::FatTree(_) => {
                let h = self.hops[v];
                let level = h.level as usize;
                if level == 0 && h.node as usize == dst {
                    return Next::Fixed((self.links + v) as u32);
                }
                if level > 0 && dst >> (2 * level) == h.node as usize {
                    let child = (dst >> (2 * (level - 1))) as u32;
                    return Next::Fixed(h.down0 + h.stride * child);
                }
                Next::Up {
                    first: h.up_first,
                    k: h.k,
                    pick: ((dst >> h.shift) as u32) & (h.k - 1),
                }
            }
        }
    }

    /// Where a head flit at input `i`, bound for processor `dst`, goes
    /// next: the routing function as first written, which the reference
    /// loop keeps using.
    #[inline(always)]
    pub fn next_reference(&self, i: u32, dst: usize) -> Next {
        let v = self.in_vertex[i as usize] as usize;
        match &self.topo {
            Topo::Mesh(m) => {
                let (r, c) = (v / m.cols, v % m.cols);
                let (rd, cd) = (dst / m.cols, dst % m.cols);
                let dir = if c < cd {
                    0
                } else if c > cd {
                    1
                } else if r < rd {
                    2
                } else if r > rd {
                    3
                } else {
                    return Next::Fixed((self.links + v) as u32);
                };
                Next::Fixed((4 * v + dir) as u32)
            }
            Topo::Hypercube(h) => match h.next_link(v, dst) {
                Some(l) => Next::Fixed(l as u32),
                None => Next::Fixed((self.links + v) as u32),
            },
            Topo::Kary(t) => {
                let (level, node, index) = self.vinfo[v];
                let at = if level == 0 {
                    Vertex::Proc(v)
                } else {
                    Vertex::Switch {
                        level: level as usize,
                        node: node as usize,
                        index: index as usize,
                    }
                };
                match t.hop(at, dst) {
                    Hop::Arrived => Next::Fixed((self.links + v) as u32),
                    Hop::Fixed(l) => Next::Fixed(l as u32),
                    Hop::Up { first, pick } => Next::Up {
                        first: first as u32,
                        k: t.k as u32,
                        pick: pick as u32,
                    },
                }
            }
            Topo::FatTree(t) => {
                let (level, node, sw) = self.vinfo[v];
                let (level, node, sw) = (level as usize, node as usize, sw as usize);
                if level == 0 && node == dst {
                    return Next::Fixed((self.links + v) as u32);
                }
                if level > 0 && dst >> (2 * level) == node {
                    let child = dst >> (2 * (level - 1));
                    return Next::Fixed(t.link_id(level, child, sw, false) as u32);
                }
                let k = fattree::parents(level);
                let pick = (dst as u64 / self.up_div[level.min(63)]) % k as u64;
                Next::Up {
                    first: t.link_id(level + 1, node, sw * k, true) as u32,
                    k: k as u32,
                    pick: pick as u32,
                }
            }
        }
    }

    /// Links a message from `src` to `dst` crosses (ejection not counted).
    pub fn hops(&self, src: usize, dst: usize) -> usize {
        match &self.topo {
            Topo::Mesh(m) => m.hops(src, dst),
            Topo::FatTree(t) => 2 * t.lca_level(src, dst),
            Topo::Hypercube(h) => h.hops(src, dst),
            Topo::Kary(t) => 2 * t.lca_level(src, dst),
        }
    }

    /// A processor's name: `(r,c)` on a mesh, `P5` on a fat tree.
    pub fn node_name(&self, p: usize) -> String {
        match &self.topo {
            Topo::Mesh(m) => {
                let (r, c) = m.coords(p);
                format!("({r},{c})")
            }
            Topo::FatTree(_) | Topo::Hypercube(_) | Topo::Kary(_) => format!("P{p}"),
        }
    }

    /// A channel in a sentence: "link (3,4)→(3,5)" or "the ejection port
    /// of (3,5)".
    pub fn describe(&self, c: u32) -> String {
        if (c as usize) < self.links {
            format!("link {}", self.label(c))
        } else {
            self.label(c)
        }
    }

    /// A channel's name: a link as "(3,4)→(3,5)", an ejection channel as
    /// "the ejection port of (3,5)".
    pub fn label(&self, c: u32) -> String {
        let c = c as usize;
        if c < self.links {
            self.network().link_label(c as u64)
        } else {
            format!("the ejection port of {}", self.node_name(c - self.links))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Follows `next` from src's injection port, taking the static pick.
    fn walk(f: &Fabric, src: usize, dst: usize) -> Vec<u64> {
        let mut at = (f.links() + src) as u32;
        let mut out = Vec::new();
        loop {
            let o = match f.next(at, dst) {
                Next::Fixed(o) => o,
                Next::Up { first, pick, .. } => first + 2 * pick,
            };
            if o as usize >= f.links() {
                assert_eq!(o as usize, f.links() + dst);
                return out;
            }
            out.push(o as u64);
            at = o;
        }
    }

    #[test]
    fn hop_by_hop_routing_matches_the_static_routes() {
        for spec in [
            "mesh:3x5",
            "mesh:1x4",
            "fattree:64",
            "fattree:37",
            "fattree:256",
            "hypercube:64",
            "hypercube:2",
            "kary:4:3",
            "kary:2:5",
            "kary:3:3",
            "kary:32:2",
            "kary:5:1",
        ] {
            let f = Fabric::new(TopologySpec::parse(spec).unwrap());
            let n = f.procs();
            for a in (0..n).step_by(3) {
                for b in (0..n).step_by(5) {
                    let r = walk(&f, a, b);
                    assert_eq!(r, f.network().static_route(a, b), "{spec} {a}→{b}");
                    for at in
                        std::iter::once((f.links() + a) as u32).chain(r.iter().map(|&l| l as u32))
                    {
                        assert_eq!(f.next(at, b), f.next_reference(at, b), "{spec} {a}→{b}");
                    }
                    assert_eq!(r.len(), f.hops(a, b));
                }
            }
        }
    }

    #[test]
    fn routers_know_their_inputs() {
        let f = Fabric::new(TopologySpec::Mesh { rows: 2, cols: 2 });
        // Each corner of a 2×2 mesh has two incoming links and its injection port.
        assert_eq!(f.vertices(), 4);
        assert!(f.in_deg.iter().all(|&d| d == 3));
        let t = Fabric::new(TopologySpec::FatTree { procs: 16 });
        // 16 processors, 4 level-1 nodes of 2 switches, 1 level-2 node of 4.
        assert_eq!(t.vertices(), 16 + 8 + 4);
        assert_eq!(t.label(t.links() as u32), "the ejection port of P0");
        assert_eq!(f.label(0), "(0,0)→(0,1)");
        // 64 processors and 3 levels of 16 switches, each switch with
        // k = 4 links in from below and 4 from above (none at the top).
        let k = Fabric::new(TopologySpec::KaryTree { k: 4, n: 3 });
        assert_eq!(k.vertices(), 64 + 3 * 16);
        assert_eq!(k.in_deg[..64].iter().max(), Some(&2));
        assert!(k.in_deg[64..].iter().all(|&d| d == 8 || d == 4));
        assert_eq!(k.in_deg.iter().filter(|&&d| d == 4).count(), 16);
    }
}
