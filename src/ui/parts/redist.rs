//! What chapter 9's figures share (paper 003): their frame with one input
//! per setting, and the processors' column headings.

use crate::ui::figures::host::{Ctx, FigureProps};
use crate::ui::parts::controls::setting;
use crate::ui::parts::standard::standard;
use std::rc::Rc;
use yew::prelude::*;

/// A redistribution figure: one input per setting with the catalogue's
/// note under it, and `view` once the computation (`what`) is done.
pub fn redist_figure<T>(
    props: &FigureProps,
    ctx: &Ctx<T>,
    what: &'static str,
    view: impl FnOnce(&Rc<T>) -> Html,
) -> Html {
    let inputs = props
        .entry
        .params
        .iter()
        .map(|spec| setting(props, ctx, spec, props.entry.note(spec.key)));
    let settings = html! { <div class="controls">{ for inputs }</div> };
    standard(props, ctx, settings, what, view)
}

/// Column headings p0, p1, …
pub fn processors(p: usize) -> Vec<String> {
    (0..p).map(|j| format!("p{j}")).collect()
}
