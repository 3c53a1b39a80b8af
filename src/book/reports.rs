//! The stepped reports of the simulation chapter: charts and a caption per
//! step, built from what the core computed (the figures `clusters`,
//! `pexbex` and `predict` show them). The charts carry their values as a table
//! for screen readers and keyboards (`ui::chart::ChartView`); the captions
//! give the step's numbers.

use crate::chart::{Chart, Mark};
use crate::core::published::ponnusamy93::{FIT_US_ALIGNED, FIT_US_PER_BYTE};
use crate::core::sim::clusters::{self, ClusterRow, Experiment};
use crate::core::sim::config::CM5_CYCLE_US;
use crate::core::sim::exchange::{ExchangeSteps, StepFigures};
use crate::core::sim::predict::{self, PhaseGap};
use std::rc::Rc;

/// A stepped figure: charts, and a caption per step (`captions[0]` before
/// the first), or why nothing could be computed.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// Each chart with the file name its download gets.
    pub charts: Vec<(Rc<Chart>, &'static str)>,
    pub captions: Vec<String>,
    /// The x value step k (from 1) stands for on the charts: `xs[k - 1]`.
    pub xs: Vec<f64>,
    /// What one step is called in the player.
    pub unit: &'static str,
    /// Why nothing could be computed, if so.
    pub refused: Option<String>,
}

impl Report {
    /// A report that only says why nothing was computed.
    pub fn refused(why: String) -> Report {
        Report {
            charts: Vec::new(),
            captions: vec![why.clone()],
            xs: Vec::new(),
            unit: "step",
            refused: Some(why),
        }
    }

    /// Steps of the report's player.
    pub fn steps(&self) -> usize {
        self.captions.len().saturating_sub(1)
    }

    /// Where step `k` is on the charts' x axis (none before the first).
    pub fn x_at(&self, k: usize) -> Option<f64> {
        self.xs.get(k.checked_sub(1)?).copied()
    }

    /// The caption of step `k`.
    pub fn caption(&self, k: usize) -> &str {
        self.captions.get(k).map_or("", String::as_str)
    }

    fn new(
        charts: Vec<(Chart, &'static str)>,
        captions: Vec<String>,
        xs: Vec<f64>,
        unit: &'static str,
    ) -> Self {
        Report {
            charts: charts.into_iter().map(|(c, f)| (Rc::new(c), f)).collect(),
            captions,
            xs,
            unit,
            refused: None,
        }
    }
}

fn us(cycles: u64) -> f64 {
    cycles as f64 * CM5_CYCLE_US
}

/// Paper 004 §3: a step per message size.
pub fn cluster_report(exp: Experiment, rows: &[ClusterRow]) -> Report {
    let name = exp.name();
    let pts = |f: &dyn Fn(&ClusterRow) -> f64| {
        rows.iter()
            .map(|r| (r.bytes as f64, f(r)))
            .collect::<Vec<_>>()
    };
    let (s, d) = exp.single();
    let chart = Chart::new(
        &format!("{name} against a simple send, {} processors", exp.procs()),
        "message size l (bytes)",
        "time (µs)",
    )
    .with(
        &format!("simple send {{({s},{d})}}"),
        Mark::LinePoints,
        0,
        pts(&|r| us(r.single)),
    )
    .with(name, Mark::LinePoints, 1, pts(&|r| us(r.set)))
    .with(
        "0.112·l + 73 µs (§3.2 fit)",
        Mark::Line,
        2,
        pts(&|r| FIT_US_PER_BYTE * r.bytes as f64 + FIT_US_ALIGNED),
    );
    let captions = (0..=rows.len())
        .map(|k| clusters::caption(exp, rows, k))
        .collect();
    let xs = rows.iter().map(|r| r.bytes as f64).collect();
    Report::new(vec![(chart, "cm5-clusters.svg")], captions, xs, "size")
}

/// PEX against BEX: a step per exchange step.
pub fn pexbex_report(s: &ExchangeSteps) -> Report {
    let line = |v: &[StepFigures], f: fn(&StepFigures) -> f64| {
        v.iter()
            .enumerate()
            .map(|(i, x)| ((i + 1) as f64, f(x)))
            .collect::<Vec<_>>()
    };
    let title = format!("{} processors, {} bytes", s.p, s.bytes);
    let time = Chart::new(&format!("Simulated time per step, {title}"), "step i", "µs")
        .with("PEX", Mark::LinePoints, 0, line(&s.pex, |x| us(x.cycles)))
        .with("BEX", Mark::LinePoints, 1, line(&s.bex, |x| us(x.cycles)));
    let load = Chart::new(
        &format!("Busiest link per step, {title}"),
        "step i",
        "messages per link",
    )
    .with("PEX f(i), model", Mark::Line, 0, line(&s.pex, |x| x.f))
    .with("BEX f(i), model", Mark::Line, 1, line(&s.bex, |x| x.f))
    .with(
        "PEX, simulated",
        Mark::Points,
        0,
        line(&s.pex, |x| x.busiest),
    )
    .with(
        "BEX, simulated",
        Mark::Points,
        1,
        line(&s.bex, |x| x.busiest),
    );
    let captions = (0..=s.pex.len()).map(|k| s.caption(k)).collect();
    let charts = vec![(time, "pex-bex-time.svg"), (load, "pex-bex-load.svg")];
    let xs = (1..=s.pex.len()).map(|i| i as f64).collect();
    Report::new(charts, captions, xs, "step")
}

/// A schedule's prediction beside its simulation: a step per phase.
pub fn predict_report(gaps: &[PhaseGap]) -> Report {
    let pts = |f: fn(&PhaseGap) -> Option<f64>| {
        gaps.iter()
            .enumerate()
            .filter_map(|(i, g)| Some(((i + 1) as f64, f(g)?)))
            .collect::<Vec<_>>()
    };
    let mut chart = Chart::new("Each phase predicted and simulated", "phase", "cycles")
        .with(
            "τ + Mφ (no contention)",
            Mark::Line,
            0,
            pts(|g| Some(g.predicted as f64)),
        )
        .with(
            "simulated",
            Mark::LinePoints,
            1,
            pts(|g| Some(g.simulated as f64)),
        );
    let model = pts(|g| g.contention);
    if !model.is_empty() {
        chart = chart.with("α + L·max(β, f·β_sat)", Mark::Line, 2, model);
    }
    let captions = (0..=gaps.len())
        .map(|k| predict::caption(gaps, k))
        .collect();
    Report::new(
        vec![(chart, "prediction-vs-simulation.svg")],
        captions,
        (1..=gaps.len()).map(|i| i as f64).collect(),
        "phase",
    )
}
