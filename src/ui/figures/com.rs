//! The view of `com`: Figure 7 of paper 000 building the matrix, then
//! the finished matrix the reader edits by hand.

use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::book::figures::com::Com;
use crate::book::inputs::matrix::{Built, MatrixSettings};
use crate::core::com::fig7::Fig7Event;
use crate::ui::parts::edit_form::EditForm;
use crate::ui::parts::matrix::{Cell, MatrixView, swatches};
use crate::ui::parts::matrix_figure::{clear_cb, matrix_figure, readout, toggle_cb};
use crate::ui::player::controls;
use crate::ui::theme::Theme;
use std::rc::Rc;
use yew::prelude::*;

impl FigureView for Com {
    fn view(props: &FigureProps, ctx: &Ctx<Built>, _: &MatrixSettings, shared: &Shared) -> Html {
        matrix_figure(props, ctx, shared, "the matrix", view)
    }
}

fn view(
    props: &FigureProps,
    ctx: &Ctx<Built>,
    built: &Built,
    theme: Theme,
    hover: &UseStateHandle<Option<(usize, usize)>>,
) -> Html {
    let n = built.com.n();
    let len = ctx.player.len;
    let at_end = ctx.pos >= len;
    let (cells, caption, shown) = match &built.trace {
        Some(trace) if !at_end => {
            let state = trace.state_at(ctx.pos);
            let events = trace.events(ctx.pos);
            let mut cells = vec![Cell::Empty; n * n];
            for i in 0..n {
                for j in 0..n {
                    if state.has(i, j) {
                        cells[i * n + j] = Cell::Msg;
                    }
                }
            }
            for e in events {
                for (i, j) in highlighted(e, n) {
                    if cells[i * n + j] == Cell::Msg {
                        cells[i * n + j] = Cell::Now;
                    }
                }
            }
            let rounds = len - built.params.d;
            let text = if ctx.pos == 0 {
                format!(
                    "An empty {n}×{n} matrix. Figure 7 will write {} diagonals, then run {rounds} mixing rounds.",
                    built.params.d
                )
            } else {
                let what: Vec<String> = events.iter().map(Fig7Event::narrate).collect();
                let phase = if ctx.pos <= built.params.d {
                    format!("Diagonal {} of {}", ctx.pos, built.params.d)
                } else {
                    format!("Round {} of {rounds}", ctx.pos - built.params.d)
                };
                format!("{phase}: {}.", what.join("; "))
            };
            (cells, text, state.to_com())
        }
        _ => {
            let mut cells = vec![Cell::Empty; n * n];
            let flips = &built.params.flips;
            for m in built.com.messages() {
                let edited = flips.binary_search(&(m.src, m.dst)).is_ok();
                cells[m.src * n + m.dst] = if edited { Cell::Edit } else { Cell::Msg };
            }
            let edits = if flips.is_empty() {
                String::new()
            } else {
                format!(" You have toggled {} cell(s) by hand.", flips.len())
            };
            let text = format!(
                "The finished matrix: every processor sends {d} messages and receives {d}, in a pattern the mixing rounds have scattered.{edits}",
                d = built.params.d
            );
            (cells, text, built.com.clone())
        }
    };
    let on_click = {
        let toggle = toggle_cb(ctx, &built.params);
        Some(toggle)
    };
    let on_hover = {
        let hover = hover.clone();
        Some(Callback::from(move |c| hover.set(c)))
    };
    let outs = shown.out_degrees();
    let ins = shown.in_degrees();
    let range = |v: &[usize]| {
        let lo = v.iter().min().copied().unwrap_or(0);
        let hi = v.iter().max().copied().unwrap_or(0);
        if lo == hi {
            lo.to_string()
        } else {
            format!("{lo}–{hi}")
        }
    };
    let label = format!(
        "Communication matrix, {n} by {n}, {} messages at this step; rows are senders, columns receivers.",
        shown.len()
    );
    html! {
        <>
            <div class="matrix-wrap">
                <MatrixView rows={n} cols={n} cells={Rc::new(cells)} {theme} {on_click} {on_hover} label={label} />
                <div class="matrix-side">
                    { swatches(&[(Cell::Msg, "message"), (Cell::Now, "written or moved in this step"), (Cell::Edit, "added by you")]) }
                    <p class="hover-readout" aria-live="off">{ readout(&shown, **hover) }</p>
                    <dl class="stats">
                        <dt>{"messages"}</dt><dd>{shown.len()}</dd>
                        <dt>{"sent per processor"}</dt><dd>{range(&outs)}</dd>
                        <dt>{"received per processor"}</dt><dd>{range(&ins)}</dd>
                        <dt>{"fewest possible phases"}</dt><dd>{shown.max_degree()}</dd>
                    </dl>
                    <EditForm figure={props.id.clone()} {n} on_toggle={toggle_cb(ctx, &built.params)}
                        edits={built.params.flips.len()} on_clear={clear_cb(ctx, &built.params)} />
                </div>
            </div>
            { controls(&ctx.player, &caption, "step") }
        </>
    }
}

/// The cells an event touches, to colour them "now".
fn highlighted(e: &Fig7Event, n: usize) -> Vec<(usize, usize)> {
    match *e {
        // Diagonals are written before any swap, so positions are the originals.
        Fig7Event::Diagonal { offset } => (0..n).map(|j| (j, (j + offset) % n)).collect(),
        Fig7Event::SwapRows { a, b } => (0..n).flat_map(|j| [(a, j), (b, j)]).collect(),
        Fig7Event::SwapCols { a, b } => (0..n).flat_map(|i| [(i, a), (i, b)]).collect(),
    }
}
