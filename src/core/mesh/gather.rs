//! All-to-one (gather) on an R×C mesh (paper 001, §4).
//!
//! Every algorithm except the broadcasts has a mirror image: the gather runs
//! the scatter's supersteps backwards with every send reversed, so a leader
//! first collects its part's messages and then forwards them as one long
//! message towards the destination P_d. *1-lev-dir*: P_d posts p − 1
//! receives; *2-lev-rec*: each row's messages meet in P_d's column, then go
//! up (or down) the column; and so on. Set-ups on the critical path are the
//! same as the scatter's, now paid by the receivers (see
//! [`super::collective`]).
//!
//! Why a gather is *not just the reverse*, and what the trace shows:
//! - *logp-lev-rec(γ)* allows 0 < γ < 1. For γ < 0.5 neither the first nor
//!   the last γ·p processors of a span need contain P_d; the span is then cut
//!   just before P_d, once ([`super::binomial`]).
//! - A sender can order its sends (farther first), a receiver cannot order
//!   arrivals; on the Delta receiving is also slower than sending. The
//!   supersteps are the same, the time is not (the cost model
//!   [`crate::cost::delta`] charges receive rates).
//!
//! A leader sends only after all of its part has arrived, so the mirrored
//! supersteps keep every dependency of the scatter in reverse. Sends of a
//! superstep are listed by receiver, farther senders first (the order the
//! receiver posts its receives).
//!
//! ```
//! use commbook_core::mesh::config::{Algo, CollectiveConfig, Op};
//! use commbook_core::mesh::run;
//! let mut cfg = CollectiveConfig::new(Op::Gather, Algo::TwoLevRec, 4, 4);
//! cfg.root = Some(5);
//! let c = run(&cfg.validate().unwrap());
//! // First the rows gather in column 1, then column 1 sends to P_5.
//! assert!(c.supersteps[0].sends.iter().all(|s| s.dst % 4 == 1));
//! assert!(c.supersteps[1].sends.iter().all(|s| s.dst == 5 && s.bytes == 4 * 1024));
//! ```

use super::collective::{Msg, Superstep, receive_order};
use super::config::Spec;
use super::scatter;

/// The gather supersteps of `spec.algo` towards `spec.root`.
pub fn supersteps(spec: &Spec) -> Vec<Superstep> {
    let mut steps = scatter::supersteps(spec);
    steps.reverse();
    for step in &mut steps {
        for s in &mut step.sends {
            std::mem::swap(&mut s.src, &mut s.dst);
            for m in &mut s.messages {
                *m = Msg {
                    from: m.to,
                    to: m.from,
                };
            }
        }
        receive_order(&spec.mesh, &mut step.sends);
    }
    steps
}
