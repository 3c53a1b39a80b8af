//! `schedule`: run one algorithm on a matrix.

use super::com_cmd::com_from_args;
use super::{ApiError, Args};
use crate::core::algo::{self, Algo, RunOptions};
use crate::core::net::{StaticRouting, TopologySpec};
use crate::core::schedule::Transfer;
use crate::core::stats::ScheduleStats;
use crate::core::verify::{Routing, verify};
use serde::Serialize;

/// `{ "algo", "n", "phases": [[{src, dst, bytes, offset}]], "stats": {…} }`,
/// plus `"topology"` for the algorithms that keep links apart.
#[derive(Debug, Serialize)]
pub struct ScheduleResponse {
    pub algo: &'static str,
    pub n: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub topology: Option<String>,
    pub phases: Vec<Vec<Transfer>>,
    pub stats: ScheduleStats,
}

/// Runs `schedule`.
pub fn schedule(args: &Args) -> Result<ScheduleResponse, ApiError> {
    let name = args
        .string("algo")?
        .ok_or_else(|| ApiError("algo is required, e.g. algo = lp".into()))?;
    let algo = Algo::parse(&name).map_err(|e| ApiError(e.to_string()))?;
    let com = com_from_args(args)?;
    let opts = RunOptions {
        seed: args.uint("seed", 0, u64::MAX)?.unwrap_or(1),
        topology: args
            .string("topology")?
            .map(|t| TopologySpec::parse(&t))
            .transpose()
            .map_err(ApiError)?,
        split: args.string("split")?.map(|h| parse_split(&h)).transpose()?,
    };
    let run = algo::run_with(algo, &com, &opts).map_err(|e| ApiError(e.to_string()))?;
    let topology = opts.routing_topology(algo, com.n());
    let net = topology.map(|t| t.build());
    let routing = net.as_deref().map(StaticRouting);
    verify(
        &com,
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
        stats: ScheduleStats::of(&com, &run.schedule, run.probes),
        phases: run.schedule.phases,
    })
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
