//! How the book shows a recomputed value beside the printed one: a grid
//! cell "ours | printed (×ratio) ✓", and a verdict on a claim, each saying
//! in words (✓/✗) what its colour says.

use super::grid::{GridCell, Tone};
use crate::chart::format_value;
use yew::prelude::*;

/// A recomputed value beside the printed one, with their ratio and, when
/// the comparison has a tolerance, whether it holds (`within`); a
/// comparison without one is toned neutrally and carries no mark.
pub fn compared(ours: f64, printed: f64, within: Option<bool>, marked: bool) -> GridCell {
    let (mark, tone) = match within {
        Some(true) => (" ✓", Tone::Green),
        Some(false) => (" ✗", Tone::Yellow),
        None => ("", Tone::Sky),
    };
    GridCell {
        text: format!(
            "{} | {printed} (×{:.2}){mark}",
            format_value(ours),
            ours / printed
        ),
        tone,
        marked,
    }
}

/// A verdict as the tables print it: a tick or a cross and the words.
pub fn verdict(holds: bool, words: &str) -> Html {
    let (mark, class) = if holds {
        ("✓", "verdict verdict-holds")
    } else {
        ("✗", "verdict verdict-differs")
    };
    html! { <span class={class}><span aria-hidden="true">{mark}{" "}</span>{words.to_string()}</span> }
}
