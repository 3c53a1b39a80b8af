//! The view of `apps`: Table 6 (the 2-D FFT) or Tables 7-8 (Gaussian
//! elimination) of paper 004, each modelled cell beside the printed one;
//! the player walks the rows and its caption breaks the row's time down.

use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::book::figures::apps::{Apps, AppsRun, AppsSettings, GaussRow, TOLERANCE};
use crate::chart::format_value;
use crate::core::cost::apps004::FftCell;
use crate::ui::parts::standard::plain_figure;
use crate::ui::parts::compare::compared;
use crate::ui::parts::grid::{GridCell, GridProps, grid};
use crate::ui::player::controls;
use std::rc::Rc;
use yew::prelude::*;

impl FigureView for Apps {
    fn view(props: &FigureProps, ctx: &Ctx<AppsRun>, _: &AppsSettings, _: &Shared) -> Html {
        plain_figure(props, ctx, "the model", |r| match &**r {
            AppsRun::Fft { cells, rates } => fft(ctx, cells, *rates),
            AppsRun::Gauss(rows) => gauss(ctx, rows),
        })
    }
}

/// A modelled cell beside the printed one, judged by the tolerance.
fn cell(model: f64, printed: f64, marked: bool) -> GridCell {
    let within = (1.0 / TOLERANCE..TOLERANCE).contains(&(model / printed));
    compared(model, printed, Some(within), marked)
}

fn fft(ctx: &Ctx<AppsRun>, cells: &[FftCell], rates: [f64; 2]) -> Html {
    let rows = cells.len() / 4;
    let at = ctx.pos.checked_sub(1);
    let grid_cells: Vec<GridCell> = cells
        .iter()
        .enumerate()
        .map(|(i, c)| cell(c.model_s(), c.published_s, at == Some(i / 4)))
        .collect();
    let table = grid(&GridProps {
        rows,
        cols: 4,
        cells: Rc::new(grid_cells),
        row_labels: cells
            .chunks(4)
            .map(|c| format!("p\u{a0}=\u{a0}{}, {}\u{a0}×\u{a0}{}", c[0].p, c[0].n, c[0].n))
            .collect(),
        col_labels: cells.iter().take(4).map(|c| c.exchange.title().to_string()).collect(),
        caption: format!(
            "Table 6: model | printed time in s (model ÷ printed); ✓ within ×{TOLERANCE} either way, ✗ further"
        )
        .into(),
    });
    let caption = match at.and_then(|i| cells.get(i * 4..i * 4 + 4)) {
        None => format!(
            "The computation is charged at a rate fitted per machine: {} Mflop/s on 32 processors, {} on 256; each exchange by paper 004's contention model.",
            format_value(rates[0] / 1e6),
            format_value(rates[1] / 1e6)
        ),
        Some(row) => {
            let parts: Vec<String> = row
                .iter()
                .map(|c| {
                    let serial = c
                        .serial_s
                        .map_or(String::new(), |s| format!(" (one start-up per message: {} s)", format_value(s)));
                    format!(
                        "{} {} s of exchange{serial}",
                        c.exchange.title(),
                        format_value(c.exchange_s)
                    )
                })
                .collect();
            format!(
                "{} × {} on {} processors: {} s of computation for every exchange; {}.",
                row[0].n,
                row[0].n,
                row[0].p,
                format_value(row[0].compute_s),
                parts.join(", ")
            )
        }
    };
    html! {
        <>
            <div class="table-scroll">{ table }</div>
            { controls(&ctx.player, &caption, "row") }
        </>
    }
}

fn gauss(ctx: &Ctx<AppsRun>, rows: &[GaussRow]) -> Html {
    let at = ctx.pos.checked_sub(1);
    let cells: Vec<GridCell> = rows
        .iter()
        .enumerate()
        .flat_map(|(i, g)| {
            let m = at == Some(i);
            [
                cell(g.per_iteration, g.printed_per_iteration, m),
                cell(g.estimate, g.printed_estimate, m),
                cell(g.estimate, g.measured, m),
                cell(g.broadcast_model, g.ops[2], m),
            ]
        })
        .collect();
    let table = grid(&GridProps {
        rows: rows.len(),
        cols: 4,
        cells: Rc::new(cells),
        row_labels: rows.iter().map(|g| format!("N\u{a0}=\u{a0}{}", g.n)).collect(),
        col_labels: vec![
            "per iteration, Table 7".into(),
            "estimate, Table 8".into(),
            "estimate vs measured".into(),
            "broadcast: binomial tree vs Table 7".into(),
        ],
        caption: format!("Gaussian elimination on 32 processors: ours | printed in ms (ours ÷ printed); ✓ within ×{TOLERANCE} either way, ✗ further").into(),
    });
    let caption = match at.and_then(|i| rows.get(i)) {
        None => "Each iteration reduces twice, broadcasts the pivot row and updates the rows; N iterations make the estimate.".to_string(),
        Some(g) => format!(
            "N = {}: Table 7's operations add up to {} ms per iteration (printed {}), so N iterations give {} ms (printed estimate {}, measured {}); the broadcast alone is {} ms in Table 7, {} ms as a 5-round binomial tree of the pivot row.",
            g.n,
            format_value(g.per_iteration),
            g.printed_per_iteration,
            format_value(g.estimate),
            g.printed_estimate,
            g.measured,
            g.ops[2],
            format_value(g.broadcast_model)
        ),
    };
    html! {
        <>
            <div class="table-scroll">{ table }</div>
            { controls(&ctx.player, &caption, "row") }
        </>
    }
}
