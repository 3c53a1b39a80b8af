//! `combining`: chapter 8's all-to-all algorithms of paper 001 (§5.2-5.3)
//! stepped superstep by superstep on a mesh: the submachines a superstep
//! works in, its sends and how many actual messages each one combines, the
//! superstep's link load, and the Delta model's time.

use super::delta::MeshSize;
use crate::book::figure::Figure;
use crate::book::inputs::collective::validate;
use crate::book::params::{Notice, ParamKind, ParamSpec};
use crate::core::cost::delta::DeltaCost;
use crate::core::mesh::config::{Algo, CollectiveConfig, Op, Spec};
use crate::core::mesh::view::CollState;
use crate::core::step::{Immediate, Stepper};
use crate::core::trace::Trace;

/// The all-to-all algorithms.
pub const ALGO: ParamSpec = ParamSpec {
    key: "algo",
    label: "algorithm",
    kind: ParamKind::Choice {
        options: &[
            Algo::Dir.word(),
            Algo::Xor.word(),
            Algo::TwoLevSq.word(),
            Algo::TwoLevCr.word(),
            Algo::TwoLevCrInt.word(),
            Algo::LogpLevBfly.word(),
        ],
        default: Algo::TwoLevCr.word(),
    },
};
/// The machine sizes of paper 001's experiments.
pub const MESH: ParamSpec = ParamSpec {
    key: "mesh",
    label: "mesh",
    kind: ParamKind::Choice {
        options: crate::core::mesh::figures::PAPER_MESH_WORDS,
        default: "4x4",
    },
};
/// The actual message size L.
pub const BYTES: ParamSpec = ParamSpec {
    key: "bytes",
    label: "actual message size L (bytes)",
    kind: ParamKind::Int {
        min: 1,
        max: 16384,
        default: 64,
    },
};

crate::settings! {
    /// An all-to-all on a mesh.
    pub struct CombiningSettings {
        pub algo: Algo = ALGO,
        pub mesh: MeshSize = MESH => "the machine sizes of paper 001's experiments; 16×16 draws 65,280 messages",
        pub bytes: u64 = BYTES => "L, each actual message; a send carries L times the messages it combines",
    }
}

/// The combining figure.
pub struct Combining;

/// The run, its trace and the model's times.
pub struct CombiningRun {
    pub spec: Spec,
    pub trace: Trace<CollState>,
    pub setups: usize,
    /// The Delta model's time of the whole operation, µs.
    pub predicted_us: f64,
    /// The model's time after each superstep (`[k - 1]` after superstep k), µs.
    pub after_us: Vec<f64>,
}

impl Figure for Combining {
    const TITLE: &'static str = "All-to-all by combining on a mesh, superstep by superstep";
    const UNIT: &'static str = "superstep";
    type Settings = CombiningSettings;
    type Key = Spec;
    type Output = CombiningRun;

    fn key(s: &CombiningSettings) -> (Spec, Vec<Notice>) {
        let mut cfg = CollectiveConfig::new(Op::AllToAll, s.algo, s.mesh.rows, s.mesh.cols);
        cfg.bytes = s.bytes.max(1);
        validate(cfg)
    }

    fn compute(spec: &Spec) -> Box<dyn Stepper<Output = CombiningRun>> {
        let spec = *spec;
        Box::new(Immediate::new(move || {
            let (c, trace) = crate::core::mesh::trace(&spec);
            let d = DeltaCost::delta();
            let after_us = d.collective_ends_us(&c, spec.bytes);
            CombiningRun {
                setups: c.setups(),
                predicted_us: d.collective_us(&c),
                after_us,
                spec,
                trace,
            }
        }))
    }

    fn steps(r: &CombiningRun) -> usize {
        r.trace.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::figures::checks::output;
    use crate::book::params::pairs;

    fn run(p: &[(&str, &str)]) -> (CombiningRun, Vec<Notice>) {
        output::<Combining>(&pairs(p))
    }

    #[test]
    fn supersteps_and_model_times() {
        // 2-lev-c,r on 4×4: two phases of 1-lev-xor within columns, then rows.
        let (r, notes) = run(&[]);
        assert!(notes.is_empty());
        assert_eq!(r.spec.algo, Algo::TwoLevCr);
        assert_eq!(Combining::steps(&r), 6);
        // Each superstep adds time; the last is the whole operation.
        assert!(r.after_us.windows(2).all(|w| w[0] <= w[1]));
        assert_eq!(*r.after_us.last().unwrap(), r.predicted_us);
        // logp-lev-bfly: log p supersteps, each combining p/2 messages.
        let (r, _) = run(&[("algo", "logp-lev-bfly"), ("mesh", "8x8")]);
        assert_eq!(Combining::steps(&r), 6);
        let st = r.trace.state_at(1);
        assert!(st.sends.iter().all(|s| s.messages.len() == 32));
        // A bad value is a notice, not a silent default.
        let (r, notes) = run(&[("mesh", "3x3")]);
        assert_eq!(r.spec.mesh.rows * r.spec.mesh.cols, 16);
        assert!(notes[0].0.contains("mesh"), "{notes:?}");
    }
}
