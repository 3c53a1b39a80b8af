//! The view of `breakeven`: Tables 2-3's measured winners, the model's
//! break-even line and equations 5 and 6, added one layer per step.

use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::ui::parts::standard::standard;
use crate::book::figures::breakeven::{Breakeven, BreakevenRun, BreakevenSettings};
use crate::chart::{Chart, LegendAt, Mark, Scale, format_value};
use crate::core::cost::breakeven::{self, LpCgmModel, measured};
use crate::core::published::ranka94::TABLES_2_3_N;
use crate::ui::chart::ChartView;
use crate::ui::parts::matrix_figure::settings_row;
use crate::ui::player::controls;
use std::rc::Rc;
use yew::prelude::*;

impl FigureView for Breakeven {
    fn view(props: &FigureProps, ctx: &Ctx<BreakevenRun>, _: &BreakevenSettings, _: &Shared) -> Html {
        // A blank constant takes its fit, which the note gives.
        let fit = LpCgmModel::fitted();
        let settings = settings_row(props, &ctx.values, &ctx.set_values, &|k| match k {
            "tau" => format!("fit: {}", format_value(fit.cost.tau_us)),
            "bw" => format!("fit: {}", format_value(fit.cost.bandwidth_mb_s())),
            "c1" => format!("fit: {}", format_value(fit.c1)),
            "c2" => format!("fit: {}", format_value(fit.c2_us)),
            "c3" => format!("fit: {}", format_value(fit.c3)),
            _ => String::new(),
        });
        standard(props, ctx, settings, "the model", |b| view(ctx, b))
    }
}

fn view(ctx: &Ctx<BreakevenRun>, b: &BreakevenRun) -> Html {
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
