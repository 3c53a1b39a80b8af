//! All-to-all on an R×C mesh (paper 001, §5): every processor sends a
//! distinct message of L bytes to every other processor.
//!
//! 1-level algorithms (§5.1, §5.3), no combining:
//! - *1-lev-dir*: one superstep in which every processor issues its p − 1
//!   sends (farther first) and leaves the congestion to the network.
//! - *1-lev-lin*, *1-lev-xor*, *1-lev-bal*: one superstep per permutation of
//!   [`super::perms`] (linear, exclusive-or, balanced): p − 1, P′ − 1 and
//!   about p supersteps in which each processor sends and receives at most
//!   one message.
//!
//! The combining algorithms (*2-lev-sq*, *2-lev-c,r*, *2-lev-c,r-int*,
//! *logp-lev-bfly*) are in [`super::combining`].
//!
//! ```
//! use commbook_core::mesh::config::{Algo, CollectiveConfig, Op};
//! use commbook_core::mesh::run;
//! let spec = CollectiveConfig::new(Op::AllToAll, Algo::Bal, 4, 4).validate().unwrap();
//! let c = run(&spec);
//! assert_eq!(c.supersteps.len(), 16);       // p balanced permutations
//! assert_eq!(c.setups(), 16);
//! assert!(c.permutations().is_some());
//! ```

use super::collective::{Msg, Send, Superstep, in_issue_order};
use super::combining;
use super::config::{Algo, Spec};
use super::grid::{Rect, Submachine};
use super::perms::{self, Perm};

/// The all-to-all supersteps of `spec.algo`.
pub fn supersteps(spec: &Spec) -> Vec<Superstep> {
    let p = spec.p();
    let steps = match spec.algo {
        Algo::Dir => direct(spec),
        Algo::Lin => from_perms(spec, &perms::linear(p)),
        Algo::Xor => from_perms(spec, &perms::xor(p)),
        Algo::Bal => from_perms(spec, &perms::balanced(&spec.mesh)),
        Algo::TwoLevSq => combining::two_lev_sq(spec),
        Algo::TwoLevCr => combining::two_lev_cr(spec, false),
        Algo::TwoLevCrInt => combining::two_lev_cr(spec, true),
        Algo::LogpLevBfly => combining::butterfly(spec),
        // Not all-to-all algorithms; `CollectiveConfig::validate` refuses them.
        _ => Vec::new(),
    };
    in_issue_order(&spec.mesh, steps)
}

/// A single actual message as its own send.
pub fn single(spec: &Spec, from: usize, to: usize) -> Send {
    Send::new(from, to, spec.bytes, vec![Msg { from, to }])
}

/// The whole machine as the only submachine.
pub fn whole(spec: &Spec) -> Vec<Submachine> {
    vec![Submachine::Rect(Rect::full(&spec.mesh))]
}

fn direct(spec: &Spec) -> Vec<Superstep> {
    let p = spec.p();
    let sends = (0..p)
        .flat_map(|s| (0..p).filter(move |&d| d != s).map(move |d| (s, d)))
        .map(|(s, d)| single(spec, s, d))
        .collect();
    vec![Superstep {
        submachines: whole(spec),
        splits: Vec::new(),
        sends,
    }]
}

/// One superstep per permutation.
pub fn from_perms(spec: &Spec, perms: &[Perm]) -> Vec<Superstep> {
    perms
        .iter()
        .map(|perm| Superstep {
            submachines: whole(spec),
            splits: Vec::new(),
            sends: perm
                .iter()
                .enumerate()
                .filter_map(|(s, d)| d.filter(|&d| d != s).map(|d| single(spec, s, d)))
                .collect(),
        })
        .collect()
}
