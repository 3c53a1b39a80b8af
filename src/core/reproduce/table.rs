//! What a recomputed table is: cells holding the published value, ours
//! and a verdict by the table's rule, and how the appendix and the
//! terminal write them.

use serde::Serialize;

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

    /// The value as the tables write it.
    pub fn text(&self) -> String {
        match self {
            Value::Number(x) => fmt_num(*x),
            Value::Text(s) => s.clone(),
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
    pub(crate) fn judge(self, published: &Value, ours: &Value) -> Option<bool> {
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

    /// The difference as the tables write it: "ours − published (×ratio)"
    /// for numbers, "same" or "differs" for text.
    pub fn difference_text(&self) -> String {
        match (self.difference(), self.ratio()) {
            (Some(d), Some(r)) => format!("{} (×{})", fmt_num(d), fmt_num(r)),
            (Some(d), None) => fmt_num(d),
            _ if self.published == self.ours => "same".into(),
            _ => "differs".into(),
        }
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

    /// The cell in column `column` of the row labelled `row` (a row with
    /// an empty label continues the one above it, as printed).
    pub fn cell(&self, row: &str, column: &str) -> Option<&Cell> {
        let mut label = "";
        for r in &self.rows {
            if !r.label.is_empty() {
                label = &r.label;
            }
            if label == row
                && let Some(c) = r.cells.iter().find(|c| c.column == column)
            {
                return Some(c);
            }
        }
        None
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

/// A cell's label, the cell, and the number of its reason (from 1) if
/// it is explained: one line of the appendix's tables and the terminal's.
pub struct Line<'a> {
    /// The row's label (a row continuing the one above takes its label).
    pub label: &'a str,
    pub cell: &'a Cell,
    pub reason: Option<usize>,
}

impl Table {
    /// Every cell as a line, with the distinct reasons of the explained
    /// cells numbered in the order first met.
    pub fn lines(&self) -> (Vec<Line<'_>>, Vec<&str>) {
        let mut reasons: Vec<&str> = Vec::new();
        let mut label = "";
        let mut lines = Vec::new();
        for row in &self.rows {
            if !row.label.is_empty() {
                label = &row.label;
            }
            for cell in &row.cells {
                let reason = match &cell.verdict {
                    Verdict::Explained(why) => Some(
                        reasons.iter().position(|r| *r == why).unwrap_or_else(|| {
                            reasons.push(why);
                            reasons.len() - 1
                        }) + 1,
                    ),
                    _ => None,
                };
                lines.push(Line {
                    label,
                    cell,
                    reason,
                });
            }
        }
        (lines, reasons)
    }
}

/// Cells per verdict in words: "12 cells: 3 match, 5 within tolerance, 4
/// explained, 0 differ".
pub fn counts_line([m, w, e, d]: [usize; 4]) -> String {
    format!(
        "{} cells: {m} match, {w} within tolerance, {e} explained, {d} differ",
        m + w + e + d
    )
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
