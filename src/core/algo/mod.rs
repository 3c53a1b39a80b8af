//! Scheduling algorithms. Each takes a validated `Com` and returns a
//! `Schedule` (and, on request, a `Trace` of its decisions); none can fail
//! once the matrix exists.

pub mod ac;
pub mod ccom;
pub mod cgm;
pub mod cgm_events;
pub mod cm5;
pub mod duel;
pub mod gm;
pub mod gm_scan;
pub mod lp;
pub mod masking;
pub mod options;
pub mod outcome;
pub mod pairing;
pub mod rs;
mod sink;

pub use options::{RunOptions, run_with};

use crate::com::Com;
use crate::schedule::Schedule;
use crate::trace::{Replay, Trace};
use cm5::Cm5Algo;
use rs::{RsConfig, RsVariant};
use std::fmt;

crate::keyword_enum! {
    /// The algorithms the book can run, by their names in the papers.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum Algo {
        /// Asynchronous communication, paper 000 §3.1.
        Ac = "ac",
        /// Linear (XOR) permutation, paper 000 §3.2.
        Lp = "lp",
        /// Global masking, paper 000 §3.3.
        Gm = "gm",
        /// Compact global masking, paper 000 §4.
        Cgm = "cgm",
        /// NICE's random scheduling avoiding node contention, paper 002 §3.3.
        RsN = "rs-n",
        /// RS_N that also avoids link contention, paper 002 §3.3.
        RsNl = "rs-nl",
        /// RS_N that splits large messages, paper 002 §3.3.
        RsNh = "rs-nh",
        /// RS_NL that splits large messages, paper 002 §3.3.
        RsNlh = "rs-nlh",
        /// Linear scheduling, paper 004 §5.
        Ls = "ls",
        /// Pairwise scheduling, paper 004 §5.
        Ps = "ps",
        /// Balanced scheduling, paper 004 §5.
        Bs = "bs",
        /// Greedy scheduling, paper 004 §5.
        Gs = "gs",
    }
}

impl Algo {
    /// Every algorithm, in the order the book introduces them.
    pub const ALL: &'static [Algo] = <Algo as crate::keyword::Keyword>::ALL;

    /// The short name used by the CLI, the JS API and URLs.
    pub fn name(self) -> &'static str {
        self.word()
    }

    /// The name alone as the papers print it (`RS_NH`), for legends and
    /// tables.
    pub fn label(self) -> &'static str {
        match self {
            Algo::Ac => "AC",
            Algo::Lp => "LP",
            Algo::Gm => "GM",
            Algo::Cgm => "CGM",
            Algo::RsN => "RS_N",
            Algo::RsNl => "RS_NL",
            Algo::RsNh => "RS_NH",
            Algo::RsNlh => "RS_NLH",
            Algo::Ls => "LS",
            Algo::Ps => "PS",
            Algo::Bs => "BS",
            Algo::Gs => "GS",
        }
    }

    /// The name as the papers print it, with its source.
    pub fn title(self) -> &'static str {
        match self {
            Algo::Ac => "Asynchronous communication (AC), paper 000 §3.1",
            Algo::Lp => "Linear permutation (LP), paper 000 §3.2",
            Algo::Gm => "Global masking (GM), paper 000 §3.3",
            Algo::Cgm => "Compact global masking (CGM), paper 000 §4",
            Algo::RsN => "Random scheduling, node contention (RS_N), paper 002 §3.3",
            Algo::RsNl => "Random scheduling, node and link contention (RS_NL), paper 002 §3.3",
            Algo::RsNh => "Random scheduling with message splitting (RS_NH), paper 002 §3.3",
            Algo::RsNlh => "RS_NL with message splitting (RS_NLH), paper 002 §3.3",
            Algo::Ls => "Linear scheduling (LS), paper 004 §5",
            Algo::Ps => "Pairwise scheduling (PS), paper 004 §5",
            Algo::Bs => "Balanced scheduling (BS), paper 004 §5",
            Algo::Gs => "Greedy scheduling (GS), paper 004 §5",
        }
    }

    /// Looks an algorithm up by its short name.
    pub fn parse(name: &str) -> Result<Algo, UnknownAlgo> {
        Algo::ALL
            .iter()
            .copied()
            .find(|a| a.name() == name)
            .ok_or_else(|| UnknownAlgo(name.to_string()))
    }
}

/// An algorithm name that is not in [`Algo::ALL`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownAlgo(pub String);

impl fmt::Display for UnknownAlgo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Algo::ALL.iter().map(|a| a.name()).collect();
        write!(
            f,
            "unknown algorithm '{}'; available: {}",
            self.0,
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownAlgo {}

/// What running an algorithm yields, beyond the schedule itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    pub schedule: Schedule,
    /// Scheduling work: matrix entries examined.
    pub probes: u64,
}

/// Runs `algo` on `com`; `seed` feeds the randomised algorithms. Options
/// take their defaults (RS_NL on the fat tree of n processors); see
/// [`run_with`] to set them.
pub fn run(algo: Algo, com: &Com, seed: u64) -> Run {
    match algo {
        Algo::Ac => ac::run(com),
        Algo::Gm => gm::run(com, gm_scan::Scan::FromZero, seed),
        Algo::Cgm => cgm::run(com, seed),
        Algo::Lp => {
            let out = crate::step::run(Box::new(lp::Lp::new(com, false)));
            Run {
                schedule: out.schedule,
                probes: out.probes,
            }
        }
        Algo::RsN => options::run_rs(com, &RsConfig::new(RsVariant::N, seed)),
        Algo::RsNl => options::run_rs(com, &RsConfig::new(RsVariant::Nl, seed)),
        Algo::RsNh => options::run_rs(com, &RsConfig::new(RsVariant::Nh, seed)),
        Algo::RsNlh => options::run_rs(com, &RsConfig::new(RsVariant::Nlh, seed)),
        Algo::Ls => options::run_cm5(Cm5Algo::Ls, com),
        Algo::Ps => options::run_cm5(Cm5Algo::Ps, com),
        Algo::Bs => options::run_cm5(Cm5Algo::Bs, com),
        Algo::Gs => options::run_cm5(Cm5Algo::Gs, com),
    }
}

/// A trace as text, one line per step: `k: caption`, position 0 included.
/// For golden tests and plain-text exports.
pub fn render<S: Replay>(trace: &Trace<S>, caption: impl Fn(&[S::Event]) -> String) -> String {
    (0..=trace.len())
        .map(|k| format!("{k}: {}\n", caption(trace.events(k))))
        .collect()
}
