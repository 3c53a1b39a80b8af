//! The view of `combining`: an all-to-all algorithm of paper 001 on the
//! mesh, superstep by superstep: the superstep's submachines tinted, its
//! sends as arrows labelled with the actual messages they combine, the
//! counters (link load, set-ups) and the Delta model's time so far.

use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::book::figures::combining::{Combining, CombiningRun, CombiningSettings};
use crate::core::mesh::view::caption;
use crate::ui::parts::mesh::{WIDE, coll_drawing, legend, mesh_figure, raw, send_list, stats, svg};
use yew::prelude::*;

impl FigureView for Combining {
    fn view(props: &FigureProps, ctx: &Ctx<CombiningRun>, _: &CombiningSettings, _: &Shared) -> Html {
        mesh_figure(props, ctx, "the all-to-all", view)
    }
}

fn view(ctx: &Ctx<CombiningRun>, run: &CombiningRun) -> (Html, String) {
    let (spec, k) = (&run.spec, ctx.pos);
    let st = run.trace.state_at(k);
    let label = format!(
        "{} all-to-all on a {}×{} mesh, L = {} bytes, after superstep {k} of {}.",
        spec.title(),
        spec.mesh.rows,
        spec.mesh.cols,
        spec.bytes,
        run.trace.len()
    );
    // Sixteen by sixteen draws too many arrows to label.
    let labels = spec.p() <= 64;
    let mesh = coll_drawing(&st, spec, labels, label).svg(WIDE);
    let combined: usize = st.sends.iter().map(|s| s.messages.len()).sum();
    let largest = st.sends.iter().map(|s| s.bytes).max().unwrap_or(0);
    let so_far = k
        .checked_sub(1)
        .and_then(|i| run.after_us.get(i))
        .map_or("0 ms".to_string(), |us| format!("{:.2} ms", us / 1000.0));
    let step = if st.sends.is_empty() {
        String::new()
    } else {
        format!(
            "<p>This superstep: {} sends carry {combined} actual messages ({:.1} per send on average), the largest {largest} bytes; the Delta model has spent {so_far} so far.</p>",
            st.sends.len(),
            combined as f64 / st.sends.len() as f64
        )
    };
    let mut caption = caption(spec, run.trace.events(k));
    if k > 0 {
        caption.push_str(&format!(" Delta model so far: {so_far}."));
    }
    (
        html! {
            <div class="matrix-wrap">
                { svg("", mesh, None) }
                <div class="matrix-side">
                    { legend() }
                    { stats(&st, run.trace.len(), run.setups, run.predicted_us) }
                    { raw(step) }
                    { send_list(&st, spec.op) }
                </div>
            </div>
        },
        caption,
    )
}
