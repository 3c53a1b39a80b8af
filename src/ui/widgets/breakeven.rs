//! The `breakeven` widget: where CGM beats LP over message size and
//! density (paper 000, §5.1, equations 5 and 6). The player adds the
//! layers one at a time: Tables 2-3's measured winners, the model's
//! break-even line, then the two approximations. τ, φ, C1, C2, C3, n and
//! the number of times a schedule is reused can be changed; the constants
//! default to the fits of `core::cost::breakeven`.

use super::WidgetProps;
use super::com::settings_noted;
use super::figure::{self, Ctx, Out, Parts, Shared};
use super::scaffold::standard;
use crate::book::params::{Notice, Values};
use crate::chart::{Chart, LegendAt, Mark, Scale, format_value};
use crate::core::cost::breakeven::{self, Lines, LpCgmModel, measured};
use crate::core::published::ranka94::TABLES_2_3_N;
use crate::core::step::{Immediate, Stepper};
use crate::ui::chart::ChartView;
use crate::ui::player::controls;
use std::rc::Rc;
use yew::prelude::*;

/// The model and its lines.
pub struct Breakeven {
    model: LpCgmModel,
    lines: Lines,
}

/// The model with the reader's overrides. Every value is range-checked by
/// its spec, so nothing here can fail.
fn key(v: &Values) -> (figure::Key, Vec<Notice>) {
    let fit = LpCgmModel::fitted();
    let mut cost = fit.cost;
    if let Some(t) = v.number("tau") {
        cost.tau_us = t;
    }
    if let Some(bw) = v.number("bw") {
        cost.phi_us_per_byte = 1.0 / bw;
    }
    let model = LpCgmModel {
        n: v.int("n").max(2) as usize,
        cost,
        c1: v.number("c1").unwrap_or(fit.c1),
        c2_us: v.number("c2").unwrap_or(fit.c2_us),
        c3: v.number("c3").unwrap_or(fit.c3),
        reuse: v.int("reuse").max(1) as f64,
    };
    (figure::Key::Breakeven(model), Vec::new())
}

/// Layers the player adds: the measured winners, the break-even line, the
/// two approximations.
pub const LAYERS: usize = 3;

/// Draws the model's lines.
pub fn make(m: &LpCgmModel) -> Box<dyn Stepper<Output = Out>> {
    let model = *m;
    Box::new(Immediate::new(move || {
        Out::Breakeven(Breakeven {
            lines: breakeven::lines(&model),
            model,
        })
    }))
}

/// The break-even figure.
pub fn parts() -> Parts {
    Parts {
        key,
        start_at_end: true,
        view: Box::new(body),
    }
}

fn body(props: &WidgetProps, ctx: &Ctx, _: &Shared) -> Html {
    let fit = LpCgmModel::fitted();
    let settings = settings_noted(props, ctx, &|k| match k {
        "tau" => format!("fit: {}", format_value(fit.cost.tau_us)),
        "bw" => format!("fit: {}", format_value(fit.cost.bandwidth_mb_s())),
        "c1" => format!("fit: {}", format_value(fit.c1)),
        "c2" => format!("fit: {}", format_value(fit.c2_us)),
        "c3" => format!("fit: {}", format_value(fit.c3)),
        _ => String::new(),
    });
    standard(props, ctx, settings, "the model", |out| match &**out {
        Out::Breakeven(b) => view(ctx, b),
        _ => html! {},
    })
}

fn view(ctx: &Ctx, b: &Breakeven) -> Html {
    let k = ctx.pos;
    let m = &b.model;
    // The measurements fill every corner of the plot: legend underneath.
    let mut chart = Chart {
        x_scale: Scale::Log,
        legend: LegendAt::Below,
        ..Chart::new(
            &format!("Where CGM beats LP, n = {}", m.n),
            "message size M (bytes)",
            "density d",
        )
    };
    if m.n == TABLES_2_3_N {
        let cells = measured(m.reuse);
        let pick = |cgm: bool| -> Vec<(f64, f64)> {
            cells
                .iter()
                .filter(|c| c.cgm_wins() == cgm)
                .map(|c| (c.bytes as f64, c.d as f64))
                .collect()
        };
        chart = chart
            .with("measured: CGM faster", Mark::Points, 2, pick(true))
            .with("measured: LP faster", Mark::Points, 1, pick(false));
    }
    if k >= 1 {
        chart = chart.with(
            "model's break-even",
            Mark::Line,
            0,
            b.lines.boundary.clone(),
        );
    }
    if k >= 2 {
        let name = if b.lines.eq5.is_empty() {
            "eq. 5 (past n − 1)"
        } else {
            "eq. 5"
        };
        chart = chart.with(name, Mark::Line, 4, b.lines.eq5.clone());
    }
    if k >= 3 {
        chart = chart.with("eq. 6", Mark::Line, 3, b.lines.eq6.clone());
    }
    html! {
        <>
            <ChartView chart={Rc::new(chart)} filename="lp-cgm-breakeven.svg" />
            { controls(&ctx.player, &breakeven::caption(k, m), "layer") }
        </>
    }
}
