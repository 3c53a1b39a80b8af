//! A small table of numbers with coloured cells: CCOM's rows, the tables of
//! a redistribution, a phase table. Each cell has a text, a tone (one of a
//! few background colours from the theme, safe for colour-blind readers)
//! and a mark for "this step touched it". Unlike the matrix canvas this is
//! real HTML: readable by screen readers, selectable, printable.
//!
//! For tables past a few thousand cells use `MatrixView` instead.

use crate::chart::esc;
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
    grid(props)
}

/// The table, for callers that have no use for a component of their own:
/// the markup is written as a string, which costs the wasm far less than
/// the same elements built with `html!`, and each component type brings its
/// own copy of Yew's lifecycle code.
pub fn grid(props: &GridProps) -> Html {
    let mut out = format!(
        r#"<div class="grid-wrap"><table class="grid"><caption>{}</caption>"#,
        esc(&props.caption)
    );
    if !props.col_labels.is_empty() {
        out.push_str("<thead><tr>");
        if !props.row_labels.is_empty() {
            // The corner heads nothing: a data cell, not an empty header
            // (axe's empty-table-header).
            out.push_str("<td></td>");
        }
        for c in &props.col_labels {
            out.push_str(&format!(r#"<th scope="col">{}</th>"#, esc(c)));
        }
        out.push_str("</tr></thead>");
    }
    out.push_str("<tbody>");
    for r in 0..props.rows {
        out.push_str("<tr>");
        if let Some(l) = props.row_labels.get(r) {
            out.push_str(&format!(r#"<th scope="row">{}</th>"#, esc(l)));
        }
        for c in 0..props.cols {
            let cell = props.cells.get(r * props.cols + c);
            let text = cell.map_or("", |c| &c.text);
            let classes: Vec<&str> = cell
                .map(|c| [c.tone.class(), if c.marked { "marked" } else { "" }])
                .into_iter()
                .flatten()
                .filter(|c| !c.is_empty())
                .collect();
            let class = if classes.is_empty() {
                String::new()
            } else {
                format!(r#" class="{}""#, classes.join(" "))
            };
            out.push_str(&format!("<td{class}>{}</td>", esc(text)));
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table></div>");
    Html::from_html_unchecked(AttrValue::from(out))
}
