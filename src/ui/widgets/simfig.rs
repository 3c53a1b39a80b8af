//! The figures of the simulation chapter: the network animator (`netsim`)
//! and three stepped reports (`clusters`, `pexbex`, `predict`), computed
//! natively by `book::sim_figs` and `book::sim_reports`. They are figures
//! of [`super::figure::Figure`] like the others (one component type for
//! every figure keeps the wasm small).
//!
//! A report shows its charts (each with its values as a table) and the
//! step's caption; the animator hands its recording to
//! [`crate::ui::netview::NetAnimator`]. Runs the browser cannot hold are
//! refused with the reason, and the caps are said under the settings.

use super::WidgetProps;
use super::controls::ParamInput;
use super::figure::{Ctx, Key, Out, Parts};
use super::scaffold::standard;
use crate::book::params::{Notice, Value, Values};
use crate::book::sim_figs::{FigOut, SimRun};
use crate::book::sim_reports::Report;
use crate::chart::Chart;
use crate::ui::chart::ChartView;
use crate::ui::netview::NetAnimator;
use crate::ui::player::Controls;
use std::rc::Rc;
use yew::prelude::*;

/// What is said under a setting: the caps the browser needs.
fn note(widget: &str, key: &str) -> &'static str {
    match (widget, key) {
        (_, "net") => "Delta on the mesh, CM-5 on the fat tree",
        ("netsim", "rows") => {
            "at most 16 (columns 32); an all-to-all is recorded up to 128 processors; a few pairs fit on the whole 16 × 32 Delta"
        }
        (_, "rows") => "at most 16 (columns 32)",
        ("netsim", "bytes") => "a recording holds at most 4 M events and 1 M cycles",
        ("predict", "bytes") => "at most 40 M flit moves in the browser",
        ("pexbex", "p") => "a power of two, at most 64: every step is simulated",
        ("pexbex", "bytes") => "at most 2048 in the browser",
        (_, "pairs") => "e.g. 0:5,3:12",
        _ => "",
    }
}

/// Whether a setting matters for the chosen messages.
fn shown(values: &Values, key: &str) -> bool {
    let pattern = values.choice("pattern");
    match key {
        "pairs" => pattern == "pairs",
        "d" => pattern == "fig7",
        "algo" | "sync" => pattern != "pairs",
        _ => true,
    }
}

/// The settings row.
fn settings(props: &WidgetProps, ctx: &Ctx) -> Html {
    let inputs = props
        .spec
        .params
        .iter()
        .filter(|s| shown(&ctx.values, s.key))
        .map(|spec| {
            let (set, values, key) = (ctx.set_values.clone(), ctx.values.clone(), spec.key);
            let on_change = Callback::from(move |v: Value| {
                let mut next = values.clone();
                next.set(key, v);
                set.emit(next);
            });
            let value = ctx.values.0.get(key).cloned().unwrap_or(Value::Int(0));
            html! {
                <ParamInput widget={props.id.clone()} spec={*spec} {value} {on_change}
                    note={note(props.spec.name, key)} />
            }
        });
    html! { <div class="controls">{ for inputs }</div> }
}

/// The speed a recording starts playing at: 60 cycles a second (cycles
/// are many and short, so the animator starts faster than an algorithm's
/// steps).
const START_SPEED: usize = 7;

/// The speed figure `name` starts playing at, if not the player's own.
pub fn start_speed(name: &str) -> Option<usize> {
    (name == "netsim").then_some(START_SPEED)
}

fn key(v: &Values) -> (Key, Vec<Notice>) {
    let (k, notices) = crate::book::sim_figs::key(v);
    (Key::Sim(k), notices)
}

/// The simulation figures' parts (`netsim`, `clusters`, `pexbex`, `predict`).
pub fn parts() -> Parts {
    Parts {
        key,
        start_at_end: false,
        view: Box::new(|props, ctx, _| {
            standard(
                props,
                ctx,
                settings(props, ctx),
                "the simulation",
                |out| match &**out {
                    Out::Sim(FigOut::Anim(SimRun(Err(why)))) => refused(why),
                    Out::Sim(FigOut::Anim(SimRun(Ok(r)))) => html! {
                        <NetAnimator id={props.id.clone()} timeline={r.timeline.clone()} layout={r.layout.clone()}
                            delivered={r.delivered} player={ctx.player.clone()} />
                    },
                    Out::Sim(FigOut::Report(r)) => report(ctx, r),
                    _ => html! {},
                },
            )
        }),
    }
}

fn refused(why: &str) -> Html {
    html! { <div class="notices" role="status">{format!("This run cannot be shown: {why}")}</div> }
}

fn report(ctx: &Ctx, r: &Report) -> Html {
    if let Some(why) = &r.refused {
        return refused(why);
    }
    let k = ctx.pos;
    html! {
        <>
            <div class="charts">
                { for r.charts.iter().map(|(c, f)| {
                    // A dashed line marks the step the player is on.
                    let chart = match r.x_at(k) {
                        Some(x) => Rc::new(Chart { cursor: Some(x), ..(**c).clone() }),
                        None => c.clone(),
                    };
                    html! { <ChartView {chart} filename={*f} /> }
                }) }
            </div>
            <Controls player={ctx.player.clone()} caption={r.caption(k).to_string()} unit={r.unit} />
        </>
    }
}
