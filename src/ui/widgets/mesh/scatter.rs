//! The `scatter` widget: one one-to-all algorithm of paper 001 on an R×C
//! mesh, superstep by superstep, with the tree its sends draw.

use super::Key;
use super::common::{WIDE, coll_drawing, legend, pick_root, send_list, stats, svg};
use crate::book::coll_params;
use crate::book::params::{Notice, Values};
use crate::chart::tree::tree_svg;
use crate::core::cost::delta::DeltaCost;
use crate::core::mesh::config::{Op, Spec as CollSpec};
use crate::core::mesh::tree::SendTree;
use crate::core::mesh::view::{CollState, caption};
use crate::core::trace::Trace;
use crate::ui::widgets::figure::{self, Ctx};
use yew::prelude::*;

/// A scatter, its trace and what the view shows beside it.
pub struct ScatterRun {
    spec: CollSpec,
    pub(super) trace: Trace<CollState>,
    tree: Option<SendTree>,
    setups: usize,
    predicted_us: f64,
}

/// Reads the settings.
pub fn key(v: &Values) -> (figure::Key, Vec<Notice>) {
    let (spec, notices) = coll_params::read(v, Op::Scatter);
    (figure::Key::Mesh(Key::Scatter(spec)), notices)
}

/// Runs the scatter.
pub fn run(spec: CollSpec) -> ScatterRun {
    let (c, trace) = crate::core::mesh::trace_rooted(&spec);
    ScatterRun {
        tree: SendTree::of(&c),
        setups: c.setups(),
        predicted_us: DeltaCost::delta().collective_us(&c),
        spec,
        trace,
    }
}

/// The mesh, its statistics and send list, and the send tree.
pub fn view(ctx: &Ctx, run: &ScatterRun) -> (Html, String) {
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
