//! The view of `redist_winner`: Figure 20's question answered with exact
//! plans. The chart draws the predicted time of direct, indirect, one
//! hybrid and multiphase against the array size N at one ratio
//! R = T_d/τ_d, as the paper's panels do; the map below names the fastest
//! of every schedule (every hybrid degree included) for each R and N.
//! Position 0 shows the machine as it is; stepping walks R from R/64 to
//! 64R, one row of the map at a time.

use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::book::figures::redist_winner::{RedistWinner, RedistWinnerSettings};
use crate::chart::{Chart, Mark, Scale};
use crate::core::redist::Scheme;
use crate::core::redist::winner::{self, OCTAVES, WinnerMap};
use crate::ui::chart::ChartView;
use crate::ui::parts::grid::{GridCell, GridProps, Tone, grid};
use crate::ui::parts::redist::redist_figure;
use crate::ui::player::controls;
use std::rc::Rc;
use yew::prelude::*;

impl FigureView for RedistWinner {
    fn view(props: &FigureProps, ctx: &Ctx<WinnerMap>, s: &RedistWinnerSettings, _: &Shared) -> Html {
        let d = RedistWinner::degree(s).0;
        redist_figure(props, ctx, "every schedule's plan", |m| view(ctx, m, d))
    }
}

fn tone(scheme: Scheme) -> Tone {
    match scheme {
        Scheme::Direct => Tone::Blue,
        Scheme::Indirect => Tone::Orange,
        Scheme::Hybrid(_) => Tone::Green,
        Scheme::Multiphase => Tone::Purple,
    }
}

fn view(ctx: &Ctx<WinnerMap>, m: &WinnerMap, d: Option<usize>) -> Html {
    if m.contenders.is_empty() {
        return html! { <p>{"Nothing to price for these settings."}</p> };
    }
    let row = ctx
        .pos
        .checked_sub(1)
        .unwrap_or(OCTAVES as usize)
        .min(m.rows() - 1);
    let r = m.ratio(row);
    let drawn = [
        Scheme::Direct,
        Scheme::Indirect,
        Scheme::Hybrid(d.unwrap_or(0)),
        Scheme::Multiphase,
    ];
    let mut chart = Chart {
        x_scale: Scale::Log,
        y_scale: Scale::Log,
        ..Chart::new(
            &format!(
                "ℜ({}, {}) at R = {}",
                m.config.k,
                m.config.p,
                winner::bytes(r)
            ),
            "array elements N",
            "predicted time (ms)",
        )
    };
    for (style, scheme) in drawn.into_iter().enumerate() {
        if let Some(c) = m.contenders.iter().position(|c| c.scheme == scheme) {
            let pts = (0..m.ns.len())
                .map(|n| (m.ns[n] as f64, m.time_us(c, n, r) / 1000.0))
                .collect();
            chart = chart.with(&scheme.name(), Mark::Line, style, pts);
        }
    }
    let cols = m.ns.len();
    let cells: Vec<GridCell> = (0..m.rows())
        .flat_map(|i| (0..cols).map(move |n| (i, n)))
        .map(|(i, n)| {
            let w = &m.contenders[m.winner(n, m.ratio(i))];
            GridCell {
                text: w.label.clone(),
                tone: tone(w.scheme),
                marked: i == row,
            }
        })
        .collect();
    let row_labels: Vec<String> = (0..m.rows())
        .map(|i| {
            let panel = winner::figure20_panel(m, i).map_or(String::new(), |c| format!(" ({c})"));
            let label = format!(
                "{}{panel} = {}",
                winner::row_label(i),
                winner::bytes(m.ratio(i))
            );
            // No-break spaces keep a label on one line on a phone.
            label.replace(' ', "\u{a0}")
        })
        .collect();
    let col_labels: Vec<String> = m.ns.iter().map(|&n| winner::short_count(n)).collect();
    let table = grid(&GridProps {
        rows: m.rows(),
        cols,
        cells: Rc::new(cells),
        row_labels,
        col_labels,
        caption:
            "Fastest schedule for each R (rows) and N (columns); the outlined row is the chart's"
                .into(),
    });
    html! {
        <>
            <ChartView chart={Rc::new(chart)} filename="redistribution-winner.svg" />
            <p class="control-note">
                {"Map: D direct, Hd hybrid of degree d, I indirect, M multiphase. Rows: R = T_d/τ_d in bytes, (a)-(d) marking the ratios of Figure 20's panels; columns: array elements N."}
            </p>
            { table }
            { controls(&ctx.player, &winner::caption(m, ctx.pos), "step") }
        </>
    }
}
