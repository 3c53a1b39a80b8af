//! The `ccom` widget: watch Figure 5 of paper 000 turn COM into CCOM row
//! by row, each copy followed by its `Random_Swap`, on a generated matrix
//! or one the reader edits; beside it, what CGM then costs with and
//! without the shuffle.

use super::WidgetProps;
use super::ccom_table::{CcomTable, tone_legend};
use super::com::{clear_cb, matrix_figure, readout, toggle_cb};
use super::edit_form::EditForm;
use super::figure::{self, Ctx, Out, Parts};
use super::grid::{GridCell, GridProps, Tone, grid};
use super::matrix::{Cell, MatrixView, swatches};
use crate::book::matrix_params::{MatrixBuild, MatrixParams};
use crate::book::params::{Notice, Values};
use crate::core::algo::Run;
use crate::core::algo::ccom::{self, CcomEvent, CcomState, RowOrder};
use crate::core::algo::cgm;
use crate::core::algo::masking::paper_int;
use crate::core::com::Com;
use crate::core::rng::Rng;
use crate::core::step::{Immediate, Stepper, then};
use crate::core::trace::Trace;
use crate::ui::player::controls;
use crate::ui::theme::Theme;
use std::rc::Rc;
use yew::prelude::*;

/// The `shuffle` setting.
pub fn row_order(v: &Values) -> RowOrder {
    match v.choice("shuffle") {
        "off" => RowOrder::Sorted,
        _ => RowOrder::Shuffled,
    }
}

/// The compaction of one matrix, and CGM's cost after it.
pub struct CompactionRun {
    com: Rc<Com>,
    params: MatrixParams,
    order: RowOrder,
    trace: Trace<CcomState>,
    /// CGM after compacting with and without `Random_Swap`.
    shuffled: Run,
    sorted: Run,
}

/// The matrix and the row order the figure shows.
pub type Key = (MatrixParams, RowOrder);

fn key(v: &Values) -> (figure::Key, Vec<Notice>) {
    let (p, notes) = MatrixParams::read(v);
    (figure::Key::Ccom((p, row_order(v))), notes)
}

/// Builds the matrix, compacts it and runs CGM both ways.
pub fn make(k: &Key) -> Box<dyn Stepper<Output = Out>> {
    let (params, order) = k.clone();
    Box::new(then(MatrixBuild::new(params.clone()), move |built| {
        Immediate::new(move || {
            let com = built.com;
            let seed = params.seed;
            // The same draws as CGM's own compaction with this seed.
            let (_, trace) = ccom::trace_ordered(&com, &mut Rng::new(seed), order);
            Out::Ccom(CompactionRun {
                shuffled: cgm::run_ordered(&com, seed, RowOrder::Shuffled),
                sorted: cgm::run_ordered(&com, seed, RowOrder::Sorted),
                com: Rc::new(com),
                params,
                order,
                trace,
            })
        })
    }))
}

impl CompactionRun {
    /// Steps in the compaction's trace.
    pub fn len(&self) -> usize {
        self.trace.len()
    }
}

/// The compaction figure.
pub fn parts() -> Parts {
    Parts {
        key,
        start_at_end: false,
        view: Box::new(|props, ctx, shared| {
            matrix_figure(props, ctx, shared, &note, "the compaction", view)
        }),
    }
}

fn note(k: &str) -> String {
    match k {
        "n" => "at most 128 here: CCOM is printed as numbers".into(),
        _ => String::new(),
    }
}

fn view(
    props: &WidgetProps,
    ctx: &Ctx,
    out: &Out,
    theme: Theme,
    hover: &UseStateHandle<Option<(usize, usize)>>,
) -> Html {
    let Out::Ccom(run) = out else {
        return html! {};
    };
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
                        on_click={Some(toggle_cb(ctx, &run.params))} {on_hover} {label} />
                    { swatches(&[(Cell::Msg, "not yet copied"), (Cell::Now, "this step's row"), (Cell::Done, "copied")]) }
                    <p class="hover-readout" aria-live="off">{ readout(&run.com, **hover) }</p>
                </div>
                <div class="matrix-side">
                    { table.view(&mark) }
                    { tone_legend(&[(Tone::Blue, false, "destination"), (Tone::Muted, false, "−1, inactive"),
                        (Tone::Green, true, "just copied"), (Tone::Orange, true, "moved by Random_Swap")]) }
                    if let Some(t) = shuffle_text { <p class="pairs">{t}</p> }
                    { effect(run) }
                    <EditForm widget={props.id.clone()} {n} on_toggle={toggle_cb(ctx, &run.params)}
                        edits={run.params.flips.len()} on_clear={clear_cb(ctx, &run.params)} />
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
