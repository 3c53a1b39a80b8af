//! The `cost` widget: the τ + Mφ model of paper 000 against Table 1's
//! measured CM-5 permutations. Stepping adds Table 1's rows one at a time
//! and refits, so the reader sees τ settle from the small messages and φ
//! from the large ones; τ and the bandwidth can also be set by hand.

use super::WidgetProps;
use super::controls::setting;
use super::figure::{self, Ctx, Out, Parts, Shared};
use super::frame::{FrameProps, frame};
use super::scaffold::Phase;
use crate::book::params::{Notice, Value, Values};
use crate::chart::{Chart, Mark, Scale, format_value};
use crate::core::cost::perm::PermCost;
use crate::core::published::ranka94::TABLE1;
use crate::core::step::{Immediate, Stepper};
use crate::ui::chart::ChartView;
use crate::ui::player::controls;
use std::rc::Rc;
use yew::prelude::*;

/// The fit after each prefix of Table 1 (`fits[k]` uses the first k rows).
pub struct Fits {
    fits: Vec<Option<PermCost>>,
}

/// The reader's own τ (µs) and bandwidth (MB/s), when set.
#[derive(Clone, PartialEq)]
pub struct Manual {
    tau: Option<f64>,
    bw: Option<f64>,
}

fn manual(v: &Values) -> Manual {
    Manual {
        tau: v.number("tau"),
        bw: v.number("bw"),
    }
}

fn key(v: &Values) -> (figure::Key, Vec<Notice>) {
    (figure::Key::Cost(manual(v)), Vec::new())
}

/// Fits τ and φ to every prefix of Table 1 (the reader's own values are
/// drawn, not fitted).
pub fn make() -> Box<dyn Stepper<Output = Out>> {
    Box::new(Immediate::new(|| {
        let pts: Vec<(u64, f64)> = TABLE1
            .iter()
            .map(|r| (r.bytes, r.ave_ms * 1000.0))
            .collect();
        Out::Cost(Fits {
            fits: (0..=pts.len()).map(|k| PermCost::fit(&pts[..k])).collect(),
        })
    }))
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

impl Fits {
    /// Steps: one per row of Table 1.
    pub fn len(&self) -> usize {
        self.fits.len() - 1
    }
}

/// The cost-model figure.
pub fn parts() -> Parts {
    Parts {
        key,
        start_at_end: true,
        view: Box::new(body),
    }
}

fn body(props: &WidgetProps, ctx: &Ctx, _: &Shared) -> Html {
    let Phase::Done(out) = &ctx.phase else {
        return html! {};
    };
    let Out::Cost(fits) = &**out else {
        return html! {};
    };
    let k = ctx.pos;
    let fit = fits.fits.get(k).copied().flatten();
    let full = fits.fits.last().copied().flatten();
    let manual = manual(&ctx.values);
    let mine = full.map(|f| PermCost {
        tau_us: manual.tau.unwrap_or(f.tau_us),
        phi_us_per_byte: manual.bw.map_or(f.phi_us_per_byte, |b| 1.0 / b),
    });
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
    let custom = manual.tau.is_some() || manual.bw.is_some();
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
    let inputs = props.spec.params.iter().map(|spec| {
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
        title: props.spec.title.into(),
        caption: props.caption.clone(),
        notices: ctx.notices.clone(),
        onkeydown: Some(ctx.player.onkeydown.clone()),
        children,
    })
}
