//! `schedule`: run one algorithm on a matrix.

use super::com_cmd::com_from_args;
use super::{ApiError, Args};
use crate::core::algo::gm::{self, Scan};
use crate::core::algo::{self, Algo};
use crate::core::com::random::MAX_MESSAGES;
use crate::core::cost::machine::Machine;
use crate::core::schedule::Transfer;
use crate::core::stats::ScheduleStats;
use crate::core::verify::verify;
use serde::Serialize;

/// `{ "algo", "n", "phases": [[{src, dst, bytes, offset}]], "stats": {…} }`.
#[derive(Debug, Serialize)]
pub struct ScheduleResponse {
    /// The algorithm's short name.
    pub algo: &'static str,
    /// Number of processors.
    pub n: usize,
    /// The phases, each a list of transfers.
    pub phases: Vec<Vec<Transfer>>,
    /// Summary figures, with the prediction on the chosen machine.
    pub stats: ScheduleStats,
}

/// Runs `schedule`. Options: `algo`, the matrix (`gen` … or `com`), `seed`
/// (for the generator and the randomised algorithms), `machine` (the τ + Mφ
/// preset of the prediction, default `cm5`) and, for `gm` only, `scan`.
pub fn schedule(args: &Args) -> Result<ScheduleResponse, ApiError> {
    let name = args
        .string("algo")?
        .ok_or_else(|| ApiError("algo is required, e.g. algo = lp".into()))?;
    let algo = Algo::parse(&name).map_err(|e| ApiError(e.to_string()))?;
    let machine = match args.string("machine")? {
        Some(m) => Machine::parse(&m).map_err(|e| ApiError(e.to_string()))?,
        None => Machine::Cm5,
    };
    let com = com_from_args(args)?;
    if com.len() > MAX_MESSAGES {
        return Err(ApiError(format!(
            "the matrix has {} messages; schedule takes at most {MAX_MESSAGES}",
            com.len()
        )));
    }
    let seed = args.uint("seed", 0, u64::MAX)?.unwrap_or(1);
    let run = match algo {
        Algo::Gm => gm::run(&com, scan(args)?, seed),
        _ => algo::run(algo, &com, seed),
    };
    verify(&com, &run.schedule, None).map_err(|v| {
        ApiError(format!(
            "internal error: {} produced an invalid schedule: {v}",
            algo.name()
        ))
    })?;
    Ok(ScheduleResponse {
        algo: algo.name(),
        n: com.n(),
        stats: ScheduleStats::on(&com, &run.schedule, run.probes, machine),
        phases: run.schedule.phases,
    })
}

/// GM's scan order: `zero` (Figure 4, the default) or `after-row`.
fn scan(args: &Args) -> Result<Scan, ApiError> {
    match args.string("scan")? {
        None => Ok(Scan::default()),
        Some(s) => Scan::parse(&s).ok_or_else(|| {
            ApiError(format!(
                "scan = {s} is not allowed; expected zero (Figure 4) or after-row"
            ))
        }),
    }
}
