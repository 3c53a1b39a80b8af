//! The view of `gmcgm`: GM scanning COM beside CGM searching CCOM, on one
//! clock counted in probes, with their counters side by side.

use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::book::figures::gmcgm::{DuelRun, Gmcgm, GmcgmSettings};
use crate::core::algo::cgm::CgmState;
use crate::core::algo::gm::GmState;
use crate::core::com::Com;
use crate::core::lockstep::Side;
use crate::ui::parts::ccom_table::{CcomTable, tone_legend};
use crate::ui::parts::edit_form::EditForm;
use crate::ui::parts::grid::{GridCell, GridProps, Tone, grid};
use crate::ui::parts::matrix::{Cell, MatrixView, swatches};
use crate::ui::parts::matrix_figure::{clear_cb, matrix_figure, readout, toggle_cb};
use crate::ui::player::controls;
use crate::ui::theme::Theme;
use std::rc::Rc;
use yew::prelude::*;

impl FigureView for Gmcgm {
    fn view(props: &FigureProps, ctx: &Ctx<DuelRun>, _: &GmcgmSettings, shared: &Shared) -> Html {
        matrix_figure(props, ctx, shared, "GM and CGM", view)
    }
}

fn view(
    props: &FigureProps,
    ctx: &Ctx<DuelRun>,
    run: &DuelRun,
    theme: Theme,
    hover: &UseStateHandle<Option<(usize, usize)>>,
) -> Html {
    let n = run.com.n();
    let (g, c) = run.duel.states(ctx.pos);
    let mover = run.duel.mover(ctx.pos);
    let on_hover = {
        let hover = hover.clone();
        Some(Callback::from(move |c| hover.set(c)))
    };
    let label = format!(
        "GM on COM, {n} by {n}, after {} probes: {} of {} messages sent.",
        g.probes,
        g.sent,
        run.com.len()
    );
    let d = run.matrix.d as f64;
    let note = format!(
        "Not on the clock: before its first iteration CGM compacted COM, reading its n² = {} entries once. \
         Eq. 1 puts one CGM iteration at about n·ln d + n = {:.0} probes; a GM iteration visits up to n² = {}.",
        run.duel.compaction_reads(),
        n as f64 * d.ln() + n as f64,
        n * n
    );
    html! {
        <>
            <div class="matrix-wrap">
                { counters(&g, &c, run.com.len(), mover) }
                <p class="control-note matrix-side">{note}</p>
            </div>
            <div class="matrix-wrap">
                <div class="matrix-col">
                    <h4>{"GM scans COM"}</h4>
                    <MatrixView rows={n} cols={n} cells={Rc::new(gm_cells(&run.com, &g))} {theme}
                        on_click={Some(toggle_cb(ctx, &run.matrix))} {on_hover} {label} />
                    { swatches(&[(Cell::Msg, "waiting"), (Cell::Done, "sent earlier"),
                        (Cell::Now, "claimed in this iteration"), (Cell::Idle, "zero visited now (wasted)"),
                        (Cell::Probe, "probed now: receiver taken")]) }
                    <p class="hover-readout" aria-live="off">{ readout(&run.com, **hover) }</p>
                </div>
                <div class="matrix-side">
                    <h4>{"CGM searches CCOM"}</h4>
                    { cgm_table(&c) }
                    { tone_legend(&[(Tone::Blue, false, "destination"), (Tone::Muted, false, "−1"),
                        (Tone::Orange, true, "probed now: receiver taken"),
                        (Tone::Green, true, "claimed; the last entry moved into its hole"),
                        (Tone::Yellow, true, "the last entry's old place, now −1")]) }
                    <EditForm figure={props.id.clone()} {n} on_toggle={toggle_cb(ctx, &run.matrix)}
                        edits={run.matrix.flips.len()} on_clear={clear_cb(ctx, &run.matrix)} />
                </div>
            </div>
            { controls(&ctx.player, &run.duel.caption(ctx.pos), "step") }
        </>
    }
}

/// The two algorithms' counters side by side; the column of the one that
/// moved in this step is tinted.
fn counters(g: &GmState, c: &CgmState, messages: usize, mover: Option<Side>) -> Html {
    let rows: [(&str, String, String); 6] = [
        ("iteration", g.iter.to_string(), c.iter.to_string()),
        (
            "permutations done",
            g.phases.to_string(),
            c.phases.to_string(),
        ),
        (
            "messages claimed",
            format!("{} of {messages}", g.sent),
            format!("{} of {messages}", c.sent),
        ),
        ("probes", g.probes.to_string(), c.probes.to_string()),
        ("wasted visits (zeros)", g.wasted.to_string(), "0".into()),
        (
            "collisions",
            g.collisions.to_string(),
            c.collisions.to_string(),
        ),
    ];
    let tone = |side| {
        if mover == Some(side) {
            Tone::Sky
        } else {
            Tone::Plain
        }
    };
    let cells: Vec<GridCell> = rows
        .iter()
        .flat_map(|(_, a, b)| {
            [
                GridCell {
                    text: a.clone(),
                    tone: tone(Side::A),
                    marked: false,
                },
                GridCell {
                    text: b.clone(),
                    tone: tone(Side::B),
                    marked: false,
                },
            ]
        })
        .collect();
    grid(&GridProps {
        rows: 6,
        cols: 2,
        cells: Rc::new(cells),
        row_labels: rows.iter().map(|r| r.0.to_string()).collect::<Vec<_>>(),
        col_labels: vec!["GM".to_string(), "CGM".into()],
        caption: "So far, for the same number of probes (the one that just moved is tinted):"
            .into(),
    })
}

/// COM as GM sees it now.
fn gm_cells(com: &Com, g: &GmState) -> Vec<Cell> {
    let n = com.n();
    let mut cells = vec![Cell::Empty; n * n];
    for m in com.messages() {
        let k = m.src * n + m.dst;
        cells[k] = if g.com[k] { Cell::Msg } else { Cell::Done };
    }
    for (x, &y) in g.sendl.iter().enumerate() {
        if y >= 0 {
            cells[x * n + y as usize] = Cell::Now;
        }
    }
    if let (Some(r), Some((from, to))) = (g.row, g.cols) {
        for col in from..to.min(n) {
            // A zero now (never a message, or one sent earlier) is a
            // wasted visit; a message still there was a collision.
            let k = r * n + col;
            if cells[k] != Cell::Now {
                cells[k] = if g.com[k] { Cell::Probe } else { Cell::Idle };
            }
        }
    }
    cells
}

/// CCOM as CGM sees it now, with this step's probe or hole marked.
fn cgm_table(c: &CgmState) -> Html {
    let table = CcomTable {
        width: c.width,
        ccom: &c.ccom,
        pvt: &c.pvt,
        sendl: Some(&c.sendl),
        focus: c.row.or(c.x),
    };
    let (row, probe, fill) = (c.row, c.probe, c.fill);
    table.view(&move |r, z| {
        if row != Some(r) {
            return None;
        }
        match (fill, probe) {
            (Some((hole, _)), _) if z == hole => Some(Tone::Green),
            (Some((hole, from)), _) if z == from && from != hole => Some(Tone::Yellow),
            (None, Some((pz, _))) if z == pz => Some(Tone::Orange),
            _ => None,
        }
    })
}
