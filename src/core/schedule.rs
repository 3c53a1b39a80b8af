//! Schedules: what every algorithm produces.
//!
//! A schedule is a list of phases; a phase is a list of transfers
//! `{src, dst, bytes, offset}`, which is NICE's communication phase table
//! (paper 002: s_partner, s_len, s_offset on the sending side, r_partner,
//! r_len, r_offset on the receiving side). A message may be split into pieces
//! across phases; `offset` says where a piece starts inside its message.
//!
//! A message from a processor to itself is a local copy: it crosses no link
//! and occupies neither the send nor the receive port, so it may sit in any
//! phase without breaking the permutation property (see [`crate::verify`]).

use serde::{Deserialize, Serialize};

/// One transfer of (part of) a message within a phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Transfer {
    pub src: usize,
    pub dst: usize,
    pub bytes: u64,
    /// Where this piece starts within the whole message, in bytes.
    pub offset: u64,
}

impl Transfer {
    /// A whole message in one piece.
    pub fn whole(src: usize, dst: usize, bytes: u64) -> Self {
        Transfer {
            src,
            dst,
            bytes,
            offset: 0,
        }
    }

    /// A processor's message to itself: a copy in memory, which uses no
    /// port and no link.
    pub fn is_local(&self) -> bool {
        self.src == self.dst
    }
}

/// What an algorithm guarantees about its phases; the verifier checks it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Promise {
    /// Every phase is a partial permutation: each processor sends at most one
    /// transfer and receives at most one (local copies excepted).
    pub partial_permutation: bool,
    /// No two transfers of a phase share a directed link under the routing
    /// the algorithm was given.
    pub link_disjoint: bool,
}

/// The phases an algorithm chose, with its promise.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Schedule {
    pub n: usize,
    pub phases: Vec<Vec<Transfer>>,
    pub promise: Promise,
}

impl Schedule {
    /// Number of phases, empty ones included (an algorithm like LP pays a
    /// step even when it has nothing to send).
    pub fn len(&self) -> usize {
        self.phases.len()
    }

    /// True when there are no phases at all.
    pub fn is_empty(&self) -> bool {
        self.phases.is_empty()
    }

    /// Phases in which at least one transfer happens.
    pub fn busy_phases(&self) -> usize {
        self.phases.iter().filter(|p| !p.is_empty()).count()
    }

    /// The largest transfer of each phase, in bytes (0 for an empty phase):
    /// under τ + Mφ a phase lasts as long as its largest transfer.
    pub fn phase_max_bytes(&self) -> Vec<u64> {
        self.phases
            .iter()
            .map(|p| p.iter().map(|t| t.bytes).max().unwrap_or(0))
            .collect()
    }

    /// Largest transfer of each phase that crosses the network: a local
    /// copy (a processor's message to itself) occupies no link and no
    /// receive slot another processor waits for, so it does not set how
    /// long a phase lasts (NICE, paper 002 §3.3, does such copies in place).
    pub fn phase_max_network_bytes(&self) -> Vec<u64> {
        self.phases
            .iter()
            .map(|p| largest_network_transfer(p))
            .collect()
    }

    /// Phase in which each (src, dst) message ends, row-major; `None` for
    /// pairs that never communicate. For views that colour a matrix by phase.
    pub fn phase_of(&self) -> Vec<Option<u32>> {
        let mut out = vec![None; self.n * self.n];
        for (k, phase) in self.phases.iter().enumerate() {
            for t in phase {
                if t.src < self.n && t.dst < self.n {
                    out[t.src * self.n + t.dst] = Some(k as u32);
                }
            }
        }
        out
    }
}

/// The largest transfer of a phase that crosses the network (local copies
/// left out; see [`Schedule::phase_max_network_bytes`]), 0 if none does.
pub fn largest_network_transfer(phase: &[Transfer]) -> u64 {
    phase
        .iter()
        .filter(|t| !t.is_local())
        .map(|t| t.bytes)
        .max()
        .unwrap_or(0)
}
