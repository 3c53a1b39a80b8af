//! The view of `regions`: the map of the cheapest algorithm in every cell
//! (one colour and one label per algorithm, so the map reads without
//! colour), the legend with the chapter that teaches each, and at the
//! player's row every cell's time and its margin over the runner-up.

use crate::book::route::Route;
use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::book::figures::regions::{RegionGrid, Regions, RegionsSettings};
use crate::ui::parts::grid::{GridCell, GridProps, Tone, grid};
use crate::ui::parts::standard::plain_figure;
use crate::ui::parts::units::{bytes, chapter_name, time};
use crate::ui::player::controls;
use std::rc::Rc;
use yew::prelude::*;

impl FigureView for Regions {
    fn view(props: &FigureProps, ctx: &Ctx<RegionGrid>, _: &RegionsSettings, _: &Shared) -> Html {
        plain_figure(props, ctx, "the map", |g| view(ctx, g))
    }
}

fn view(ctx: &Ctx<RegionGrid>, g: &RegionGrid) -> Html {
    let row = ctx.pos.checked_sub(1).filter(|&r| r < g.ys.len());
    let cols = g.xs.len();
    let cells: Vec<GridCell> = g
        .cells
        .iter()
        .enumerate()
        .flat_map(|(y, r)| {
            r.iter().map(move |c| match c {
                Some(w) => GridCell {
                    text: g.candidates[w.best].clone(),
                    tone: Tone::group(w.best),
                    marked: row == Some(y),
                },
                None => GridCell {
                    text: "—".into(),
                    tone: Tone::Muted,
                    marked: row == Some(y),
                },
            })
        })
        .collect();
    let m = &g.key.machine;
    let map = grid(&GridProps {
        rows: g.ys.len(),
        cols,
        cells: Rc::new(cells),
        row_labels: g.ys.clone(),
        col_labels: g.xs.iter().map(|&x| bytes(x)).collect(),
        caption: format!(
            "{} — on {}: rows are {}, columns {}; each cell names the cheapest algorithm",
            g.title, m.title, g.y_label, g.x_label
        )
        .into(),
    });
    let legend = html! {
        <ul class="claims">
            { for g.candidates.iter().zip(&g.chapters).map(|(c, ch)| html! {
                <li>{format!("{c}: taught in ")}<a href={Route::chapter(ch).to_hash()}>{chapter_name(ch)}</a></li>
            }) }
        </ul>
    };
    let caption = match row {
        None => format!(
            "{} on {} ({}). Step through the rows for the times behind each cell.",
            g.title, m.title, m.source
        ),
        Some(y) => {
            let parts: Vec<String> = g.cells[y]
                .iter()
                .zip(&g.xs)
                .map(|(c, &x)| match c {
                    Some(w) => format!(
                        "{} at {} ({}{})",
                        g.candidates[w.best],
                        bytes(x),
                        time(w.us),
                        w.second_us
                            .map(|s| format!(", {:.2}× faster than the next", s / w.us.max(1e-9)))
                            .unwrap_or_default()
                    ),
                    None => format!("nothing runs at {}", bytes(x)),
                })
                .collect();
            format!("{}: {}.", g.ys[y], parts.join("; "))
        }
    };
    html! {
        <>
            <div class="table-scroll">{ map }</div>
            { legend }
            { controls(&ctx.player, &caption, "row") }
        </>
    }
}
