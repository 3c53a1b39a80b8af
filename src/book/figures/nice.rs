//! `nice`: NICE's random schedulers RS_N, RS_NL, RS_NH and RS_NLH (paper
//! 002, §3.3) stepped row by row and phase by phase on one matrix of test
//! set 1: which pairs are chosen, why a pair waits (its receiver is taken,
//! or, for RS_NL, a link of its route is), how RS_NH cuts large messages
//! to the phase's cap. Beside it, the four schedulers' phases and the sum
//! of their phases' largest messages, the cost of loosely synchronous
//! phases.

use crate::book::figure::Figure;
use crate::book::inputs::matrix::SEED;
use crate::book::inputs::nice::{ALGO, D, MAX, N, NiceMatrix, UNIT, variant};
use crate::book::params::{Notice, ParamKind, ParamSpec};
use crate::core::algo::Algo;
use crate::core::algo::rs::{self, RsState, RsVariant};
use crate::core::com::Com;
use crate::core::cost::perm::PermCost;
use crate::core::schedule::Schedule;
use crate::core::step::{Immediate, Stepper};
use crate::core::trace::Trace;
use std::rc::Rc;

/// The split factor h of RS_NH and RS_NLH.
pub const SPLIT: ParamSpec = ParamSpec {
    key: "h",
    label: "split factor h (RS_NH, RS_NLH)",
    kind: ParamKind::Number {
        min: 1.0,
        max: 10.0,
        default: Some(1.0),
    },
};

crate::settings! {
    /// The matrix, the scheduler shown and RS_NH's split factor.
    pub struct NiceSettings {
        pub algo: Algo = ALGO => "RS_NL and RS_NLH keep routes apart on the fat tree of n processors",
        pub n: usize = N => "at most 64 here: CCOM is printed",
        pub d: usize = D,
        pub max: u64 = MAX => "1 gives equal sizes: nothing to split",
        pub unit: u64 = UNIT,
        pub h: f64 = SPLIT => "the cap is ⌈h · mean⌉ of the phase's chosen sizes",
        pub seed: u64 = SEED,
    }
}

/// The RS figure.
pub struct Nice;

/// What the figure computes from.
#[derive(Clone, Debug, PartialEq)]
pub struct NiceKey {
    pub matrix: NiceMatrix,
    pub variant: RsVariant,
    pub h: f64,
}

/// One scheduler's totals on the matrix.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub variant: RsVariant,
    pub phases: usize,
    /// Σ over phases of the phase's largest transfer, in bytes.
    pub sum_max: u64,
    /// Messages cut into pieces.
    pub splits: usize,
    /// Σ (τ + largest · φ) on the CM-5 model of paper 000 (Table 1), µs.
    pub predicted_us: f64,
}

/// The traced run (or why the scheduler refused) and the four summaries.
pub struct NiceRun {
    pub com: Rc<Com>,
    pub variant: RsVariant,
    pub traced: Result<Traced, String>,
    pub summaries: Vec<Summary>,
}

/// A schedule with its trace.
pub struct Traced {
    pub schedule: Schedule,
    pub trace: Trace<RsState>,
    /// Largest transfer of each phase.
    pub phase_max: Vec<u64>,
}

/// The four schedulers, in the paper's order.
pub const VARIANTS: [RsVariant; 4] = [RsVariant::N, RsVariant::Nl, RsVariant::Nh, RsVariant::Nlh];

/// A scheduler's totals (its schedule is computed without a trace).
pub fn summary(com: &Com, key: &NiceKey, variant: RsVariant) -> Option<Summary> {
    let mut cfg = key.matrix.config(variant);
    cfg.split = variant.splits().then_some(key.h);
    let out = rs::schedule(com, &cfg).ok()?;
    let maxes = out.schedule.phase_max_network_bytes();
    Some(Summary {
        variant,
        phases: out.schedule.len(),
        sum_max: maxes.iter().sum(),
        splits: count_pieces(&out.schedule),
        predicted_us: PermCost::cm5_table1().schedule_us(&out.schedule),
    })
}

/// Messages sent in more than one piece.
fn count_pieces(s: &Schedule) -> usize {
    s.phases
        .iter()
        .flatten()
        .filter(|t| t.offset > 0)
        .map(|t| (t.src, t.dst))
        .collect::<std::collections::BTreeSet<_>>()
        .len()
}

impl Figure for Nice {
    const TITLE: &'static str = "RS_N, RS_NL, RS_NH and RS_NLH, phase by phase (NICE, paper 002)";
    type Settings = NiceSettings;
    type Key = NiceKey;
    type Output = NiceRun;

    fn key(s: &NiceSettings) -> (NiceKey, Vec<Notice>) {
        let (matrix, notices) = NiceMatrix::check(s.n, s.d, s.max, s.unit, s.seed);
        let key = NiceKey {
            matrix,
            variant: variant(s.algo),
            h: s.h.max(1.0),
        };
        (key, notices)
    }

    fn compute(key: &NiceKey) -> Box<dyn Stepper<Output = NiceRun>> {
        let key = key.clone();
        Box::new(Immediate::new(move || {
            let com = key.matrix.generate();
            let mut cfg = key.matrix.config(key.variant);
            cfg.split = key.variant.splits().then_some(key.h);
            let traced = rs::trace(&com, &cfg)
                .map(|(schedule, trace)| Traced {
                    phase_max: schedule.phase_max_network_bytes(),
                    schedule,
                    trace,
                })
                .map_err(|e| e.to_string());
            let summaries = VARIANTS
                .iter()
                .filter_map(|&v| summary(&com, &key, v))
                .collect();
            NiceRun {
                com: Rc::new(com),
                variant: key.variant,
                traced,
                summaries,
            }
        }))
    }

    fn steps(r: &NiceRun) -> usize {
        r.traced.as_ref().map_or(0, |t| t.trace.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::figures::checks::run;
    use crate::book::params::pairs;

    #[test]
    fn the_four_schedulers_are_summarised_and_nh_cuts_the_phases_short() {
        let s = NiceSettings {
            algo: Algo::RsNh,
            n: 16,
            d: 4,
            max: 10,
            unit: 64,
            h: 1.0,
            seed: 3,
        };
        let out = crate::core::step::run(Nice::compute(&Nice::key(&s).0));
        assert_eq!(out.summaries.len(), 4);
        let (n, nh) = (&out.summaries[0], &out.summaries[2]);
        assert!(nh.sum_max < n.sum_max, "{nh:?} against {n:?}");
        assert!(nh.phases >= n.phases);
        let t = out.traced.as_ref().unwrap();
        assert_eq!(t.phase_max.len(), t.schedule.len());
        let odd = run::<Nice>(&pairs(&[("n", "4"), ("d", "9")]));
        assert!(odd.notices[0].0.starts_with("d = 9 must be below n = 4"));
    }
}
