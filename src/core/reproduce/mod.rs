//! Every printed table of the five papers, recomputed by the core.
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

mod p000;
mod p001;
mod p002;
mod p003;
mod p004;
mod render;
#[cfg(test)]
mod tests;

pub use render::{render_text, summary_line};

use crate::step::{Progress, Stepper};
use serde::Serialize;
use std::collections::VecDeque;

/// The five papers, by the number the book cites them with.
pub const PAPERS: [&str; 5] = ["000", "001", "002", "003", "004"];

/// A value as a table prints it: a number with the digits to show, or text.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Value {
    Number(f64),
    Text(String),
}

impl Value {
    /// The number, if it is one.
    pub fn number(&self) -> Option<f64> {
        match self {
            Value::Number(x) => Some(*x),
            Value::Text(_) => None,
        }
    }
}

/// How ours is judged against the published value.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "value")]
pub enum Rule {
    /// Equal, to the given number of decimals the paper prints.
    Digits(u32),
    /// Within this relative difference (0.05 = 5 %).
    Relative(f64),
    /// Within this factor either way (2.0 = half to twice).
    Factor(f64),
    /// Text compared as is.
    Same,
}

impl Rule {
    /// The tolerance in words, as the appendix prints it.
    pub fn describe(self) -> String {
        match self {
            Rule::Digits(0) => "equal to the printed integer".into(),
            Rule::Digits(d) => format!("equal to the printed {d} decimals"),
            Rule::Relative(r) => format!("within {} %", fmt_num(r * 100.0)),
            Rule::Factor(f) => format!("within a factor of {}", fmt_num(f)),
            Rule::Same => "the same entries".into(),
        }
    }

    /// Whether `ours` passes against `published`: `Some(true)` if it is
    /// exactly the printed value, `Some(false)` inside the tolerance, `None`
    /// outside.
    fn judge(self, published: &Value, ours: &Value) -> Option<bool> {
        match (self, published, ours) {
            (Rule::Same, a, b) => (a == b).then_some(true),
            (_, Value::Number(p), Value::Number(o)) => {
                let scale = 10f64.powi(match self {
                    Rule::Digits(d) => d as i32,
                    _ => 2,
                });
                if (p * scale).round() == (o * scale).round() {
                    return Some(true);
                }
                let inside = match self {
                    Rule::Digits(_) | Rule::Same => false,
                    Rule::Relative(r) => (o - p).abs() <= r * p.abs(),
                    Rule::Factor(f) => *p > 0.0 && *o > 0.0 && (o / p).max(p / o) <= f,
                };
                inside.then_some(false)
            }
            _ => (published == ours).then_some(true),
        }
    }
}

/// The verdict on one cell.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "reason")]
pub enum Verdict {
    /// Equal to what is printed.
    Matches,
    /// Inside the table's tolerance.
    Within,
    /// Outside the tolerance, for the reason given.
    Explained(String),
    /// Outside the tolerance, unexplained.
    Differs,
}

impl Verdict {
    /// Whether the cell is acceptable (everything but [`Verdict::Differs`]).
    pub fn ok(&self) -> bool {
        !matches!(self, Verdict::Differs)
    }

    /// One word for the verdict.
    pub fn word(&self) -> &'static str {
        match self {
            Verdict::Matches => "matches",
            Verdict::Within => "within",
            Verdict::Explained(_) => "explained",
            Verdict::Differs => "differs",
        }
    }

    /// The mark the tables print: ✓ matches or within, ! explained, ✗ differs.
    pub fn mark(&self) -> &'static str {
        match self {
            Verdict::Matches | Verdict::Within => "✓",
            Verdict::Explained(_) => "!",
            Verdict::Differs => "✗",
        }
    }
}

/// One cell: the printed value, ours, and the verdict.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Cell {
    pub column: String,
    pub published: Value,
    pub ours: Value,
    pub verdict: Verdict,
}

impl Cell {
    /// Ours minus published, for numbers.
    pub fn difference(&self) -> Option<f64> {
        Some(self.ours.number()? - self.published.number()?)
    }

    /// Ours over published, for positive numbers.
    pub fn ratio(&self) -> Option<f64> {
        let (o, p) = (self.ours.number()?, self.published.number()?);
        (p != 0.0).then(|| o / p)
    }
}

/// One row of a table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Row {
    pub label: String,
    pub cells: Vec<Cell>,
}

/// A recomputed table or tabulated figure.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Table {
    /// The paper, e.g. "001".
    pub paper: &'static str,
    /// A stable id, e.g. "001-fig9": the appendix's anchors and the
    /// `table` setting use it.
    pub id: &'static str,
    /// The table as the paper names it, e.g. "Figure 9".
    pub name: &'static str,
    /// What it holds.
    pub title: &'static str,
    /// Where the paper prints it.
    pub source: &'static str,
    /// How ours is obtained.
    pub method: String,
    pub rule: Rule,
    /// The rule in words.
    pub tolerance: String,
    pub rows: Vec<Row>,
}

impl Table {
    /// Every cell.
    pub fn cells(&self) -> impl Iterator<Item = &Cell> {
        self.rows.iter().flat_map(|r| &r.cells)
    }

    /// Cells per verdict: (matches, within, explained, differs).
    pub fn counts(&self) -> [usize; 4] {
        let mut c = [0; 4];
        for cell in self.cells() {
            c[match cell.verdict {
                Verdict::Matches => 0,
                Verdict::Within => 1,
                Verdict::Explained(_) => 2,
                Verdict::Differs => 3,
            }] += 1;
        }
        c
    }

    /// Whether no cell differs without an explanation.
    pub fn ok(&self) -> bool {
        self.cells().all(|c| c.verdict.ok())
    }
}

/// Whether every cell of every table is acceptable.
pub fn all_ok(tables: &[Table]) -> bool {
    tables.iter().all(Table::ok)
}

/// Builds the cells of one row against a table's rule.
pub(crate) struct RowBuilder {
    rule: Rule,
    row: Row,
}

impl RowBuilder {
    pub(crate) fn new(rule: Rule, label: impl Into<String>) -> Self {
        RowBuilder {
            rule,
            row: Row {
                label: label.into(),
                cells: Vec::new(),
            },
        }
    }

    /// A cell judged by the rule; outside it, [`Verdict::Differs`] unless
    /// `why` explains it.
    pub(crate) fn cell(
        &mut self,
        column: impl Into<String>,
        published: Value,
        ours: Value,
        why: Option<String>,
    ) -> &mut Self {
        let verdict = match self.rule.judge(&published, &ours) {
            Some(true) => Verdict::Matches,
            Some(false) => Verdict::Within,
            None => why.map_or(Verdict::Differs, Verdict::Explained),
        };
        self.row.cells.push(Cell {
            column: column.into(),
            published,
            ours,
            verdict,
        });
        self
    }

    /// A numeric cell.
    pub(crate) fn num(
        &mut self,
        column: impl Into<String>,
        published: f64,
        ours: f64,
    ) -> &mut Self {
        self.cell(column, Value::Number(published), Value::Number(ours), None)
    }

    /// A numeric cell with the reason it may fall outside the tolerance.
    pub(crate) fn num_why(
        &mut self,
        column: impl Into<String>,
        published: f64,
        ours: f64,
        why: impl Into<String>,
    ) -> &mut Self {
        self.cell(
            column,
            Value::Number(published),
            Value::Number(ours),
            Some(why.into()),
        )
    }

    /// A text cell.
    pub(crate) fn text(
        &mut self,
        column: impl Into<String>,
        published: impl Into<String>,
        ours: impl Into<String>,
    ) -> &mut Self {
        self.cell(
            column,
            Value::Text(published.into()),
            Value::Text(ours.into()),
            None,
        )
    }

    pub(crate) fn done(&mut self) -> Row {
        std::mem::replace(
            &mut self.row,
            Row {
                label: String::new(),
                cells: Vec::new(),
            },
        )
    }
}

/// A row still to compute, or (`None`) work shared by later rows, done in
/// a step of its own so that no step of the browser's run is long.
pub(crate) type RowJob = Box<dyn FnOnce() -> Option<Row>>;

/// A table before its rows are computed.
pub(crate) struct Pending {
    pub table: Table,
    pub jobs: Vec<RowJob>,
}

impl Pending {
    pub(crate) fn new(
        paper: &'static str,
        id: &'static str,
        name: &'static str,
        title: &'static str,
        source: &'static str,
        method: impl Into<String>,
        rule: Rule,
    ) -> Self {
        Pending {
            table: Table {
                paper,
                id,
                name,
                title,
                source,
                method: method.into(),
                rule,
                tolerance: rule.describe(),
                rows: Vec::new(),
            },
            jobs: Vec::new(),
        }
    }

    /// Overrides the tolerance's wording (when it differs by cell).
    pub(crate) fn tolerance(mut self, words: impl Into<String>) -> Self {
        self.table.tolerance = words.into();
        self
    }

    pub(crate) fn row(mut self, job: impl FnOnce() -> Row + 'static) -> Self {
        self.jobs.push(Box::new(move || Some(job())));
        self
    }

    /// Work that later rows share (filling a cache they read), as a step
    /// of its own.
    pub(crate) fn prepare(mut self, job: impl FnOnce() + 'static) -> Self {
        self.jobs.push(Box::new(move || {
            job();
            None
        }));
        self
    }
}

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

/// A number as the tables print it: three decimals below 100, two below
/// 100,000, one above, without trailing zeros.
pub fn fmt_num(x: f64) -> String {
    if x.is_nan() {
        return "–".into();
    }
    let digits = if x.abs() >= 100_000.0 {
        1
    } else if x.abs() >= 100.0 {
        2
    } else {
        3
    };
    let s = format!("{x:.digits$}");
    let s = if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    };
    if s == "-0" { "0".into() } else { s }
}
