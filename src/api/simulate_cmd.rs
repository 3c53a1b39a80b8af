//! `simulate`: run messages through the cycle-level network simulator.
//!
//! The traffic is either explicit pairs (`pairs = "0:16,1:17"`, one phase,
//! `bytes` each) or a schedule (`algo`, with the matrix options of `com`).
//! The machine preset follows the topology (Delta for a mesh, CM-5 for a
//! fat tree, iPSC/860 for a hypercube) unless `machine` says otherwise; single parameters can then be
//! changed one by one.

use super::com_cmd::com_from_args;
use super::{ApiError, Args};
use crate::core::algo::{self, Algo};
use crate::core::com::{Com, MAX_BYTES, Message};
use crate::core::net::TopologySpec;
use crate::core::sim::config::{MAX_BUFFER, MAX_RECV_LIMIT, MAX_SEND_LIMIT, MAX_STARTUP};
use crate::core::sim::{
    self, LinkStats, Outcome, PhaseStats, RecvPolicy, SimConfig, SimError, Sync, Traffic, UpRouting,
};
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
    /// What was corrected in the request (a hypercube's size); absent
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
        .string("topology")?
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

/// Reads a named choice among `options`.
fn choice<T: Copy>(args: &Args, key: &str, options: &[(T, &str)]) -> Result<Option<T>, ApiError> {
    let Some(s) = args.string(key)? else {
        return Ok(None);
    };
    match options.iter().find(|(_, name)| *name == s) {
        Some(&(v, _)) => Ok(Some(v)),
        None => {
            let names: Vec<&str> = options.iter().map(|(_, n)| *n).collect();
            Err(ApiError(format!(
                "{key} '{s}' is not one of {}",
                names.join(", ")
            )))
        }
    }
}

fn config(args: &Args, spec: TopologySpec) -> Result<SimConfig, ApiError> {
    let machines = [
        (SimConfig::delta(), "delta"),
        (SimConfig::cm5(), "cm5"),
        (SimConfig::ipsc860(), "ipsc860"),
    ];
    let mut cfg = choice(args, "machine", &machines)?.unwrap_or(SimConfig::preset(spec));
    let small = |key, max: u32| -> Result<Option<u32>, ApiError> {
        Ok(args.uint(key, 0, max as u64)?.map(|v| v as u32))
    };
    cfg.startup = small("startup", MAX_STARTUP)?.unwrap_or(cfg.startup);
    cfg.packet_gap = small("gap", MAX_STARTUP)?.unwrap_or(cfg.packet_gap);
    cfg.buffer = args
        .uint("buffer", 1, MAX_BUFFER as u64)?
        .map_or(cfg.buffer, |v| v as u32);
    cfg.send_limit = args
        .uint("sends", 1, MAX_SEND_LIMIT as u64)?
        .map_or(cfg.send_limit, |v| v as u32);
    cfg.recv_limit = args
        .uint("receives", 1, MAX_RECV_LIMIT as u64)?
        .map_or(cfg.recv_limit, |v| v as u32);
    cfg.up_routing = choice(args, "routing", &UpRouting::ALL)?.unwrap_or(cfg.up_routing);
    let claims = [
        (RecvPolicy::Reserve, "start"),
        (RecvPolicy::OnArrival, "arrival"),
    ];
    cfg.recv_policy = choice(args, "claim", &claims)?.unwrap_or(cfg.recv_policy);
    cfg.seed = args.uint("seed", 0, u64::MAX)?.unwrap_or(1);
    cfg.validate()?;
    Ok(cfg)
}

/// The traffic, and the size its messages were given (if they were all
/// given one), for a refusal to suggest a smaller one.
fn traffic(args: &Args, spec: TopologySpec) -> Result<(Traffic, Option<u64>), ApiError> {
    let sync = choice(args, "sync", &Sync::ALL)?.unwrap_or(Sync::Loose);
    let pairs = args.string("pairs")?;
    let algo = args.string("algo")?;
    match (pairs, algo) {
        (Some(_), Some(_)) => Err(ApiError("give either pairs or algo, not both".into())),
        (None, None) => Err(ApiError(
            "say what to send: pairs (e.g. \"0:16,1:17\") or algo (e.g. lp) with a matrix".into(),
        )),
        (Some(text), None) => {
            let pairs = Traffic::parse_pairs(&text).map_err(ApiError)?;
            let bytes = args.uint("bytes", 0, MAX_BYTES)?.unwrap_or(DEFAULT_BYTES);
            let mut t = Traffic::pairs(spec.procs(), &pairs, bytes);
            t.sync = sync;
            Ok((t, Some(bytes)))
        }
        (None, Some(name)) => {
            let algo = Algo::parse(&name).map_err(|e| ApiError(e.to_string()))?;
            let bytes = args.uint("bytes", 1, MAX_BYTES)?;
            let mut com = com_from_args(args)?;
            if let Some(b) = bytes {
                let uniform = com.messages().map(|m| Message { bytes: b, ..m }).collect();
                com = Com::from_messages(com.n(), uniform)?;
            }
            let seed = args.uint("seed", 0, u64::MAX)?.unwrap_or(1);
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
