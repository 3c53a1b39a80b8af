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
use crate::book::redist_params::{TableKey, WinnerKey};
use crate::core::redist::sweep::{Sweep, SweepConfig, Sweeping};
use crate::core::redist::winner::{Pricing, WinnerMap};
use crate::core::redist::{schedules, trace};
use crate::core::step::{Immediate, Stepper, map};
use tables::TableRun;
use yew::prelude::*;

/// What one of the figures computes. The three share this type (and
/// [`Out`]) so that the scaffold's generic code is compiled once for all
/// of them, not once per figure: a few kilobytes of the site's budget.
#[derive(Clone, PartialEq)]
enum Key {
    Tables(TableKey),
    Sweep(SweepConfig),
    Winner(WinnerKey),
}

/// What one of the figures computed.
enum Out {
    Tables(TableRun),
    Sweep(Sweep),
    Winner(WinnerMap),
}

fn make(key: &Key) -> Box<dyn Stepper<Output = Out>> {
    match *key {
        Key::Tables(k) => Box::new(Immediate::new(move || {
            let plan = schedules::plan(&k.shape, k.scheme, k.direction);
            let trace = trace::record(&plan);
            Out::Tables(TableRun { plan, trace })
        })),
        // The settings' ranges keep K, P and N valid; should they not be,
        // an empty result says so rather than a failure.
        Key::Sweep(config) => match Sweeping::new(config) {
            Ok(s) => Box::new(map(s, Out::Sweep)),
            Err(_) => Box::new(Immediate::new(move || {
                Out::Sweep(Sweep {
                    config,
                    rows: Vec::new(),
                })
            })),
        },
        Key::Winner(WinnerKey { config, .. }) => match Pricing::new(config) {
            Ok(p) => Box::new(map(p, Out::Winner)),
            Err(_) => Box::new(Immediate::new(move || {
                Out::Winner(WinnerMap {
                    config,
                    ns: Vec::new(),
                    contenders: Vec::new(),
                })
            })),
        },
    }
}

fn len(out: &Out) -> usize {
    match out {
        Out::Tables(r) => r.trace.len(),
        Out::Sweep(s) => s.rows.len(),
        Out::Winner(m) if m.contenders.is_empty() => 0,
        Out::Winner(m) => m.rows(),
    }
}

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
