//! `exchange`: the complete exchanges of paper 004 §4 (LEX, PEX, REX, BEX)
//! and chapter 14's (Bruck, the shift, the linear burst).

use super::{ApiError, Args, options};
use crate::core::algo::cm5::exchange::{Exchange, ExchangePlan};
use crate::core::cost::contention::ContentionCost;
use serde::Serialize;

/// `{ "algo", "p", "bytes", "steps": [[[a, b], …], …], "contention",
/// "predicted_us", "formula_us" }`. For PEX, REX and BEX a pair `[a, b]`
/// is an exchange between a and b; for the others a one-way send from a to
/// b (the linear burst's one step lists all p(p − 1) sends).
#[derive(Debug, Serialize)]
pub struct ExchangeResponse {
    /// lex, pex, rex, bex, bruck, shift or linear.
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
    /// The closed form for the same, in µs (the paper's for its four, the
    /// contention-free α-β cost for today's).
    pub formula_us: f64,
}

/// Runs `exchange`.
pub fn exchange(args: &Args) -> Result<ExchangeResponse, ApiError> {
    let name = args
        .text(&options::ALGO)?
        .ok_or_else(|| ApiError(format!("algo is required: {}", Exchange::WORDS.join(", "))))?;
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

/// LEX, PEX, BEX, the shift and the linear burst are schedules of the
/// all-to-all matrix: verify them; REX and Bruck relay blocks: replay them.
fn check(plan: &ExchangePlan, bytes: u64) -> Result<(), ApiError> {
    plan.check(bytes)
        .map_err(|e| ApiError(format!("internal error: {e}")))
}
