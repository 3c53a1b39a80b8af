//! What the figures over a matrix the reader can edit share (`com`, `lp`,
//! `ccom`, `gmcgm`): the settings row with a note under each setting, the
//! callbacks that toggle and clear edited cells, and the readout of the
//! cell under the pointer.

use crate::book::inputs::matrix::{Matrix, toggle};
use crate::book::params::Values;
use crate::core::com::Com;
use crate::ui::figures::host::{Ctx, FigureProps, Shared};
use crate::ui::parts::controls::setting_for;
use crate::ui::parts::standard::standard;
use crate::ui::theme::Theme;
use std::rc::Rc;
use yew::prelude::*;

/// A matrix figure's view of its finished output: the figure, its
/// context, the output, the theme and the cell under the pointer.
pub type MatrixView<T> =
    fn(&FigureProps, &Ctx<T>, &T, Theme, &UseStateHandle<Option<(usize, usize)>>) -> Html;

/// The usual figure over a matrix the reader can edit: the settings with
/// the catalogue's note under each, and `view` once the computation
/// (`what`) is done.
pub fn matrix_figure<T>(
    props: &FigureProps,
    ctx: &Ctx<T>,
    shared: &Shared,
    what: &'static str,
    view: MatrixView<T>,
) -> Html {
    let settings = settings_row(props, &ctx.values, &ctx.set_values, &|k| {
        props.entry.note(k).into()
    });
    standard(props, ctx, settings, what, |out: &Rc<T>| {
        view(props, ctx, out, shared.theme, &shared.hover)
    })
}

/// An input for every setting but the edits, with `note(key)` under each;
/// free of the figures' types so that one copy serves every figure.
pub fn settings_row(
    props: &FigureProps,
    values: &Values,
    set: &Callback<Values>,
    note: &dyn Fn(&str) -> String,
) -> Html {
    let inputs = props
        .entry
        .params
        .iter()
        .filter(|s| s.key != "flip")
        .map(|spec| setting_for(props, values, set, spec, note(spec.key).into()));
    html! { <div class="controls">{ for inputs }</div> }
}

/// Applies a toggle of one cell to the figure's edits.
pub fn toggle_cb<T>(ctx: &Ctx<T>, matrix: &Matrix) -> Callback<(usize, usize)> {
    let (set, values, matrix) = (ctx.set_values.clone(), ctx.values.clone(), matrix.clone());
    Callback::from(move |cell| {
        let mut m = matrix.clone();
        toggle(&mut m.flips, cell);
        let mut next = values.clone();
        m.store_flips(&mut next);
        set.emit(next);
    })
}

/// Clears every edit.
pub fn clear_cb<T>(ctx: &Ctx<T>, matrix: &Matrix) -> Callback<()> {
    let (set, values, matrix) = (ctx.set_values.clone(), ctx.values.clone(), matrix.clone());
    Callback::from(move |_| {
        let mut m = matrix.clone();
        m.flips.clear();
        let mut next = values.clone();
        m.store_flips(&mut next);
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
