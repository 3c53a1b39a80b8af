//! Interconnection networks: the vertices, the directed links, and routes.
//!
//! Three topologies from the papers and one of today, each one file
//! implementing [`Network`] (its links, its routing, why that routing
//! cannot deadlock, and where it is drawn), listed once in [`NETWORKS`]:
//! - [`mesh::Mesh`]: an R×C 2-D mesh with XY (dimension-order) routing, the
//!   Intel Delta of paper 001 (16×32) and the static-routing network of NICE
//!   (paper 002);
//! - [`fattree::FatTree`]: the CM-5 data network of paper 004 §2, a 4-ary fat
//!   tree whose upward path is free and whose downward path is fixed;
//! - [`hypercube::Hypercube`]: a binary hypercube with e-cube routing, the
//!   Intel iPSC/860 of NICE's experiments (paper 002 §2.2 and §6);
//! - [`kary::KaryTree`]: a k-ary n-tree (Petrini and Vanneschi 1997), the
//!   full-bisection fat tree of today's InfiniBand clusters, with up*/down*
//!   routing.
//!
//! Links are directed and numbered `0..links()`, the same numbering for the
//! verifier (link-disjoint phases), the schedulers that avoid link contention
//! (RS_NL), the cycle-level simulator and the animator.

pub mod fattree;
pub mod hypercube;
pub mod kary;
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
    /// tree's way up), `choose(k)` picks one of `k` options; a network
    /// whose routing never chooses (the mesh, the hypercube) keeps this
    /// default, its static route.
    fn route_with(
        &self,
        src: usize,
        dst: usize,
        _choose: &mut dyn FnMut(usize) -> usize,
    ) -> Vec<LinkId> {
        self.static_route(src, dst)
    }
    /// The network's static route: fixed per (src, dst), as a compile-time
    /// scheduler such as RS_NL must assume.
    fn static_route(&self, src: usize, dst: usize) -> Vec<LinkId>;
    /// A readable name for a link, e.g. "(3,4)→(3,5)".
    fn link_label(&self, l: LinkId) -> String;
    /// Where the animator and the figures draw each vertex.
    fn placement(&self) -> layout::Placement;
}

/// A tree's link as "P3→L1.0.0": processors by number, switches by level,
/// node and index (both fat trees name their links so).
pub(crate) fn tree_link_label((a, b): (Vertex, Vertex)) -> String {
    let name = |v: Vertex| match v {
        Vertex::Proc(p) => format!("P{p}"),
        Vertex::Switch { level, node, index } => format!("L{level}.{node}.{index}"),
    };
    format!("{}→{}", name(a), name(b))
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

/// Names a network from text such as `mesh:4x8`, `fattree:64`,
/// `hypercube:32` or `kary:4:3`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TopologySpec {
    Mesh {
        rows: usize,
        cols: usize,
    },
    FatTree {
        procs: usize,
    },
    /// `procs` is a power of two.
    Hypercube {
        procs: usize,
    },
    /// A k-ary n-tree of k^n processors: k ≥ 2, n ≥ 1, k^n at most
    /// [`kary::MAX_KARY_PROCS`].
    KaryTree {
        k: usize,
        n: usize,
    },
}

/// Most processors a topology may have.
pub const MAX_PROCS: usize = 4096;

/// One kind of network the book knows, as the CLI, the JS API, the lab and
/// the figures list them: the one list every front end reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NetworkKind {
    /// The name before the colon, e.g. `mesh`.
    pub name: &'static str,
    /// What follows the colon.
    pub shape: &'static str,
    /// An example.
    pub example: &'static str,
    /// The machine it models, for a sentence.
    pub machine: &'static str,
}

/// Every network, in the order the book lists them.
pub const NETWORKS: [NetworkKind; 4] = [
    NetworkKind {
        name: "mesh",
        shape: "RxC",
        example: "mesh:16x32",
        machine: "a 2-D mesh with XY routing, like the Intel Delta",
    },
    NetworkKind {
        name: "fattree",
        shape: "N",
        example: "fattree:64",
        machine: "a 4-ary fat tree, like the CM-5's data network",
    },
    NetworkKind {
        name: "hypercube",
        shape: "N",
        example: "hypercube:32",
        machine: "a binary hypercube with e-cube routing, like the iPSC/860 (N a power of two)",
    },
    NetworkKind {
        name: "kary",
        shape: "K:N",
        example: "kary:4:3",
        machine: "a k-ary n-tree (K^N processors, up to 1,024), the full-bisection fat tree of today's InfiniBand clusters",
    },
];

impl TopologySpec {
    /// Parses `mesh:RxC`, `fattree:N`, `hypercube:N` or `kary:K:N`,
    /// refusing a hypercube whose N is not a power of two or is above
    /// [`hypercube::MAX_HYPERCUBE`], and a k-ary n-tree with k < 2, n < 1
    /// or more than [`kary::MAX_KARY_PROCS`] processors;
    /// [`TopologySpec::read`] corrects those with a notice instead.
    pub fn parse(s: &str) -> Result<TopologySpec, String> {
        let spec = TopologySpec::read_exact(s)?;
        let fixed = TopologySpec::fitted(spec);
        if fixed != spec {
            return Err(format!(
                "{s}: {}; try {}",
                TopologySpec::why_not(spec),
                fixed.name()
            ));
        }
        Ok(spec)
    }

    /// Parses a topology as [`TopologySpec::parse`] does, but where a
    /// hypercube cannot have the N asked for, uses the nearest one it can
    /// and says so: the largest power of two below N, or
    /// [`hypercube::MAX_HYPERCUBE`]; likewise a k-ary n-tree
    /// ([`kary::fitted`]: k raised to 2, n to 1, then n lowered until
    /// k^n ≤ [`kary::MAX_KARY_PROCS`]).
    pub fn read(s: &str) -> Result<(TopologySpec, Option<String>), String> {
        let spec = TopologySpec::read_exact(s)?;
        let fixed = TopologySpec::fitted(spec);
        let notice = (fixed != spec).then(|| {
            format!(
                "{s}: {}; using {}",
                TopologySpec::why_not(spec),
                fixed.name()
            )
        });
        Ok((fixed, notice))
    }

    /// The topology the text names, before any correction.
    fn read_exact(s: &str) -> Result<TopologySpec, String> {
        let bad = || format!("topology '{s}' is not {}", TopologySpec::forms());
        let (kind, arg) = s.split_once(':').ok_or_else(bad)?;
        let count = |arg: &str| arg.trim().parse::<usize>().map_err(|_| bad());
        let spec = match kind {
            "mesh" => {
                let (r, c) = arg.split_once(['x', 'X']).ok_or_else(bad)?;
                TopologySpec::Mesh {
                    rows: count(r)?,
                    cols: count(c)?,
                }
            }
            "fattree" => TopologySpec::FatTree { procs: count(arg)? },
            "hypercube" => TopologySpec::Hypercube { procs: count(arg)? },
            "kary" => {
                let (k, n) = arg.split_once(':').ok_or_else(bad)?;
                // Fitted, never refused here: any k and n name a tree.
                return Ok(TopologySpec::KaryTree {
                    k: count(k)?,
                    n: count(n)?,
                });
            }
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

    /// Every form a topology may take, for messages: "mesh:RxC (e.g.
    /// mesh:16x32), fattree:N (e.g. fattree:64) or hypercube:N (…)".
    pub fn forms() -> String {
        let forms: Vec<String> = NETWORKS
            .iter()
            .map(|k| format!("{}:{} (e.g. {})", k.name, k.shape, k.example))
            .collect();
        match forms.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => forms.concat(),
        }
    }

    /// The nearest network of the same kind that can be built: a hypercube
    /// of the largest power of two at most N and at most
    /// [`hypercube::MAX_HYPERCUBE`]; a k-ary n-tree as [`kary::fitted`]
    /// says; the other kinds as they are.
    pub fn fitted(spec: TopologySpec) -> TopologySpec {
        match spec {
            TopologySpec::Hypercube { procs } => TopologySpec::Hypercube {
                procs: hypercube::power_of_two_below(procs.min(hypercube::MAX_HYPERCUBE)),
            },
            TopologySpec::KaryTree { k, n } => {
                let (k, n) = kary::fitted(k, n);
                TopologySpec::KaryTree { k, n }
            }
            other => other,
        }
    }

    /// Why a network cannot be built as asked (a hypercube or a k-ary
    /// n-tree that [`TopologySpec::fitted`] changes).
    fn why_not(spec: TopologySpec) -> String {
        let procs = match spec {
            TopologySpec::KaryTree { k, n } => {
                let p = kary::procs_of(k, n);
                return if k < 2 {
                    format!("a k-ary n-tree's switches need k ≥ 2 links down (got k = {k})")
                } else if n < 1 {
                    "a k-ary n-tree has at least one level of switches (got n = 0)".into()
                } else {
                    let p = if p == usize::MAX {
                        "more than can be counted".to_string()
                    } else {
                        p.to_string()
                    };
                    format!(
                        "a k-ary n-tree has at most {} processors here, the simulator's practical cap, and {k}^{n} is {p}",
                        kary::MAX_KARY_PROCS
                    )
                };
            }
            other => other.procs(),
        };
        if procs > hypercube::MAX_HYPERCUBE {
            format!(
                "a hypercube has at most {} processors here",
                hypercube::MAX_HYPERCUBE
            )
        } else {
            format!("a hypercube's {procs} processors must be a power of two")
        }
    }

    /// Number of processors.
    pub fn procs(&self) -> usize {
        match *self {
            TopologySpec::Mesh { rows, cols } => rows.saturating_mul(cols),
            TopologySpec::FatTree { procs } | TopologySpec::Hypercube { procs } => procs,
            TopologySpec::KaryTree { k, n } => kary::procs_of(k, n),
        }
    }

    /// Builds the network.
    pub fn build(&self) -> Box<dyn Network> {
        match *self {
            TopologySpec::Mesh { rows, cols } => Box::new(mesh::Mesh::new(rows, cols)),
            TopologySpec::FatTree { procs } => Box::new(fattree::FatTree::new(procs)),
            TopologySpec::Hypercube { procs } => Box::new(hypercube::Hypercube::new(procs)),
            TopologySpec::KaryTree { k, n } => Box::new(kary::KaryTree::new(k, n)),
        }
    }

    /// The text form, e.g. `mesh:16x32`.
    pub fn name(&self) -> String {
        match *self {
            TopologySpec::Mesh { rows, cols } => format!("mesh:{rows}x{cols}"),
            TopologySpec::FatTree { procs } => format!("fattree:{procs}"),
            TopologySpec::Hypercube { procs } => format!("hypercube:{procs}"),
            TopologySpec::KaryTree { k, n } => format!("kary:{k}:{n}"),
        }
    }

    /// The network in a phrase, e.g. "the 16 × 32 mesh (Delta)".
    pub fn phrase(&self) -> String {
        match *self {
            TopologySpec::Mesh { rows, cols } => format!("the {rows} × {cols} mesh (Delta)"),
            TopologySpec::FatTree { procs } => {
                format!("the {procs}-processor fat tree (CM-5)")
            }
            TopologySpec::Hypercube { procs } => {
                format!("the {procs}-processor hypercube (iPSC/860)")
            }
            TopologySpec::KaryTree { k, n } => format!(
                "the {}-processor {k}-ary {n}-tree (an InfiniBand-class cluster)",
                kary::procs_of(k, n)
            ),
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
        assert_eq!(
            TopologySpec::parse("hypercube:32"),
            Ok(TopologySpec::Hypercube { procs: 32 })
        );
    }

    #[test]
    fn a_hypercube_that_cannot_be_built_is_corrected_with_a_notice() {
        assert_eq!(
            TopologySpec::read("hypercube:48"),
            Ok((
                TopologySpec::Hypercube { procs: 32 },
                Some(
                    "hypercube:48: a hypercube's 48 processors must be a power of two; using hypercube:32"
                        .into()
                )
            ))
        );
        let (spec, notice) = TopologySpec::read("hypercube:4096").unwrap();
        assert_eq!(spec, TopologySpec::Hypercube { procs: 1024 });
        assert!(notice.unwrap().contains("at most 1024"));
        assert_eq!(
            TopologySpec::parse("hypercube:48"),
            Err("hypercube:48: a hypercube's 48 processors must be a power of two; try hypercube:32".into())
        );
        let bad = TopologySpec::parse("ring:4").unwrap_err();
        assert!(bad.contains("kary:K:N (e.g. kary:4:3)"), "{bad}");
        for kind in NETWORKS {
            assert!(bad.contains(kind.example), "{bad}");
        }
    }

    #[test]
    fn a_kary_tree_that_cannot_be_built_is_corrected_with_a_notice() {
        assert_eq!(
            TopologySpec::parse("kary:4:3"),
            Ok(TopologySpec::KaryTree { k: 4, n: 3 })
        );
        assert_eq!(TopologySpec::KaryTree { k: 2, n: 10 }.procs(), 1024);
        assert_eq!(
            TopologySpec::parse("kary:2:10").unwrap().name(),
            "kary:2:10"
        );
        assert_eq!(
            TopologySpec::read("kary:4:6"),
            Ok((
                TopologySpec::KaryTree { k: 4, n: 5 },
                Some(
                    "kary:4:6: a k-ary n-tree has at most 1024 processors here, the simulator's practical cap, and 4^6 is 4096; using kary:4:5"
                        .into()
                )
            ))
        );
        assert_eq!(
            TopologySpec::parse("kary:1:3"),
            Err("kary:1:3: a k-ary n-tree's switches need k ≥ 2 links down (got k = 1); try kary:2:3".into())
        );
        let (spec, notice) = TopologySpec::read("kary:4:0").unwrap();
        assert_eq!(spec, TopologySpec::KaryTree { k: 4, n: 1 });
        assert!(notice.unwrap().contains("at least one level"));
        let (spec, notice) = TopologySpec::read("kary:2:99999999999").unwrap();
        assert_eq!(spec, TopologySpec::KaryTree { k: 2, n: 10 });
        assert!(notice.unwrap().contains("more than can be counted"));
        let (spec, _) = TopologySpec::read("kary:0:0").unwrap();
        assert_eq!(spec, TopologySpec::KaryTree { k: 2, n: 1 });
        for bad in ["kary:4", "kary:4x3", "kary:a:3", "kary:4:3:2"] {
            assert!(TopologySpec::parse(bad).is_err(), "{bad}");
        }
    }
}
