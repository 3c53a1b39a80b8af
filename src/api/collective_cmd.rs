//! `collective`: one-to-all, all-to-one or all-to-all on an R×C mesh by one
//! of paper 001's algorithms.

use super::{ApiError, Args, options};
use crate::core::cost::delta::DeltaCost;
use crate::core::mesh::config::{Algo, CollectiveConfig, CollectiveError, Op, parse_mesh};
use crate::core::mesh::load::{LoadSummary, superstep_loads};
use crate::core::mesh::{self, Collective, check};
use serde::Serialize;

impl From<CollectiveError> for ApiError {
    fn from(e: CollectiveError) -> Self {
        ApiError(e.to_string())
    }
}

/// One send: `{ "src", "dst", "bytes", "messages", "origins" }`. `messages`
/// lists the final destination of every actual message carried; `origins`
/// (same length) where each started, which is what tells a gather's
/// messages apart.
#[derive(Debug, Serialize)]
pub struct SendJson {
    /// Sender.
    pub src: usize,
    /// Receiver.
    pub dst: usize,
    /// Effective message size.
    pub bytes: u64,
    /// Final destination of each actual message carried.
    pub messages: Vec<usize>,
    /// Origin of each actual message carried.
    pub origins: Vec<usize>,
}

/// `{ "op", "algo", "mesh", "root", "bytes", "supersteps": [[send]],
/// "setups", "permutations" (all-to-all only), "max_load", "sum_load",
/// "predicted_ms" }`.
#[derive(Debug, Serialize)]
pub struct CollectiveResponse {
    /// scatter, gather or alltoall.
    pub op: &'static str,
    /// The algorithm, with its γ for logp-lev-rec, e.g. `logp-lev-rec(0.75)`.
    pub algo: String,
    /// `RxC`.
    pub mesh: String,
    /// Source (scatter) or destination (gather); null for all-to-all.
    pub root: Option<usize>,
    /// The actual message size L.
    pub bytes: u64,
    /// The sends of each superstep, in issue order.
    pub supersteps: Vec<Vec<SendJson>>,
    /// Message set-ups on the critical path.
    pub setups: usize,
    /// All-to-all: each superstep as a destination per processor (−1 for
    /// none); empty when a superstep is not a partial permutation
    /// (1-lev-dir, 2-lev-c,r-int).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub permutations: Option<Vec<Vec<i64>>>,
    /// Largest link load of any superstep (XY routing).
    pub max_load: u32,
    /// Sum over supersteps of each one's largest link load.
    pub sum_load: u64,
    /// Time predicted by the Delta cost model, in milliseconds.
    pub predicted_ms: f64,
}

/// Runs `collective`.
pub fn collective(args: &Args) -> Result<CollectiveResponse, ApiError> {
    let op = Op::parse(
        &args
            .text(&options::OP)?
            .ok_or_else(|| ApiError("op is required: scatter, gather or alltoall".into()))?,
    )?;
    let name = args.text(&options::ALGO)?.ok_or_else(|| {
        ApiError(format!(
            "algo is required; for {} choose one of {}",
            op.name(),
            op.algos()
                .iter()
                .map(|a| a.name())
                .collect::<Vec<_>>()
                .join(", ")
        ))
    })?;
    let (algo, named_gamma) = Algo::parse(&name)?;
    let (rows, cols) = parse_mesh(
        &args
            .text(&options::MESH)?
            .ok_or_else(|| ApiError("mesh is required, e.g. mesh = 16x16".into()))?,
    )?;
    let gamma = match (named_gamma, gamma_arg(args)?) {
        (Some(a), Some(b)) if a != b => {
            return Err(ApiError(format!(
                "gamma is given twice ({a} in the algorithm name, {b} as an option); give it once"
            )));
        }
        (a, b) => a.or(b),
    };
    let mut cfg = CollectiveConfig::new(op, algo, rows, cols);
    cfg.root = args
        .whole(&options::ROOT)?
        .map(|r| usize::try_from(r).unwrap_or(usize::MAX));
    cfg.gamma = gamma;
    if let Some(b) = args.whole(&options::COLLECTIVE_BYTES)? {
        cfg.bytes = b;
    }
    let spec = cfg.validate()?;
    let c = mesh::run(&spec);
    check::check(&spec, &c.supersteps).map_err(|e| {
        ApiError(format!(
            "internal error: {} delivered wrongly: {e}",
            spec.title()
        ))
    })?;
    Ok(response(&c))
}

fn gamma_arg(args: &Args) -> Result<Option<f64>, ApiError> {
    let Some(s) = args.text(&options::GAMMA)? else {
        return Ok(None);
    };
    s.trim()
        .parse::<f64>()
        .ok()
        .filter(|g| g.is_finite())
        .map(Some)
        .ok_or_else(|| ApiError(format!("gamma must be a number such as 0.75 (got {s})")))
}

fn response(c: &Collective) -> CollectiveResponse {
    let spec = &c.spec;
    let loads = LoadSummary::of(superstep_loads(c));
    let permutations = (spec.op == Op::AllToAll).then(|| {
        c.permutations()
            .unwrap_or_default()
            .into_iter()
            .map(|perm| {
                perm.into_iter()
                    .map(|d| d.map_or(-1, |d| d as i64))
                    .collect()
            })
            .collect()
    });
    CollectiveResponse {
        op: spec.op.name(),
        algo: spec.title(),
        mesh: format!("{}x{}", spec.mesh.rows, spec.mesh.cols),
        root: (spec.op != Op::AllToAll).then_some(spec.root),
        bytes: spec.bytes,
        supersteps: c
            .supersteps
            .iter()
            .map(|st| {
                st.sends
                    .iter()
                    .map(|s| SendJson {
                        src: s.src,
                        dst: s.dst,
                        bytes: s.bytes,
                        messages: s.messages.iter().map(|m| m.to).collect(),
                        origins: s.messages.iter().map(|m| m.from).collect(),
                    })
                    .collect()
            })
            .collect(),
        setups: c.setups(),
        permutations,
        max_load: loads.max_load,
        sum_load: loads.sum_load,
        predicted_ms: DeltaCost::delta().collective_us(c) / 1000.0,
    }
}
