//! The view of `links`: the i-th linear, XOR and balanced permutation as
//! link-load heat maps, and each scheme's max_load and sum_load.

use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::book::figures::links::{Links, LinksSettings, LoadRun};
use crate::chart::mesh::{Arrow, MeshDrawing};
use crate::core::mesh::load_view::{SCHEMES, caption};
use crate::core::net::mesh::Mesh;
use crate::core::published::hambrusch as paper;
use crate::ui::parts::grid::{GridCell, GridProps, grid};
use crate::ui::parts::mesh::{mesh_figure, raw, sub, svg};
use std::rc::Rc;
use yew::prelude::*;

impl FigureView for Links {
    fn view(props: &FigureProps, ctx: &Ctx<LoadRun>, _: &LinksSettings, _: &Shared) -> Html {
        mesh_figure(props, ctx, "the permutations", view)
    }
}

/// The paper's values for a √p × √p mesh with √p a multiple of 4 (§5.1).
fn published(m: &Mesh, scheme: usize) -> String {
    let p = m.rows * m.cols;
    if m.rows != m.cols || !m.rows.is_multiple_of(4) {
        return "–".into();
    }
    match scheme {
        0 => format!("{} / –", paper::linear_xor_max_load(p)),
        1 => format!(
            "{} / {:.0}",
            paper::linear_xor_max_load(p),
            paper::xor_sum_load(p)
        ),
        _ => format!(
            "{} / {}",
            paper::balanced_max_load(p),
            paper::balanced_sum_load(p)
        ),
    }
}

/// Three heat maps at one permutation index and the schemes' totals.
fn view(ctx: &Ctx<LoadRun>, run: &LoadRun) -> (Html, String) {
    let st = run.trace.state_at(ctx.pos);
    let m = st.mesh;
    let p = m.rows * m.cols;
    let top = run
        .end
        .schemes
        .iter()
        .map(|s| s.loads.max_load)
        .max()
        .unwrap_or(0);
    let panels = SCHEMES.iter().zip(&st.schemes).map(|(name, s)| {
        let what = match (&s.perm, st.index) {
            (_, 0) => format!("{} permutations", s.count),
            (Some(_), i) => format!("Π{i}: load {}", s.loads.load),
            (None, _) => format!("none (only {})", s.count),
        };
        let mut d = MeshDrawing::new(m.rows, m.cols, format!("{name} permutation, {what}."));
        d.links = s.loads.link_load.clone();
        d.heat_max = top;
        d.ids = p <= 16;
        if p <= 16 {
            d.arrows = s
                .perm
                .iter()
                .flat_map(|perm| perm.iter().enumerate())
                .filter_map(|(x, d)| {
                    d.map(|d| Arrow {
                        src: x,
                        dst: d,
                        label: None,
                        title: format!("P{x} → P{d}"),
                    })
                })
                .collect();
        }
        html! {
            <div class="mesh-cell">{ svg(&format!("{name}: {what}"), d.svg(280), None) }</div>
        }
    });
    let text = |t: String| GridCell {
        text: t,
        ..Default::default()
    };
    let cells: Vec<GridCell> = run
        .end
        .schemes
        .iter()
        .enumerate()
        .flat_map(|(i, s)| {
            [
                text(s.count.to_string()),
                text(s.loads.max_load.to_string()),
                text(s.loads.sum_load.to_string()),
                text(published(&m, i)),
            ]
        })
        .collect();
    let caption = caption(&st);
    let table = grid(&GridProps {
        rows: 3,
        cols: 4,
        cells: Rc::new(cells),
        row_labels: SCHEMES.map(String::from).to_vec(),
        col_labels: ["permutations", "max_load", "sum_load", "§5.1 (max / sum)"]
            .map(String::from)
            .to_vec(),
        caption: format!(
            "All permutations on the {}×{} mesh, XY routing",
            m.rows, m.cols
        )
        .into(),
    });
    (
        html! {
            <>
                <div class="mesh-multiples">{ for panels }</div>
                { table }
                { raw(sub(&format!("The three heat maps share one scale: the thickest links carry {top} messages."))) }
            </>
        },
        caption,
    )
}
