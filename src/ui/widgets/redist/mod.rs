//! Chapter 9's figures (paper 003, block-cyclic redistribution): the table
//! conversion step by step, the schedules priced as K varies, and which
//! schedule wins as T_d/τ_d changes (Figure 20's question).

mod sweep;
mod tables;
mod winner;

pub use sweep::SweepWidget;
pub use tables::TablesWidget;
pub use winner::WinnerWidget;

use super::WidgetProps;
use super::controls::ParamInput;
use super::scaffold::WidgetCtx;
use crate::book::params::Value;
use yew::prelude::*;

/// One input per parameter of the figure, each with `note(key)` under it.
fn settings<T>(props: &WidgetProps, ctx: &WidgetCtx<T>, note: fn(&str) -> &'static str) -> Html {
    let inputs = props.spec.params.iter().map(|spec| {
        let (set, values, key) = (ctx.set_values.clone(), ctx.values.clone(), spec.key);
        let on_change = Callback::from(move |v: Value| {
            let mut next = values.clone();
            next.set(key, v);
            set.emit(next);
        });
        let value = ctx.values.0.get(key).cloned().unwrap_or(Value::Int(0));
        html! {
            <ParamInput widget={props.id.clone()} spec={*spec} {value} {on_change} note={note(key)} />
        }
    });
    html! { <div class="controls">{ for inputs }</div> }
}

/// Column headings p0, p1, …
fn processors(p: usize) -> Vec<String> {
    (0..p).map(|j| format!("p{j}")).collect()
}
