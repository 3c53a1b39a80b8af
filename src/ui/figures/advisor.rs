//! The view of `advisor`: the recommendation (the cheapest candidate, why,
//! and a link to the chapter that teaches it), then every candidate with
//! its predicted time and where that time goes; the player adds them
//! cheapest first.

use crate::book::route::Route;
use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::book::figures::advisor::{Advice, Advisor, AdvisorSettings};
use crate::core::cost::advise::Workload;
use crate::ui::parts::standard::plain_figure;
use crate::ui::parts::units::{chapter_name, time};
use crate::ui::player::controls;
use yew::prelude::*;

impl FigureView for Advisor {
    fn view(props: &FigureProps, ctx: &Ctx<Advice>, _: &AdvisorSettings, _: &Shared) -> Html {
        plain_figure(props, ctx, "the advice", |a| view(ctx, a))
    }
}

/// The workload in words.
fn describe(w: &Workload) -> String {
    match *w {
        Workload::Irregular { p, d, bytes, reuse } => format!(
            "{p} processors each sending {d} messages of {bytes} B, the schedule used {reuse} time{}",
            if reuse == 1 { "" } else { "s" }
        ),
        Workload::Exchange { p, bytes } => format!("a complete exchange of {bytes} B blocks among {p} processors on a fat tree"),
        Workload::AllToAll { rows, cols, bytes } => format!("an all-to-all of {bytes} B messages on a {rows} × {cols} mesh"),
        Workload::Scatter { rows, cols, bytes } => format!("a scatter of {bytes} B to each processor of a {rows} × {cols} mesh"),
        Workload::Redist { k, p, bytes } => format!("cyclic(x) → cyclic({k}x) on {p} processors, {bytes} B of array each"),
    }
}

fn view(ctx: &Ctx<Advice>, a: &Advice) -> Html {
    let m = &a.key.machine;
    let shown = ctx.pos.min(a.ranked.len());
    let Some(best) = a.ranked.first() else {
        return html! {
            <>
                <p class="notice" role="status">{format!(
                    "No candidate runs for {} on {}: the models cover meshes up to 1,024 processors and \
                     complete exchanges on a power of two.", describe(&a.key.workload), m.title)}</p>
                { controls(&ctx.player, "Nothing to rank.", "candidate") }
            </>
        };
    };
    let margin = a
        .ranked
        .get(1)
        .map(|s| format!(" It is {:.2}× faster than the next, {} ({}).", s.us / best.us.max(1e-9), s.algo, time(s.us)))
        .unwrap_or_default();
    let panel = html! {
        <div class="advice" role="status">
            <p><strong>{format!("Use {}", best.algo)}</strong>{format!(
                " for {} on {}: predicted {}, because {}.{margin} ",
                describe(&a.key.workload), m.title, time(best.us), best.why)}
                {"Learn it in "}<a href={Route::chapter(best.chapter).to_hash()}>{chapter_name(best.chapter)}</a>{"."}
            </p>
            <p class="repro-method">{format!("Machine: τ = {} and {:.1} MB/s — {}.", time(m.cost.tau_us), 1.0 / m.cost.phi_us_per_byte, m.source)}</p>
        </div>
    };
    let rows: Vec<Html> = a
        .ranked
        .iter()
        .take(shown)
        .enumerate()
        .map(|(i, c)| {
            html! {
                <tr class={(i + 1 == shown).then_some("marked")}>
                    <th scope="row">{format!("{}. {}", i + 1, c.algo)}</th>
                    <td>{time(c.us)}</td>
                    <td>{format!("×{:.2}", c.us / best.us.max(1e-9))}</td>
                    <td class="text wrap">{c.why.clone()}</td>
                    <td class="text wrap"><a href={Route::chapter(c.chapter).to_hash()}>{chapter_name(c.chapter)}</a></td>
                </tr>
            }
        })
        .collect();
    let caption = match shown.checked_sub(1).and_then(|i| a.ranked.get(i)) {
        None => format!("{} candidates; step through them, cheapest first.", a.ranked.len()),
        Some(c) => format!("Candidate {shown} of {}: {}, predicted {}: {}.", a.ranked.len(), c.algo, time(c.us), c.why),
    };
    html! {
        <>
            { panel }
            <div class="table-scroll">
                <table class="data">
                    <caption>{"Every candidate, cheapest first: predicted time, how much slower than the best, and where the time goes"}</caption>
                    <thead><tr>
                        <th scope="col">{"algorithm"}</th><th scope="col">{"time"}</th><th scope="col">{"vs best"}</th>
                        <th scope="col">{"why"}</th><th scope="col">{"chapter"}</th>
                    </tr></thead>
                    <tbody>{ for rows }</tbody>
                </table>
            </div>
            { controls(&ctx.player, &caption, "candidate") }
        </>
    }
}
