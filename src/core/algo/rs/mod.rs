//! NICE's random schedulers RS_N, RS_NL, RS_NH and RS_NLH (paper 002, §3.3,
//! Figure 6).
//!
//! **RS_N** (random scheduling avoiding node contention) cuts COM into
//! partial permutations, one per phase. COM is first compressed into CCOM:
//! row i keeps only its destinations (with the bytes still to send), and
//! `prt(i)` points at its last active column. Each phase clears the vectors
//! `send` and `receive`, draws a random start row x, and visits the rows
//! x, x + 1, …, x − 1 (mod n). Row i scans its columns j = 0, 1, …, prt(i)
//! and takes the first destination k whose `receive(k)` is still free: it
//! sets `send(i) = k`, `receive(k) = i`, and fills the hole with its last
//! active column (`CCOM(i, j) = CCOM(i, prt(i))`, `prt(i) −= 1`), so CCOM
//! never holds a dead entry. Phases repeat until CCOM is empty.
//!
//! **RS_NL** also refuses a destination whose route, under the network's
//! static routing, shares a directed link with a message already in the
//! phase, so every phase is free of node *and* link contention (useful for
//! circuit switching). The book offers the 2-D mesh with XY routing and the
//! CM-5 fat tree ([`crate::net`]); without a topology, RS_NL uses the
//! fat tree of n processors, the machine of NICE's experiments.
//!
//! **RS_NH** (and **RS_NLH**, the same on top of RS_NL) keeps the big
//! messages of a phase from making the small ones wait: a phase lasts as
//! long as its largest transfer, so NICE picks "a reasonable message size"
//! per phase; smaller messages go whole and larger ones send only that much.
//!
//! Invariants: every phase is a partial permutation (and link-disjoint for
//! RS_NL/RS_NLH); every message's pieces are sent in order and cover it
//! exactly; each phase delivers at least one message completely, so the run
//! ends after at most as many phases as there are messages (and in about
//! d + log d phases for d random messages per processor, §3.3).
//!
//! Choices where the paper is silent, and why:
//! - **Compression** shuffles each row of CCOM (paper 000's `Random_Swap`,
//!   Figure 5): NICE points to a companion report by the same authors for
//!   it, and the d + log d estimate assumes random destinations. The
//!   shuffles use the seed before the first random start.
//! - **Local copies** (`COM(i, i)`) need no port; they leave CCOM and are
//!   done in the first phase, as in LP.
//! - **The split rule** (RS_NH, RS_NLH): once a phase's partners are chosen
//!   exactly as in RS_N/RS_NL, its cap is ⌈h · mean⌉ of the chosen messages'
//!   remaining sizes, with h ≥ 1 ([`DEFAULT_H`] = 1). Every transfer sends at
//!   most the cap; the rest of a cut message goes back to the end of its row
//!   with its offset, for a later phase. With equal sizes nothing is cut (the
//!   paper: splitting only helps non-uniform sizes); the smallest chosen
//!   message always fits the cap, which bounds the number of phases. Larger
//!   h cuts less and adds fewer phases.
//!
//! ```
//! use commbook_core::algo::rs::{self, RsConfig, RsVariant};
//! use commbook_core::{com::Com, verify::verify};
//! let com = Com::from_rows(&[
//!     vec![0, 100, 10, 0],
//!     vec![0, 0, 10, 10],
//!     vec![10, 0, 0, 10],
//!     vec![10, 10, 0, 0],
//! ]).unwrap();
//! let (schedule, trace) = rs::trace(&com, &RsConfig::new(RsVariant::N, 7)).unwrap();
//! assert!(schedule.len() >= 2);                        // two messages per row
//! assert!(verify(&com, &schedule, None).is_ok());
//! assert_eq!(trace.final_state().active(), 0);         // CCOM emptied
//! // RS_NH cuts the 100-byte message down to the mean of its phase.
//! let nh = rs::schedule(&com, &RsConfig::new(RsVariant::Nh, 7)).unwrap().schedule;
//! assert!(nh.phases.iter().flatten().any(|t| t.src == 0 && t.dst == 1 && t.bytes < 100));
//! assert!(verify(&com, &nh, None).is_ok());
//! ```

mod config;
mod engine;
pub mod events;
mod links;

pub use config::{
    DEFAULT_H, MAX_H, MAX_LINK_MESSAGES, MAX_ROUTE_LINKS, RsConfig, RsError, RsVariant,
};
pub use engine::{Rs, RsOutcome};
pub use events::{CEntry, RsEvent, RsState, Verdict, caption};

use crate::com::Com;
use crate::schedule::Schedule;
use crate::trace::Trace;

/// The scheduler as a step engine, for the UI to run in slices.
pub fn stepper(com: &Com, cfg: &RsConfig, record: bool) -> Result<Rs, RsError> {
    cfg.validate(com)?;
    Ok(Rs::new(com, cfg, record))
}

/// Runs without a trace (the fast path).
pub fn schedule(com: &Com, cfg: &RsConfig) -> Result<RsOutcome, RsError> {
    Ok(crate::step::run(Box::new(stepper(com, cfg, false)?)))
}

/// Runs and records the trace.
pub fn trace(com: &Com, cfg: &RsConfig) -> Result<(Schedule, Trace<RsState>), RsError> {
    let out = crate::step::run(Box::new(stepper(com, cfg, true)?));
    let trace = out.trace.expect("recording was requested");
    Ok((out.schedule, trace))
}

#[cfg(test)]
mod tests;
