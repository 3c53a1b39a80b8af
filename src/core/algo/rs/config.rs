//! The configuration of an RS run: variant, seed, topology, split factor,
//! and the limits that keep the link variants fast. Validated once; the
//! engine then cannot fail.

use crate::com::Com;
use crate::net::TopologySpec;
use crate::net::{fattree::FatTree, mesh::Mesh};
use std::fmt;

/// The default split factor h of RS_NH and RS_NLH.
pub const DEFAULT_H: f64 = 1.0;

/// Largest split factor accepted (beyond it nothing is ever cut).
pub const MAX_H: f64 = 1000.0;

/// Most messages RS_NL and RS_NLH accept. Their candidates are checked link
/// by link, so a dense matrix costs about n³ link checks: 131,072 messages
/// (n = 2048 with d = 64, or a full matrix of n = 362) take about a second.
pub const MAX_LINK_MESSAGES: usize = 1 << 17;

/// Most links, summed over the static routes of all messages, that RS_NL
/// and RS_NLH accept: they keep each route once and check candidates link
/// by link, so long routes cost memory and time (n = 4096 with d = 8 on
/// `mesh:64x64` crosses 1.4 M links and takes a second or two; a thin mesh
/// such as `mesh:1x4096` hits this limit first).
pub const MAX_ROUTE_LINKS: usize = 1 << 21;

/// Which of NICE's four random schedulers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RsVariant {
    /// RS_N: node contention only.
    N,
    /// RS_NL: node and link contention.
    Nl,
    /// RS_NH: node contention, large messages split.
    Nh,
    /// RS_NLH: node and link contention, large messages split.
    Nlh,
}

impl RsVariant {
    /// Whether the variant avoids link contention.
    pub fn links(self) -> bool {
        matches!(self, RsVariant::Nl | RsVariant::Nlh)
    }

    /// Whether the variant splits large messages.
    pub fn splits(self) -> bool {
        matches!(self, RsVariant::Nh | RsVariant::Nlh)
    }

    /// The same variant without splitting (RS_N for RS_NH, RS_NL for
    /// RS_NLH).
    pub fn unsplit(self) -> RsVariant {
        match self {
            RsVariant::Nh => RsVariant::N,
            RsVariant::Nlh => RsVariant::Nl,
            v => v,
        }
    }

    /// The paper's name.
    pub fn title(self) -> &'static str {
        match self {
            RsVariant::N => "RS_N",
            RsVariant::Nl => "RS_NL",
            RsVariant::Nh => "RS_NH",
            RsVariant::Nlh => "RS_NLH",
        }
    }
}

/// Parameters of an RS run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RsConfig {
    /// Which scheduler.
    pub variant: RsVariant,
    /// Seeds the row shuffles and the random starts.
    pub seed: u64,
    /// The network whose static routes RS_NL/RS_NLH keep apart; `None` means
    /// the fat tree of n processors. Only for the link variants.
    pub topology: Option<TopologySpec>,
    /// The split factor h (RS_NH/RS_NLH only); `None` means [`DEFAULT_H`].
    pub split: Option<f64>,
}

/// Why an RS configuration was refused.
#[derive(Clone, Debug, PartialEq)]
pub enum RsError {
    /// The topology's processor count differs from the matrix's.
    TopologySize {
        topology: String,
        procs: usize,
        n: usize,
    },
    /// A topology was given to a variant that ignores links.
    TopologyUnused { variant: &'static str },
    /// A split factor was given to a variant that does not split.
    SplitUnused { variant: &'static str },
    /// The split factor is out of range.
    BadSplit { h: f64 },
    /// Too many messages for a link-checking variant.
    TooManyMessages {
        variant: &'static str,
        messages: usize,
    },
    /// The messages' routes are too long in total.
    RoutesTooLong { topology: String, links: usize },
}

impl fmt::Display for RsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RsError::TopologySize { topology, procs, n } => write!(
                f,
                "topology {topology} has {procs} processors but the matrix has n = {n}; they must be equal"
            ),
            RsError::TopologyUnused { variant } => write!(
                f,
                "{variant} does not look at links; a topology is for rs-nl and rs-nlh"
            ),
            RsError::SplitUnused { variant } => {
                write!(
                    f,
                    "{variant} does not split messages; split is for rs-nh and rs-nlh"
                )
            }
            RsError::BadSplit { h } => {
                write!(
                    f,
                    "split factor h must be between 1 and {MAX_H} (got h = {h})"
                )
            }
            RsError::TooManyMessages { variant, messages } => write!(
                f,
                "{variant} checks every candidate link by link and would take too long on {messages} messages; at most {MAX_LINK_MESSAGES} are allowed (use rs-n or rs-nh, or a sparser matrix)"
            ),
            RsError::RoutesTooLong { topology, links } => write!(
                f,
                "on {topology} the messages' routes cross {links} links in all, above the limit of {MAX_ROUTE_LINKS}; choose a squarer mesh, the fat tree, or a sparser matrix"
            ),
        }
    }
}

impl std::error::Error for RsError {}

impl RsConfig {
    /// A variant with its defaults.
    pub fn new(variant: RsVariant, seed: u64) -> Self {
        RsConfig {
            variant,
            seed,
            topology: None,
            split: None,
        }
    }

    /// Checks the configuration against the matrix it will run on.
    pub fn validate(&self, com: &Com) -> Result<(), RsError> {
        let n = com.n();
        let name = self.variant.title();
        if self.variant.links() && com.len() > MAX_LINK_MESSAGES {
            return Err(RsError::TooManyMessages {
                variant: name,
                messages: com.len(),
            });
        }
        if let Some(t) = self.topology {
            if !self.variant.links() {
                return Err(RsError::TopologyUnused { variant: name });
            }
            if t.procs() != n {
                return Err(RsError::TopologySize {
                    topology: t.name(),
                    procs: t.procs(),
                    n,
                });
            }
        }
        if let Some(t) = self.topology(n) {
            let links = route_links(t, com);
            if links > MAX_ROUTE_LINKS {
                return Err(RsError::RoutesTooLong {
                    topology: t.name(),
                    links,
                });
            }
        }
        if let Some(h) = self.split {
            if !self.variant.splits() {
                return Err(RsError::SplitUnused { variant: name });
            }
            if !(1.0..=MAX_H).contains(&h) {
                return Err(RsError::BadSplit { h });
            }
        }
        Ok(())
    }

    /// The network in use for n processors (link variants only).
    pub fn topology(&self, n: usize) -> Option<TopologySpec> {
        self.variant
            .links()
            .then(|| self.topology.unwrap_or(TopologySpec::FatTree { procs: n }))
    }

    /// The split factor in use.
    pub fn h(&self) -> f64 {
        self.split.unwrap_or(DEFAULT_H)
    }
}

/// The links the static routes of all of `com`'s messages cross, summed,
/// from the topologies' closed forms (a route is as long as the Manhattan
/// distance on the mesh, twice the common ancestor's level on the fat tree,
/// the differing address bits on the hypercube).
fn route_links(spec: TopologySpec, com: &Com) -> usize {
    match spec {
        TopologySpec::Mesh { rows, cols } => {
            let m = Mesh::new(rows, cols);
            com.messages().map(|x| m.hops(x.src, x.dst)).sum()
        }
        TopologySpec::FatTree { procs } => {
            let t = FatTree::new(procs);
            com.messages().map(|x| 2 * t.lca_level(x.src, x.dst)).sum()
        }
        TopologySpec::Hypercube { .. } => com
            .messages()
            .map(|x| (x.src ^ x.dst).count_ones() as usize)
            .sum(),
        TopologySpec::KaryTree { k, n } => {
            let t = crate::net::kary::KaryTree::new(k, n);
            com.messages().map(|x| 2 * t.lca_level(x.src, x.dst)).sum()
        }
    }
}
