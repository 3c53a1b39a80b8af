//! Collective communication on coarse-grained meshes (paper 001: Hambrusch,
//! Hameed, Khokhar, *Communication Operations on Coarse-Grained Mesh
//! Architectures*, 1994).
//!
//! Three operations on an R×C mesh of p processors, each by several
//! algorithms:
//! - one-to-all, scatter (§3): [`scatter`], [`binomial`];
//! - all-to-one, gather (§4): [`gather`], the mirror images;
//! - all-to-all (§5): [`alltoall`] (direct, linear, XOR and balanced
//!   permutations, the last from the round-robin [`tournament`]) and
//!   [`combining`] (2-lev-sq, 2-lev-c,r, 2-lev-c,r-int, logp-lev-bfly).
//!
//! The paper's frame is the *k-level algorithm* (§1): the machine is split
//! into k levels of submachines that work independently, and actual
//! messages of L bytes are combined into longer *effective* messages sent
//! between leaders. Every algorithm here yields a [`Collective`]: a list of
//! supersteps (barrier-separated rounds of sends), each naming its
//! submachines, the partitions made in it and its sends with their effective
//! sizes and the actual messages they carry. From that follow the set-ups on
//! the critical path ([`Collective::setups`]), link loads under XY routing
//! ([`load`]), predicted times on the Intel Delta
//! ([`crate::cost::delta`]) and a [`crate::schedule::Schedule`]
//! for the verifier and the network simulator ([`Collective::to_schedule`]).
//! [`check`] verifies delivery independently of the algorithms; [`view`]
//! turns the supersteps into a step-by-step [`crate::trace::Trace`].
//!
//! ```
//! use commbook_core::mesh::config::{Algo, CollectiveConfig, Op};
//! use commbook_core::mesh::{check::check, run};
//! let mut cfg = CollectiveConfig::new(Op::Scatter, Algo::ThreeLevSq, 16, 16);
//! cfg.bytes = 16;
//! let spec = cfg.validate().unwrap();
//! let c = run(&spec);
//! assert_eq!(c.setups(), 21);                       // paper, §3.2
//! assert!(check(&spec, &c.supersteps).is_ok());
//! ```

pub mod algo;
pub mod alltoall;
pub mod binomial;
pub mod check;
pub mod collective;
pub mod combining;
pub mod compare;
pub mod config;
pub mod cross_view;
pub mod describe;
pub mod error;
pub mod figures;
pub mod gather;
pub mod grid;
pub mod load;
pub mod load_view;
pub mod perms;
pub mod scatter;
pub mod tournament;
pub mod tournament_view;
pub mod tree;
pub mod view;

#[cfg(test)]
mod bench;
#[cfg(test)]
mod golden;
#[cfg(test)]
mod proptests;
#[cfg(test)]
mod reproduce;

pub use collective::{Collective, Msg, Send, Split, Superstep};
pub use config::{Algo, CollectiveConfig, CollectiveError, Op, Spec};

use crate::trace::Trace;
use view::CollState;

/// Runs a validated request (the fast path: no trace).
pub fn run(spec: &Spec) -> Collective {
    match spec.op {
        Op::AllToAll => Collective {
            spec: *spec,
            supersteps: alltoall::supersteps(spec),
        },
        Op::Scatter | Op::Gather => run_rooted(spec),
    }
}

/// [`run`] for the operations with a root, scatter and gather; an
/// all-to-all request gets no supersteps here. Code that never runs an
/// all-to-all (the book's page) calls this, so the all-to-all algorithms
/// stay out of its build: 7 KB of gzipped wasm.
pub fn run_rooted(spec: &Spec) -> Collective {
    let supersteps = match spec.op {
        Op::Scatter => scatter::supersteps(spec),
        Op::Gather => gather::supersteps(spec),
        Op::AllToAll => Vec::new(),
    };
    Collective {
        spec: *spec,
        supersteps,
    }
}

/// Runs a validated request and records its superstep-by-superstep trace.
pub fn trace(spec: &Spec) -> (Collective, Trace<CollState>) {
    record(run(spec))
}

/// [`trace`] for scatter and gather, as [`run_rooted`].
pub fn trace_rooted(spec: &Spec) -> (Collective, Trace<CollState>) {
    record(run_rooted(spec))
}

fn record(c: Collective) -> (Collective, Trace<CollState>) {
    let t = view::record(&c.spec, &c.supersteps);
    (c, t)
}
