//! The view of `lp`: the linear permutation schedule of paper 000 §3.2,
//! one pairwise-exchange step at a time, on the matrix.

use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::book::figures::lp::{Lp, LpRun};
use crate::book::inputs::matrix::MatrixSettings;
use crate::core::algo::lp;
use crate::core::cost::perm::PermCost;
use crate::ui::parts::edit_form::EditForm;
use crate::ui::parts::matrix::{Cell, MatrixView, swatches};
use crate::ui::parts::matrix_figure::{clear_cb, matrix_figure, readout, toggle_cb};
use crate::ui::player::controls;
use crate::ui::theme::Theme;
use std::rc::Rc;
use yew::prelude::*;

impl FigureView for Lp {
    fn view(props: &FigureProps, ctx: &Ctx<LpRun>, _: &MatrixSettings, shared: &Shared) -> Html {
        matrix_figure(props, ctx, shared, "the LP schedule", view)
    }
}

/// Longest list of pairs printed beside the matrix.
const MAX_LISTED: usize = 64;

fn view(
    props: &FigureProps,
    ctx: &Ctx<LpRun>,
    run: &LpRun,
    theme: Theme,
    hover: &UseStateHandle<Option<(usize, usize)>>,
) -> Html {
    let Some(trace) = run.out.trace.as_ref() else {
        return html! {};
    };
    let n = run.com.n();
    let k = ctx.pos;
    let state = trace.state_at(k);
    let mut cells = vec![Cell::Empty; n * n];
    for (idx, ph) in run.phase_of.iter().enumerate() {
        if let Some(p) = ph {
            let p = *p as usize + 1;
            cells[idx] = if p < k {
                Cell::Done
            } else if p == k {
                Cell::Now
            } else {
                Cell::Msg
            };
        }
    }
    let idle: Vec<(usize, usize)> = state
        .pairs
        .iter()
        .flat_map(|&(a, b)| [(a, b), (b, a)])
        .filter(|&(s, d)| run.com.get(s, d) == 0)
        .collect();
    for &(s, d) in &idle {
        cells[s * n + d] = Cell::Idle;
    }
    let caption = lp::caption(&run.out.pairing, trace.events(k));
    let sends: Vec<String> = state
        .sends
        .iter()
        .take(MAX_LISTED)
        .map(|t| format!("{}→{}", t.src, t.dst))
        .collect();
    let idles: Vec<String> = idle
        .iter()
        .take(MAX_LISTED)
        .map(|(s, d)| format!("{s}→{d}"))
        .collect();
    let more = |total: usize| {
        if total > MAX_LISTED {
            format!(" … and {} more", total - MAX_LISTED)
        } else {
            String::new()
        }
    };
    let cost = PermCost::cm5_table1();
    let lp_ms = cost.schedule_us(&run.out.schedule) / 1000.0;
    let ideal_ms = run.com.max_degree() as f64 * cost.phase_us(run.com.max_bytes()) / 1000.0;
    let on_hover = {
        let hover = hover.clone();
        Some(Callback::from(move |c| hover.set(c)))
    };
    let label = format!(
        "LP on a {n} by {n} matrix at step {k} of {}: {} messages delivered.",
        trace.len(),
        state.delivered
    );
    html! {
        <>
            <div class="matrix-wrap">
                <MatrixView rows={n} cols={n} cells={Rc::new(cells)} {theme} on_click={Some(toggle_cb(ctx, &run.matrix))} {on_hover} {label} />
                <div class="matrix-side">
                    { swatches(&[(Cell::Msg, "waiting"), (Cell::Now, "sent in this step"), (Cell::Done, "delivered"), (Cell::Idle, "pair meets, nothing to send")]) }
                    <p class="hover-readout">{ readout(&run.com, **hover) }</p>
                    if k > 0 {
                        <p><strong>{"Sent in this step: "}</strong></p>
                        <div class="pairs" tabindex="0" aria-label="transfers in this step">
                            { if sends.is_empty() { "none".to_string() } else { sends.join("  ") + &more(state.sends.len()) } }
                        </div>
                        <p><strong>{"Idle send slots: "}</strong></p>
                        <div class="pairs" tabindex="0" aria-label="idle send slots in this step">
                            { if idles.is_empty() { "none".to_string() } else { idles.join("  ") + &more(idle.len()) } }
                        </div>
                    }
                    <dl class="stats">
                        <dt>{"steps"}</dt><dd>{format!("{k} of {}", trace.len())}</dd>
                        <dt>{"delivered"}</dt><dd>{format!("{} of {}", state.delivered, run.com.len())}</dd>
                        <dt>{"idle send slots so far"}</dt><dd>{state.idle_total}</dd>
                        <dt>{"fewest possible phases"}</dt><dd>{run.com.max_degree()}</dd>
                        <dt>{"LP on the CM-5 model"}</dt><dd>{format!("{lp_ms:.2} ms")}</dd>
                        <dt>{"lower bound on the model"}</dt><dd>{format!("{ideal_ms:.2} ms")}</dd>
                    </dl>
                    <EditForm figure={props.id.clone()} {n} on_toggle={toggle_cb(ctx, &run.matrix)}
                        edits={run.matrix.flips.len()} on_clear={clear_cb(ctx, &run.matrix)} />
                </div>
            </div>
            { controls(&ctx.player, &caption, "step") }
        </>
    }
}
