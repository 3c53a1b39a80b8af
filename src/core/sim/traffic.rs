//! What the simulator sends: messages grouped into phases, and how the
//! phases follow one another.
//!
//! Three sources of traffic, all turned into the same [`Traffic`]:
//! - a [`Schedule`] from any algorithm, phase by phase ([`Traffic::from_schedule`]);
//! - free injection, paper 000's asynchronous communication AC
//!   ([`Traffic::free`]): every processor sends all its messages at once;
//! - explicit pairs such as paper 004's `{(0,16), (1,17), …}` ([`Traffic::pairs`]).
//!
//! Each processor sends its messages in order (phase, then position within
//! the phase), one after another up to its send limit, as a program of
//! blocking sends would. [`Sync`] says when a message of phase k may start.

use crate::com::Com;
use crate::schedule::Schedule;
use serde::Serialize;

crate::keyword_enum! {
    /// When the messages of a phase are released.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
    pub enum Sync {
        /// A global barrier: phase k starts when every message of the earlier
        /// phases has arrived.
        Barrier = "barrier",
        /// Loosely synchronous: a message of phase k starts once both its
        /// sender and its receiver have finished their own part (sends and
        /// receives) of every earlier phase.
        Loose = "loose",
        /// No phases at all: every message is released at cycle 0 (AC).
        Free = "free",
    }
}

/// One message to simulate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SimMessage {
    /// Sending processor.
    pub src: usize,
    /// Receiving processor (the sender itself for a local copy).
    pub dst: usize,
    /// Message size (0 is one header-only packet).
    pub bytes: u64,
    /// Phase index, from 0.
    pub phase: usize,
}

/// Messages in phases, with the rule that releases them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Traffic {
    /// Processors the traffic is written for.
    pub n: usize,
    /// Messages in phase order, each phase in its schedule's order.
    pub messages: Vec<SimMessage>,
    /// Number of phases (empty ones included).
    pub phases: usize,
    /// When each phase is released.
    pub sync: Sync,
}

impl Traffic {
    /// The transfers of a schedule, phase by phase. A transfer that is a
    /// piece of a larger message travels as a message of its own.
    pub fn from_schedule(schedule: &Schedule, sync: Sync) -> Traffic {
        let messages = schedule
            .phases
            .iter()
            .enumerate()
            .flat_map(|(phase, ts)| {
                ts.iter().map(move |t| SimMessage {
                    src: t.src,
                    dst: t.dst,
                    bytes: t.bytes,
                    phase,
                })
            })
            .collect();
        Traffic {
            n: schedule.n,
            messages,
            phases: schedule.len(),
            sync,
        }
    }

    /// Every message of `com` at once (AC, paper 000 §3.1). The paper does
    /// not say in which order a processor sends; the book has `P_i` send to
    /// i + 1, i + 2, … (wrapping around), so that the processors do not all
    /// start on processor 0.
    pub fn free(com: &Com) -> Traffic {
        let n = com.n();
        let mut messages = Vec::with_capacity(com.len());
        for i in 0..n {
            // Rows come in increasing column order: rotating the ones at or
            // before i to the end gives i + 1, i + 2, …, without a sort.
            let mut row: Vec<(usize, u64)> = com.row(i).collect();
            let k = row.partition_point(|&(j, _)| j <= i);
            row.rotate_left(k);
            messages.extend(row.into_iter().map(|(dst, bytes)| SimMessage {
                src: i,
                dst,
                bytes,
                phase: 0,
            }));
        }
        Traffic {
            n,
            messages,
            phases: 1,
            sync: Sync::Free,
        }
    }

    /// One phase of `bytes`-byte messages between explicit pairs.
    pub fn pairs(n: usize, pairs: &[(usize, usize)], bytes: u64) -> Traffic {
        Traffic {
            n,
            messages: pairs
                .iter()
                .map(|&(src, dst)| SimMessage {
                    src,
                    dst,
                    bytes,
                    phase: 0,
                })
                .collect(),
            phases: 1,
            sync: Sync::Free,
        }
    }

    /// Reads pairs written `s:d,s:d,…` (spaces allowed).
    pub fn parse_pairs(text: &str) -> Result<Vec<(usize, usize)>, String> {
        let bad = |p: &str| format!("pair '{p}' is not s:d with whole numbers (e.g. 0:16,1:17)");
        let pairs: Vec<(usize, usize)> = text
            .split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .map(|p| {
                let (s, d) = p.split_once(':').ok_or_else(|| bad(p))?;
                let s = s.trim().parse().map_err(|_| bad(p))?;
                let d = d.trim().parse().map_err(|_| bad(p))?;
                Ok((s, d))
            })
            .collect::<Result<_, String>>()?;
        if pairs.is_empty() {
            return Err("pairs is empty; give at least one pair s:d, e.g. 0:16".into());
        }
        Ok(pairs)
    }

    /// Total bytes over all messages.
    pub fn total_bytes(&self) -> u64 {
        self.messages.iter().map(|m| m.bytes).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schedule::{Promise, Transfer};

    #[test]
    fn schedules_become_phased_messages() {
        let s = Schedule {
            n: 4,
            phases: vec![
                vec![Transfer::whole(0, 1, 8), Transfer::whole(2, 3, 8)],
                vec![],
                vec![Transfer::whole(1, 0, 4)],
            ],
            promise: Promise::default(),
        };
        let t = Traffic::from_schedule(&s, Sync::Barrier);
        assert_eq!(t.phases, 3);
        let phases: Vec<usize> = t.messages.iter().map(|m| m.phase).collect();
        assert_eq!(phases, vec![0, 0, 2]);
        assert_eq!(t.total_bytes(), 20);
    }

    #[test]
    fn free_injection_starts_after_oneself() {
        let com = Com::from_rows(&[vec![0, 1, 1], vec![1, 0, 1], vec![1, 1, 0]]).unwrap();
        let t = Traffic::free(&com);
        let order: Vec<(usize, usize)> = t.messages.iter().map(|m| (m.src, m.dst)).collect();
        assert_eq!(order, vec![(0, 1), (0, 2), (1, 2), (1, 0), (2, 0), (2, 1)]);
    }

    #[test]
    fn pairs_parse() {
        assert_eq!(
            Traffic::parse_pairs(" 0:16, 1:17 ,"),
            Ok(vec![(0, 16), (1, 17)])
        );
        assert!(Traffic::parse_pairs("0-16").is_err());
        assert!(Traffic::parse_pairs("").is_err());
    }
}
