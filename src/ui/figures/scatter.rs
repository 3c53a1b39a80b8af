//! The view of `scatter`: one one-to-all algorithm of paper 001 on the
//! mesh, superstep by superstep, with the tree its sends draw.

use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::book::figures::scatter::{Scatter, ScatterRun, ScatterSettings};
use crate::chart::tree::tree_svg;
use crate::core::mesh::view::caption;
use crate::ui::parts::mesh::{WIDE, coll_drawing, legend, mesh_figure, pick_root, send_list, stats, svg};
use yew::prelude::*;

impl FigureView for Scatter {
    fn view(props: &FigureProps, ctx: &Ctx<ScatterRun>, _: &ScatterSettings, _: &Shared) -> Html {
        mesh_figure(props, ctx, "the scatter", view)
    }
}

/// The mesh, its statistics and send list, and the send tree.
fn view(ctx: &Ctx<ScatterRun>, run: &ScatterRun) -> (Html, String) {
    let (spec, k) = (&run.spec, ctx.pos);
    let st = run.trace.state_at(k);
    let label = format!(
        "{} on a {}×{} mesh from P{}, after superstep {k} of {}.",
        spec.title(),
        spec.mesh.rows,
        spec.mesh.cols,
        spec.root,
        run.trace.len()
    );
    let mesh = coll_drawing(&st, spec, true, label).svg(WIDE);
    let tree = run.tree.as_ref().map(|t| {
        let label = format!(
            "The send tree after superstep {k}: depths {:?}.",
            t.depth_counts()
        );
        tree_svg(t, k, WIDE, &label)
    });
    let caption = caption(spec, run.trace.events(k));
    (
        html! {
            <>
                <div class="matrix-wrap">
                    { svg("", mesh, Some(pick_root(ctx))) }
                    <div class="matrix-side">
                        { legend() }
                        { stats(&st, run.trace.len(), run.setups, run.predicted_us) }
                        { send_list(&st, spec.op) }
                    </div>
                </div>
                if let Some(t) = tree {
                    { svg("The tree of the sends: an edge joins each processor to the one it received its messages from, labelled with the superstep; faint edges are still to come.", t, None) }
                }
            </>
        },
        caption,
    )
}
