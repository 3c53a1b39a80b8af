//! The view of `niceorder`: each scheme's simulated and modelled time over
//! the message unit, the ranking at the player's unit, and the paper's
//! claims with a verdict from the simulator and from the model.

use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::book::figures::niceorder::{
    Niceorder, NiceorderSettings, OrderRun, SCHEMES, TestSet, UNITS, claims,
};
use crate::chart::{Chart, Mark, Scale, format_value};
use crate::core::sorting::{f64_key, sort_by_u64};
use crate::ui::chart::ChartView;
use crate::ui::parts::compare::verdict;
use crate::ui::parts::standard::plain_figure;
use crate::ui::player::controls;
use std::rc::Rc;
use yew::prelude::*;

impl FigureView for Niceorder {
    fn view(props: &FigureProps, ctx: &Ctx<OrderRun>, _: &NiceorderSettings, _: &Shared) -> Html {
        plain_figure(props, ctx, "the simulations", |r| view(ctx, r))
    }
}

fn chart(title: &str, ms: &dyn Fn(usize, usize) -> Option<f64>, cursor: Option<f64>) -> Chart {
    let mut c = Chart {
        x_scale: Scale::Log,
        y_scale: Scale::Log,
        cursor,
        ..Chart::new(title, "message unit (bytes)", "time (ms)")
    };
    for (s, a) in SCHEMES.iter().enumerate() {
        let pts = (0..UNITS.len())
            .filter_map(|u| ms(u, s).map(|t| (UNITS[u] as f64, t)))
            .collect();
        c = c.with(a.label(), Mark::Line, s, pts);
    }
    c
}

fn view(ctx: &Ctx<OrderRun>, r: &OrderRun) -> Html {
    let u = ctx.pos.clamp(1, UNITS.len()) - 1;
    // Before the first step the charts stand alone, without a unit picked.
    let picked = ctx.pos > 0;
    let cursor = picked.then_some(UNITS[u] as f64);
    let set = match r.key.set {
        TestSet::Nonuniform => format!("test set 1, d = {}", r.key.d),
        TestSet::Mesh => format!("the {}-point mesh", r.key.points),
    };
    let sim = chart(
        &format!("Simulated on a {}-node CM-5 ({set})", r.key.p),
        &|u, s| r.sim_ms[u][s],
        cursor,
    );
    let model = chart(
        "Paper 004's contention model (a phase lasts as long as its largest message)",
        &|u, s| Some(r.model_ms[u][s]),
        cursor,
    );
    let mut order: Vec<usize> = (0..SCHEMES.len()).collect();
    sort_by_u64(&mut order, |&s| f64_key(r.sim_ms[u][s].unwrap_or(f64::INFINITY)));
    let ranking: Vec<String> = order.iter().map(|&s| SCHEMES[s].label().to_string()).collect();
    let model_row: Vec<Option<f64>> = r.model_ms[u].iter().map(|&x| Some(x)).collect();
    let by_sim = claims(r.key.set, &r.sim_ms[u]);
    let by_model = claims(r.key.set, &model_row);
    let caption = if picked {
        format!(
            "Unit {} bytes ({} messages): fastest to slowest in the simulator {}.",
            UNITS[u],
            r.messages,
            ranking.join(", ")
        )
    } else {
        format!(
            "{} schemes on {} messages at {} message units, simulated and modelled; step through the units to rank them and check the paper's claims.",
            SCHEMES.len(),
            r.messages,
            UNITS.len()
        )
    };
    html! {
        <>
            <div class="charts">
                <ChartView chart={Rc::new(sim)} filename="nice-schemes-simulated.svg" />
                <ChartView chart={Rc::new(model)} filename="nice-schemes-model.svg" />
            </div>
            if picked {
            <div class="table-scroll">
                <table class="data">
                    <caption>{format!("At {} bytes per unit", UNITS[u])}</caption>
                    <thead><tr><th scope="col">{"scheme"}</th><th scope="col">{"phases"}</th>
                        <th scope="col">{"simulated (ms)"}</th><th scope="col">{"model (ms)"}</th></tr></thead>
                    <tbody>
                        { for order.iter().map(|&s| html! {
                            <tr>
                                <th scope="row">{SCHEMES[s].label()}</th>
                                <td>{r.phases.get(s).copied().unwrap_or(0)}</td>
                                <td>{r.sim_ms[u][s].map_or("refused".into(), format_value)}</td>
                                <td>{format_value(r.model_ms[u][s])}</td>
                            </tr>
                        }) }
                    </tbody>
                </table>
            </div>
            <ul class="claims" aria-label="the paper's claims at this unit">
                { for by_sim.iter().zip(&by_model).map(|(s, m)| html! {
                    <li>
                        {format!("“{}” ({}): ", s.text, s.source)}
                        { verdict(s.holds, if s.holds { "holds in the simulator" } else { "not in the simulator" }) }
                        {" "}
                        { verdict(m.holds, if m.holds { "holds in the model" } else { "not in the model" }) }
                    </li>
                }) }
            </ul>
            }
            { controls(&ctx.player, &caption, "unit") }
        </>
    }
}
