//! The `phases` widget: Table 4 of paper 000 recomputed live. A sliced job
//! (`core::sweep`) schedules Figure-7 matrices for every density of the
//! table with CGM and, for n = 32 and 128, GM with either row scan; the
//! player steps through the samples, so the averages can be watched as
//! they settle against the published points and d + log₂ d.

use super::WidgetProps;
use super::com::settings_noted;
use super::figure::{self, Ctx, Out, Parts, Shared};
use super::scaffold::standard;
use crate::book::params::{Notice, Values};
use crate::chart::{Chart, LegendAt, Mark};
use crate::core::step::{Stepper, map};
use crate::core::sweep::{
    self, GmRuns, Point, Sweep, SweepConfig, SweepResult, d_plus_log_d, probes_per_n,
};
use crate::ui::chart::ChartView;
use crate::ui::player::controls;
use std::rc::Rc;
use yew::prelude::*;

/// Largest n at which GM is run: one GM run at n = 512 takes up to a few
/// hundred milliseconds in the browser, too long for one slice.
const GM_MAX_N: usize = 128;

fn key(v: &Values) -> (figure::Key, Vec<Notice>) {
    let n: usize = v.choice("n").parse().unwrap_or(32);
    let mut notes = Vec::new();
    let mut gm = match v.choice("gm") {
        "zero" => GmRuns::Zero,
        "after-row" => GmRuns::AfterRow,
        "both" => GmRuns::Both,
        _ => GmRuns::Off,
    };
    if n > GM_MAX_N && gm != GmRuns::Off {
        notes.push(Notice(format!(
            "GM is run for n = 32 and 128 only (at n = {n} one GM run is too slow for the page); showing CGM alone"
        )));
        gm = GmRuns::Off;
    }
    let samples = v.int("samples").max(1) as usize;
    (
        figure::Key::Phases(SweepConfig::table4(n, samples, gm)),
        notes,
    )
}

/// The Table 4 figure.
pub fn parts() -> Parts {
    Parts {
        key,
        start_at_end: true,
        view: Box::new(body),
    }
}

/// The sliced sweep.
pub fn make(c: &SweepConfig) -> Box<dyn Stepper<Output = Out>> {
    Box::new(map(Sweep::new(c.clone()), Out::Phases))
}

fn body(props: &WidgetProps, ctx: &Ctx, _: &Shared) -> Html {
    let settings = settings_noted(props, ctx, &|k| match k {
        "samples" => "up to 300, the paper's count (n = 512 then takes about 15 s)".into(),
        "gm" => "for n = 32 and 128".into(),
        _ => String::new(),
    });
    standard(props, ctx, settings, "the averages", |out| match &**out {
        Out::Phases(r) => view(ctx, r),
        _ => html! {},
    })
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

fn view(ctx: &Ctx, r: &SweepResult) -> Html {
    let k = ctx.pos;
    let n = r.config.n;
    let pts = r.averages(k);
    let chart = match ctx.values.choice("plot") {
        "work" => work_chart(n, &r.config.ds, &pts),
        "extra" => phases_chart(n, r, &pts, &EXTRA),
        _ => phases_chart(n, r, &pts, &PHASES),
    };
    html! {
        <>
            <ChartView chart={Rc::new(chart)} filename={format!("phases-n{n}.svg")} />
            { controls(&ctx.player, &sweep::caption(r, k), "matrix") }
        </>
    }
}

fn phases_chart(n: usize, r: &SweepResult, pts: &[Point], m: &Mode) -> Chart {
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
