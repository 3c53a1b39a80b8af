//! `redist`: the tables and the communication steps of ℜ_x(K, P)
//! (paper 003), checked by executing them on an N-element array.

use super::{ApiError, Args, options};
use crate::core::cost::gdm::Gdm;
use crate::core::redist::cost::plan_cost;
use crate::core::redist::grid::{Message, listing};
use crate::core::redist::{ArrayConfig, Direction, Scheme, Shape, Tables, exec, schedules};
use serde::Serialize;
use serde_json::{Map, Value};

/// Bytes per array element in the cost predictions (Figure 20 uses 4).
pub const ELEMENT_BYTES: u64 = 4;

/// `{ "k", "p", "x", "n", "g", "schedule", "direction", "tables": { "S", "P",
/// "S1", "Sp", "Ps", "Ds", "Pr", "Dr", "Rp", "R" }, "steps": [[{ "src", "dst",
/// "blocks" }]], "n_steps", "predicted_us": { "sp2", "t3d", "modern" } }`.
#[derive(Debug, Serialize)]
pub struct RedistResponse {
    /// Expansion factor K.
    pub k: usize,
    /// Processors P.
    pub p: usize,
    /// Block size x.
    pub x: usize,
    /// Array elements N the steps were executed on.
    pub n: usize,
    /// G = gcd(K, P).
    pub g: usize,
    /// `direct`, `indirect`, `hybrid:D` or `multiphase`.
    pub schedule: String,
    /// `up` (cyclic(x) → cyclic(Kx)) or `down`.
    pub direction: &'static str,
    /// The ten K × P tables of one superblock, by name.
    pub tables: Map<String, Value>,
    /// For each communication step, the messages: who sends to whom and
    /// which blocks of the superblock (global block indices) travel.
    pub steps: Vec<Vec<Message>>,
    /// Communication steps.
    pub n_steps: usize,
    /// GDM predictions for N elements of 4 bytes, by machine preset.
    pub predicted_us: Map<String, Value>,
}

fn size(args: &Args, key: &'static str) -> Result<Option<usize>, ApiError> {
    Ok(args
        .whole(&options::size(key, key))?
        .map(|v| usize::try_from(v).unwrap_or(usize::MAX)))
}

/// Runs `redist`.
pub fn redist(args: &Args) -> Result<RedistResponse, ApiError> {
    let need = |key: &'static str, what: &str| {
        size(args, key)?.ok_or_else(|| ApiError(format!("{key} is required ({what})")))
    };
    let k = need("k", "the expansion factor K of cyclic(x) → cyclic(Kx)")?;
    let p = need("p", "the number of processors P")?;
    let sh = Shape::new(k, p)?;
    let scheme = match args.text(&options::SCHEDULE)? {
        Some(s) => Scheme::parse(&s)?.validate(&sh)?,
        None => {
            return Err(ApiError(format!(
                "schedule is required: direct, indirect, hybrid:D (0 ≤ D ≤ {}) or multiphase",
                sh.max_degree()
            )));
        }
    };
    let direction = args
        .word::<Direction>(&options::DIRECTION)?
        .unwrap_or(Direction::Up);
    let x = size(args, "x")?.unwrap_or(1);
    let n = size(args, "n")?.unwrap_or(sh.cells().saturating_mul(x));
    let array = ArrayConfig { n, x }.validate(&sh)?;
    let plan = schedules::plan(&sh, scheme, direction);
    exec::execute(&plan, &array).map_err(|e| {
        ApiError(format!(
            "internal error: the {} schedule failed on data: {e}",
            scheme.name()
        ))
    })?;
    let tables = Tables::new(&sh)
        .named()
        .iter()
        .map(|(name, t)| (name.to_string(), serde_json::json!(t.to_rows())))
        .collect();
    let predicted_us = [Gdm::SP2, Gdm::T3D, Gdm::MODERN]
        .iter()
        .map(|m| {
            let us = plan_cost(&plan, &array, ELEMENT_BYTES, m).us;
            (m.name.to_string(), serde_json::json!(us))
        })
        .collect();
    Ok(RedistResponse {
        k,
        p,
        x,
        n,
        g: sh.g,
        schedule: scheme.name(),
        direction: direction.name(),
        tables,
        n_steps: plan.n_steps(),
        steps: listing(&plan),
        predicted_us,
    })
}
