//! The `redist_sweep` figure: step counts and GDM-predicted times of the
//! direct, indirect, best hybrid and multiphase plans for every K from 2
//! to P (paper 003, §5, Figures 14-15), prime K marked. Stepping adds one
//! K at a time and the caption compares the four at that K.

use super::super::figure::{self, Ctx, Parts};
use super::{Figure, Key, Out};
use crate::book::redist_params::{ELEMENT_BYTES, read_sweep};
use crate::chart::{Chart, Mark};
use crate::core::redist::cost::PlanCost;
use crate::core::redist::sweep::{self, Sweep, SweepRow};
use crate::core::redist::winner::count;
use crate::ui::chart::ChartView;
use crate::ui::player::controls;
use std::rc::Rc;
use yew::prelude::*;

fn note(key: &str) -> &'static str {
    match key {
        "p" => "at most 128 here: every K prices every schedule's exact plan",
        "n" => "Figure 14: 1.6 MB, i.e. 400 000 elements",
        "machine" => "GDM parameters T_d and τ_d of §5 (modern: an assumed order of magnitude)",
        _ => "",
    }
}

/// The sweep figure.
pub fn parts() -> Parts {
    super::parts(Figure {
        key: |v| {
            let (k, notices) = read_sweep(v);
            (figure::Key::Redist(Key::Sweep(k)), notices)
        },
        start_at_end: true,
        note,
        what: "every K's plans",
        view: show,
    })
}

fn show(ctx: &Ctx, out: &Out) -> Html {
    match out {
        Out::Sweep(s) => view(ctx, s),
        _ => html! {},
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

fn view(ctx: &Ctx, s: &Sweep) -> Html {
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
