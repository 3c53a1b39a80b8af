//! The view of `ccom`: COM beside CCOM as Figure 5 builds it, row by row,
//! and what CGM costs after either compaction.

use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::book::figures::ccom::{Ccom, CcomSettings, CompactionRun};
use crate::core::algo::Run;
use crate::core::algo::ccom::{self, CcomEvent, CcomState, RowOrder};
use crate::core::algo::cgm;
use crate::core::algo::masking::paper_int;
use crate::ui::parts::ccom_table::{CcomTable, tone_legend};
use crate::ui::parts::edit_form::EditForm;
use crate::ui::parts::grid::{GridCell, GridProps, Tone, grid};
use crate::ui::parts::matrix::{Cell, MatrixView, swatches};
use crate::ui::parts::matrix_figure::{clear_cb, matrix_figure, readout, toggle_cb};
use crate::ui::player::controls;
use crate::ui::theme::Theme;
use std::rc::Rc;
use yew::prelude::*;

impl FigureView for Ccom {
    fn view(
        props: &FigureProps,
        ctx: &Ctx<CompactionRun>,
        _: &CcomSettings,
        shared: &Shared,
    ) -> Html {
        matrix_figure(props, ctx, shared, "the compaction", view)
    }
}

fn view(
    props: &FigureProps,
    ctx: &Ctx<CompactionRun>,
    run: &CompactionRun,
    theme: Theme,
    hover: &UseStateHandle<Option<(usize, usize)>>,
) -> Html {
    let n = run.com.n();
    let state = run.trace.state_at(ctx.pos);
    let events = run.trace.events(ctx.pos);
    let copying = matches!(events.first(), Some(CcomEvent::CopyRow { .. }));
    let current = state.row;
    // COM: rows already copied, the row of this step, rows still to come.
    let mut cells = vec![Cell::Empty; n * n];
    for m in run.com.messages() {
        cells[m.src * n + m.dst] = match current {
            Some(r) if m.src < r => Cell::Done,
            Some(r) if m.src == r => Cell::Now,
            _ => Cell::Msg,
        };
    }
    let swapped: Vec<usize> = state
        .swaps
        .iter()
        .filter(|(a, b)| a != b)
        .flat_map(|&(a, b)| [a, b])
        .collect();
    let mark = |r: usize, z: usize| match current {
        Some(c) if c == r && copying && (z as i32) <= state.pvt[r] => Some(Tone::Green),
        Some(c) if c == r && swapped.contains(&z) => Some(Tone::Orange),
        _ => None,
    };
    let table = CcomTable {
        width: state.width,
        ccom: &state.ccom,
        pvt: &state.pvt,
        sendl: None,
        focus: current,
    };
    let shuffle_text = match (current, events.first()) {
        (Some(r), Some(CcomEvent::Shuffle { .. })) => {
            let row = |s: &CcomState| -> String {
                let w = s.width;
                let len = (s.pvt[r] + 1).max(0) as usize;
                let v: Vec<String> = s.ccom[r * w..r * w + len]
                    .iter()
                    .map(|&y| paper_int(y as i64))
                    .collect();
                v.join(" ")
            };
            let before = run.trace.state_at(ctx.pos - 1);
            Some(format!(
                "Row {r} before: {}; after: {}",
                row(&before),
                row(&state)
            ))
        }
        _ => None,
    };
    let on_hover = {
        let hover = hover.clone();
        Some(Callback::from(move |c| hover.set(c)))
    };
    let label = format!(
        "COM, {n} by {n}: rows already copied into CCOM, the row of this step, and rows still to copy."
    );
    let caption = ccom::caption(events);
    html! {
        <>
            <div class="matrix-wrap">
                <div class="matrix-col">
                    <MatrixView rows={n} cols={n} cells={Rc::new(cells)} {theme}
                        on_click={Some(toggle_cb(ctx, &run.matrix))} {on_hover} {label} />
                    { swatches(&[(Cell::Msg, "not yet copied"), (Cell::Now, "this step's row"), (Cell::Done, "copied")]) }
                    <p class="hover-readout" aria-live="off">{ readout(&run.com, **hover) }</p>
                </div>
                <div class="matrix-side">
                    { table.view(&mark) }
                    { tone_legend(&[(Tone::Blue, false, "destination"), (Tone::Muted, false, "−1, inactive"),
                        (Tone::Green, true, "just copied"), (Tone::Orange, true, "moved by Random_Swap")]) }
                    if let Some(t) = shuffle_text { <p class="pairs" tabindex="0">{t}</p> }
                    { effect(run) }
                    <EditForm figure={props.id.clone()} {n} on_toggle={toggle_cb(ctx, &run.matrix)}
                        edits={run.matrix.flips.len()} on_clear={clear_cb(ctx, &run.matrix)} />
                </div>
            </div>
            { controls(&ctx.player, &caption, "step") }
        </>
    }
}

/// CGM's cost after this compaction, with and without the shuffle.
fn effect(run: &CompactionRun) -> Html {
    let m = run.com.len();
    let figures = |r: &Run| {
        [
            r.schedule.len().to_string(),
            r.probes.to_string(),
            cgm::collisions(r, m).to_string(),
        ]
    };
    let (on, off) = (figures(&run.shuffled), figures(&run.sorted));
    let chosen = |sorted: bool| {
        if sorted == (run.order == RowOrder::Sorted) {
            Tone::Sky
        } else {
            Tone::Plain
        }
    };
    let cells: Vec<GridCell> = (0..3)
        .flat_map(|i| {
            [
                GridCell {
                    text: on[i].clone(),
                    tone: chosen(false),
                    marked: false,
                },
                GridCell {
                    text: off[i].clone(),
                    tone: chosen(true),
                    marked: false,
                },
            ]
        })
        .collect();
    let caption = format!(
        "CGM on this matrix ({m} messages) after either compaction (tinted: this figure's setting):"
    );
    grid(&GridProps {
        rows: 3,
        cols: 2,
        cells: Rc::new(cells),
        row_labels: vec![
            "permutations".to_string(),
            "probes".into(),
            "collisions".into(),
        ],
        col_labels: vec!["Random_Swap on".to_string(), "off".into()],
        caption: caption.into(),
    })
}
