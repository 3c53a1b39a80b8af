//! `irregular`: paper 004's schedulers for irregular patterns, LS, PS, BS
//! and GS (§5), stepped on a synthetic pattern of the given density: each
//! step's transfers, who waits, and what is left; beside them, the four
//! schedulers' steps and times under the contention model.

use crate::book::figure::Figure;
use crate::book::inputs::matrix::SEED;
use crate::book::params::{Notice, ParamKind, ParamSpec};
use crate::core::algo::cm5::{self, Cm5Algo, Cm5State};
use crate::core::com::Com;
use crate::core::cost::contention::ContentionCost;
use crate::core::cost::fatload;
use crate::core::cost::tables004::{ALGOS, pattern};
use crate::core::schedule::Schedule;
use crate::core::step::{Immediate, Stepper};
use crate::core::trace::Trace;
use std::rc::Rc;

/// The scheduler.
pub const ALGO: ParamSpec = ParamSpec {
    key: "algo",
    label: "scheduler",
    kind: ParamKind::Choice {
        options: Cm5Algo::WORDS,
        default: "gs",
    },
};
/// Processors.
pub const P: ParamSpec = ParamSpec {
    key: "p",
    label: "processors p",
    kind: ParamKind::Int {
        min: 2,
        max: 64,
        default: 16,
    },
};
/// The pattern's density, in per cent of the off-diagonal entries.
pub const DENSITY: ParamSpec = ParamSpec {
    key: "density",
    label: "density (%)",
    kind: ParamKind::Int {
        min: 1,
        max: 100,
        default: 25,
    },
};
/// Bytes of every message.
pub const BYTES: ParamSpec = ParamSpec {
    key: "bytes",
    label: "bytes per message",
    kind: ParamKind::Int {
        min: 1,
        max: 16384,
        default: 256,
    },
};

crate::settings! {
    /// The scheduler and the pattern.
    pub struct IrregularSettings {
        pub algo: Cm5Algo = ALGO,
        pub p: usize = P => "at most 64 here; Tables 4-5 used 32",
        pub density: u32 = DENSITY => "each off-diagonal entry present with this chance",
        pub bytes: u64 = BYTES,
        pub seed: u64 = SEED,
    }
}

/// The irregular-scheduling figure.
pub struct Irregular;

/// What the figure computes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IrregularKey {
    pub algo: Cm5Algo,
    pub p: usize,
    pub density: u32,
    pub bytes: u64,
    pub seed: u64,
}

/// One scheduler's totals on the pattern.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Summary {
    pub algo: Cm5Algo,
    pub steps: usize,
    pub busy_steps: usize,
    pub model_ms: f64,
}

/// The traced run and the four summaries.
pub struct IrregularRun {
    pub com: Rc<Com>,
    pub key: IrregularKey,
    pub schedule: Schedule,
    pub trace: Trace<Cm5State>,
    pub summaries: Vec<Summary>,
}

impl Figure for Irregular {
    const TITLE: &'static str = "LS, PS, BS and GS on an irregular pattern (paper 004 §5)";
    type Settings = IrregularSettings;
    type Key = IrregularKey;
    type Output = IrregularRun;

    fn key(s: &IrregularSettings) -> (IrregularKey, Vec<Notice>) {
        let key = IrregularKey {
            algo: s.algo,
            p: s.p.max(2),
            density: s.density.clamp(1, 100),
            bytes: s.bytes.max(1),
            seed: s.seed,
        };
        (key, Vec::new())
    }

    fn compute(k: &IrregularKey) -> Box<dyn Stepper<Output = IrregularRun>> {
        let key = *k;
        Box::new(Immediate::new(move || {
            let com = pattern(key.p, key.density, key.bytes, key.seed);
            let model = ContentionCost::cm5();
            let summaries = ALGOS
                .iter()
                .map(|&a| {
                    let s = cm5::schedule(a, &com).schedule;
                    Summary {
                        algo: a,
                        steps: s.len(),
                        busy_steps: s.busy_phases(),
                        model_ms: fatload::schedule_us(&model, &s) / 1000.0,
                    }
                })
                .collect();
            let (schedule, trace) = cm5::trace(key.algo, &com);
            IrregularRun {
                com: Rc::new(com),
                key,
                schedule,
                trace,
                summaries,
            }
        }))
    }

    fn steps(r: &IrregularRun) -> usize {
        r.trace.len()
    }
}
