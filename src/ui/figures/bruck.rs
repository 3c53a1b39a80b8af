//! The view of `bruck`: a table of every processor's p positions at the
//! player's stage, each cell the block "source→destination", green once at
//! its destination, with the blocks the step just moved outlined.

use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::book::figures::bruck::{Bruck, BruckRun, BruckSettings, Stage};
use crate::ui::parts::grid::{GridCell, GridProps, Tone, grid};
use crate::ui::parts::standard::plain_figure;
use crate::ui::player::controls;
use std::rc::Rc;
use yew::prelude::*;

impl FigureView for Bruck {
    fn view(props: &FigureProps, ctx: &Ctx<BruckRun>, _: &BruckSettings, _: &Shared) -> Html {
        plain_figure(props, ctx, "the steps", |r| view(ctx, r))
    }
}

fn view(ctx: &Ctx<BruckRun>, r: &BruckRun) -> Html {
    let p = r.p;
    let stage = r.stage(ctx.pos);
    let table = r.table(stage);
    let cells: Vec<GridCell> = table
        .iter()
        .enumerate()
        .flat_map(|(row, blocks)| {
            blocks.iter().map(move |&((s, d), moved)| GridCell {
                text: format!("{s}→{d}"),
                tone: if d as usize == row {
                    Tone::Green
                } else if moved {
                    Tone::Orange
                } else {
                    Tone::Blue
                },
                marked: moved,
            })
        })
        .collect();
    let (heading, caption) = match stage {
        Stage::Start => (
            "destination",
            format!(
                "Each of the {p} processors starts with one block for every destination, in the order of the destinations (its own block among them). Step on: the first rotation."
            ),
        ),
        Stage::Rotated => (
            "position q",
            "First rotation, a local copy: processor r puts its block for d at position (d − r) mod p, so position q holds the block that must travel q places to the right.".to_string(),
        ),
        Stage::Step(k) => (
            "position q",
            {
            let dist = 1usize << (k - 1);
            let n = r.bruck.step_blocks()[k - 1];
            format!(
                "Step {k} of {}: every processor sends the {n} blocks at the positions whose bit {} is set (outlined) to processor r + {dist} mod {p} in one message, and receives the same positions from r − {dist}.{}",
                r.bruck.steps.len(),
                k - 1,
                if k == r.bruck.steps.len() {
                    " Every block is now at its destination (green), at position q = destination − source."
                } else {
                    ""
                }
            )
            },
        ),
        Stage::Done => (
            "source",
            "Last reordering, a local copy: position q of processor d holds the block from d − q, which goes to index d − q (a rotation and a reversal), the order of the sources. Done: ⌈lg p⌉ messages per processor, each of about p/2 blocks.".to_string(),
        ),
    };
    let table = grid(&GridProps {
        rows: p,
        cols: p,
        cells: Rc::new(cells),
        row_labels: (0..p).map(|j| format!("P{j}")).collect(),
        col_labels: (0..p).map(|c| c.to_string()).collect(),
        caption: format!(
            "Blocks source→destination held by each processor, by {heading}; green: at its destination; outlined: moved in this step"
        )
        .into(),
    });
    html! {
        <>
            <div class="table-scroll">{ table }</div>
            { controls(&ctx.player, &caption, "stage") }
        </>
    }
}
