//! The view of `redist_sweep`: the four schedules' step counts and
//! GDM-predicted times for every K, stepping one K at a time.

use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::book::figures::redist_sweep::{RedistSweep, RedistSweepSettings};
use crate::book::inputs::redist::ELEMENT_BYTES;
use crate::chart::{Chart, Mark};
use crate::core::redist::cost::PlanCost;
use crate::core::redist::sweep::{self, KSweep, SweepRow};
use crate::core::redist::winner::count;
use crate::ui::chart::ChartView;
use crate::ui::parts::redist::redist_figure;
use crate::ui::player::controls;
use std::rc::Rc;
use yew::prelude::*;

impl FigureView for RedistSweep {
    fn view(props: &FigureProps, ctx: &Ctx<KSweep>, _: &RedistSweepSettings, _: &Shared) -> Html {
        redist_figure(props, ctx, "every K's plans", |s| view(ctx, s))
    }
}

/// The four schedules' series and the prime-K markers, for one measure.
fn chart(title: String, y: &str, rows: &[SweepRow], of: fn(&PlanCost) -> f64) -> Rc<Chart> {
    let line = |pick: fn(&SweepRow) -> &PlanCost| -> Vec<(f64, f64)> {
        rows.iter().map(|r| (r.k as f64, of(pick(r)))).collect()
    };
    let primes = rows
        .iter()
        .filter(|r| r.prime)
        .map(|r| (r.k as f64, of(&r.multiphase)))
        .collect();
    let mut c = Chart::new(&title, "expansion factor K", y)
        .with("direct", Mark::Line, 0, line(|r| &r.direct))
        .with("indirect", Mark::Line, 1, line(|r| &r.indirect))
        .with("hybrid, best degree", Mark::Line, 2, line(|r| &r.hybrid))
        .with("multiphase", Mark::Line, 3, line(|r| &r.multiphase))
        .with("K prime (multiphase = direct)", Mark::Points, 4, primes);
    c.height = 320;
    Rc::new(c)
}

fn view(ctx: &Ctx<KSweep>, s: &KSweep) -> Html {
    let pos = ctx.pos.min(s.rows.len());
    let rows = &s.rows[..pos];
    let config = &s.config;
    let steps = chart(
        format!("Communication steps on P = {} processors", config.p),
        "steps",
        rows,
        |c| c.steps as f64,
    );
    let times = chart(
        format!(
            "Predicted time on {}, N = {} elements of {ELEMENT_BYTES} bytes",
            config.gdm.title(),
            count(config.n)
        ),
        "predicted time (ms)",
        rows,
        |c| c.us / 1000.0,
    );
    let caption = match pos.checked_sub(1).and_then(|i| s.rows.get(i)) {
        Some(row) => sweep::caption(config, row),
        None => format!(
            "Nothing priced yet: step forward to add K = 2, 3, …, {} one at a time.",
            config.p
        ),
    };
    html! {
        <>
            <ChartView chart={steps} filename="redistribution-steps.svg" />
            <ChartView chart={times} filename="redistribution-times.svg" />
            { controls(&ctx.player, &caption, "step") }
        </>
    }
}
