//! Paper 004's schedulers for the CM-5: the complete exchanges LEX, PEX,
//! REX, BEX (§4) and the irregular schedulers LS, PS, BS, GS (§5).
//!
//! A complete exchange sends a block of L bytes from every processor to
//! every other. LEX, PEX and BEX are step orders ([`order`]); as schedules
//! they are LS, PS and BS run on the all-to-all matrix ([`complete`]).
//! REX relays recombined blocks and is not a schedule of the original
//! matrix; it has its own representation ([`rex`]).
//!
//! The irregular schedulers take any COM (the paper's `Pattern`):
//! - **LS** walks LEX's order: in step i everyone holding a message for
//!   P_i sends it (p steps, node contention at the receiver: not a partial
//!   permutation).
//! - **PS** walks PEX's order: in step k processor i meets i ⊕ k and each
//!   side sends if it has something (the same schedule as paper 000's LP).
//! - **BS** walks BEX's order, PEX on virtual numbers (physical + 1) mod p.
//! - **GS** pairs processors greedily ([`greedy`]), skipping pairs with
//!   nothing to exchange, so it needs fewer steps on sparse patterns.
//!
//! In PS, BS and GS a meeting with no message either way leaves both idle
//! for that step (the paper: "the processor remains idle"). Local copies
//! (`COM(i, i)`) use no port: LS does them in step i + 1 (its own step), the
//! others in step 1. Every PS/BS/GS step is a partial permutation.
//!
//! ```
//! use commbook_core::algo::cm5::{self, Cm5Algo};
//! use commbook_core::{com::Com, verify::verify};
//! let com = Com::from_rows(&[
//!     vec![0, 4, 0, 0],
//!     vec![4, 0, 0, 0],
//!     vec![0, 0, 0, 4],
//!     vec![0, 0, 0, 0],
//! ]).unwrap();
//! let ps = cm5::schedule(Cm5Algo::Ps, &com).schedule;
//! assert_eq!(ps.len(), 3);                      // p − 1 steps, two of them idle
//! let (gs, trace) = cm5::trace(Cm5Algo::Gs, &com);
//! assert_eq!(gs.len(), 1);                      // 0 ↔ 1 and 2 → 3 together
//! assert_eq!(trace.final_state().delivered, 3);
//! assert!(verify(&com, &gs, None).is_ok());
//! ```

pub mod bruck;
mod engine;
pub mod events;
pub mod exchange;
pub mod greedy;
pub mod libraries;
pub mod order;
pub mod rex;
pub mod rex_trace;

pub use engine::{Cm5Outcome, Cm5Run, GREEDY_RULE};
pub use events::{Cm5Event, Cm5State, caption};

use crate::com::{Com, ComError, MAX_BYTES, Message};
use crate::schedule::Schedule;
use crate::trace::Trace;

crate::keyword_enum! {
    /// The irregular schedulers of paper 004 §5.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Cm5Algo {
        /// Linear scheduling.
        Ls = "ls",
        /// Pairwise scheduling.
        Ps = "ps",
        /// Balanced scheduling.
        Bs = "bs",
        /// Greedy scheduling.
        Gs = "gs",
    }
}

impl Cm5Algo {
    /// The name as paper 004 prints it.
    pub fn title(self) -> &'static str {
        match self {
            Cm5Algo::Ls => "LS",
            Cm5Algo::Ps => "PS",
            Cm5Algo::Bs => "BS",
            Cm5Algo::Gs => "GS",
        }
    }
}

/// Runs `algo` without a trace.
pub fn schedule(algo: Cm5Algo, com: &Com) -> Cm5Outcome {
    crate::step::run(Box::new(Cm5Run::new(algo, com, false)))
}

/// Runs `algo` and records its trace: one step per step of the algorithm.
pub fn trace(algo: Cm5Algo, com: &Com) -> (Schedule, Trace<Cm5State>) {
    let out = crate::step::run(Box::new(Cm5Run::new(algo, com, true)));
    let trace = out.trace.expect("recording was requested");
    (out.schedule, trace)
}

/// The complete-exchange matrix: `bytes` from every processor to every
/// other (no block to itself).
pub fn complete(p: usize, bytes: u64) -> Result<Com, ComError> {
    if bytes == 0 || bytes > MAX_BYTES {
        return Err(ComError::BadParam {
            name: "bytes",
            value: bytes.to_string(),
            expected: format!("1 to {MAX_BYTES}"),
        });
    }
    Com::check_n(p)?;
    let messages = (0..p)
        .flat_map(|src| {
            (0..p)
                .filter(move |&dst| dst != src)
                .map(move |dst| Message { src, dst, bytes })
        })
        .collect();
    Com::from_messages(p, messages)
}

#[cfg(test)]
mod tests;
