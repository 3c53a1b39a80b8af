//! `schedule`: one of the book's schedulers on a communication matrix
//! (AC, LP, GM, CGM of paper 000; RS_N, RS_NL, RS_NH, RS_NLH of paper
//! 002; LS, PS, BS, GS of paper 004 §5).
//!
//! The CLI's own command builds and verifies the schedule
//! (`commbook_api::schedule`, the core's verifier included), so the
//! options, limits and messages are the CLI's. Each transfer is NICE's
//! communication phase table entry (paper 002 §4.1): `bytes` of the
//! message src → dst starting at `offset`, which the receiver places at
//! that offset of its buffer for that message, so a message RS_NH or
//! RS_NLH splits across phases lands in place. The messages that must
//! arrive are the matrix's entries, read from the same options.

use super::{Message, Phase, Piece, Plan, Send, rank, sorted_messages};
use crate::model::Model;
use crate::preset::Preset;
use commbook_api::{self as api, ApiError, Args};
use commbook_core::algo::Algo;
use commbook_core::cost::machine::Machine;
use commbook_core::cost::perm::PermCost;
use commbook_core::schedule::Transfer;

/// Builds the plan of `schedule` with the CLI's options.
pub fn build(args: &Args, preset: Option<&Preset>) -> Result<Plan, ApiError> {
    if preset.is_some() && args.raw("machine").is_some() {
        return Err(ApiError(
            "give --machine (one of the book's machines) or --preset (a measured one), not both"
                .into(),
        ));
    }
    let s = api::schedule(args)?;
    let com = api::com(args)?;
    let algo = Algo::parse(s.algo).map_err(|e| ApiError(e.to_string()))?;
    let (cost, machine, source) = match preset {
        Some(p) => (p.cost(), p.name.clone(), crate::model::rescaled(p)),
        None => {
            let m = Machine::parse(s.stats.machine).map_err(|e| ApiError(e.to_string()))?;
            (m.cost(), m.name().to_string(), m.source().to_string())
        }
    };
    let mut messages = Vec::new();
    for (i, row) in com.sizes.iter().enumerate() {
        for (j, &bytes) in row.iter().enumerate() {
            if bytes > 0 {
                messages.push(Message {
                    origin: rank(i),
                    dest: rank(j),
                    bytes,
                });
            }
        }
    }
    Ok(Plan {
        command: "schedule".into(),
        algo: s.algo.into(),
        source: algo.title().into(),
        p: s.n,
        model: model(&s.phases, cost, machine, source),
        phases: s.phases.iter().map(|ph| phase(ph)).collect(),
        messages: sorted_messages(messages),
        options: Default::default(),
    })
}

/// A CPT phase as sends: each transfer is one piece at its offset.
fn phase(transfers: &[Transfer]) -> Phase {
    Phase {
        sends: transfers
            .iter()
            .map(|t| Send {
                src: rank(t.src),
                dst: rank(t.dst),
                pieces: vec![Piece {
                    origin: rank(t.src),
                    dest: rank(t.dst),
                    offset: t.offset,
                    len: t.bytes,
                }],
            })
            .collect(),
    }
}

/// τ + Mφ per phase: its busiest port (paper 000 §2.1; AC's single phase by
/// assumption 2), as `ScheduleStats::predicted_us` sums it.
fn model(phases: &[Vec<Transfer>], cost: PermCost, machine: String, source: String) -> Model {
    Model {
        formula: "τ + M·φ per phase (paper 000 §2.1)".into(),
        machine,
        source,
        phase_us: phases.iter().map(|ph| cost.transfers_us(ph)).collect(),
    }
}
