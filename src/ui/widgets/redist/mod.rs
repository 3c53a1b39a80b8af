//! Chapter 9's figures (paper 003, block-cyclic redistribution): the table
//! conversion step by step, the schedules priced as K varies, and which
//! schedule wins as T_d/τ_d changes (Figure 20's question).

mod sweep;
mod tables;
mod winner;

pub use sweep::parts as sweep_parts;
pub use tables::parts as tables_parts;
pub use winner::parts as winner_parts;

use super::WidgetProps;
use super::controls::setting;
use super::figure::{self, Ctx, Parts};
use super::scaffold::standard;
use crate::book::params::{Notice, Values};
use crate::book::redist_params::{TableKey, WinnerKey};
use crate::core::redist::sweep::{Sweep, SweepConfig, Sweeping};
use crate::core::redist::winner::{Pricing, WinnerMap};
use crate::core::redist::{schedules, trace};
use crate::core::step::{Immediate, Stepper, map};
use tables::TableRun;
use yew::prelude::*;

/// What one of the figures computes (within `figure::Key`).
#[derive(Clone, PartialEq)]
pub enum Key {
    Tables(TableKey),
    Sweep(SweepConfig),
    Winner(WinnerKey),
}

/// What one of the figures computed (within `figure::Out`).
pub enum Out {
    Tables(TableRun),
    Sweep(Sweep),
    Winner(WinnerMap),
}

/// Computes one of the figures.
pub fn make(key: &Key) -> Box<dyn Stepper<Output = figure::Out>> {
    let out = figure::Out::Redist;
    match *key {
        Key::Tables(k) => Box::new(Immediate::new(move || {
            let plan = schedules::plan(&k.shape, k.scheme, k.direction);
            let trace = trace::record(&plan);
            out(Out::Tables(TableRun { plan, trace }))
        })),
        // The settings' ranges keep K, P and N valid; should they not be,
        // an empty result says so rather than a failure.
        Key::Sweep(config) => match Sweeping::new(config) {
            Ok(s) => Box::new(map(s, move |s| out(Out::Sweep(s)))),
            Err(_) => Box::new(Immediate::new(move || {
                out(Out::Sweep(Sweep {
                    config,
                    rows: Vec::new(),
                }))
            })),
        },
        Key::Winner(WinnerKey { config, .. }) => match Pricing::new(config) {
            Ok(p) => Box::new(map(p, move |m| out(Out::Winner(m)))),
            Err(_) => Box::new(Immediate::new(move || {
                out(Out::Winner(WinnerMap {
                    config,
                    ns: Vec::new(),
                    contenders: Vec::new(),
                }))
            })),
        },
    }
}

/// Steps of one of the figures.
pub fn len(out: &Out) -> usize {
    match out {
        Out::Tables(r) => r.trace.len(),
        Out::Sweep(s) => s.rows.len(),
        Out::Winner(m) if m.contenders.is_empty() => 0,
        Out::Winner(m) => m.rows(),
    }
}

/// One input per parameter of the figure, each with `note(key)` under it.
fn settings(props: &WidgetProps, ctx: &Ctx, note: fn(&str) -> &'static str) -> Html {
    let inputs = props
        .spec
        .params
        .iter()
        .map(|spec| setting(props, ctx, spec, note(spec.key)));
    html! { <div class="controls">{ for inputs }</div> }
}

/// How one of the three figures differs from the others.
struct Figure {
    /// Reads the settings into the computation's key (with notices).
    key: fn(&Values) -> (figure::Key, Vec<Notice>),
    start_at_end: bool,
    /// The note under each setting.
    note: fn(&str) -> &'static str,
    /// What is being computed, for the progress bar.
    what: &'static str,
    /// Draws the finished result at the player's position.
    view: fn(&Ctx, &Out) -> Html,
}

/// One of the three figures: the computation, its settings and its view.
fn parts(figure: Figure) -> Parts {
    let Figure {
        key,
        start_at_end,
        note,
        what,
        view,
    } = figure;
    Parts {
        key,
        start_at_end,
        view: Box::new(move |props, ctx, _| {
            let settings = settings(props, ctx, note);
            standard(props, ctx, settings, what, |out| match &**out {
                figure::Out::Redist(o) => view(ctx, o),
                _ => html! {},
            })
        }),
    }
}

/// Column headings p0, p1, …
fn processors(p: usize) -> Vec<String> {
    (0..p).map(|j| format!("p{j}")).collect()
}
