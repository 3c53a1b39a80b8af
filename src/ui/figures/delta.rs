//! The view of `delta`: the Delta model's times (or set-ups against
//! relative time) beside the printed values of paper 001's Figures 2, 5
//! and 6, and the table against the paper.

use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::book::figures::delta::{Delta, DeltaRun, DeltaSettings, Which};
use crate::chart::{Chart, Mark, Scale};
use crate::core::mesh::config::Op;
use crate::core::mesh::figures::{FIGURE5_SIZES, SizeSweep};
use crate::ui::chart::ChartView;
use crate::ui::parts::grid::{GridCell, GridProps, grid};
use crate::ui::parts::mesh::{mesh_figure, raw, sub};
use std::rc::Rc;
use yew::prelude::*;

impl FigureView for Delta {
    fn view(props: &FigureProps, ctx: &Ctx<DeltaRun>, _: &DeltaSettings, _: &Shared) -> Html {
        mesh_figure(props, ctx, "the figure", view)
    }
}

fn chart(f: &DeltaRun, s: &SizeSweep, k: usize) -> Chart {
    let Which { rows, cols, .. } = f.which;
    let mut c = if f.which.setups {
        Chart::new(
            &format!("Set-ups against time relative to 1-lev-dir, {rows}×{cols}"),
            "message set-ups",
            "time / time of 1-lev-dir",
        )
    } else {
        let what = match f.which.op {
            Op::Gather => "All-to-one",
            Op::AllToAll => "All-to-all",
            Op::Scatter => "One-to-all",
        };
        Chart::new(
            &format!("{what} on a {rows}×{cols} Delta"),
            "message size L (bytes)",
            "time (ms)",
        )
    };
    c.x_scale = Scale::Log;
    c.y_scale = Scale::Log;
    type Points = Vec<(f64, f64)>;
    let series: Vec<(String, Points, Points)> = if f.which.setups {
        FIGURE5_SIZES
            .iter()
            .take(k)
            .filter_map(|&l| s.size_index(l))
            .map(|i| {
                let all = 0..s.curves.len();
                let mut model: Points = all
                    .clone()
                    .map(|a| (s.curves[a].setups as f64, s.relative(a, i).0))
                    .collect();
                // Five points by set-up count: an insertion sort (stable, as
                // `sort_by` is) spares the wasm a copy of the standard sort.
                for i in 1..model.len() {
                    let mut j = i;
                    while j > 0 && model[j - 1].0 > model[j].0 {
                        model.swap(j - 1, j);
                        j -= 1;
                    }
                }
                let printed = all
                    .filter_map(|a| Some((s.curves[a].paper_setups? as f64, s.relative(a, i).1?)))
                    .collect();
                (format!("L = {}", s.sizes[i]), model, printed)
            })
            .collect()
    } else {
        s.curves
            .iter()
            .take(k)
            .map(|cv| {
                let at = |l: &u64| *l as f64;
                let model = s
                    .sizes
                    .iter()
                    .map(at)
                    .zip(cv.model_ms.iter().copied())
                    .collect();
                let printed = s
                    .sizes
                    .iter()
                    .zip(&cv.paper_ms)
                    .filter_map(|(l, p)| Some((at(l), (*p)?)))
                    .collect();
                (cv.title.clone(), model, printed)
            })
            .collect()
    };
    for (j, (name, model, printed)) in series.into_iter().enumerate() {
        c = c.with(&format!("{name}, model"), Mark::Line, j, model);
        if !printed.is_empty() {
            c = c.with(&format!("{name}, printed"), Mark::Points, j, printed);
        }
    }
    c
}

/// The chart, the table against the paper, and the player.
fn view(ctx: &Ctx<DeltaRun>, f: &DeltaRun) -> (Html, String) {
    let Some(s) = &f.sweep else {
        return (html! {}, "This mesh cannot run the five algorithms.".into());
    };
    let k = ctx.pos;
    let caption = if f.which.setups {
        s.setups_caption(k)
    } else {
        s.times_caption(k)
    };
    let (lo, hi) = (0, s.sizes.len() - 1);
    let text = |t: String| GridCell {
        text: t,
        ..Default::default()
    };
    let opt = |v: Option<f64>| v.map_or("–".to_string(), |v| format!("{v:.2}"));
    let cells: Vec<GridCell> = s
        .curves
        .iter()
        .flat_map(|c| {
            [
                text(c.setups.to_string()),
                text(c.paper_setups.map_or("–".into(), |p| p.to_string())),
                text(format!("{:.2}", c.model_ms[lo])),
                text(opt(c.paper_ms[lo])),
                text(format!("{:.1}", c.model_ms[hi])),
                text(opt(c.paper_ms[hi])),
                text(c.factor().map_or("–".into(), |x| format!("×{x:.2}"))),
            ]
        })
        .collect();
    let cols = [
        "set-ups".to_string(),
        "paper".to_string(),
        format!("{} B model", s.sizes[lo]),
        "printed".to_string(),
        format!("{} B model", s.sizes[hi]),
        "printed".to_string(),
        "off by".to_string(),
    ];
    let table = grid(&GridProps {
        rows: s.curves.len(),
        cols: 7,
        cells: Rc::new(cells),
        row_labels: s.curves.iter().map(|c| c.title.clone()).collect::<Vec<_>>(),
        col_labels: cols.to_vec(),
        caption: "Model against paper".into(),
    });
    (
        html! {
            <>
                <ChartView chart={Rc::new(chart(f, s, k))} filename="delta-collectives.svg" />
                { table }
                { raw(sub("Times in ms. 'Off by' is the model's typical factor from the printed row (e to the root-mean-square log error).")) }
            </>
        },
        caption,
    )
}
