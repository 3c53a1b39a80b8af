//! The simulator's benchmark workloads, as pure functions.
//!
//! The native bench (`benches/sim.rs`) and the browser time exactly the
//! same work: build a [`Workload`], then [`run`] it and divide
//! [`SimResult::flit_moves`] by the time taken.
//! - [`mesh_xor_alltoall`]: a 16×16 mesh (Delta preset), every processor
//!   sends 1 KB to every other, scheduled as LP's XOR permutations
//!   (paper 000 §3.2 on the full matrix: paper 001's 1-lev-xor), loosely
//!   synchronous;
//! - [`fattree_alltoall`]: the same on a 256-processor fat tree (CM-5
//!   preset) with 256-byte messages (a CM-5 packet carries only 16 bytes,
//!   so 1 KB would be four times the flits).

use super::{SimConfig, SimResult, Sync, Traffic, simulate};
use crate::algo::lp;
use crate::com::{Com, Message};
use crate::net::TopologySpec;

/// A topology, a configuration and the traffic to run on it.
#[derive(Clone, Debug)]
pub struct Workload {
    /// What the workload is, for reports.
    pub name: &'static str,
    /// The network.
    pub spec: TopologySpec,
    /// The machine parameters.
    pub cfg: SimConfig,
    /// The messages and their phases.
    pub traffic: Traffic,
}

/// All-to-all of `bytes`-byte messages among n processors as LP phases.
pub fn xor_alltoall(n: usize, bytes: u64) -> Traffic {
    let all = (0..n)
        .flat_map(|src| {
            (0..n)
                .filter(move |&dst| dst != src)
                .map(move |dst| (src, dst))
        })
        .map(|(src, dst)| Message { src, dst, bytes })
        .collect();
    match Com::from_messages(n, all) {
        Ok(com) => Traffic::from_schedule(&lp::schedule(&com), Sync::Loose),
        Err(_) => Traffic::pairs(n, &[], bytes),
    }
}

/// 16×16 mesh, XOR all-to-all, 1 KB messages.
pub fn mesh_xor_alltoall() -> Workload {
    Workload {
        name: "mesh 16x16, XOR all-to-all, 1 KB",
        spec: TopologySpec::Mesh { rows: 16, cols: 16 },
        cfg: SimConfig::delta(),
        traffic: xor_alltoall(256, 1024),
    }
}

/// 256-processor fat tree, XOR all-to-all, 256-byte messages.
pub fn fattree_alltoall() -> Workload {
    Workload {
        name: "fat tree 256, XOR all-to-all, 256 B",
        spec: TopologySpec::FatTree { procs: 256 },
        cfg: SimConfig::cm5(),
        traffic: xor_alltoall(256, 256),
    }
}

/// Runs a workload on the fast path.
pub fn run(w: &Workload) -> Option<SimResult> {
    simulate(w.spec, &w.cfg, &w.traffic).ok()
}

/// Runs a workload on the reference loop (today's engine before the
/// rewrite), for the side-by-side figure.
pub fn run_reference(w: &Workload) -> Option<SimResult> {
    super::simulate_reference(w.spec, &w.cfg, &w.traffic).ok()
}
