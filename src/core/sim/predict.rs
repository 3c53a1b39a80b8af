//! A schedule's analytic prediction beside its simulation, phase by phase,
//! with the difference named.
//!
//! The schedule runs with a barrier between phases ([`super::Sync::Barrier`]),
//! the assumption of paper 000's model, so each phase's simulated time is
//! its own. Two predictions:
//! - **τ + Mφ** (paper 000 §2.1) with this machine's own numbers: a message
//!   of L bytes over H links alone takes S + H + F(L) + G·(P(L) − 1) cycles
//!   ([`super::uncontended_latency`]), so τ is the start-up plus the hops and
//!   φ the flit time per byte. A phase lasts as long as its busiest port:
//!   the largest such time in a partial permutation, the sum of a port's
//!   messages otherwise (assumption 2 of §2.1). Only contention is missing.
//! - On the fat tree, paper 004's **α + L·max(β, f(i)·β_sat)** (§4) with the
//!   CM-5 numbers of [`crate::cost::contention`] and f(i) from
//!   [`crate::cost::fatload::link_load`], in µs, converted at the preset's
//!   0.2 µs per cycle.
//!
//! A phase with no message costs nothing here, where paper 000 charges τ
//! for it: the simulated processors skip it without meeting.
//!
//! The gap of a phase is explained by its last message to arrive: the
//! cycles it waited for a send or receive slot (node contention) and the
//! cycles it spent in the network beyond S + H + F(L) + G·(P(L) − 1) (link
//! contention: its heads waited for channels).

use super::fabric::Fabric;
use super::{SimConfig, SimResult, Traffic, uncontended_latency};
use crate::cost::contention::ContentionCost;
use crate::cost::fatload::link_load;
use crate::net::TopologySpec;

/// One phase: predicted and simulated, in cycles.
#[derive(Clone, Debug, PartialEq)]
pub struct PhaseGap {
    /// Messages in the phase (local copies included).
    pub messages: usize,
    /// Its largest message, in bytes.
    pub largest: u64,
    /// τ + Mφ with this machine's numbers.
    pub predicted: u64,
    /// Paper 004's contention model, in cycles (fat tree only).
    pub contention: Option<f64>,
    /// The phase's simulated time.
    pub simulated: u64,
    /// The last message to arrive: (src, dst, cycles waiting for a slot,
    /// cycles lost in the network).
    pub slowest: Option<(usize, usize, u64, u64)>,
}

/// Compares every phase of `traffic` (simulated with a barrier into
/// `result`) with the predictions.
pub fn compare(
    spec: TopologySpec,
    cfg: &SimConfig,
    traffic: &Traffic,
    result: &SimResult,
) -> Vec<PhaseGap> {
    let fab = Fabric::new(spec);
    let n = fab.procs();
    let model = ContentionCost::cm5();
    let tree = matches!(spec, TopologySpec::FatTree { .. });
    let mut out = Vec::with_capacity(traffic.phases);
    let mut by_phase = vec![Vec::new(); traffic.phases];
    for (i, m) in traffic.messages.iter().enumerate() {
        by_phase[m.phase].push(i);
    }
    for (k, ids) in by_phase.iter().enumerate() {
        let mut send = vec![0u64; n];
        let mut recv = vec![0u64; n];
        let mut largest = 0;
        let mut pairs = Vec::new();
        for &i in ids {
            let m = &traffic.messages[i];
            largest = largest.max(m.bytes);
            if m.src != m.dst {
                let t = uncontended_latency(cfg, fab.hops(m.src, m.dst) as u64, m.bytes);
                send[m.src] += t;
                recv[m.dst] += t;
                pairs.push((m.src, m.dst));
            }
        }
        let predicted = send.iter().chain(&recv).copied().max().unwrap_or(0);
        let contention = (tree && !pairs.is_empty()).then(|| {
            let f = link_load(n, pairs.iter().copied()).max(1.0);
            let exchange = pairs.iter().any(|&(s, _)| pairs.iter().any(|p| p.1 == s));
            model.step_us(largest, f, exchange) / super::config::CM5_CYCLE_US
        });
        let phase = result.phases.get(k);
        let simulated = phase
            .and_then(|p| Some(p.finished_at? - p.released_at?))
            .unwrap_or(0);
        let slowest = ids
            .iter()
            .map(|&i| &result.messages[i])
            .filter(|m| m.src != m.dst)
            .max_by_key(|m| m.finished_at)
            .and_then(|m| {
                let slot = m.started_at? - m.released_at?;
                let alone = uncontended_latency(cfg, m.hops, m.bytes);
                let net = (m.finished_at? - m.started_at?).saturating_sub(alone);
                Some((m.src, m.dst, slot, net))
            });
        out.push(PhaseGap {
            messages: ids.len(),
            largest,
            predicted,
            contention,
            simulated,
            slowest,
        });
    }
    out
}

/// One sentence about phase `k` (1-based; 0 sums up the schedule).
pub fn caption(gaps: &[PhaseGap], k: usize) -> String {
    let Some(g) = k.checked_sub(1).and_then(|i| gaps.get(i)) else {
        let p: u64 = gaps.iter().map(|g| g.predicted).sum();
        let s: u64 = gaps.iter().map(|g| g.simulated).sum();
        let pct = if p > 0 {
            100.0 * (s as f64 / p as f64 - 1.0)
        } else {
            0.0
        };
        return format!(
            "{} phase{}: τ + Mφ predicts {p} cycles, the simulation takes {s} ({pct:+.0} %); step through the phases to see where the difference comes from.",
            gaps.len(),
            if gaps.len() == 1 { "" } else { "s" }
        );
    };
    if g.messages == 0 {
        return format!("Phase {k} has no message: nothing to send, no time taken.");
    }
    let gap = g.simulated as i64 - g.predicted as i64;
    let head = format!(
        "Phase {k}: {} message{}, the largest {} bytes; τ + Mφ predicts {} cycles, the simulation takes {} ({gap:+})",
        g.messages,
        if g.messages == 1 { "" } else { "s" },
        g.largest,
        g.predicted,
        g.simulated
    );
    let why = match g.slowest {
        Some((s, d, slot, net)) if slot + net > 0 => {
            let mut parts = Vec::new();
            if slot > 0 {
                parts.push(format!(
                    "waited {slot} cycles for a free port (node contention)"
                ));
            }
            if net > 0 {
                parts.push(format!(
                    "lost {net} cycles to heads waiting for channels (link contention)"
                ));
            }
            format!("; the last message, {s}→{d}, {}", parts.join(" and "))
        }
        Some(_) => "; every message went through as if alone".into(),
        None => String::new(),
    };
    format!("{head}{why}.")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::{Sync, simulate};

    fn run(spec: TopologySpec, pairs: &[(usize, usize)], bytes: u64) -> Vec<PhaseGap> {
        let cfg = SimConfig::delta();
        let mut t = Traffic::pairs(spec.procs(), pairs, bytes);
        t.sync = Sync::Barrier;
        let r = simulate(spec, &cfg, &t).unwrap();
        compare(spec, &cfg, &t, &r)
    }

    #[test]
    fn alone_the_prediction_is_exact() {
        let spec = TopologySpec::Mesh { rows: 1, cols: 4 };
        let g = &run(spec, &[(0, 3), (3, 0)], 1000)[0];
        assert_eq!(g.predicted, g.simulated);
        assert_eq!(g.slowest.map(|s| (s.2, s.3)), Some((0, 0)));
        assert!(caption(std::slice::from_ref(g), 1).ends_with("as if alone."));
        assert_eq!(g.contention, None);
    }

    #[test]
    fn sharing_a_link_or_a_port_is_named() {
        let spec = TopologySpec::Mesh { rows: 1, cols: 4 };
        // 0 → 3 and 1 → 2 share the link (0,1)→(0,2).
        let g = &run(spec, &[(0, 3), (1, 2)], 1000)[0];
        assert!(g.simulated > g.predicted);
        assert!(caption(std::slice::from_ref(g), 1).contains("link contention"));
        // Two messages into 3: the port serialises them, as predicted.
        let g = &run(spec, &[(0, 3), (1, 3)], 1000)[0];
        assert!(g.predicted >= 2 * uncontended_latency(&SimConfig::delta(), 2, 1000));
        assert!(caption(std::slice::from_ref(g), 1).contains("node contention"));
        assert!(caption(std::slice::from_ref(g), 0).starts_with("1 phase: "));
    }

    #[test]
    fn the_fat_tree_also_gets_the_contention_model() {
        let spec = TopologySpec::FatTree { procs: 32 };
        let cfg = SimConfig::cm5();
        let pairs: Vec<(usize, usize)> = (0..16).map(|i| (i, i + 16)).collect();
        let mut t = Traffic::pairs(32, &pairs, 4096);
        t.sync = Sync::Barrier;
        let r = simulate(spec, &cfg, &t).unwrap();
        let g = &compare(spec, &cfg, &t, &r)[0];
        // 16 messages on 8 links: f = 2, one-way sends.
        let m = ContentionCost::cm5();
        let want = m.step_us(4096, 2.0, false) / 0.2;
        assert!((g.contention.unwrap() - want).abs() < 1e-6);
        assert!(g.simulated > g.predicted);
    }
}
