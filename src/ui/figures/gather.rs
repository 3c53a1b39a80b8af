//! The view of `gather`: an all-to-one algorithm beside the scatter whose
//! supersteps it reverses.

use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::book::figures::gather::{Gather, GatherSettings, GatherSide};
use crate::core::mesh::config::Op;
use crate::core::mesh::view::caption;
use crate::ui::parts::grid::{GridCell, GridProps, grid};
use crate::ui::parts::mesh::{coll_drawing, legend, mesh_figure, pick_root, send_list, svg};
use std::rc::Rc;
use yew::prelude::*;

impl FigureView for Gather {
    fn view(props: &FigureProps, ctx: &Ctx<[GatherSide; 2]>, _: &GatherSettings, _: &Shared) -> Html {
        mesh_figure(props, ctx, "the gather", view)
    }
}

/// The gather beside its mirror, with both costs.
fn view(ctx: &Ctx<[GatherSide; 2]>, sides: &[GatherSide; 2]) -> (Html, String) {
    let [g, s] = sides;
    let (k, n) = (ctx.pos, g.trace.len());
    let st = g.trace.state_at(k);
    // Gather superstep k undoes scatter superstep n + 1 − k; before the
    // first, the gather starts where the scatter ends.
    let j = if k == 0 { n } else { n + 1 - k };
    let mut mirror = s.trace.state_at(j);
    if k == 0 {
        mirror.sends.clear();
        mirror.splits.clear();
    }
    let title = g.spec.title();
    let left = coll_drawing(
        &st,
        &g.spec,
        true,
        format!("{title} gather, after superstep {k} of {n}."),
    );
    let mirror_title = if k == 0 {
        format!("The scatter's end: superstep {n} done")
    } else {
        format!("Its mirror: scatter superstep {j}")
    };
    let right = coll_drawing(
        &mirror,
        &s.spec,
        true,
        format!("The mirror scatter at superstep {j}."),
    );
    let cell = |t: String| GridCell {
        text: t,
        ..Default::default()
    };
    let cells: Vec<GridCell> = [g, s]
        .iter()
        .flat_map(|x| {
            [
                cell(x.trace.len().to_string()),
                cell(x.setups.to_string()),
                cell(format!("{:.2} ms", x.predicted_us / 1000.0)),
            ]
        })
        .collect();
    let caption = caption(&g.spec, g.trace.events(k));
    let table = grid(&GridProps {
        rows: 2,
        cols: 3,
        cells: Rc::new(cells),
        row_labels: vec!["gather".to_string(), "scatter".to_string()],
        col_labels: vec![
            "supersteps".to_string(),
            "set-ups".to_string(),
            "Delta model".to_string(),
        ],
        caption: format!("{title}, L = {} bytes", g.spec.bytes).into(),
    });
    (
        html! {
            <>
                <div class="mesh-pair">
                    { svg(&format!("Gather into P{}: superstep {k} of {n}", g.spec.root), left.svg(420), Some(pick_root(ctx))) }
                    { svg(&mirror_title, right.svg(420), None) }
                </div>
                <div class="matrix-wrap">
                    { table }
                    <div class="matrix-side">{ legend() }{ send_list(&st, Op::Gather) }</div>
                </div>
            </>
        },
        caption,
    )
}
