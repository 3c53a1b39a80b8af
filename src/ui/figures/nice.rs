//! The view of `nice`: CCOM as the RS scheduler walks it (the active
//! entries of each row with the bytes still to send, the probe of this
//! step and why it failed, each row's partner in the phase), the largest
//! transfer of every phase issued so far, and the four schedulers' totals.

use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::book::figures::nice::{Nice, NiceRun, NiceSettings, Traced};
use crate::chart::{Chart, Mark, format_value};
use crate::core::algo::rs::events::{RsState, Verdict, caption};
use crate::ui::chart::ChartView;
use crate::ui::parts::standard::plain_figure;
use crate::ui::parts::ccom_table::window;
use crate::ui::parts::grid::{GridCell, GridProps, Tone, grid};
use crate::ui::parts::report::refused;
use crate::ui::player::controls;
use std::rc::Rc;
use yew::prelude::*;

impl FigureView for Nice {
    fn view(props: &FigureProps, ctx: &Ctx<NiceRun>, _: &NiceSettings, _: &Shared) -> Html {
        plain_figure(props, ctx, "the schedule", |r| view(ctx, r))
    }
}

fn view(ctx: &Ctx<NiceRun>, r: &NiceRun) -> Html {
    let t = match &r.traced {
        Ok(t) => t,
        Err(why) => return refused(why),
    };
    let st = t.trace.state_at(ctx.pos);
    let events = t.trace.events(ctx.pos);
    let text = if ctx.pos == 0 {
        format!(
            "{}: CCOM holds every message with its size in bytes. Step to build the phases.",
            r.variant.title()
        )
    } else {
        caption(events)
    };
    html! {
        <>
            <div class="table-scroll">{ ccom(&st) }</div>
            <div class="charts">{ phases_chart(t, &st) }</div>
            { totals(r) }
            { controls(&ctx.player, &text, "step") }
        </>
    }
}

/// CCOM with the bytes left of each entry, the probe, and `send`.
fn ccom(st: &RsState) -> Html {
    let n = st.ccom.len();
    let width = st.ccom.iter().map(Vec::len).max().unwrap_or(0).max(1);
    let shown = window(n, st.row);
    let (first, rows) = (shown.start, shown.len());
    let cols = width + 1;
    let mut cells = Vec::with_capacity(rows * cols);
    for i in first..first + rows {
        for z in 0..width {
            let cell = match (st.ccom[i].get(z), &st.probe) {
                (Some(e), Some((row, col, _, verdict))) if (*row, *col) == (i, z) => GridCell {
                    text: format!("{}·{}", e.dst, e.left),
                    tone: if *verdict == Verdict::Free {
                        Tone::Green
                    } else {
                        Tone::Orange
                    },
                    marked: true,
                },
                (Some(e), _) => GridCell {
                    text: format!("{}·{}", e.dst, e.left),
                    tone: if e.offset > 0 { Tone::Purple } else { Tone::Blue },
                    marked: false,
                },
                (None, _) => GridCell {
                    text: "−1".into(),
                    tone: Tone::Muted,
                    marked: false,
                },
            };
            cells.push(cell);
        }
        cells.push(GridCell {
            text: st.send[i].map_or("—".into(), |d| d.to_string()),
            tone: if st.send[i].is_some() { Tone::Green } else { Tone::Plain },
            marked: st.row == Some(i),
        });
    }
    let row_labels = (first..first + rows)
        .map(|i| if st.row == Some(i) { format!("▶\u{a0}row\u{a0}{i}") } else { format!("row\u{a0}{i}") })
        .collect();
    let mut col_labels: Vec<String> = (0..width).map(|z| z.to_string()).collect();
    col_labels.push("send".into());
    let shown = if rows < n {
        format!(" (rows {} to {} of {n})", first, first + rows - 1)
    } else {
        String::new()
    };
    html! {
        <>
            { grid(&GridProps {
                rows,
                cols,
                cells: Rc::new(cells),
                row_labels,
                col_labels,
                caption: format!(
                    "CCOM in phase {}{shown}: each active entry is destination·bytes left (purple: the rest of a cut message); the probe of this step is outlined, green if taken, orange if its receiver or a link is busy; the last column is the row's partner in this phase",
                    st.phase.max(1)
                ).into(),
            }) }
        </>
    }
}

/// The largest transfer of each phase issued so far, and the cap.
fn phases_chart(t: &Traced, st: &RsState) -> Html {
    let done = st.phases_done.min(t.phase_max.len());
    let pts: Vec<(f64, f64)> = t.phase_max[..done]
        .iter()
        .enumerate()
        .map(|(k, &b)| ((k + 1) as f64, b as f64))
        .collect();
    let total: u64 = t.phase_max[..done].iter().sum();
    let chart = Chart::new(
        &format!("Largest transfer of each phase: {} bytes over {done} phases so far", total),
        "phase",
        "bytes",
    )
    .with("largest transfer", Mark::Points, 0, pts);
    html! { <ChartView chart={Rc::new(chart)} filename="nice-phases.svg" /> }
}

/// The four schedulers on the same matrix.
fn totals(r: &NiceRun) -> Html {
    html! {
        <div class="table-scroll">
            <table class="data">
                <caption>{"The four schedulers on this matrix: a phase lasts as long as its largest transfer"}</caption>
                <thead><tr>
                    <th scope="col">{"scheduler"}</th><th scope="col">{"phases"}</th>
                    <th scope="col">{"Σ largest per phase (bytes)"}</th><th scope="col">{"messages cut"}</th>
                    <th scope="col">{"CM-5 model (ms)"}</th>
                </tr></thead>
                <tbody>
                    { for r.summaries.iter().map(|s| html! {
                        <tr class={(s.variant == r.variant).then_some("marked")}>
                            <th scope="row">{s.variant.title()}</th>
                            <td>{s.phases}</td><td>{s.sum_max}</td><td>{s.splits}</td>
                            <td>{format_value(s.predicted_us / 1000.0)}</td>
                        </tr>
                    }) }
                </tbody>
            </table>
        </div>
    }
}
