//! The view of `crossover`: the 1-level and the combining algorithm's
//! times against message size under the Delta model (or the reader's
//! rates), Figure 9's printed points where they apply, the crossover
//! marked, and the player's message size as a cursor.

use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::book::figures::crossover::{Crossover, CrossoverRun, CrossoverSettings, step_sizes};
use crate::chart::{Chart, LegendAt, Mark, Scale, format_value};
use crate::ui::chart::ChartView;
use crate::ui::parts::standard::plain_figure;
use crate::ui::player::controls;
use std::rc::Rc;
use yew::prelude::*;

impl FigureView for Crossover {
    fn view(props: &FigureProps, ctx: &Ctx<CrossoverRun>, _: &CrossoverSettings, _: &Shared) -> Html {
        plain_figure(props, ctx, "the curves", |r| view(ctx, r))
    }
}

fn view(ctx: &Ctx<CrossoverRun>, r: &CrossoverRun) -> Html {
    let key = &r.key;
    let (a, b) = (key.direct.name(), key.combining.name());
    let sizes = step_sizes();
    let at = ctx.pos.checked_sub(1).and_then(|i| sizes.get(i)).copied();
    let line = |ms: &[f64]| -> Vec<(f64, f64)> {
        r.sizes
            .iter()
            .zip(ms)
            .filter(|(_, y)| y.is_finite())
            .map(|(&x, &y)| (x, y))
            .collect()
    };
    let mut chart = Chart {
        x_scale: Scale::Log,
        y_scale: Scale::Log,
        legend: LegendAt::Below,
        cursor: at.map(|l| l as f64),
        ..Chart::new(
            &format!("All-to-all on a {}×{} mesh: {a} against {b}", key.rows, key.cols),
            "actual message size L (bytes)",
            "time (ms)",
        )
    };
    chart = chart
        .with(&format!("{a}, model"), Mark::Line, 0, line(&r.direct_ms))
        .with(&format!("{b}, model"), Mark::Line, 1, line(&r.combining_ms));
    if let Some((pa, pb)) = &r.printed {
        let pts = |p: &[Option<f64>]| -> Vec<(f64, f64)> {
            sizes
                .iter()
                .zip(p)
                .filter_map(|(&l, v)| Some((l as f64, (*v)?)))
                .collect()
        };
        chart = chart
            .with(&format!("{a}, Figure 9"), Mark::Points, 0, pts(pa))
            .with(&format!("{b}, Figure 9"), Mark::Points, 1, pts(pb));
    }
    let crossing = match r.crossings.as_slice() {
        [] => "the curves do not cross between 16 bytes and 16 KB".to_string(),
        [x] => format!("the curves cross near L = {} bytes", format_value(*x)),
        xs => format!(
            "the curves cross {} times, near {} bytes",
            xs.len(),
            xs.iter().map(|x| format_value(*x)).collect::<Vec<_>>().join(", ")
        ),
    };
    let crossing = match r.printed_crossings().as_deref() {
        Some([x]) => format!("{crossing} (Figure 9's printed times cross near {} bytes)", format_value(*x)),
        _ => crossing,
    };
    let caption = match at {
        None => format!(
            "Under these rates {crossing}. Step through Figure 9's message sizes to compare the two."
        ),
        Some(l) => {
            let (d, c) = r.at(l);
            let (win, ratio) = if c < d { (b, d / c) } else { (a, c / d) };
            format!(
                "L = {l} bytes: {a} {} ms, {b} {} ms; {win} is faster by ×{:.2}. Overall, {crossing}.",
                format_value(d),
                format_value(c),
                ratio
            )
        }
    };
    html! {
        <>
            <ChartView chart={Rc::new(chart)} filename="alltoall-crossover.svg" />
            <p class="repro-method">{format!(
                "Rates: o_s = {} µs, o_r = {} µs, g_s = {} ns/B, g_r = {} ns/B, g_l = {} ns/B, λ = {} µs.",
                format_value(key.cost.send_setup_us), format_value(key.cost.recv_setup_us),
                format_value(key.cost.send_us_per_byte * 1000.0), format_value(key.cost.recv_us_per_byte * 1000.0),
                format_value(key.cost.link_us_per_byte * 1000.0), format_value(key.cost.superstep_us))}</p>
            { controls(&ctx.player, &caption, "message size") }
        </>
    }
}
