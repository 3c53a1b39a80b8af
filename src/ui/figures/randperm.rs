//! The view of `randperm`: the histogram of the simulated permutations'
//! costs so far, the bands of 5 % and 20 % around their mean, and the
//! share inside each beside paper 002's 99.5 %.

use super::FigureView;
use crate::book::figure::Figure;
use super::host::{Ctx, FigureProps, Shared};
use crate::book::figures::randperm::{RandpermRun, RandpermSettings, Randperm, STEPS};
use crate::chart::{Chart, Mark, format_value};
use crate::core::published::wang93::PERMUTATIONS_WITHIN_5_PERCENT;
use crate::book::route::Route;
use crate::core::cost::machine::Machine;
use crate::core::sim::SimConfig;
use crate::core::sim::randperm::{histogram, within};
use crate::ui::chart::ChartView;
use crate::ui::parts::standard::plain_figure;
use crate::ui::player::controls;
use std::rc::Rc;
use yew::prelude::*;

/// Bins of the histogram.
const BINS: usize = 40;

impl FigureView for Randperm {
    fn view(props: &FigureProps, ctx: &Ctx<RandpermRun>, _: &RandpermSettings, _: &Shared) -> Html {
        plain_figure(props, ctx, "the permutations", |r| view(ctx, r))
    }
}


fn percent(part: usize, all: usize) -> String {
    format!("{:.1} %", 100.0 * part as f64 / all.max(1) as f64)
}

/// A count as the paper prints it: 4,979.
fn thousands(n: u32) -> String {
    if n >= 1000 {
        format!("{},{:03}", n / 1000, n % 1000)
    } else {
        n.to_string()
    }
}

fn view(ctx: &Ctx<RandpermRun>, r: &RandpermRun) -> Html {
    let cycle_us = SimConfig::cycle_us(r.key.spec()).unwrap_or(1.0);
    let us = |cycles: f64| cycles * cycle_us;
    let cm5 = r.key.machine != Machine::Ipsc860;
    let shown = r.shown(ctx.pos);
    let (in5, mean) = within(shown, 5.0);
    let (in20, _) = within(shown, 20.0);
    let bins = histogram(shown, BINS);
    let tallest = bins.iter().map(|b| b.1).max().unwrap_or(0) as f64;
    let width = match bins.as_slice() {
        [a, b, ..] => (b.0 - a.0) as f64,
        _ => 1.0,
    };
    // A stair line: each bin drawn flat across its width.
    let stairs: Vec<(f64, f64)> = bins
        .iter()
        .flat_map(|&(lo, n)| [(us(lo as f64), n as f64), (us(lo as f64 + width), n as f64)])
        .collect();
    let edge = |f: f64| vec![(us(mean * f), 0.0), (us(mean * f), tallest)];
    let chart = Chart::new(
        &format!(
            "{} random permutations of {} bytes on {} nodes ({})",
            shown.len(),
            r.key.bytes,
            r.key.p,
            if cm5 { "CM-5 fat tree" } else { "iPSC/860 hypercube" }
        ),
        "simulated time of the permutation (µs)",
        "permutations",
    )
    .with("permutations per bin", Mark::Line, 0, stairs)
    .with("mean", Mark::Line, 2, vec![(us(mean), 0.0), (us(mean), tallest)])
    .with("mean − 5 %", Mark::Line, 1, edge(0.95))
    .with("mean + 5 %", Mark::Line, 1, edge(1.05));
    let (paper_in, paper_all) = PERMUTATIONS_WITHIN_5_PERCENT;
    let paper = if cm5 {
        format!(
            "Paper 002 measured over 99.5 % ({} of {}) within 5 % on the CM-5.",
            thousands(paper_in),
            thousands(paper_all)
        )
    } else {
        "Paper 002 gives no share for the iPSC/860 (Figure 3): only that random permutations still performed reasonably well despite link contention.".to_string()
    };
    let fastest = shown.iter().min().map_or(0.0, |&c| us(c as f64));
    let slowest = shown.iter().max().map_or(0.0, |&c| us(c as f64));
    let caption = if ctx.pos == 0 {
        format!(
            "Nothing drawn yet: each step adds a tenth of the {} permutations (seed {}).",
            r.costs.len(),
            r.key.seed
        )
    } else {
        format!(
            "{} of {} permutations drawn (step {} of {STEPS}): mean {} µs, fastest {} µs, slowest {} µs; {} within 5 % of the mean, {} within 20 %. {paper}",
            shown.len(),
            r.costs.len(),
            ctx.pos,
            format_value(us(mean)),
            format_value(fastest),
            format_value(slowest),
            percent(in5, shown.len()),
            percent(in20, shown.len()),
        )
    };
    html! {
        <>
            <ChartView chart={Rc::new(chart)} filename="random-permutations.svg" />
            <table class="data">
                <caption>{"Share of the permutations near the mean"}</caption>
                <thead><tr><td></td><th scope="col">{"within 5 %"}</th><th scope="col">{"within 20 %"}</th></tr></thead>
                <tbody>
                    <tr><th scope="row">{format!("simulated, {} permutations", shown.len())}</th>
                        <td>{percent(in5, shown.len())}</td><td>{percent(in20, shown.len())}</td></tr>
                    if cm5 {
                        <tr><th scope="row">{"paper 002 §2.2, measured"}</th>
                            <td>{format!("over 99.5 % ({} of {})", thousands(paper_in), thousands(paper_all))}</td><td>{"—"}</td></tr>
                    } else {
                        <tr><th scope="row">{"paper 002 §2.2, Figure 3"}</th>
                            <td>{"not given"}</td><td>{"not given"}</td></tr>
                    }
                </tbody>
            </table>
            <p class="control-note">
                <a href={embed_link(r)}>
                    {format!("A link to this run (seed {})", r.key.seed)}
                </a>
                {": the same seed draws the same permutations and gives the same histogram."}
            </p>
            { controls(&ctx.player, &caption, Randperm::UNIT) }
        </>
    }
}


/// The run's embed link, through [`Route`]; the machine is named only off
/// its default, so the CM-5's link reads as it always has.
fn embed_link(r: &RandpermRun) -> String {
    let mut settings = vec![
        ("count".to_string(), r.costs.len().to_string()),
        ("p".to_string(), r.key.p.to_string()),
        ("bytes".to_string(), r.key.bytes.to_string()),
        ("seed".to_string(), r.key.seed.to_string()),
    ];
    if r.key.machine == Machine::Ipsc860 {
        settings.push(("machine".to_string(), "ipsc860".to_string()));
    }
    Route::Embed {
        figure: "randperm".into(),
        query: settings,
    }
    .to_hash()
}
