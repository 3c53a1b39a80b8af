//! The view of `alltoallmap`: a table of process counts by block sizes,
//! each cell the chooser's algorithm, coloured by the book's exchange it
//! is (the same colour for MPICH's "brucks", Open MPI's "modified_bruck"
//! and the model's Bruck).

use super::FigureView;
use super::host::{Ctx, FigureProps, Shared};
use crate::book::figures::alltoallmap::{Alltoallmap, Chooser, MODEL_MAX_P, Map, MapSettings, PS, SIZES};
use crate::core::algo::cm5::exchange::Exchange;
use crate::ui::parts::grid::{GridCell, GridProps, Tone, grid};
use crate::ui::parts::standard::plain_figure;
use std::rc::Rc;
use yew::prelude::*;

impl FigureView for Alltoallmap {
    fn view(props: &FigureProps, ctx: &Ctx<Map>, _: &MapSettings, _: &Shared) -> Html {
        plain_figure(props, ctx, "the map", view)
    }
}

fn tone(e: Exchange) -> Tone {
    match e {
        Exchange::Bruck | Exchange::Rex => Tone::Orange,
        Exchange::Linear => Tone::Blue,
        Exchange::Shift => Tone::Green,
        Exchange::Pex | Exchange::Bex => Tone::Purple,
        Exchange::Lex => Tone::Muted,
    }
}

/// "1 KB", "256 B", "1 MB".
fn size(b: u64) -> String {
    match b {
        b if b >= 1 << 20 => format!("{} MB", b >> 20),
        b if b >= 1 << 10 => format!("{} KB", b >> 10),
        b => format!("{b} B"),
    }
}

fn view(m: &Rc<Map>) -> Html {
    let cells: Vec<GridCell> = m
        .cells
        .iter()
        .flat_map(|row| {
            row.iter().map(|c| match c {
                // A break after Open MPI's underscores ("modified_bruck")
                // lets the grid fit the column instead of scrolling.
                Some(c) => GridCell {
                    text: c.name.replace('_', "_\u{200b}"),
                    tone: tone(c.exchange),
                    marked: false,
                },
                None => GridCell {
                    text: "—".into(),
                    tone: Tone::Muted,
                    marked: false,
                },
            })
        })
        .collect();
    let who = match m.by {
        Chooser::Mpich => "MPICH's MPI_Alltoall".to_string(),
        Chooser::OpenMpi => "Open MPI 4.1's MPI_Alltoall (its fixed rule)".to_string(),
        Chooser::Model => format!(
            "the contention model with the CM-5's rates (the fastest of the seven; up to {MODEL_MAX_P} processors)"
        ),
    };
    let table = grid(&GridProps {
        rows: PS.len(),
        cols: SIZES.len(),
        cells: Rc::new(cells),
        row_labels: PS.iter().map(|p| format!("p = {p}")).collect(),
        col_labels: SIZES.iter().map(|&b| size(b)).collect(),
        caption: format!(
            "The algorithm chosen by {who}, by processes (rows) and block size (columns); colour: Bruck or REX (orange), the linear burst (blue), the shift (green), PEX or BEX (purple), LEX (grey)"
        )
        .into(),
    });
    html! { <div class="table-scroll map-grid">{ table }</div> }
}
