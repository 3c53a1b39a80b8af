//! The view of `exchanges`: the table of partners, a row per step as in
//! Tables 1-3 of paper 004 (on more than 16 processors only the player's
//! step, folded into rows of 16), coloured by the level of the fat tree a
//! meeting climbs to, with each step's contention f(i) and time.

use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::book::figures::exchanges::{ExchangeRun, ExchangeSettings, Exchanges};
use crate::chart::format_value;
use crate::ui::parts::compare::verdict;
use crate::ui::parts::standard::plain_figure;
use crate::ui::parts::grid::{GridCell, GridProps, Tone, grid};
use crate::ui::parts::report::refused;
use crate::ui::player::controls;
use std::rc::Rc;
use yew::prelude::*;

/// Processors printed as whole rows of the table at most.
const WHOLE: usize = 16;

impl FigureView for Exchanges {
    fn view(props: &FigureProps, ctx: &Ctx<ExchangeRun>, _: &ExchangeSettings, _: &Shared) -> Html {
        plain_figure(props, ctx, "the plan", |r| view(ctx, r))
    }
}

/// Tone of a meeting by the level of the fat tree it climbs to.
fn level_tone(a: usize, b: usize) -> Tone {
    match ExchangeRun::level(a, b) {
        0 => Tone::Muted,
        1 => Tone::Blue,
        2 => Tone::Orange,
        3 => Tone::Green,
        4 => Tone::Purple,
        _ => Tone::Sky,
    }
}

/// Processor j's partner in one step (`→ d` for LEX's one-way sends).
fn partner(step: &[(usize, usize)], j: usize, one_way: bool) -> Option<(String, usize)> {
    step.iter().find_map(|&(a, b)| match (a == j, b == j) {
        (true, _) if one_way => Some((format!("→{b}"), b)),
        (true, _) => Some((b.to_string(), b)),
        (_, true) if !one_way => Some((a.to_string(), a)),
        _ => None,
    })
}

fn view(ctx: &Ctx<ExchangeRun>, r: &ExchangeRun) -> Html {
    let plan = match &r.plan {
        Ok(p) => p,
        Err(why) => return refused(why),
    };
    let p = plan.p;
    let one_way = !plan.is_exchange();
    let k = ctx.pos;
    let cell = |step: &[(usize, usize)], j: usize, marked: bool| match partner(step, j, one_way) {
        Some((text, q)) => GridCell {
            text,
            tone: level_tone(j, q),
            marked,
        },
        None => GridCell {
            text: "—".into(),
            tone: Tone::Muted,
            marked,
        },
    };
    let table = if p <= WHOLE {
        let steps = plan.steps.len();
        let cells: Vec<GridCell> = plan
            .steps
            .iter()
            .enumerate()
            .flat_map(|(i, step)| {
                let mut row: Vec<GridCell> = (0..p).map(|j| cell(step, j, k == i + 1)).collect();
                row.push(GridCell {
                    text: format_value(r.f[i]),
                    ..GridCell::default()
                });
                row.push(GridCell {
                    text: format_value(r.step_us[i]),
                    ..GridCell::default()
                });
                row
            })
            .collect();
        let mut col_labels: Vec<String> = (0..p).map(|j| format!("P{j}")).collect();
        col_labels.extend(["f(i)".to_string(), "µs".to_string()]);
        grid(&GridProps {
            rows: steps,
            cols: p + 2,
            cells: Rc::new(cells),
            row_labels: (1..=steps).map(|i| format!("step\u{a0}{i}")).collect(),
            col_labels,
            caption: "Each processor's partner in each step; colour: the meeting stays within a cluster of 4 (blue), 16 (orange), 64 (green), 256 (purple)".into(),
        })
    } else {
        let step = k.clamp(1, plan.steps.len().max(1)) - 1;
        let pairs = plan.steps.get(step).map_or(&[][..], Vec::as_slice);
        let rows = p.div_ceil(WHOLE);
        let cells: Vec<GridCell> = (0..p).map(|j| cell(pairs, j, false)).collect();
        grid(&GridProps {
            rows,
            cols: WHOLE,
            cells: Rc::new(cells),
            row_labels: (0..rows).map(|i| format!("P{}–{}", i * WHOLE, i * WHOLE + WHOLE - 1)).collect(),
            col_labels: (0..WHOLE).map(|j| format!("+{j}")).collect(),
            caption: format!(
                "Partners in step {}: colour as above (cluster of 4 blue, 16 orange, 64 green, 256 purple)",
                step + 1
            )
            .into(),
        })
    };
    let total: f64 = r.step_us.iter().sum();
    let table_no = match (r.key.algo.name(), p) {
        ("pex", 8) => Some(1),
        ("rex", 8) => Some(2),
        ("bex", 8) => Some(3),
        _ => None,
    };
    let check = match (r.matches_published(), table_no) {
        (Some(m), Some(t)) => html! {
            <p>{format!("Paper 004's Table {t}: ")}{ verdict(m, if m { "the same meetings, step for step" } else { "the meetings differ" }) }</p>
        },
        _ => html! {},
    };
    let caption = match k.checked_sub(1).and_then(|i| plan.steps.get(i).map(|s| (i, s))) {
        None => format!(
            "{} on {p} processors: {} steps, each moving {} of {} bytes per message; the model's sum is {} ms (the paper's closed form: {} ms).",
            r.key.algo.title(),
            plan.steps.len(),
            plan.blocks,
            r.key.bytes,
            format_value(total / 1000.0),
            format_value(r.formula_us / 1000.0)
        ),
        Some((i, s)) => {
            let top = s.iter().map(|&(a, b)| ExchangeRun::level(a, b)).max().unwrap_or(0);
            let climbing = s.iter().filter(|&&(a, b)| ExchangeRun::level(a, b) == top).count();
            format!(
                "Step {}: {} meetings; {} climb to level {top} of the fat tree (a cluster of {}); contention f = {}, so the step takes {} µs.",
                i + 1,
                s.len(),
                climbing,
                4usize.pow(top),
                format_value(r.f[i]),
                format_value(r.step_us[i])
            )
        }
    };
    html! {
        <>
            <div class="table-scroll">{ table }</div>
            { check }
            { controls(&ctx.player, &caption, "step") }
        </>
    }
}
