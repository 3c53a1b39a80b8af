//! `exchange`: paper 004's complete exchanges, LEX (§4.1), PEX (§4.2), REX
//! (§4.3) and BEX (§4.4), and chapter 14's Bruck, shift and linear burst:
//! every processor sends a block of L bytes to every other.
//!
//! The CLI's command builds and checks the steps (`commbook_api::exchange`:
//! LEX, PEX and BEX verified as schedules of the all-to-all matrix, REX
//! replayed). In a LEX step a meeting `[a, b]` is a one-way send a → b; in
//! the others a and b exchange their blocks. REX is not a schedule of the
//! matrix: in step i processor j sends its partner every block it holds
//! whose destination lies on the partner's side, p/2 blocks, some of them
//! received in earlier steps and relayed (the core's `Rex` carries); the
//! runner packs and relays the very bytes it received. Bruck's algorithm
//! relays the same way (its step k sends the blocks at the positions with
//! bit k set to r + 2^k).

use super::{Message, Phase, Plan, Send, rank, sorted_messages, whole};
use crate::model::{self, Model};
use crate::preset::Preset;
use commbook_api::{self as api, ApiError, Args};
use commbook_core::algo::cm5::exchange::{Exchange, ExchangePlan};

/// Builds the plan of `exchange` with the CLI's options.
pub fn build(args: &Args, preset: Option<&Preset>) -> Result<Plan, ApiError> {
    let r = api::exchange(args)?;
    let ex = Exchange::parse(r.algo).map_err(ApiError)?;
    let (p, l) = (r.p, r.bytes);
    let plan = ExchangePlan::new(ex, p).map_err(|e| ApiError(e.to_string()))?;
    let phases: Vec<Phase> = match plan.carries() {
        // REX and Bruck: each send packs the blocks the core's carries
        // name, some of them received in earlier steps.
        Some(steps) => steps
            .iter()
            .map(|carries| Phase {
                sends: carries
                    .iter()
                    .map(|c| Send {
                        src: rank(c.from),
                        dst: rank(c.to),
                        pieces: c
                            .blocks
                            .iter()
                            .map(|&(s, d)| whole(s as usize, d as usize, l))
                            .collect(),
                    })
                    .collect(),
            })
            .collect(),
        None => r
            .steps
            .iter()
            .map(|meetings| Phase {
                sends: meetings
                    .iter()
                    .flat_map(|&[a, b]| {
                        let back = plan.is_exchange().then(|| one(b, a, l));
                        std::iter::once(one(a, b, l)).chain(back)
                    })
                    .collect(),
            })
            .collect(),
    };
    let messages = (0..p)
        .flat_map(|i| (0..p).filter(move |&j| j != i).map(move |j| (i, j)))
        .map(|(i, j)| Message {
            origin: rank(i),
            dest: rank(j),
            bytes: l,
        })
        .collect();
    // α + L'·max(β, f(i)·β_sat) per step, L' = the step's blocks × L, as
    // `ExchangePlan::predicted_us` sums it.
    let (cost, machine, source) = model::contention(preset);
    let phase_us = plan.step_us(&cost, l);
    Ok(Plan {
        command: "exchange".into(),
        algo: r.algo.into(),
        source: format!("{}, {}", ex.title(), ex.source()),
        p,
        phases,
        messages: sorted_messages(messages),
        model: Model {
            formula: "α + L·max(β, f(i)·β_sat) per step (paper 004 §4)".into(),
            machine,
            source,
            phase_us,
        },
        options: Default::default(),
    })
}

fn one(a: usize, b: usize, l: u64) -> Send {
    Send {
        src: rank(a),
        dst: rank(b),
        pieces: vec![whole(a, b, l)],
    }
}
