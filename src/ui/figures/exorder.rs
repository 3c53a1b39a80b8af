//! The view of `exorder`: the model's time of each complete exchange over
//! the sweep of one of paper 004's Figures 10-12, the ranking at the
//! player's point, and the paper's claims about the figure with verdicts.

use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::book::figures::exorder::{ExFigure, Exorder, ExorderSettings, Sweep};
use crate::chart::{Chart, Mark, Scale, format_value};
use crate::ui::chart::ChartView;
use crate::ui::parts::compare::verdict;
use crate::ui::parts::standard::plain_figure;
use crate::ui::player::controls;
use std::rc::Rc;
use yew::prelude::*;

impl FigureView for Exorder {
    fn view(props: &FigureProps, ctx: &Ctx<Sweep>, _: &ExorderSettings, _: &Shared) -> Html {
        plain_figure(props, ctx, "the sweep", |s| view(ctx, s))
    }
}

fn view(ctx: &Ctx<Sweep>, s: &Sweep) -> Html {
    let i = ctx.pos.clamp(1, s.xs.len()) - 1;
    let (title, x_label, x_scale, what) = match s.figure {
        ExFigure::Fig10 => (
            "Figure 10: 32 processors, growing blocks".to_string(),
            "block size L (bytes)",
            Scale::Linear,
            format!("{}-byte blocks on 32 processors", s.xs[i]),
        ),
        f => {
            let l = match f {
                ExFigure::Fig11Zero => 0,
                ExFigure::Fig11 => 256,
                _ => 512,
            };
            (
                format!("Figure {}: {l}-byte blocks, growing machines", if l == 512 { 12 } else { 11 }),
                "processors p",
                Scale::Log,
                format!("{}-byte blocks on {} processors", l, s.xs[i]),
            )
        }
    };
    let mut chart = Chart {
        x_scale,
        y_scale: Scale::Log,
        cursor: (ctx.pos > 0).then_some(s.xs[i] as f64),
        ..Chart::new(&title, x_label, "model time (ms)")
    };
    for (k, (e, ts)) in s.series.iter().enumerate() {
        let pts = s.xs.iter().zip(ts).map(|(&x, &t)| (x as f64, t)).collect();
        chart = chart.with(e.title(), Mark::Line, k, pts);
    }
    let ranking: Vec<String> = s
        .ranking(i)
        .iter()
        .map(|&e| format!("{} {} ms", e.title(), format_value(s.at(e, i))))
        .collect();
    let caption = if ctx.pos > 0 {
        format!("{what}: fastest first, {}.", ranking.join(", "))
    } else {
        format!(
            "{}: the model's time of each exchange at {} points; step through them to rank the exchanges.",
            title,
            s.xs.len()
        )
    };
    html! {
        <>
            <ChartView chart={Rc::new(chart)} filename="complete-exchange-order.svg" />
            <ul class="claims" aria-label="the paper's claims about this figure">
                { for s.claims.iter().map(|c| html! {
                    <li>
                        {format!("“{}”: ", c.text)}
                        { verdict(c.holds, if c.holds { "the model agrees" } else { "the model disagrees" }) }
                        {format!(" ({})", c.evidence)}
                    </li>
                }) }
            </ul>
            { controls(&ctx.player, &caption, "point") }
        </>
    }
}
