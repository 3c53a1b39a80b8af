//! What the simulation chapter's figures share: the settings row (a
//! setting that does not matter for the chosen messages is hidden), the
//! notice for a run the browser cannot hold, and the stepped reports
//! (`clusters`, `pexbex`, `predict`): their charts, each with its values
//! as a table, a dashed line at the player's step, and the step's caption.

use crate::book::params::{Value, Values};
use crate::book::reports::Report;
use crate::chart::Chart;
use crate::ui::chart::ChartView;
use crate::ui::figures::host::{Ctx, FigureProps};
use crate::ui::parts::controls::ParamInput;
use crate::ui::parts::standard::standard;
use crate::ui::player::Controls;
use std::rc::Rc;
use yew::prelude::*;

/// Whether a setting matters for the chosen messages (a hidden setting
/// keeps its value and its place in the link).
fn shown(values: &Values, key: &str) -> bool {
    let algo = values.choice("algo");
    // A complete exchange runs the all-to-all whatever the pattern says
    // (the figure's notice says so): its settings are the all-to-all's.
    let exchange = matches!(algo, "lex" | "pex" | "rex" | "bex");
    let pattern = if exchange {
        "alltoall"
    } else {
        values.choice("pattern")
    };
    let scheduled = matches!(pattern, "alltoall" | "fig7");
    match key {
        "pairs" => pattern == "pairs",
        "d" => pattern == "fig7",
        "algo" => scheduled,
        // Pairs and permutations are one phase; AC has none.
        "sync" => !(matches!(pattern, "pairs" | "perm") || scheduled && algo == "ac"),
        "collective" => matches!(pattern, "scatter" | "gather"),
        "k" | "redist" => pattern == "redist",
        // The k-ary n-tree has its own size; the other networks rows × cols.
        "rows" | "cols" => values.choice("net") != "kary",
        "arity" | "levels" => values.choice("net") == "kary",
        "degree" => pattern == "redist" && values.choice("redist") == "hybrid",
        _ => true,
    }
}

/// The settings row, with the catalogue's note under each setting.
pub fn settings<T>(props: &FigureProps, ctx: &Ctx<T>) -> Html {
    let inputs = props
        .entry
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
                <ParamInput figure={props.id.clone()} spec={*spec} {value} {on_change}
                    note={props.entry.note(key)} />
            }
        });
    html! { <div class="controls">{ for inputs }</div> }
}

/// A run the browser cannot show, and why.
pub fn refused(why: &str) -> Html {
    html! { <div class="notices" role="status">{format!("This run cannot be shown: {why}")}</div> }
}

/// A report figure: its settings, then the report at the player's step.
pub fn report_figure(props: &FigureProps, ctx: &Ctx<Report>, what: &'static str) -> Html {
    standard(props, ctx, settings(props, ctx), what, |r| report(ctx, r))
}

fn report(ctx: &Ctx<Report>, r: &Report) -> Html {
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
