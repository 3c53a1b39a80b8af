//! `schedule`: run one algorithm on a matrix.

use super::com_cmd::com_from_args;
use super::{ApiError, Args, options};
use crate::core::algo::cm5::exchange::{Exchange, ExchangePlan, complete_exchange_bytes};
use crate::core::algo::gm::{self, Scan};
use crate::core::algo::{self, Algo, RunOptions};
use crate::core::com::Com;
use crate::core::com::random::MAX_MESSAGES;
use crate::core::cost::machine::Machine;
use crate::core::cost::perm::PermCost;
use crate::core::cost::preset::Preset;
use crate::core::net::{StaticRouting, TopologySpec};
use crate::core::schedule::Transfer;
use crate::core::stats::ScheduleStats;
use crate::core::verify::{Routing, verify};
use serde::Serialize;

/// `{ "algo", "n", "phases": [[{src, dst, bytes, offset}]], "stats": {…} }`,
/// plus `"topology"` for the algorithms that keep links apart.
#[derive(Debug, Serialize)]
pub struct ScheduleResponse {
    /// The algorithm's short name.
    pub algo: &'static str,
    /// Number of processors.
    pub n: usize,
    /// The network whose links the schedule keeps apart (rs-nl, rs-nlh).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub topology: Option<String>,
    /// REX and Bruck only: each transfer carries several blocks, some of
    /// them relayed for other processors (paper 004 §4.3; Bruck et al.
    /// 1997 §3), so it is not one message.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub relayed: bool,
    /// The phases, each a list of transfers.
    pub phases: Vec<Vec<Transfer>>,
    /// Summary figures, with the prediction on the chosen machine.
    pub stats: ScheduleStats,
}

/// Runs `schedule`. Options: `algo`, the matrix (`gen` … or `com`), `seed`
/// (for the generator and the randomised algorithms), `machine` (the τ + Mφ
/// preset of the prediction, default `cm5`), and the options only some
/// algorithms read: `scan` (gm), `topology` (rs-nl, rs-nlh), `split`
/// (rs-nh, rs-nlh).
pub fn schedule(args: &Args) -> Result<ScheduleResponse, ApiError> {
    let name = args
        .text(&options::ALGO)?
        .ok_or_else(|| ApiError("algo is required, e.g. algo = lp".into()))?;
    let exchange = Exchange::parse(&name).is_ok();
    if !exchange {
        Algo::parse(&name).map_err(|e| {
            ApiError(format!(
                "{e}; on a complete exchange also {}",
                Exchange::WORDS.join(", ")
            ))
        })?;
    }
    let (machine, cost) = match args.text(&options::COST_MACHINE)? {
        Some(m) if m.ends_with(".json") => ("custom", preset_cost(&m)?),
        Some(m) => {
            let m = Machine::parse(&m)
                .map_err(|e| ApiError(format!("{e}, or a preset file *.json")))?;
            (m.name(), m.cost())
        }
        None => (Machine::Cm5.name(), Machine::Cm5.cost()),
    };
    let com = com_from_args(args)?;
    if exchange {
        for unused in ["seed", "scan", "topology", "split"] {
            if args.raw(unused).is_some() {
                return Err(ApiError(format!(
                    "{unused} is not an option of {name}: the complete exchanges are fixed orders"
                )));
            }
        }
    }
    let opts = RunOptions {
        seed: args.whole_or_default(&super::options::SEED)?,
        topology: args
            .text(&options::TOPOLOGY)?
            .map(|t| TopologySpec::parse(&t))
            .transpose()
            .map_err(ApiError)?,
        split: args
            .text(&options::SPLIT)?
            .map(|h| parse_split(&h))
            .transpose()?,
    };
    // `scan` is read only for GM, so giving it to another algorithm is
    // reported as an unknown option.
    let scan = if name == Algo::Gm.name() {
        scan(args)?
    } else {
        Scan::default()
    };
    schedule_matrix(&name, &com, &opts, scan, machine, cost)
}

/// Schedules `com` with the algorithm or exchange called `name`, checks
/// the schedule and prices it: `schedule` after reading its options, and
/// the lab (chapter 12) for each row of its table, so the two agree.
pub fn schedule_matrix(
    name: &str,
    com: &Com,
    opts: &RunOptions,
    scan: Scan,
    machine: &'static str,
    cost: PermCost,
) -> Result<ScheduleResponse, ApiError> {
    if com.len() > MAX_MESSAGES {
        return Err(ApiError(format!(
            "the matrix has {} messages; schedule takes at most {MAX_MESSAGES}",
            com.len()
        )));
    }
    if let Ok(ex) = Exchange::parse(name) {
        return exchange_schedule(ex, com, machine, cost);
    }
    let algo = Algo::parse(name).map_err(|e| ApiError(e.to_string()))?;
    let run = match algo {
        Algo::Gm => {
            opts.validate(algo, com)
                .map_err(|e| ApiError(e.to_string()))?;
            gm::run(com, scan, opts.seed)
        }
        _ => algo::run_with(algo, com, opts).map_err(|e| ApiError(e.to_string()))?,
    };
    let topology = opts.routing_topology(algo, com.n());
    let net = topology.map(|t| t.build());
    let routing = net.as_deref().map(StaticRouting);
    verify(
        com,
        &run.schedule,
        routing.as_ref().map(|r| r as &dyn Routing),
    )
    .map_err(|v| {
        ApiError(format!(
            "internal error: {} produced an invalid schedule: {v}",
            algo.name()
        ))
    })?;
    Ok(ScheduleResponse {
        algo: algo.name(),
        n: com.n(),
        topology: topology.map(|t| t.name()),
        relayed: false,
        stats: ScheduleStats::priced(com, &run.schedule, run.probes, machine, cost),
        phases: run.schedule.phases,
    })
}

/// One of paper 004's complete exchanges as a schedule of `com`, which must
/// be a complete exchange (every processor sends every other one the same
/// number of bytes).
fn exchange_schedule(
    ex: Exchange,
    com: &Com,
    machine: &'static str,
    cost: PermCost,
) -> Result<ScheduleResponse, ApiError> {
    let bytes = complete_exchange_bytes(com).ok_or_else(|| {
        ApiError(format!(
            "{} schedules a complete exchange only: every processor sending every other one \
             the same number of bytes and nothing to itself (this matrix has {} messages of \
             {} processors{})",
            ex.title(),
            com.len(),
            com.n(),
            if com.uniform_bytes().is_none() && !com.is_empty() {
                ", of different sizes"
            } else {
                ""
            }
        ))
    })?;
    let plan = ExchangePlan::new(ex, com.n()).map_err(|e| ApiError(e.to_string()))?;
    let schedule = plan.schedule(bytes);
    if plan.relays() {
        plan.check(bytes).map_err(|e| {
            ApiError(format!(
                "internal error: {} does not deliver: {e}",
                ex.title()
            ))
        })?;
    } else {
        verify(com, &schedule, None).map_err(|v| {
            ApiError(format!(
                "internal error: {} produced an invalid schedule: {v}",
                ex.title()
            ))
        })?;
    }
    Ok(ScheduleResponse {
        algo: ex.name(),
        n: com.n(),
        topology: None,
        relayed: plan.relays(),
        stats: ScheduleStats::priced(com, &schedule, 0, machine, cost),
        phases: schedule.phases,
    })
}

/// GM's scan order: `zero` (Figure 4, the default) or `after-row`.
fn scan(args: &Args) -> Result<Scan, ApiError> {
    Ok(args.word::<Scan>(&options::SCAN)?.unwrap_or_default())
}

/// The split factor h, a decimal number such as `1.5`.
fn parse_split(text: &str) -> Result<f64, ApiError> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|h| h.is_finite())
        .ok_or_else(|| {
            ApiError(format!(
                "split must be a number h ≥ 1, the cap as a multiple of a phase's mean size (got {text})"
            ))
        })
}

/// τ and φ of a measured machine (`commbook-mpi calibrate --out FILE`;
/// `core::cost::preset`). Files are read by the command line only.
fn preset_cost(path: &str) -> Result<PermCost, ApiError> {
    if cfg!(target_arch = "wasm32") {
        return Err(ApiError(format!(
            "machine = {path}: a preset file is read by the command line only; in the book, \
             chapter 11's advisor takes the machine as machine=custom&tau=…&bw=…"
        )));
    }
    Preset::read(path).map(|p| p.cost()).map_err(ApiError)
}
