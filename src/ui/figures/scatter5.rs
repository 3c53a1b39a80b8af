//! The view of `scatter5`: five scatters at the same superstep and the
//! table of their costs.

use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::book::figures::scatter5::{Scatter5, Scatter5Settings};
use crate::core::mesh::compare::{Run, race_caption};
use crate::core::mesh::figures::paper_setups;
use crate::ui::parts::grid::{GridCell, GridProps, Tone, grid};
use crate::ui::parts::mesh::{coll_drawing, mesh_figure, pick_root, raw, sub, svg};
use std::rc::Rc;
use yew::prelude::*;

impl FigureView for Scatter5 {
    fn view(props: &FigureProps, ctx: &Ctx<Vec<Run>>, _: &Scatter5Settings, _: &Shared) -> Html {
        mesh_figure(props, ctx, "five scatters", view)
    }
}

/// Five small meshes at one superstep and the table of costs.
// The shared mesh frame hands a view the figure's output as it is.
#[allow(clippy::ptr_arg)]
fn view(ctx: &Ctx<Vec<Run>>, runs: &Vec<Run>) -> (Html, String) {
    let k = ctx.pos;
    let panels = runs.iter().map(|r| {
        let n = r.trace.len();
        let mut st = r.trace.state_at(k.min(n));
        if k > n {
            // Finished: show where everything ended up, not the last sends.
            st.sends.clear();
            st.splits.clear();
        }
        let title = r.spec.title();
        let what = if k > n {
            format!("done after {n}")
        } else {
            format!("superstep {k} of {n}")
        };
        let label = format!("{title}, {what}.");
        html! {
            <div class="mesh-cell">
                { svg(&format!("{title}: {what}"), coll_drawing(&st, &r.spec, false, label).svg(260), Some(pick_root(ctx))) }
            </div>
        }
    });
    let cell = |t: String, tone: Tone| GridCell {
        text: t,
        tone,
        marked: false,
    };
    let cells: Vec<GridCell> = runs
        .iter()
        .flat_map(|r| {
            let done = if k >= r.trace.len() {
                Tone::Green
            } else {
                Tone::Plain
            };
            [
                cell(r.trace.len().to_string(), done),
                cell(r.setups.to_string(), Tone::Plain),
                cell(
                    paper_setups(&r.spec).map_or("–".into(), |p| p.to_string()),
                    Tone::Plain,
                ),
                cell(format!("{} B", r.largest), Tone::Plain),
                cell(format!("{:.2} ms", r.predicted_us / 1000.0), Tone::Plain),
            ]
        })
        .collect();
    let caption = race_caption(runs, k);
    let table = grid(&GridProps {
        rows: runs.len(),
        cols: 5,
        cells: Rc::new(cells),
        row_labels: runs.iter().map(|r| r.spec.title()).collect::<Vec<_>>(),
        col_labels: [
            "supersteps",
            "set-ups",
            "paper's set-ups",
            "largest message",
            "Delta model",
        ]
        .map(String::from)
        .to_vec(),
        caption: "The five at a glance".into(),
    });
    (
        html! {
            <>
                <div class="mesh-multiples">{ for panels }</div>
                { table }
                { raw(sub("Green: finished by this superstep. The paper counts set-ups on 16×16 only.")) }
            </>
        },
        caption,
    )
}
