//! The view of `phases`: the averages of the sweep as they settle, against
//! Table 4, Tables 2-3 and d + log₂ d, in one of three plots.

use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::ui::parts::standard::standard;
use crate::book::figures::phases::{Phases, PhasesSettings, Plot};
use crate::chart::{Chart, LegendAt, Mark};
use crate::core::sweep::{self, GmRuns, PhaseSweepResult, Point, d_plus_log_d, probes_per_n};
use crate::ui::chart::ChartView;
use crate::ui::parts::matrix_figure::settings_row;
use crate::ui::player::controls;
use std::rc::Rc;
use yew::prelude::*;

impl FigureView for Phases {
    fn view(
        props: &FigureProps,
        ctx: &Ctx<PhaseSweepResult>,
        s: &PhasesSettings,
        _: &Shared,
    ) -> Html {
        let settings = settings_row(props, &ctx.values, &ctx.set_values, &|k| {
            props.entry.note(k).into()
        });
        let plot = s.plot;
        standard(props, ctx, settings, "the averages", |r| view(ctx, r, plot))
    }
}

/// The series a plot mode draws: what y is for a point, and for a
/// published value at density d.
struct Mode {
    y_label: &'static str,
    /// The name of eq. 4's line in this mode.
    theory: &'static str,
    x: fn(f64) -> f64,
    y: fn(f64, f64) -> f64,
}

const PHASES: Mode = Mode {
    y_label: "permutations",
    theory: "d + log₂ d (eq. 4)",
    x: |d| d,
    y: |_, v| v,
};
const EXTRA: Mode = Mode {
    y_label: "permutations − d",
    theory: "log₂ d (eq. 4 minus d)",
    x: |d| d,
    y: |d, v| v - d,
};

fn view(ctx: &Ctx<PhaseSweepResult>, r: &PhaseSweepResult, plot: Plot) -> Html {
    let k = ctx.pos;
    let n = r.config.n;
    let pts = r.averages(k);
    let chart = match plot {
        Plot::Work => work_chart(n, &r.config.ds, &pts),
        Plot::Extra => phases_chart(n, r, &pts, &EXTRA),
        Plot::Phases => phases_chart(n, r, &pts, &PHASES),
    };
    html! {
        <>
            <ChartView chart={Rc::new(chart)} filename={format!("phases-n{n}.svg")} />
            { controls(&ctx.player, &sweep::caption(r, k), "matrix") }
        </>
    }
}

fn phases_chart(n: usize, r: &PhaseSweepResult, pts: &[Point], m: &Mode) -> Chart {
    let ds: Vec<f64> = r.config.ds.iter().map(|&d| d as f64).collect();
    let line = |f: &dyn Fn(&Point) -> Option<f64>| -> Vec<(f64, f64)> {
        pts.iter()
            .filter_map(|p| f(p).map(|v| ((m.x)(p.d as f64), (m.y)(p.d as f64, v))))
            .collect()
    };
    let published = |f: fn(usize, usize) -> Option<f64>| -> Vec<(f64, f64)> {
        r.config
            .ds
            .iter()
            .filter_map(|&d| f(n, d).map(|v| ((m.x)(d as f64), (m.y)(d as f64, v))))
            .collect()
    };
    let theory: Vec<(f64, f64)> = ds
        .iter()
        .map(|&d| ((m.x)(d), (m.y)(d, d_plus_log_d(d))))
        .collect();
    let title = format!("Permutations for n = {n}, Figure-7 matrices");
    let mut c = Chart::new(&title, "density d", m.y_label);
    c.legend = LegendAt::Below;
    c = c.with(m.theory, Mark::Line, 4, theory);
    if !pts.is_empty() {
        c = c.with(
            "CGM here",
            Mark::LinePoints,
            0,
            line(&|p| Some(p.cgm_phases)),
        );
        if pts[0].gm_zero.is_some() {
            c = c.with(
                "GM as printed (scan from 0)",
                Mark::LinePoints,
                3,
                line(&|p| p.gm_zero),
            );
        }
        if pts[0].gm_after.is_some() {
            c = c.with(
                "GM, scan after the row",
                Mark::LinePoints,
                2,
                line(&|p| p.gm_after),
            );
        }
    }
    // Published points last, so they are drawn over the computed ones.
    let cgm_pub = published(sweep::published_cgm);
    c = c.with("Table 4, CGM (published)", Mark::Points, 1, cgm_pub);
    let gm_pub = published(sweep::published_gm);
    if r.config.gm != GmRuns::Off && !gm_pub.is_empty() {
        c = c.with("Tables 2-3, GM (published)", Mark::Points, 5, gm_pub);
    }
    c
}

fn work_chart(n: usize, ds: &[usize], pts: &[Point]) -> Chart {
    let x = |d: f64| d * d.ln();
    let title = format!("CGM's probes per processor, n = {n}");
    let mut c = Chart::new(&title, "d · ln d", "probes ÷ n").with(
        "(ln d + 1)(d + log₂ d), eqs. 1 and 4",
        Mark::Line,
        4,
        ds.iter()
            .map(|&d| (x(d as f64), probes_per_n(d as f64)))
            .collect(),
    );
    if !pts.is_empty() {
        c = c.with(
            "CGM here",
            Mark::LinePoints,
            0,
            pts.iter()
                .map(|p| (x(p.d as f64), p.cgm_probes / n as f64))
                .collect(),
        );
    }
    c
}
