//! `clusters`: the cluster experiments of paper 004 §3.4-3.5 on the
//! simulated fat tree: a set of messages against the same message sent
//! alone, one message size per step.

use crate::book::figure::Figure;
use crate::book::inputs::matrix::SEED;
use crate::book::params::{Notice, ParamKind, ParamSpec};
use crate::book::reports::{Report, cluster_report};
use crate::core::sim::clusters::{self, Experiment};
use crate::core::step::{Stepper, map};

/// Which message set.
pub const EXP: ParamSpec = ParamSpec {
    key: "exp",
    label: "message set",
    kind: ParamKind::Choice {
        options: Experiment::WORDS,
        default: "four",
    },
};

crate::settings! {
    /// The message set and the fat tree's routing seed.
    pub struct ClustersSettings {
        pub exp: Experiment = EXP,
        pub seed: u64 = SEED,
    }
}

/// Paper 004 §3.4-3.5.
pub struct Clusters;

impl Figure for Clusters {
    const TITLE: &'static str = "Contention between clusters of the CM-5 (paper 004 §3.4-3.5)";
    const UNIT: &'static str = "size";
    type Settings = ClustersSettings;
    type Key = (Experiment, u64);
    type Output = Report;

    fn key(s: &ClustersSettings) -> ((Experiment, u64), Vec<Notice>) {
        ((s.exp, s.seed), Vec::new())
    }

    fn compute(&(exp, seed): &(Experiment, u64)) -> Box<dyn Stepper<Output = Report>> {
        Box::new(map(clusters::run(exp, seed), move |rows| {
            cluster_report(exp, &rows)
        }))
    }

    fn steps(r: &Report) -> usize {
        r.steps()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_and_a_caption_per_size() {
        let r = crate::core::step::run(Clusters::compute(&(Experiment::Double, 1)));
        assert_eq!(r.steps(), clusters::SIZES.len());
        assert_eq!(r.charts[0].0.series.len(), 3);
        assert_eq!(r.x_at(1), Some(clusters::SIZES[0] as f64));
    }
}
