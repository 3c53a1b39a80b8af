//! `simulate`: run messages through the cycle-level network simulator.
//!
//! The traffic is either explicit pairs (`pairs = "0:16,1:17"`, one phase,
//! `bytes` each) or a schedule (`algo`, with the matrix options of `com`).
//! The machine preset follows the topology (Delta for a mesh, CM-5 for a
//! fat tree, iPSC/860 for a hypercube, an InfiniBand EDR cluster for a
//! k-ary n-tree) unless `machine` says otherwise; single parameters can
//! then be changed one by one.

use super::com_cmd::com_from_args;
use super::{ApiError, Args, options};
use crate::core::algo::{self, Algo};
use crate::core::com::{Com, Message};
use crate::core::net::TopologySpec;
use crate::core::sim::{self, LinkStats, Outcome, PhaseStats, SimConfig, SimError, Sync, Traffic};
use crate::core::verify::verify;
use serde::Serialize;
use serde_json::{Map, Value};

/// `{ "cycles", "injected_flits", "delivered_flits", "delivered_messages",
/// "phases": […], "links": { label: { "busy", "blocked" } } }`; only links
/// that carried a flit or made a head wait are listed.
#[derive(Debug, Serialize)]
pub struct SimulateResponse {
    /// Cycles until the last message arrived.
    pub cycles: u64,
    /// Flits that left an injection port.
    pub injected_flits: u64,
    /// Flits handed to their destination processor.
    pub delivered_flits: u64,
    /// Messages that arrived in full (local copies included).
    pub delivered_messages: usize,
    /// Per phase: messages, bytes, release, finish, latencies.
    pub phases: Vec<PhaseStats>,
    /// Per link that was used: `{ "busy", "blocked" }` cycles.
    pub links: Map<String, Value>,
    /// What was corrected in the request (a hypercube's or a k-ary
    /// n-tree's size); absent
    /// when nothing was.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notices: Vec<String>,
}

impl From<SimError> for ApiError {
    fn from(e: SimError) -> Self {
        ApiError(e.to_string())
    }
}

/// Message size when pairs are given without `bytes`.
pub const DEFAULT_BYTES: u64 = 1024;

/// Runs `simulate`.
pub fn simulate(args: &Args) -> Result<SimulateResponse, ApiError> {
    let topo = args
        .text(&options::TOPOLOGY)?
        .ok_or_else(|| ApiError(format!("topology is required: {}", TopologySpec::forms())))?;
    let (spec, notice) = TopologySpec::read(&topo).map_err(ApiError)?;
    let cfg = config(args, spec)?;
    let (traffic, bytes) = traffic(args, spec)?;
    let (fab, _) = sim::check(spec, &cfg, &traffic)
        .map_err(|e| ApiError(sim::explain(&e, spec, &cfg, &traffic, bytes)))?;
    let r = sim::simulate(spec, &cfg, &traffic)?;
    match &r.outcome {
        Outcome::Completed => {}
        Outcome::Deadlock(d) => return Err(ApiError(d.to_string())),
        Outcome::Timeout { limit } => {
            return Err(ApiError(format!(
                "internal error: the simulation passed its bound of {limit} cycles"
            )));
        }
    }
    let mut links = Map::new();
    for (l, s) in r.links.iter().enumerate().take(fab.links()) {
        if *s != LinkStats::default() {
            let v =
                serde_json::to_value(s).map_err(|e| ApiError(format!("internal error: {e}")))?;
            links.insert(fab.label(l as u32), v);
        }
    }
    Ok(SimulateResponse {
        cycles: r.cycles,
        injected_flits: r.injected_flits,
        delivered_flits: r.delivered_flits,
        delivered_messages: r.delivered_messages,
        phases: r.phases,
        links,
        notices: notice.into_iter().collect(),
    })
}

crate::core::keyword_enum! {
    /// The machines `machine` names, each a simulator preset.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum SimMachine {
        Delta = "delta",
        Cm5 = "cm5",
        Ipsc860 = "ipsc860",
        /// A present-day InfiniBand EDR cluster ([`SimConfig::edr`]).
        Edr = "edr",
    }
}

impl SimMachine {
    /// The simulator's preset for this machine.
    pub fn config(self) -> SimConfig {
        match self {
            SimMachine::Delta => SimConfig::delta(),
            SimMachine::Cm5 => SimConfig::cm5(),
            SimMachine::Ipsc860 => SimConfig::ipsc860(),
            SimMachine::Edr => SimConfig::edr(),
        }
    }
}

fn config(args: &Args, spec: TopologySpec) -> Result<SimConfig, ApiError> {
    let mut cfg = args
        .word::<SimMachine>(&options::MACHINE)?
        .map_or(SimConfig::preset(spec), SimMachine::config);
    // The ranges keep every value within u32.
    let small = |spec| -> Result<Option<u32>, ApiError> { Ok(args.whole(spec)?.map(|v| v as u32)) };
    cfg.startup = small(&options::STARTUP)?.unwrap_or(cfg.startup);
    cfg.packet_gap = small(&options::GAP)?.unwrap_or(cfg.packet_gap);
    cfg.buffer = small(&options::BUFFER)?.unwrap_or(cfg.buffer);
    cfg.send_limit = small(&options::SENDS)?.unwrap_or(cfg.send_limit);
    cfg.recv_limit = small(&options::RECEIVES)?.unwrap_or(cfg.recv_limit);
    cfg.up_routing = args.word(&options::ROUTING)?.unwrap_or(cfg.up_routing);
    cfg.recv_policy = args.word(&options::CLAIM)?.unwrap_or(cfg.recv_policy);
    cfg.seed = args.whole_or_default(&options::SEED)?;
    cfg.validate()?;
    Ok(cfg)
}

/// The traffic, and the size its messages were given (if they were all
/// given one), for a refusal to suggest a smaller one.
fn traffic(args: &Args, spec: TopologySpec) -> Result<(Traffic, Option<u64>), ApiError> {
    let sync = args.word(&options::SYNC)?.unwrap_or(Sync::Loose);
    let pairs = args.text(&options::PAIRS)?;
    let algo = args.text(&options::ALGO)?;
    match (pairs, algo) {
        (Some(_), Some(_)) => Err(ApiError("give either pairs or algo, not both".into())),
        (None, None) => Err(ApiError(
            "say what to send: pairs (e.g. \"0:16,1:17\") or algo (e.g. lp) with a matrix".into(),
        )),
        (Some(text), None) => {
            let pairs = Traffic::parse_pairs(&text).map_err(ApiError)?;
            let bytes = args.whole_or_default(&options::PAIR_BYTES)?;
            let mut t = Traffic::pairs(spec.procs(), &pairs, bytes);
            t.sync = sync;
            Ok((t, Some(bytes)))
        }
        (None, Some(name)) => {
            let algo = Algo::parse(&name).map_err(|e| ApiError(e.to_string()))?;
            let bytes = args.whole(&options::SCHEDULE_BYTES)?;
            let mut com = com_from_args(args)?;
            if let Some(b) = bytes {
                let uniform = com.messages().map(|m| Message { bytes: b, ..m }).collect();
                com = Com::from_messages(com.n(), uniform)?;
            }
            let seed = args.whole_or_default(&options::SEED)?;
            let run = algo::run(algo, &com, seed);
            if let Err(v) = verify(&com, &run.schedule, None) {
                let name = algo.name();
                return Err(ApiError(format!(
                    "internal error: {name} produced an invalid schedule: {v}"
                )));
            }
            Ok((Traffic::from_schedule(&run.schedule, sync), bytes))
        }
    }
}
