//! The view of `table45`: Table 4 or 5 of paper 004, each cell the model's
//! time beside the printed one with their ratio; the player walks the
//! columns, and each column's caption names the fastest and slowest
//! scheduler in print and in the model, with the verdicts.

use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::book::figures::table45::{Recomputed, Table45, Table45Settings};
use crate::core::cost::tables004::ALGOS;
use crate::ui::parts::standard::plain_figure;
use crate::ui::parts::compare::compared;
use crate::ui::parts::grid::{GridCell, GridProps, grid};
use crate::ui::player::controls;
use std::rc::Rc;
use yew::prelude::*;

impl FigureView for Table45 {
    fn view(props: &FigureProps, ctx: &Ctx<Recomputed>, _: &Table45Settings, _: &Shared) -> Html {
        plain_figure(props, ctx, "the table", |r| view(ctx, r))
    }
}

fn view(ctx: &Ctx<Recomputed>, r: &Recomputed) -> Html {
    let col = ctx.pos.checked_sub(1);
    let cols = r.columns.len();
    let cells: Vec<GridCell> = (0..ALGOS.len())
        .flat_map(|a| (0..cols).map(move |c| (a, c)))
        .map(|(a, c)| {
            let cell = r.cells[a][c];
            // Table 4 has a tolerance (the model was fitted to it); Table
            // 5's cells compare random stand-ins and carry no verdict.
            let within = (r.table == 4).then(|| r.verdict(a, c).starts_with("within"));
            compared(cell.model_ms, cell.published_ms, within, col == Some(c))
        })
        .collect();
    let table = grid(&GridProps {
        rows: ALGOS.len(),
        cols,
        cells: Rc::new(cells),
        row_labels: ALGOS.iter().map(|a| a.title().to_string()).collect(),
        col_labels: r.columns.clone(),
        caption: if r.table == 4 {
            "Table 4: model | printed time in ms (model ÷ printed); ✓ within the model's tolerance of ×2 either way, ✗ outside it".into()
        } else {
            "Table 5: model | printed time in ms (model ÷ printed); the real patterns are not published, so random patterns of the same density stand in and the cells carry no verdict mark".into()
        },
    });
    let caption = match col {
        None => format!(
            "Table {} has {cols} columns; step through them to compare the fastest and slowest scheduler in print and in the model.",
            r.table
        ),
        Some(c) => {
            let (best, worst) = r.extremes(c);
            let (pbest, pworst) = r.printed_extremes(c);
            let verdicts: Vec<String> = ALGOS
                .iter()
                .enumerate()
                .map(|(a, algo)| format!("{} {}", algo.title(), r.verdict(a, c)))
                .collect();
            format!(
                "{}: printed fastest {} and slowest {}; the model's fastest {} and slowest {}. {}.",
                r.columns[c],
                pbest.title(),
                pworst.title(),
                best.title(),
                worst.title(),
                verdicts.join("; ")
            )
        }
    };
    html! {
        <>
            <div class="table-scroll">{ table }</div>
            { controls(&ctx.player, &caption, "column") }
        </>
    }
}
