//! What every collective algorithm yields: supersteps of sends.
//!
//! Paper 001 (§1) describes its algorithms as *supersteps*: local work, then
//! sends and receives, then a barrier. A send moves one *effective* message
//! from `src` to `dst`, the concatenation of several *actual* messages of L
//! bytes each; [`Send::messages`] names those actual messages by their origin
//! and final destination, so `bytes = L · messages.len()`.
//!
//! Sends of one processor within a superstep are listed in the order they
//! are issued: farther destinations first (§3.2), ties by destination id.
//! A gather lists each receiver's incoming sends together, farther first
//! (the order it posts its receives).
//!
//! **Set-ups on the critical path** ([`Collective::setups`]). Each send costs
//! one message set-up at its sender and each receive one at its receiver; a
//! processor pays its set-ups of a superstep one after another, and the
//! barrier makes every superstep wait for its busiest processor. So the
//! count is Σ over supersteps of the largest number of sends or receives any
//! one processor has in it. On 256 processors this gives the paper's 255, 30,
//! 21 and 8 for *1-lev-dir*, *2-lev-rec*, *3-lev-sq* and *logp-lev-sq* (§3.2,
//! Figure 5); see [`super::binomial`] for *logp-lev-rec(0.75)*.

use super::config::Spec;
use super::grid::Submachine;
use crate::com::{Com, Message};
use crate::schedule::{Promise, Schedule, Transfer};
use crate::sorting::{key2, sort_by_u64};
use serde::Serialize;

/// An actual message: L bytes from `from` to its final destination `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Msg {
    /// Where the message starts.
    pub from: usize,
    /// Its final destination.
    pub to: usize,
}

/// One effective message of a superstep.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Send {
    /// Sender.
    pub src: usize,
    /// Receiver (not necessarily the final destination).
    pub dst: usize,
    /// Effective message size: L times the number of actual messages.
    pub bytes: u64,
    /// The actual messages carried.
    pub messages: Vec<Msg>,
}

impl Send {
    /// A send carrying `messages`, each of `l` bytes.
    pub fn new(src: usize, dst: usize, l: u64, messages: Vec<Msg>) -> Send {
        Send {
            src,
            dst,
            bytes: l * messages.len() as u64,
            messages,
        }
    }
}

/// A submachine cut into parts (scatter) or parts merged back (gather), with
/// the leader of each part: the processor that receives (or sends) the
/// part's combined message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Split {
    /// The submachine before the cut (after the merge, for a gather).
    pub whole: Submachine,
    /// The parts; in the binomial algorithms the holder's part first.
    pub parts: Vec<Submachine>,
    /// The leader of each part (empty where the algorithm has none).
    pub leaders: Vec<usize>,
}

/// One superstep: the submachines working independently in it, the
/// partitions made in it, and its sends.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Superstep {
    /// The submachines working independently in this superstep.
    pub submachines: Vec<Submachine>,
    /// The cuts (scatter) or merges (gather) made in it.
    pub splits: Vec<Split>,
    /// Its sends, in issue order.
    pub sends: Vec<Send>,
}

/// A collective operation as supersteps, for one validated [`Spec`].
#[derive(Clone, Debug, PartialEq)]
pub struct Collective {
    /// What was run.
    pub spec: Spec,
    /// The supersteps, first to last.
    pub supersteps: Vec<Superstep>,
}

impl Collective {
    /// Set-ups on the critical path (see the module docs).
    pub fn setups(&self) -> usize {
        let p = self.spec.p();
        let (mut out, mut inn) = (vec![0usize; p], vec![0usize; p]);
        self.supersteps
            .iter()
            .map(|step| {
                out.fill(0);
                inn.fill(0);
                let mut busiest = 0;
                for s in &step.sends {
                    out[s.src] += 1;
                    inn[s.dst] += 1;
                    busiest = busiest.max(out[s.src]).max(inn[s.dst]);
                }
                busiest
            })
            .sum()
    }

    /// Total number of sends.
    pub fn sends(&self) -> usize {
        self.supersteps.iter().map(|s| s.sends.len()).sum()
    }

    /// Each superstep as a destination per processor (`None`: it sends
    /// nothing), if every superstep is a partial permutation (each processor
    /// sends at most once and receives at most once); `None` otherwise.
    pub fn permutations(&self) -> Option<Vec<Vec<Option<usize>>>> {
        let p = self.spec.p();
        self.supersteps
            .iter()
            .map(|step| {
                let mut dest = vec![None; p];
                let mut taken = vec![false; p];
                for s in &step.sends {
                    if dest[s.src].is_some() || std::mem::replace(&mut taken[s.dst], true) {
                        return None;
                    }
                    dest[s.src] = Some(s.dst);
                }
                Some(dest)
            })
            .collect()
    }

    /// The effective messages as a matrix: for each (src, dst), the bytes
    /// sent over all supersteps. [`Collective::to_schedule`] delivers exactly
    /// this matrix.
    pub fn effective_com(&self) -> Com {
        let mut pairs: Vec<(usize, usize, u64)> = self
            .supersteps
            .iter()
            .flat_map(|st| st.sends.iter().map(|s| (s.src, s.dst, s.bytes)))
            .collect();
        sort_by_u64(&mut pairs, |p| key2(p.0, p.1));
        let mut messages: Vec<Message> = Vec::new();
        for (src, dst, bytes) in pairs {
            match messages.last_mut() {
                Some(m) if (m.src, m.dst) == (src, dst) => m.bytes += bytes,
                _ => messages.push(Message { src, dst, bytes }),
            }
        }
        // p ≤ MAX_PROCS < com::MAX_N and every sum stays far below
        // com::MAX_BYTES (at most p² · MAX_BYTES per pair), so this cannot fail.
        Com::from_messages(self.spec.p(), messages)
            .unwrap_or_else(|e| unreachable!("effective messages always form a valid matrix: {e}"))
    }

    /// The supersteps as schedule phases, one transfer per send, so the
    /// verifier and the network simulator can replay them. A pair that
    /// communicates in several supersteps sends consecutive pieces of its
    /// [`Collective::effective_com`] entry. The schedule promises partial
    /// permutations when every superstep is one.
    pub fn to_schedule(&self) -> Schedule {
        let mut phases: Vec<Vec<Transfer>> = self
            .supersteps
            .iter()
            .map(|st| {
                st.sends
                    .iter()
                    .map(|s| Transfer::whole(s.src, s.dst, s.bytes))
                    .collect()
            })
            .collect();
        // Offsets: each pair's pieces in superstep order.
        let mut order: Vec<(usize, usize, usize, usize)> = phases
            .iter()
            .enumerate()
            .flat_map(|(k, ph)| {
                ph.iter()
                    .enumerate()
                    .map(move |(i, t)| (t.src, t.dst, k, i))
            })
            .collect();
        // Built in (k, i) order, so a stable sort by (src, dst) orders
        // each pair's pieces by phase and place.
        sort_by_u64(&mut order, |o| key2(o.0, o.1));
        let mut prev = (usize::MAX, usize::MAX, 0u64);
        for (src, dst, k, i) in order {
            let t = &mut phases[k][i];
            if (prev.0, prev.1) != (src, dst) {
                prev = (src, dst, 0);
            }
            t.offset = prev.2;
            prev.2 += t.bytes;
        }
        Schedule {
            n: self.spec.p(),
            phases,
            promise: Promise {
                partial_permutation: self.permutations().is_some(),
                link_disjoint: false,
            },
        }
    }
}

/// Drops supersteps without sends and puts every superstep's sends in
/// issue order.
pub fn in_issue_order(mesh: &crate::net::mesh::Mesh, mut steps: Vec<Superstep>) -> Vec<Superstep> {
    steps.retain(|s| !s.sends.is_empty());
    for s in &mut steps {
        issue_order(mesh, &mut s.sends);
    }
    steps
}

/// Orders sends as they are issued: by sender, farther destinations first,
/// ties by destination.
pub fn issue_order(mesh: &crate::net::mesh::Mesh, sends: &mut [Send]) {
    sort_by_u64(sends, |s| order_key(s.src, mesh.hops(s.src, s.dst), s.dst));
}

/// Orders sends as their receivers post them: by receiver, farther senders
/// first, ties by sender.
pub fn receive_order(mesh: &crate::net::mesh::Mesh, sends: &mut [Send]) {
    sort_by_u64(sends, |s| order_key(s.dst, mesh.hops(s.src, s.dst), s.src));
}

/// `(first, farther hops first, then)` as one key: 21 bits a field, far
/// more than a mesh's processors or a route's hops.
fn order_key(first: usize, hops: usize, then: usize) -> u64 {
    const MAX: u64 = (1 << 21) - 1;
    debug_assert!(first as u64 <= MAX && hops as u64 <= MAX && then as u64 <= MAX);
    (first as u64) << 42 | (MAX - hops as u64) << 21 | then as u64
}
