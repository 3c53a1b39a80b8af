//! Interconnection networks: the vertices, the directed links, and routes.
//!
//! Two topologies from the papers:
//! - [`mesh::Mesh`]: an R×C 2-D mesh with XY (dimension-order) routing, the
//!   Intel Delta of paper 001 (16×32) and the static-routing network of NICE
//!   (paper 002);
//! - [`fattree::FatTree`]: the CM-5 data network of paper 004 §2, a 4-ary fat
//!   tree whose upward path is free and whose downward path is fixed.
//!
//! Links are directed and numbered `0..links()`, the same numbering for the
//! verifier (link-disjoint phases), the schedulers that avoid link contention
//! (RS_NL), the cycle-level simulator and the animator.

pub mod fattree;
pub mod layout;
pub mod mesh;

use crate::verify::{LinkId, Routing};

/// A vertex of a network: a processor or a switch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Vertex {
    Proc(usize),
    /// A fat-tree switch: `level` ≥ 1, `node` (cluster) index at that level,
    /// `index` of the switch within the node.
    Switch {
        level: usize,
        node: usize,
        index: usize,
    },
}

/// A network of processors and directed links.
pub trait Network {
    /// Number of processors.
    fn procs(&self) -> usize;
    /// Number of directed links; ids are `0..links()`.
    fn links(&self) -> usize;
    /// Where link `l` starts and ends.
    fn link_ends(&self, l: LinkId) -> (Vertex, Vertex);
    /// The route from `src` to `dst`. Where the routing may choose (the fat
    /// tree's way up), `choose(k)` picks one of `k` options.
    fn route_with(
        &self,
        src: usize,
        dst: usize,
        choose: &mut dyn FnMut(usize) -> usize,
    ) -> Vec<LinkId>;
    /// The network's static route: fixed per (src, dst), as a compile-time
    /// scheduler such as RS_NL must assume.
    fn static_route(&self, src: usize, dst: usize) -> Vec<LinkId>;
    /// A readable name for a link, e.g. "(3,4)→(3,5)".
    fn link_label(&self, l: LinkId) -> String;
}

/// Link-disjointness is judged on a network's static routes.
pub struct StaticRouting<'a>(pub &'a dyn Network);

impl Routing for StaticRouting<'_> {
    fn links(&self, src: usize, dst: usize) -> Vec<LinkId> {
        self.0.static_route(src, dst)
    }
    fn link_name(&self, link: LinkId) -> String {
        self.0.link_label(link)
    }
}

/// Names a network from text such as `mesh:4x8` or `fattree:64`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TopologySpec {
    Mesh { rows: usize, cols: usize },
    FatTree { procs: usize },
}

/// Most processors a topology may have.
pub const MAX_PROCS: usize = 4096;

impl TopologySpec {
    /// Parses `mesh:RxC` or `fattree:N`.
    pub fn parse(s: &str) -> Result<TopologySpec, String> {
        let bad = || {
            format!(
                "topology '{s}' is not mesh:RxC (e.g. mesh:16x32) or fattree:N (e.g. fattree:64)"
            )
        };
        let (kind, arg) = s.split_once(':').ok_or_else(bad)?;
        let spec = match kind {
            "mesh" => {
                let (r, c) = arg.split_once(['x', 'X']).ok_or_else(bad)?;
                let rows = r.trim().parse().map_err(|_| bad())?;
                let cols = c.trim().parse().map_err(|_| bad())?;
                TopologySpec::Mesh { rows, cols }
            }
            "fattree" => TopologySpec::FatTree {
                procs: arg.trim().parse().map_err(|_| bad())?,
            },
            _ => return Err(bad()),
        };
        let p = spec.procs();
        if p == 0 || p > MAX_PROCS {
            return Err(format!(
                "{s} has {p} processors; choose between 1 and {MAX_PROCS}"
            ));
        }
        Ok(spec)
    }

    /// Number of processors.
    pub fn procs(&self) -> usize {
        match *self {
            TopologySpec::Mesh { rows, cols } => rows.saturating_mul(cols),
            TopologySpec::FatTree { procs } => procs,
        }
    }

    /// Builds the network.
    pub fn build(&self) -> Box<dyn Network> {
        match *self {
            TopologySpec::Mesh { rows, cols } => Box::new(mesh::Mesh::new(rows, cols)),
            TopologySpec::FatTree { procs } => Box::new(fattree::FatTree::new(procs)),
        }
    }

    /// The text form, e.g. `mesh:16x32`.
    pub fn name(&self) -> String {
        match *self {
            TopologySpec::Mesh { rows, cols } => format!("mesh:{rows}x{cols}"),
            TopologySpec::FatTree { procs } => format!("fattree:{procs}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_specs() {
        assert_eq!(
            TopologySpec::parse("mesh:16x32"),
            Ok(TopologySpec::Mesh { rows: 16, cols: 32 })
        );
        assert_eq!(
            TopologySpec::parse("fattree:64"),
            Ok(TopologySpec::FatTree { procs: 64 })
        );
        assert!(TopologySpec::parse("mesh:0x4").is_err());
        assert!(TopologySpec::parse("torus:4").is_err());
        assert!(TopologySpec::parse("fattree:99999").is_err());
    }
}
