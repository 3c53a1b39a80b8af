//! `predict`: a schedule's phases predicted by τ + Mφ (and, on the fat
//! tree, paper 004's contention model) beside the same phases simulated,
//! one phase per step, with the difference explained.

use crate::book::figure::{Figure, Limit};
use crate::book::inputs::network::{MESH_LIMITS, SimParams};
use crate::book::params::Notice;
use crate::book::reports::{Report, predict_report};
use crate::core::sim::runs::Runs;
use crate::core::sim::{self as sim, Sync, predict};
use crate::core::step::{Stepper, map};

/// Most flit moves a run may make in the browser (a few seconds of
/// simulation).
pub const MAX_BROWSER_MOVES: u64 = 40_000_000;

crate::book::inputs::network::sim_settings! {
    /// The network, the messages and their schedule (phases follow one
    /// another at barriers, as the models assume).
    pub struct PredictSettings {}
    notes {
        net: "Delta on the mesh, CM-5 on the fat tree",
        rows: "at most 16 (columns 32)",
        arity: "for the k-ary n-tree (net = kary): arity^levels processors, at most 1,024",
        bytes: "at most 40 M flit moves in the browser",
        pairs: "e.g. 0:5,3:12",
        degree: "the hybrid redistribution schedule's d, at most its shift steps",
    }
}

/// The prediction beside the simulation.
pub struct Predict;

impl Figure for Predict {
    const TITLE: &'static str = "Prediction and simulation of one schedule, phase by phase";
    const UNIT: &'static str = "phase";
    const LIMITS: &'static [Limit] = MESH_LIMITS;
    type Settings = PredictSettings;
    type Key = SimParams;
    type Output = Report;

    fn key(s: &PredictSettings) -> (SimParams, Vec<Notice>) {
        SimParams::read(&s.request(Sync::Barrier))
    }

    fn compute(params: &SimParams) -> Box<dyn Stepper<Output = Report>> {
        let (spec, cfg) = (params.spec, params.config());
        let traffic = params.traffic(Sync::Barrier);
        // Refused inputs come back from the run as an error; only the
        // browser's own cap is checked here.
        let moves = sim::check(spec, &cfg, &traffic).map_or(0, |c| c.1);
        let too_many = moves > MAX_BROWSER_MOVES;
        let jobs = if too_many {
            Vec::new()
        } else {
            vec![(spec, cfg, traffic.clone())]
        };
        Box::new(map(Runs::new(jobs), move |mut out| match out.pop() {
            Some(Ok(r)) => predict_report(&predict::compare(spec, &cfg, &traffic, &r)),
            Some(Err(e)) => Report::refused(e.to_string()),
            None => Report::refused(format!(
                "This schedule needs {moves} flit moves; the browser stops at {MAX_BROWSER_MOVES}. Choose fewer processors or shorter messages."
            )),
        }))
    }

    fn steps(r: &Report) -> usize {
        r.steps()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::params::pairs;
    use crate::book::figures::checks::run;


    fn report(raw_pairs: &[(&str, &str)]) -> Report {
        let (values, _) = crate::book::params::read(
            <PredictSettings as crate::book::settings::Settings>::PARAMS,
            &pairs(raw_pairs),
            "",
        );
        let s = <PredictSettings as crate::book::settings::Settings>::from_values(&values);
        crate::core::step::run(Predict::compute(&Predict::key(&s).0))
    }

    #[test]
    fn a_row_and_a_caption_per_phase() {
        let p = report(&[("rows", "2"), ("cols", "4")]);
        assert_eq!((p.steps(), p.unit, &p.refused), (7, "phase", &None));
        assert!(
            p.caption(0).starts_with("7 phases: τ + Mφ predicts"),
            "{}",
            p.caption(0)
        );
        // On the fat tree paper 004's model joins.
        let t = report(&[("net", "fattree"), ("rows", "2"), ("cols", "4")]);
        assert_eq!(t.charts[0].0.series.len(), 3);
        assert_eq!(p.charts[0].0.series.len(), 2);
        assert_eq!(run::<Predict>(&pairs(&[("rows", "2")])).steps, 7);
    }

    #[test]
    fn too_big_a_run_is_refused_with_a_reason() {
        let p = report(&[("rows", "16"), ("cols", "32"), ("bytes", "16384")]);
        let why = p.refused.clone().unwrap();
        assert!(why.contains("flit moves"), "{why}");
        assert_eq!(p.caption(0), why);
    }
}
