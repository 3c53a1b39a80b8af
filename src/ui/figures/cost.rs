//! The view of `cost`: Table 1's rows added one at a time, the τ + Mφ
//! fit after each, and the reader's own τ and bandwidth.

use super::FigureView;
use super::host::{Ctx, FigureProps, RunState, Shared};
use crate::book::figures::cost::{Cost, CostSettings, Fits};
use crate::book::params::Value;
use crate::chart::{Chart, Mark, Scale, format_value};
use crate::core::cost::perm::PermCost;
use crate::core::published::ranka94::TABLE1;
use crate::ui::chart::ChartView;
use crate::ui::parts::controls::setting;
use crate::ui::parts::frame::{FrameProps, frame};
use crate::ui::player::controls;
use std::rc::Rc;
use yew::prelude::*;

impl FigureView for Cost {
    fn view(props: &FigureProps, ctx: &Ctx<Fits>, s: &CostSettings, _: &Shared) -> Html {
        body(props, ctx, s)
    }
}

/// Message sizes at which model lines are drawn: 16 B to 256 KB, log-spaced.
fn sizes() -> Vec<f64> {
    (0..=56).map(|i| 16.0 * 2f64.powf(i as f64 / 4.0)).collect()
}

fn line(c: &PermCost) -> Vec<(f64, f64)> {
    sizes()
        .into_iter()
        .map(|m| (m, c.phase_us(m as u64)))
        .collect()
}

fn body(props: &FigureProps, ctx: &Ctx<Fits>, manual: &CostSettings) -> Html {
    let RunState::Done(fits) = &ctx.phase else {
        return html! {};
    };
    let k = ctx.pos;
    let fit = fits.fits.get(k).copied().flatten();
    let full = fits.fits.last().copied().flatten();
    let mine = full.map(|f| manual.over(f));
    let rows = &TABLE1[..k];
    let pick = |f: fn(&crate::core::published::ranka94::PermutationCost) -> f64| {
        rows.iter()
            .map(|r| (r.bytes as f64, f(r) * 1000.0))
            .collect::<Vec<_>>()
    };
    let mut chart = Chart {
        x_scale: Scale::Log,
        y_scale: Scale::Log,
        ..Chart::new(
            "One permutation on a 32-node CM-5",
            "largest message M (bytes)",
            "time (µs)",
        )
    };
    chart = chart
        .with("Table 1 average", Mark::Points, 1, pick(|r| r.ave_ms))
        .with("Table 1 max", Mark::Points, 3, pick(|r| r.max_ms))
        .with("Table 1 min", Mark::Points, 2, pick(|r| r.min_ms));
    if let Some(f) = fit {
        chart = chart.with(
            &format!("τ + Mφ fitted to {k} rows"),
            Mark::Line,
            0,
            line(&f),
        );
    }
    let custom = manual.custom();
    if let (true, Some(m)) = (custom, mine) {
        chart = chart.with("your τ and φ", Mark::Line, 4, line(&m));
    }
    let caption = match (k, fit) {
        (0, _) => {
            "No measurements yet: step forward to add Table 1's rows, smallest message first."
                .to_string()
        }
        (_, None) => format!(
            "Row 1: {} bytes took {} ms on average. One point cannot fix two unknowns; one more row is needed.",
            TABLE1[0].bytes, TABLE1[0].ave_ms
        ),
        (_, Some(f)) => {
            let r = &TABLE1[k - 1];
            format!(
                "Row {k}: {} bytes took {} ms on average. Fitting rows 1–{k} gives τ = {} µs and 1/φ = {} MB/s.",
                r.bytes,
                r.ave_ms,
                format_value(f.tau_us),
                format_value(f.bandwidth_mb_s())
            )
        }
    };
    let inputs = props.entry.params.iter().map(|spec| {
        let placeholder = match (spec.key, full) {
            ("tau", Some(f)) => format!("fit: {}", format_value(f.tau_us)),
            ("bw", Some(f)) => format!("fit: {}", format_value(f.bandwidth_mb_s())),
            _ => String::new(),
        };
        setting(props, ctx, spec, placeholder)
    });
    let reset = {
        let (set, values) = (ctx.set_values.clone(), ctx.values.clone());
        Callback::from(move |_: MouseEvent| {
            let mut next = values.clone();
            next.set("tau", Value::Number(None));
            next.set("bw", Value::Number(None));
            set.emit(next);
        })
    };
    let model = mine.or(full);
    let children = html! {
        <>
                <div class="controls">
                    { for inputs }
                    <button type="button" onclick={reset} disabled={!custom}>{"Back to the fit"}</button>
                </div>
                <ChartView chart={Rc::new(chart)} filename="cm5-permutation-cost.svg" />
                if let Some(m) = model {
                    <table class="residuals">
                        <caption>{ if custom { "Your model against Table 1" } else { "The full fit against Table 1" } }</caption>
                        <thead><tr><th>{"M (bytes)"}</th><th>{"measured (ms)"}</th><th>{"model (ms)"}</th><th>{"error"}</th></tr></thead>
                        <tbody>
                            { for TABLE1.iter().map(|r| {
                                let model_ms = m.phase_us(r.bytes) / 1000.0;
                                let err = (model_ms - r.ave_ms) / r.ave_ms * 100.0;
                                html! { <tr>
                                    <td>{r.bytes}</td><td>{format_value(r.ave_ms)}</td>
                                    <td>{format_value(model_ms)}</td><td>{format!("{err:+.1}%")}</td>
                                </tr> }
                            }) }
                        </tbody>
                    </table>
                }
                { controls(&ctx.player, &caption, "row") }
        </>
    };
    frame(&FrameProps {
        id: props.id.clone(),
        title: props.entry.title.into(),
        caption: props.caption.clone(),
        notices: ctx.notices.clone(),
        onkeydown: Some(ctx.player.onkeydown.clone()),
        children,
    })
}
