//! The printed tables of the five papers (all but paper 003's Table 1),
//! recomputed by the core.
//!
//! One function feeds both the book's appendix (the `reproduce` figure) and
//! `commbook reproduce`: [`plan`] lists, for the papers asked for, the
//! tables and, for each table, the rows still to compute; [`Reproduce`]
//! computes one row per step (so the browser can show progress and cancel
//! a long run) and yields the [`Table`]s. A cell holds the published value,
//! ours and a [`Verdict`] decided by the table's [`Rule`]:
//!
//! - *matches*: equal to the printed digits (or the same text);
//! - *within*: inside the table's stated tolerance;
//! - *explained*: outside it for a reason the book states beside the cell
//!   (a misprint in the paper, inputs the paper did not publish, a limit of
//!   the model, named per cell and pinned by the tests);
//! - *differs*: outside it with no explanation. `commbook reproduce` exits
//!   with status 1 when any cell differs.
//!
//! The papers' own modules say what each number is ([`crate::published`]);
//! `p000` … `p004` here say how ours is obtained.

mod build;
mod p000;
mod p001;
mod p002;
mod p003;
mod p004;
mod render;
mod table;
#[cfg(test)]
mod tests;

pub use render::{render_text, summary_line};
pub use table::{Cell, Line, Row, Rule, Table, Value, Verdict, all_ok, counts_line, fmt_num};

use build::Pending;
pub(crate) use build::RowBuilder;

use crate::step::{Progress, Stepper};
use std::collections::VecDeque;

/// The five papers, by the number the book cites them with.
pub const PAPERS: [&str; 5] = ["000", "001", "002", "003", "004"];

/// Which papers and tables to recompute.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    /// A paper ("000" … "004"); all when `None`.
    pub paper: Option<String>,
    /// A table id (e.g. "001-fig9"); all of the paper's when `None`.
    pub table: Option<String>,
}

/// Why a selection is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownSelection(pub String);

impl std::fmt::Display for UnknownSelection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The ids of every table, in the appendix's order.
pub fn table_ids() -> Vec<&'static str> {
    pending_all().iter().map(|p| p.table.id).collect()
}

fn pending_all() -> Vec<Pending> {
    let mut all = p000::tables();
    all.extend(p001::tables());
    all.extend(p002::tables());
    all.extend(p003::tables());
    all.extend(p004::tables());
    all
}

/// The tables a selection asks for, not yet computed.
pub fn plan(sel: &Selection) -> Result<Reproduce, UnknownSelection> {
    if let Some(p) = &sel.paper
        && !PAPERS.contains(&p.as_str())
    {
        return Err(UnknownSelection(format!(
            "no paper '{p}': the papers are {}",
            PAPERS.join(", ")
        )));
    }
    let tables: Vec<Pending> = pending_all()
        .into_iter()
        .filter(|t| sel.paper.as_deref().is_none_or(|p| t.table.paper == p))
        .filter(|t| sel.table.as_deref().is_none_or(|id| t.table.id == id))
        .collect();
    if tables.is_empty() {
        let id = sel.table.as_deref().unwrap_or_default();
        return Err(UnknownSelection(format!(
            "no table '{id}'{}: the tables are {}",
            sel.paper
                .as_deref()
                .map(|p| format!(" in paper {p}"))
                .unwrap_or_default(),
            table_ids().join(", ")
        )));
    }
    let total = tables.iter().map(|t| t.jobs.len() as u64).sum();
    Ok(Reproduce {
        pending: tables.into(),
        done: Vec::new(),
        total,
        finished: 0,
    })
}

/// Computes the tables of [`plan`], one row per step.
pub struct Reproduce {
    pending: VecDeque<Pending>,
    done: Vec<Table>,
    total: u64,
    finished: u64,
}

impl Stepper for Reproduce {
    type Output = Vec<Table>;

    fn step(&mut self) -> bool {
        let Some(front) = self.pending.front_mut() else {
            return false;
        };
        if front.jobs.is_empty() {
            let t = self.pending.pop_front().expect("front exists");
            self.done.push(t.table);
        } else {
            let job = front.jobs.remove(0);
            if let Some(row) = job() {
                front.table.rows.push(row);
            }
            self.finished += 1;
        }
        !self.pending.is_empty()
    }

    fn progress(&self) -> Progress {
        Progress {
            done: self.finished,
            total: self.total,
        }
    }

    fn finish(mut self: Box<Self>) -> Vec<Table> {
        while self.step() {}
        self.done
    }
}

/// Recomputes the selection to the end (the CLI's path).
pub fn reproduce(sel: &Selection) -> Result<Vec<Table>, UnknownSelection> {
    Ok(crate::step::run(Box::new(plan(sel)?)))
}
