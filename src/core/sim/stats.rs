//! What a run measured: per message, per phase, per channel.
//!
//! Times are cycle boundaries: a message *released* at t may start in
//! cycle t; one *finished* at t had its last flit arrive in cycle t − 1.
//! Its latency is finished − released, so it includes waiting for slots,
//! the start-up and every cycle spent in the network. A local copy
//! finishes the moment it is released (latency 0).

use super::engine::Engine;
use super::source::NEVER;
use super::watchdog::Deadlock;
use serde::Serialize;

/// One message's figures.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MessageStats {
    /// Sending processor.
    pub src: usize,
    /// Receiving processor.
    pub dst: usize,
    /// Message size.
    pub bytes: u64,
    /// Phase of the schedule, from 0.
    pub phase: usize,
    /// Packets (0 for a local copy).
    pub packets: u64,
    /// Flits over all packets (0 for a local copy).
    pub flits: u64,
    /// Links crossed.
    pub hops: u64,
    /// When its phase began for both its ends.
    pub released_at: Option<u64>,
    /// When it took its slots and began its start-up.
    pub started_at: Option<u64>,
    /// When its last flit had arrived.
    pub finished_at: Option<u64>,
    /// finished − released, in cycles.
    pub latency: Option<u64>,
}

/// One phase's figures.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PhaseStats {
    /// Phase index, from 0.
    pub phase: usize,
    /// Messages in the phase.
    pub messages: usize,
    /// Bytes in the phase.
    pub bytes: u64,
    /// First release of one of its messages.
    pub released_at: Option<u64>,
    /// When its last message had arrived.
    pub finished_at: Option<u64>,
    /// Largest latency of its messages.
    pub max_latency: u64,
    /// Mean latency of its messages.
    pub mean_latency: f64,
}

/// One channel's figures.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct LinkStats {
    /// Cycles in which a flit crossed it.
    pub busy: u64,
    /// Cycles in which at least one head waited for it.
    pub blocked: u64,
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every message arrived.
    Completed,
    /// Nothing could move any more; the watchdog says why.
    Deadlock(Deadlock),
    /// The cycle limit was reached (a simulator bug: runs are bounded).
    Timeout { limit: u64 },
}

/// Everything a run measured.
#[derive(Clone, Debug, PartialEq)]
pub struct SimResult {
    /// Cycles until the last message arrived (or the run stopped).
    pub cycles: u64,
    /// Flits that left an injection port.
    pub injected_flits: u64,
    /// Flits handed to their destination processor.
    pub delivered_flits: u64,
    /// Messages that arrived in full.
    pub delivered_messages: usize,
    /// Flits moved over all channels, ejection included.
    pub flit_moves: u64,
    /// Per message, in the traffic's order.
    pub messages: Vec<MessageStats>,
    /// Per phase.
    pub phases: Vec<PhaseStats>,
    /// Per channel: links first, then each processor's ejection channel.
    pub links: Vec<LinkStats>,
    /// How the run ended.
    pub outcome: Outcome,
}

fn when(t: u64) -> Option<u64> {
    (t != NEVER).then_some(t)
}

impl Engine {
    /// Each channel's figures so far.
    pub(crate) fn link_stats(&self) -> Vec<LinkStats> {
        let both = self.busy.iter().zip(self.blocked_counts());
        both.map(|(&busy, blocked)| LinkStats { busy, blocked })
            .collect()
    }
}

impl SimResult {
    pub(crate) fn of(e: &Engine, phases: usize, outcome: Outcome) -> SimResult {
        let messages: Vec<MessageStats> = e
            .src
            .msgs
            .iter()
            .map(|m| MessageStats {
                src: m.src as usize,
                dst: m.dst as usize,
                bytes: m.bytes,
                phase: m.phase as usize,
                packets: if m.src == m.dst { 0 } else { m.packets as u64 },
                flits: if m.src == m.dst {
                    0
                } else {
                    e.cfg.packet.flits(m.bytes)
                },
                hops: m.hops as u64,
                released_at: when(m.released),
                started_at: when(m.started),
                finished_at: when(m.finish),
                latency: (m.finish != NEVER).then(|| m.finish - m.released),
            })
            .collect();
        let phases = phase_stats(&messages, phases);
        let links = e.link_stats();
        SimResult {
            cycles: e.now,
            injected_flits: e.injected_flits,
            delivered_flits: e.delivered_flits,
            delivered_messages: e.src.delivered,
            flit_moves: e.busy.iter().sum(),
            messages,
            phases,
            links,
            outcome,
        }
    }

    /// Largest latency over all messages that arrived.
    pub fn max_latency(&self) -> u64 {
        self.messages
            .iter()
            .filter_map(|m| m.latency)
            .max()
            .unwrap_or(0)
    }
}

fn phase_stats(messages: &[MessageStats], phases: usize) -> Vec<PhaseStats> {
    let phases = messages
        .iter()
        .map(|m| m.phase + 1)
        .max()
        .unwrap_or(0)
        .max(phases);
    let mut out: Vec<PhaseStats> = (0..phases)
        .map(|phase| PhaseStats {
            phase,
            messages: 0,
            bytes: 0,
            released_at: None,
            finished_at: None,
            max_latency: 0,
            mean_latency: 0.0,
        })
        .collect();
    let mut done = vec![0usize; phases];
    for m in messages {
        let p = &mut out[m.phase];
        p.messages += 1;
        p.bytes += m.bytes;
        p.released_at = match (p.released_at, m.released_at) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        p.finished_at = p.finished_at.max(m.finished_at);
        if let Some(l) = m.latency {
            p.max_latency = p.max_latency.max(l);
            p.mean_latency += l as f64;
            done[m.phase] += 1;
        }
    }
    for (p, &d) in out.iter_mut().zip(&done) {
        if d > 0 {
            p.mean_latency /= d as f64;
        }
        if d < p.messages {
            p.finished_at = None;
        }
    }
    out
}
