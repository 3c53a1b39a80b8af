//! The `com` widget: watch Figure 7 of paper 000 build a communication
//! matrix (diagonals, then row and column swaps), then edit it by hand.

use super::WidgetProps;
use super::controls::setting_for;
use super::edit_form::EditForm;
use super::figure::{Ctx, Key, Out, Parts, Shared};
use super::matrix::{Cell, MatrixView, swatches};
use super::scaffold::{WidgetCtx, standard};
use crate::book::matrix_params::{MatrixBuild, MatrixParams, toggle};
use crate::book::params::Values;
use crate::core::com::Com;
use crate::core::com::fig7::Fig7Event;
use crate::core::step::{Stepper, map};
use crate::ui::player::controls;
use crate::ui::theme::Theme;
use std::rc::Rc;
use yew::prelude::*;

/// The matrix figure.
pub fn parts() -> Parts {
    Parts {
        key: |v| {
            let (p, notes) = MatrixParams::read(v);
            (Key::Com(p), notes)
        },
        start_at_end: true,
        view: Box::new(|props, ctx, shared| {
            matrix_figure(props, ctx, shared, &n_note, "the matrix", view)
        }),
    }
}

/// Builds the matrix.
pub fn make(p: &MatrixParams) -> Box<dyn Stepper<Output = Out>> {
    Box::new(map(MatrixBuild::new(p.clone()), Out::Com))
}

/// A matrix figure's view: the widget, its context and result, the theme
/// and the cell under the pointer.
pub type FigureView =
    fn(&WidgetProps, &Ctx, &Out, Theme, &UseStateHandle<Option<(usize, usize)>>) -> Html;

/// The usual figure over a matrix the reader can edit: the settings with a
/// note under each (`note(key)`), and `view` once the computation (`what`)
/// is done.
pub fn matrix_figure(
    props: &WidgetProps,
    ctx: &Ctx,
    shared: &Shared,
    note: &dyn Fn(&str) -> String,
    what: &'static str,
    view: FigureView,
) -> Html {
    let settings = settings_noted(props, ctx, note);
    standard(props, ctx, settings, what, |out| {
        view(props, ctx, out, shared.theme, &shared.hover)
    })
}

/// The note under n of the figures that take any n the browser can hold.
pub fn n_note(key: &str) -> String {
    if key == "n" {
        "at most 1024 in the browser"
    } else {
        ""
    }
    .into()
}

/// An input for every setting but the edits, with `note(key)` under each.
pub fn settings_noted<T>(
    props: &WidgetProps,
    ctx: &WidgetCtx<T>,
    note: &dyn Fn(&str) -> String,
) -> Html {
    inputs(props, &ctx.values, &ctx.set_values, note)
}

/// The body of [`settings_noted`], free of the widget's types so that one
/// copy serves every widget.
fn inputs(
    props: &WidgetProps,
    values: &Values,
    set: &Callback<Values>,
    note: &dyn Fn(&str) -> String,
) -> Html {
    let inputs = props
        .spec
        .params
        .iter()
        .filter(|s| s.key != "flip")
        .map(|spec| setting_for(props, values, set, spec, note(spec.key).into()));
    html! { <div class="controls">{ for inputs }</div> }
}

/// Applies a toggle of one cell to the widget's edits.
pub fn toggle_cb<T>(ctx: &WidgetCtx<T>, params: &MatrixParams) -> Callback<(usize, usize)> {
    let (set, values, params) = (ctx.set_values.clone(), ctx.values.clone(), params.clone());
    Callback::from(move |cell| {
        let mut p = params.clone();
        toggle(&mut p.flips, cell);
        let mut next = values.clone();
        p.store_flips(&mut next);
        set.emit(next);
    })
}

/// Clears every edit.
pub fn clear_cb<T>(ctx: &WidgetCtx<T>, params: &MatrixParams) -> Callback<()> {
    let (set, values, params) = (ctx.set_values.clone(), ctx.values.clone(), params.clone());
    Callback::from(move |_| {
        let mut p = params.clone();
        p.flips.clear();
        let mut next = values.clone();
        p.store_flips(&mut next);
        set.emit(next);
    })
}

/// Text for the cell under the pointer.
pub fn readout(com: &Com, cell: Option<(usize, usize)>) -> String {
    match cell {
        None => "Point at a cell to read it; click to add or remove a message.".into(),
        Some((i, j)) => match com.get(i, j) {
            0 => format!("COM({i}, {j}) = 0: P{i} sends nothing to P{j}"),
            b if i == j => format!("COM({i}, {i}) = {b} bytes: a local copy inside P{i}"),
            b => format!("COM({i}, {j}) = {b} bytes: P{i} sends to P{j}"),
        },
    }
}

fn view(
    props: &WidgetProps,
    ctx: &Ctx,
    out: &Out,
    theme: Theme,
    hover: &UseStateHandle<Option<(usize, usize)>>,
) -> Html {
    let Out::Com(built) = out else {
        return html! {};
    };
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
                    <EditForm widget={props.id.clone()} {n} on_toggle={toggle_cb(ctx, &built.params)}
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
