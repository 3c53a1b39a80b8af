//! The `gmcgm` widget: GM (paper 000, Figure 4) and CGM (Figure 6) on the
//! same matrix, stepped by one player on one work clock
//! (`core::algo::duel`): each step moves whichever algorithm has made fewer
//! probes so far, so at every position the two have done the same work and
//! the counters compare what that work bought.

use super::WidgetProps;
use super::ccom_table::{CcomTable, tone_legend};
use super::com::{clear_cb, matrix_figure, readout, toggle_cb};
use super::compaction::row_order;
use super::edit_form::EditForm;
use super::figure::{self, Ctx, Out, Parts};
use super::grid::{GridCell, GridProps, Tone, grid};
use super::matrix::{Cell, MatrixView, swatches};
use crate::book::matrix_params::{MatrixBuild, MatrixParams};
use crate::book::params::{Notice, Values};
use crate::core::algo::ccom::RowOrder;
use crate::core::algo::cgm::CgmState;
use crate::core::algo::duel::{self, Duel, DuelConfig};
use crate::core::algo::gm::{GmState, Scan};
use crate::core::com::Com;
use crate::core::lockstep::Side;
use crate::core::step::{Immediate, Stepper, then};
use crate::ui::player::controls;
use crate::ui::theme::Theme;
use std::rc::Rc;
use yew::prelude::*;

/// Both runs on one matrix.
pub struct DuelRun {
    com: Rc<Com>,
    params: MatrixParams,
    duel: Duel,
}

/// The matrix, GM's scan and CCOM's row order.
pub type Key = (MatrixParams, Scan, RowOrder);

fn key(v: &Values) -> (figure::Key, Vec<Notice>) {
    let (p, notes) = MatrixParams::read(v);
    let scan = Scan::parse(v.choice("scan")).unwrap_or_default();
    (figure::Key::Duel((p, scan, row_order(v))), notes)
}

/// Builds the matrix, then runs both.
pub fn make(k: &Key) -> Box<dyn Stepper<Output = Out>> {
    let (params, scan, order) = k.clone();
    Box::new(then(MatrixBuild::new(params.clone()), move |built| {
        Immediate::new(move || {
            let cfg = DuelConfig {
                seed: params.seed,
                scan,
                order,
            };
            Out::Duel(DuelRun {
                duel: duel::run(&built.com, &cfg),
                com: Rc::new(built.com),
                params,
            })
        })
    }))
}

impl DuelRun {
    /// Steps on the shared clock.
    pub fn len(&self) -> usize {
        self.duel.len()
    }
}

/// The GM/CGM figure.
pub fn parts() -> Parts {
    Parts {
        key,
        start_at_end: false,
        view: Box::new(|props, ctx, shared| {
            matrix_figure(props, ctx, shared, &note, "GM and CGM", view)
        }),
    }
}

fn note(k: &str) -> String {
    match k {
        "n" => "at most 128 here: GM's trace grows with n²".into(),
        "d" => "at most 64 here: GM takes 226 000 steps at n = 128, d = 64".into(),
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
    let Out::Duel(run) = out else {
        return html! {};
    };
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
    let d = run.params.d as f64;
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
                        on_click={Some(toggle_cb(ctx, &run.params))} {on_hover} {label} />
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
                    <EditForm widget={props.id.clone()} {n} on_toggle={toggle_cb(ctx, &run.params)}
                        edits={run.params.flips.len()} on_clear={clear_cb(ctx, &run.params)} />
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
