//! Scheduling algorithms. Each takes a validated `Com` and returns a
//! `Schedule` (and, on request, a `Trace` of its decisions); none can fail
//! once the matrix exists.

pub mod cm5;
pub mod lp;
pub mod pairing;
pub mod rs;

use crate::core::com::Com;
use crate::core::schedule::Schedule;
use std::fmt;

/// The algorithms the book can run, by their names in the papers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algo {
    /// Linear (XOR) permutation, paper 000 §3.2.
    Lp,
}

impl Algo {
    /// Every algorithm, in the order the book introduces them.
    pub const ALL: &'static [Algo] = &[Algo::Lp];

    /// The short name used by the CLI, the JS API and URLs.
    pub fn name(self) -> &'static str {
        match self {
            Algo::Lp => "lp",
        }
    }

    /// The name as the papers print it, with its source.
    pub fn title(self) -> &'static str {
        match self {
            Algo::Lp => "Linear permutation (LP), paper 000 §3.2",
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

/// Runs `algo` on `com`; `seed` feeds the randomised algorithms.
pub fn run(algo: Algo, com: &Com, _seed: u64) -> Run {
    match algo {
        Algo::Lp => {
            let out = crate::core::step::run(Box::new(lp::Lp::new(com, false)));
            Run {
                schedule: out.schedule,
                probes: out.probes,
            }
        }
    }
}
