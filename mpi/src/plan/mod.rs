//! What the ranks execute: a schedule from the core, flattened into phases
//! of sends whose payloads are pieces of messages.
//!
//! Every command of the book describes its communication differently: a
//! `schedule` is NICE's communication phase table (transfers with an
//! offset, paper 002 §4.1), an `exchange` a list of meetings (REX's carry
//! blocks it relays, paper 004 §4.3), a `collective` supersteps of sends
//! that combine actual messages (paper 001), a `redist` steps that pack
//! blocks of a superblock (paper 003). Here they all become one shape:
//!
//! - a **message** is what must arrive: `bytes` from its origin to its final
//!   destination, derived from the problem (the matrix, the all-to-all, the
//!   operation, the two distributions), never from the schedule;
//! - a **piece** is a byte range `[offset, offset + len)` of one message;
//! - a **send** moves the concatenation of its pieces from `src` to `dst`
//!   in one MPI message. A piece whose destination is not `dst` is relayed:
//!   `dst` keeps it and sends it on in a later phase.
//!
//! Rank 0 builds the plan with the core (the builders in this module's
//! files) and broadcasts it; no rank ever writes a schedule of its own.

pub mod collective;
pub mod exchange;
pub mod redist;
pub mod schedule;

use crate::model::Model;
use serde::{Deserialize, Serialize};

/// Bytes a rank may hold for one run (what it sends, receives and relays),
/// so a typo in a size is refused instead of exhausting a node's memory.
pub const MAX_RANK_BYTES: u64 = 1 << 30;

/// What must arrive: `bytes` from `origin` to `dest`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Message {
    pub origin: u32,
    pub dest: u32,
    pub bytes: u64,
}

/// Bytes `[offset, offset + len)` of the message `origin → dest`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Piece {
    pub origin: u32,
    pub dest: u32,
    pub offset: u64,
    pub len: u64,
}

/// One MPI message of a phase: the pieces, concatenated, from `src` to
/// `dst`. With `src == dst` it is a local copy (a message to oneself, which
/// the book's schedules allow in any phase and which uses no network).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Send {
    pub src: u32,
    pub dst: u32,
    pub pieces: Vec<Piece>,
}

impl Send {
    /// Bytes on the wire.
    pub fn bytes(&self) -> u64 {
        self.pieces.iter().map(|p| p.len).sum()
    }

    /// A local copy moves no byte over the network.
    pub fn is_local(&self) -> bool {
        self.src == self.dst
    }
}

/// One phase: its sends, in the order every rank posts them (MPI keeps
/// messages between two ranks in order, so sender and receiver agree).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Phase {
    pub sends: Vec<Send>,
}

/// A whole run: who sends what in each phase, what must arrive, and what
/// the book's model predicts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Plan {
    /// `schedule`, `exchange`, `collective` or `redist`.
    pub command: String,
    /// The algorithm as the book names it (`pex`, `cgm`, `2-lev-sq`, …).
    pub algo: String,
    /// Where the schedule comes from: paper and section.
    pub source: String,
    /// Processors the schedule is for; the run needs exactly as many ranks.
    pub p: usize,
    pub phases: Vec<Phase>,
    /// Every message, sorted by (origin, dest), at most one per pair.
    pub messages: Vec<Message>,
    /// The book's prediction, phase by phase.
    pub model: Model,
    /// The book's options as given (`{"algo": "pex", "p": "8"}`), for the
    /// timeline.
    pub options: serde_json::Map<String, serde_json::Value>,
}

impl Plan {
    /// Whether the messages are a complete exchange of equal blocks: every
    /// rank sends every other one the same number of bytes (what
    /// `MPI_Alltoall` moves).
    pub fn is_uniform_exchange(&self) -> bool {
        let p = self.p;
        let Some(first) = self.messages.first() else {
            return false;
        };
        let mut seen = vec![false; p * p];
        for m in &self.messages {
            let (o, d) = (m.origin as usize, m.dest as usize);
            if o == d || o >= p || d >= p || m.bytes != first.bytes || seen[o * p + d] {
                return false;
            }
            seen[o * p + d] = true;
        }
        self.messages.len() == p * (p - 1)
    }

    /// Bytes rank `r` holds in one run: its outgoing and incoming messages
    /// and every payload it sends or receives.
    pub fn rank_bytes(&self, r: u32) -> u64 {
        let own: u64 = self
            .messages
            .iter()
            .filter(|m| m.origin == r || m.dest == r)
            .map(|m| m.bytes)
            .sum();
        let moved: u64 = self
            .phases
            .iter()
            .flat_map(|ph| &ph.sends)
            .filter(|s| s.src == r || s.dst == r)
            .map(Send::bytes)
            .sum();
        own.saturating_add(moved)
    }

    /// Refuses a plan that would not fit in a rank's memory or in one MPI
    /// message (counts are 32-bit), with the numbers.
    pub fn check_size(&self) -> Result<(), String> {
        for r in 0..self.p as u32 {
            let b = self.rank_bytes(r);
            if b > MAX_RANK_BYTES {
                return Err(format!(
                    "rank {r} would hold {b} bytes in this run, above the runner's limit of {MAX_RANK_BYTES} (1 GiB); use smaller messages"
                ));
            }
        }
        Ok(())
    }

    /// Bytes that cross the network in one run (local copies excluded).
    pub fn network_bytes(&self) -> u64 {
        self.phases
            .iter()
            .flat_map(|ph| &ph.sends)
            .filter(|s| !s.is_local())
            .map(Send::bytes)
            .sum()
    }

    /// The message `origin → dest`, if there is one.
    pub fn message(&self, origin: u32, dest: u32) -> Option<&Message> {
        self.messages
            .binary_search_by_key(&(origin, dest), |m| (m.origin, m.dest))
            .ok()
            .map(|i| &self.messages[i])
    }
}

/// Sorts messages by (origin, dest) and merges none: each pair must appear
/// once, which every builder guarantees by construction.
pub fn sorted_messages(mut v: Vec<Message>) -> Vec<Message> {
    commbook_core::sorting::sort_by_u64(&mut v, |m| {
        (u64::from(m.origin) << 32) | u64::from(m.dest)
    });
    debug_assert!(
        v.windows(2)
            .all(|w| (w[0].origin, w[0].dest) != (w[1].origin, w[1].dest))
    );
    v
}

/// A processor number as the plan stores it.
pub fn rank(i: usize) -> u32 {
    u32::try_from(i).expect("processor numbers fit in 32 bits (the core caps them far lower)")
}

/// A whole message `origin → dest` of `len` bytes as one piece.
pub fn whole(origin: usize, dest: usize, len: u64) -> Piece {
    Piece {
        origin: rank(origin),
        dest: rank(dest),
        offset: 0,
        len,
    }
}

#[cfg(test)]
pub mod tests;
