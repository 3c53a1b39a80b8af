//! `schedule`: run one algorithm on a matrix.

use super::com_cmd::com_from_args;
use super::{ApiError, Args};
use crate::core::algo::{self, Algo};
use crate::core::schedule::Transfer;
use crate::core::stats::ScheduleStats;
use crate::core::verify::verify;
use serde::Serialize;

/// `{ "algo", "n", "phases": [[{src, dst, bytes, offset}]], "stats": {…} }`.
#[derive(Debug, Serialize)]
pub struct ScheduleResponse {
    pub algo: &'static str,
    pub n: usize,
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
    let seed = args.uint("seed", 0, u64::MAX)?.unwrap_or(1);
    let run = algo::run(algo, &com, seed);
    verify(&com, &run.schedule, None).map_err(|v| {
        ApiError(format!(
            "internal error: {} produced an invalid schedule: {v}",
            algo.name()
        ))
    })?;
    Ok(ScheduleResponse {
        algo: algo.name(),
        n: com.n(),
        stats: ScheduleStats::of(&com, &run.schedule, run.probes),
        phases: run.schedule.phases,
    })
}
