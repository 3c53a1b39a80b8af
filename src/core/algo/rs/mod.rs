//! NICE's random schedulers RS_N, RS_NL, RS_NH and RS_NLH (paper 002, §3.3,
//! Figure 6).
//!
//! **RS_N** (random scheduling avoiding node contention) cuts COM into
//! partial permutations, one per phase. COM is first compressed into CCOM:
//! row i keeps only its destinations (with the bytes still to send), and
//! `prt(i)` points at its last active column. Each phase clears the vectors
//! `send` and `receive`, draws a random start row x, and visits the rows
//! x, x + 1, …, x − 1 (mod n). Row i scans its columns j = 0, 1, …, prt(i)
//! and takes the first destination k whose `receive(k)` is still free: it
//! sets `send(i) = k`, `receive(k) = i`, and fills the hole with its last
//! active column (`CCOM(i, j) = CCOM(i, prt(i))`, `prt(i) −= 1`), so CCOM
//! never holds a dead entry. Phases repeat until CCOM is empty.
//!
//! **RS_NL** also refuses a destination whose route, under the network's
//! static routing, shares a directed link with a message already in the
//! phase, so every phase is free of node *and* link contention (useful for
//! circuit switching). The book offers the 2-D mesh with XY routing and the
//! CM-5 fat tree ([`crate::core::net`]); without a topology, RS_NL uses the
//! fat tree of n processors, the machine of NICE's experiments.
//!
//! **RS_NH** (and **RS_NLH**, the same on top of RS_NL) keeps the big
//! messages of a phase from making the small ones wait: a phase lasts as
//! long as its largest transfer, so NICE picks "a reasonable message size"
//! per phase; smaller messages go whole and larger ones send only that much.
//!
//! Invariants: every phase is a partial permutation (and link-disjoint for
//! RS_NL/RS_NLH); every message's pieces are sent in order and cover it
//! exactly; each phase delivers at least one message completely, so the run
//! ends after at most as many phases as there are messages (and in about
//! d + log d phases for d random messages per processor, §3.3).
//!
//! Choices where the paper is silent, and why:
//! - **Compression** shuffles each row of CCOM (paper 000's `Random_Swap`,
//!   Figure 5): NICE refers to [10], the companion paper, for it, and the
//!   d + log d estimate assumes random destinations. The shuffles use the
//!   seed before the first random start.
//! - **Local copies** (`COM(i, i)`) need no port; they leave CCOM and are
//!   done in the first phase, as in LP.
//! - **The split rule** (RS_NH, RS_NLH): once a phase's partners are chosen
//!   exactly as in RS_N/RS_NL, its cap is ⌈h · mean⌉ of the chosen messages'
//!   remaining sizes, with h ≥ 1 ([`DEFAULT_H`] = 1). Every transfer sends at
//!   most the cap; the rest of a cut message goes back to the end of its row
//!   with its offset, for a later phase. With equal sizes nothing is cut (the
//!   paper: splitting only helps non-uniform sizes); the smallest chosen
//!   message always fits the cap, which bounds the number of phases. Larger
//!   h cuts less and adds fewer phases.
//!
//! ```
//! use commbook::core::algo::rs::{self, RsConfig, RsVariant};
//! use commbook::core::{com::Com, verify::verify};
//! let com = Com::from_rows(&[
//!     vec![0, 100, 10, 0],
//!     vec![0, 0, 10, 10],
//!     vec![10, 0, 0, 10],
//!     vec![10, 10, 0, 0],
//! ]).unwrap();
//! let (schedule, trace) = rs::trace(&com, &RsConfig::new(RsVariant::N, 7)).unwrap();
//! assert!(schedule.len() >= 2);                        // two messages per row
//! assert!(verify(&com, &schedule, None).is_ok());
//! assert_eq!(trace.final_state().active(), 0);         // CCOM emptied
//! // RS_NH cuts the 100-byte message down to the mean of its phase.
//! let nh = rs::schedule(&com, &RsConfig::new(RsVariant::Nh, 7)).unwrap().schedule;
//! assert!(nh.phases.iter().flatten().any(|t| t.src == 0 && t.dst == 1 && t.bytes < 100));
//! assert!(verify(&com, &nh, None).is_ok());
//! ```

mod engine;
pub mod events;

pub use engine::{Rs, RsOutcome};
pub use events::{CEntry, RsEvent, RsState, Verdict, caption};

use crate::core::com::Com;
use crate::core::net::TopologySpec;
use crate::core::net::{fattree::FatTree, mesh::Mesh};
use crate::core::schedule::Schedule;
use crate::core::trace::Trace;
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
/// distance on the mesh, twice the common ancestor's level on the fat tree).
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
    }
}

/// The scheduler as a step engine, for the UI to run in slices.
pub fn stepper(com: &Com, cfg: &RsConfig, record: bool) -> Result<Rs, RsError> {
    cfg.validate(com)?;
    Ok(Rs::new(com, cfg, record))
}

/// Runs without a trace (the fast path).
pub fn schedule(com: &Com, cfg: &RsConfig) -> Result<RsOutcome, RsError> {
    Ok(crate::core::step::run(Box::new(stepper(com, cfg, false)?)))
}

/// Runs and records the trace.
pub fn trace(com: &Com, cfg: &RsConfig) -> Result<(Schedule, Trace<RsState>), RsError> {
    let out = crate::core::step::run(Box::new(stepper(com, cfg, true)?));
    let trace = out.trace.expect("recording was requested");
    Ok((out.schedule, trace))
}

#[cfg(test)]
mod tests;
