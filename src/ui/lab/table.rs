//! The lab's table: one row per algorithm, its figures, and a button that
//! selects it (its schedule is then stepped below, exported and animated).

use crate::book::lab::compare::{Row, Table};
use yew::prelude::*;

fn us(x: f64) -> String {
    if x >= 10_000.0 {
        format!("{:.1} ms", x / 1000.0)
    } else {
        format!("{x:.0} µs")
    }
}

fn net_name(t: &Table) -> String {
    match t.net {
        Some(spec) => spec.phrase(),
        None => t
            .net_note
            .clone()
            .unwrap_or_else(|| "no network (simulation off)".into()),
    }
}

/// The table; `selected` is the selected row's name.
pub fn view(t: &Table, selected: &str, select: &Callback<&'static str>) -> Html {
    let best = t
        .rows
        .iter()
        .filter_map(|r| r.result.as_ref().ok().map(|f| f.predicted_us))
        .fold(f64::INFINITY, f64::min);
    let rows = t.rows.iter().map(|r| row(t, r, selected, best, select));
    html! {
        <div class="table-scroll">
            <table class="data lab-table">
                <caption>{format!(
                    "{} algorithms on a {n} × {n} matrix of {m} messages. Lower bounds: {} phases (the most messages one processor sends or receives) and {} bytes through one port (the most one processor sends or receives). Cycles simulated on {}.",
                    t.rows.len(), t.bound_phases, t.bound_bytes, net_name(t), n = t.com.n(), m = t.com.len()
                )}</caption>
                <thead><tr>
                    <th scope="col">{"algorithm"}</th>
                    <th scope="col">{"phases"}</th>
                    <th scope="col">{"port load (Σ of phase maxima, bytes)"}</th>
                    <th scope="col">{"× bound"}</th>
                    <th scope="col">{"predicted (τ + Mφ)"}</th>
                    <th scope="col">{"scheduling time"}</th>
                    <th scope="col">{"simulated cycles"}</th>
                </tr></thead>
                <tbody>{ for rows }</tbody>
            </table>
        </div>
    }
}

fn row(t: &Table, r: &Row, selected: &str, best: f64, select: &Callback<&'static str>) -> Html {
    let name = crate::book::lab::compare::NAMES
        .iter()
        .copied()
        .find(|n| *n == r.name)
        .unwrap_or("lp");
    let is = r.name == selected;
    let pick = {
        let select = select.clone();
        Callback::from(move |_: MouseEvent| select.emit(name))
    };
    let head = html! {
        <th scope="row">
            <button type="button" class="row-pick" onclick={pick} aria-pressed={is.to_string()}
                data-algo={r.name.clone()}
                aria-label={format!("select {}: step its schedule, export it, watch it", r.label)}>{r.label.clone()}</button>
        </th>
    };
    let class = classes!("lab-row", is.then_some("marked"));
    match &r.result {
        Err(why) => html! {
            <tr class={class} data-algo={r.name.clone()}>{head}<td colspan="6" class="lab-refused">{format!("does not apply: {why}")}</td></tr>
        },
        Ok(f) => {
            let ratio = if t.bound_bytes == 0 {
                1.0
            } else {
                f.load as f64 / t.bound_bytes as f64
            };
            let cycles = match &f.cycles {
                Ok(c) => html! { <td class="num">{c}</td> },
                Err(why) => html! { <td class="lab-refused">{why.clone()}</td> },
            };
            let fastest = (f.predicted_us - best).abs() <= 1e-9 * best.max(1.0);
            html! {
                <tr class={class} data-algo={r.name.clone()}>
                    {head}
                    <td class="num lab-phases">{f.phases}{if f.relayed { " (relays blocks)" } else { "" }}</td>
                    <td class="num">{f.load}</td>
                    <td class="num">{format!("{ratio:.2}")}</td>
                    <td class="num">{us(f.predicted_us)}{if fastest { " ★ fastest" } else { "" }}</td>
                    <td class="num">{format!("{:.1} ms", f.sched_ms)}</td>
                    {cycles}
                </tr>
            }
        }
    }
}
