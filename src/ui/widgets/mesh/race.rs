//! The `scatter5` widget: the five message-combining scatters of paper 001
//! (§3.2) on the same mesh, at the same superstep, with what each costs.

use super::Key;
use super::common::{coll_drawing, pick_root, raw, sub, svg};
use crate::book::coll_params;
use crate::book::params::{Notice, Values};
use crate::core::mesh::compare::{Run, five, race_caption};
use crate::core::mesh::config::{CollectiveConfig, Op};
use crate::core::mesh::figures::paper_setups;
use crate::ui::widgets::figure::{self, Ctx};
use crate::ui::widgets::grid::{GridCell, GridProps, Tone, grid};
use std::rc::Rc;
use yew::prelude::*;

/// Reads the settings (γ goes to logp-lev-rec).
pub fn key(v: &Values) -> (figure::Key, Vec<Notice>) {
    let (spec, notices) = coll_params::read(v, Op::Scatter);
    let mut cfg = CollectiveConfig::new(Op::Scatter, spec.algo, spec.mesh.rows, spec.mesh.cols);
    cfg.root = Some(spec.root);
    cfg.gamma = v.number("gamma");
    cfg.bytes = spec.bytes;
    (figure::Key::Mesh(Key::Race(cfg)), notices)
}

/// Runs the five (the settings are validated by `key`, so they always run).
pub fn run(cfg: CollectiveConfig) -> Vec<Run> {
    five(&cfg).unwrap_or_default()
}

/// Five small meshes at one superstep and the table of costs.
pub fn view(ctx: &Ctx, runs: &[Run]) -> (Html, String) {
    let k = ctx.pos;
    let panels = runs.iter().map(|r| {
        let n = r.trace.len();
        let mut st = r.trace.state_at(k.min(n));
        if k > n {
            // Finished: show where everything ended up, not the last sends.
            st.sends.clear();
            st.splits.clear();
        }
        let title = r.spec.title();
        let what = if k > n {
            format!("done after {n}")
        } else {
            format!("superstep {k} of {n}")
        };
        let label = format!("{title}, {what}.");
        html! {
            <div class="mesh-cell">
                { svg(&format!("{title}: {what}"), coll_drawing(&st, &r.spec, false, label).svg(260), Some(pick_root(ctx))) }
            </div>
        }
    });
    let cell = |t: String, tone: Tone| GridCell {
        text: t,
        tone,
        marked: false,
    };
    let cells: Vec<GridCell> = runs
        .iter()
        .flat_map(|r| {
            let done = if k >= r.trace.len() {
                Tone::Green
            } else {
                Tone::Plain
            };
            [
                cell(r.trace.len().to_string(), done),
                cell(r.setups.to_string(), Tone::Plain),
                cell(
                    paper_setups(&r.spec).map_or("–".into(), |p| p.to_string()),
                    Tone::Plain,
                ),
                cell(format!("{} B", r.largest), Tone::Plain),
                cell(format!("{:.2} ms", r.predicted_us / 1000.0), Tone::Plain),
            ]
        })
        .collect();
    let caption = race_caption(runs, k);
    let table = grid(&GridProps {
        rows: runs.len(),
        cols: 5,
        cells: Rc::new(cells),
        row_labels: runs.iter().map(|r| r.spec.title()).collect::<Vec<_>>(),
        col_labels: [
            "supersteps",
            "set-ups",
            "paper's set-ups",
            "largest message",
            "Delta model",
        ]
        .map(String::from)
        .to_vec(),
        caption: "The five at a glance".into(),
    });
    (
        html! {
            <>
                <div class="mesh-multiples">{ for panels }</div>
                { table }
                { raw(sub("Green: finished by this superstep. The paper counts set-ups on 16×16 only.")) }
            </>
        },
        caption,
    )
}
