//! CCOM as a table of numbers (paper 000, Figures 5-6), for the compaction
//! and the GM/CGM figures: the destinations of each row, −1 where
//! inactive, the row's `pvt` and, during the iterations, its `sendl`.
//!
//! Past 16 rows only a window of 16 rows around the row being worked on is
//! printed, so a 128-row CCOM stays readable (and cheap to redraw); the
//! caption says which rows are shown.

use super::grid::{GridCell, GridProps, Tone, grid};
use crate::core::algo::masking::paper_int;
use std::rc::Rc;
use yew::prelude::*;

/// Rows printed at most.
const WINDOW: usize = 16;

/// The rows printed of `n`: all of them up to [`WINDOW`], else a window of
/// that many around the row `focus` being worked on.
pub fn window(n: usize, focus: Option<usize>) -> std::ops::Range<usize> {
    let first = match focus {
        Some(f) if n > WINDOW => f.saturating_sub(WINDOW / 2).min(n - WINDOW),
        _ => 0,
    };
    first..first + n.min(WINDOW)
}

/// What to print.
pub struct CcomTable<'a> {
    /// Columns of CCOM.
    pub width: usize,
    /// Row-major cells, −1 where inactive.
    pub ccom: &'a [i32],
    pub pvt: &'a [i32],
    /// This iteration's `sendl`, printed as a last column when given.
    pub sendl: Option<&'a [i32]>,
    /// The row the step works on: kept in the window and its `pvt` marked.
    pub focus: Option<usize>,
}

impl CcomTable<'_> {
    /// The table; `mark(row, col)` returns a tone for cells this step
    /// touched (they are also outlined).
    pub fn view(&self, mark: &dyn Fn(usize, usize) -> Option<Tone>) -> Html {
        let n = self.pvt.len();
        let shown = window(n, self.focus);
        let (first, rows) = (shown.start, shown.len());
        let extra = 1 + self.sendl.is_some() as usize;
        let cols = self.width + extra;
        let mut cells = Vec::with_capacity(rows * cols);
        for r in first..first + rows {
            for z in 0..self.width {
                let v = self.ccom[r * self.width + z];
                let (tone, marked) = match mark(r, z) {
                    Some(t) => (t, true),
                    None if v < 0 => (Tone::Muted, false),
                    None => (Tone::Blue, false),
                };
                cells.push(GridCell {
                    text: paper_int(v as i64),
                    tone,
                    marked,
                });
            }
            let focused = self.focus == Some(r);
            cells.push(GridCell {
                text: paper_int(self.pvt[r] as i64),
                tone: Tone::Plain,
                marked: focused,
            });
            if let Some(s) = self.sendl {
                cells.push(GridCell {
                    text: paper_int(s[r] as i64),
                    tone: if s[r] >= 0 { Tone::Green } else { Tone::Plain },
                    marked: false,
                });
            }
        }
        let mut col_labels: Vec<String> = (0..self.width).map(|z| z.to_string()).collect();
        col_labels.push("pvt".into());
        if self.sendl.is_some() {
            col_labels.push("sendl".into());
        }
        let caption = if rows < n {
            format!(
                "CCOM rows {first}–{} of 0–{} (the rows around the one being worked on); columns 0–{}.",
                first + rows - 1,
                n - 1,
                self.width.saturating_sub(1)
            )
        } else {
            format!("CCOM, {n} rows × {} columns.", self.width)
        };
        grid(&GridProps {
            rows,
            cols,
            cells: Rc::new(cells),
            row_labels: (first..first + rows)
                .map(|r| r.to_string())
                .collect::<Vec<_>>(),
            col_labels,
            caption: caption.into(),
        })
    }
}

/// Swatches naming what the table's tones mean; `true` adds the outline
/// of a cell the step touched.
pub fn tone_legend(items: &[(Tone, bool, &'static str)]) -> Html {
    let item = |&(t, marked, text): &(Tone, bool, &'static str)| {
        let outline = if marked {
            "; outline: 2px solid var(--focus); outline-offset: -2px"
        } else {
            ""
        };
        let style = format!("background: var(--{}){outline}", t.class());
        html! { <li><span class="swatch" {style} aria-hidden="true"></span>{text}</li> }
    };
    html! { <ul class="legend">{ for items.iter().map(item) }</ul> }
}
