//! `exchange`: the complete exchanges of paper 004 §4 (LEX, PEX, REX, BEX).

use super::{ApiError, Args, options};
use crate::core::algo::cm5::exchange::{Exchange, ExchangePlan};
use crate::core::algo::cm5::{self, Cm5Algo, rex::Rex};
use crate::core::cost::contention::ContentionCost;
use crate::core::verify::verify;
use serde::Serialize;

/// `{ "algo", "p", "bytes", "steps": [[[a, b], …], …], "contention",
/// "predicted_us", "formula_us" }`. For LEX a pair `[a, b]` is a one-way
/// send from a to b; for the others a and b exchange.
#[derive(Debug, Serialize)]
pub struct ExchangeResponse {
    /// lex, pex, rex or bex.
    pub algo: &'static str,
    /// Number of processors.
    pub p: usize,
    /// L, the bytes of one block.
    pub bytes: u64,
    /// The meetings of each step.
    pub steps: Vec<Vec<[usize; 2]>>,
    /// f(i) of each step on the CM-5 fat tree.
    pub contention: Vec<f64>,
    /// Σ over steps of α + L·max(β, f(i)·β_sat), CM-5 parameters, in µs.
    pub predicted_us: f64,
    /// The paper's closed form for the same, in µs.
    pub formula_us: f64,
}

/// Runs `exchange`.
pub fn exchange(args: &Args) -> Result<ExchangeResponse, ApiError> {
    let name = args
        .text(&options::ALGO)?
        .ok_or_else(|| ApiError("algo is required: lex, pex, rex or bex".into()))?;
    let ex = Exchange::parse(&name).map_err(ApiError)?;
    let p = args.need(&options::EXCHANGE_P)? as usize;
    let bytes = args.whole_or_default(&options::exchange_bytes(p as u64))?;
    let plan = ExchangePlan::new(ex, p).map_err(|e| ApiError(e.to_string()))?;
    check(&plan, bytes)?;
    let model = ContentionCost::cm5();
    Ok(ExchangeResponse {
        algo: ex.name(),
        p,
        bytes,
        contention: plan.contention(),
        predicted_us: plan.predicted_us(&model, bytes),
        formula_us: plan.formula_us(&model, bytes),
        steps: plan
            .steps
            .iter()
            .map(|s| s.iter().map(|&(a, b)| [a, b]).collect())
            .collect(),
    })
}

/// LEX, PEX and BEX are schedules of the all-to-all matrix: verify them;
/// REX relays blocks: replay it.
fn check(plan: &ExchangePlan, bytes: u64) -> Result<(), ApiError> {
    let internal = |e: String| ApiError(format!("internal error: {e}"));
    let algo = match plan.exchange {
        Exchange::Rex => {
            let rex = Rex::new(plan.p).map_err(|e| ApiError(e.to_string()))?;
            return rex.check().map_err(|e| internal(e.to_string()));
        }
        Exchange::Lex => Cm5Algo::Ls,
        Exchange::Pex => Cm5Algo::Ps,
        Exchange::Bex => Cm5Algo::Bs,
    };
    let all = cm5::complete(plan.p, bytes.max(1))?;
    let schedule = cm5::schedule(algo, &all).schedule;
    verify(&all, &schedule, None).map_err(|v| internal(v.to_string()))
}
