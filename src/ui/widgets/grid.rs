//! A small table of numbers with coloured cells: CCOM's rows, the tables of
//! a redistribution, a phase table. Each cell has a text, a tone (one of a
//! few background colours from the theme, safe for colour-blind readers)
//! and a mark for "this step touched it". Unlike the matrix canvas this is
//! real HTML: readable by screen readers, selectable, printable.
//!
//! For tables past a few thousand cells use `MatrixView` instead.

use std::rc::Rc;
use yew::prelude::*;

/// Background tones; the CSS gives each a light and a dark variant.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tone {
    #[default]
    Plain,
    Blue,
    Orange,
    Green,
    Yellow,
    Purple,
    Sky,
    /// Greyed out (inactive, −1, nothing).
    Muted,
}

impl Tone {
    /// The cell's CSS class, also the name of its colour variable (`--…`).
    pub fn class(self) -> &'static str {
        match self {
            Tone::Plain => "",
            Tone::Blue => "tone-blue",
            Tone::Orange => "tone-orange",
            Tone::Green => "tone-green",
            Tone::Yellow => "tone-yellow",
            Tone::Purple => "tone-purple",
            Tone::Sky => "tone-sky",
            Tone::Muted => "tone-muted",
        }
    }

    /// A tone for group number `k` (e.g. a G×G submatrix), cycling.
    pub fn group(k: usize) -> Tone {
        [
            Tone::Blue,
            Tone::Orange,
            Tone::Green,
            Tone::Purple,
            Tone::Sky,
            Tone::Yellow,
        ][k % 6]
    }
}

/// One cell.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GridCell {
    pub text: String,
    pub tone: Tone,
    /// Drawn with a heavy outline: changed or examined in this step.
    pub marked: bool,
}

/// Props of [`Grid`].
#[derive(Properties, PartialEq)]
pub struct GridProps {
    pub rows: usize,
    pub cols: usize,
    /// `rows × cols` cells, row-major (missing cells render empty).
    pub cells: Rc<Vec<GridCell>>,
    /// Row headings (e.g. "P3", "row 2"); empty for none.
    #[prop_or_default]
    pub row_labels: Vec<String>,
    #[prop_or_default]
    pub col_labels: Vec<String>,
    /// What the table shows, for screen readers and print.
    pub caption: AttrValue,
}

/// The table.
#[component]
pub fn Grid(props: &GridProps) -> Html {
    let head = (!props.col_labels.is_empty()).then(|| {
        html! {
            <thead><tr>
                if !props.row_labels.is_empty() { <th></th> }
                { for props.col_labels.iter().map(|c| html! { <th scope="col">{c.clone()}</th> }) }
            </tr></thead>
        }
    });
    let rows = (0..props.rows).map(|r| {
        let label = props.row_labels.get(r).map(|l| html! { <th scope="row">{l.clone()}</th> });
        html! {
            <tr>
                { for label }
                { for (0..props.cols).map(|c| {
                    let cell = props.cells.get(r * props.cols + c).cloned().unwrap_or_default();
                    html! { <td class={classes!(cell.tone.class(), cell.marked.then_some("marked"))}>{cell.text}</td> }
                }) }
            </tr>
        }
    });
    html! {
        <div class="grid-wrap">
            <table class="grid">
                <caption>{props.caption.clone()}</caption>
                { for head }
                <tbody>{ for rows }</tbody>
            </table>
        </div>
    }
}
