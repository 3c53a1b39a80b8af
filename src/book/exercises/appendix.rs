//! The appendix, *The printed tables, recomputed*: the verdict a cell
//! gets, the value the book recomputes, and where the recomputation is
//! farthest from the paper. Answers come from `core::reproduce`, the same
//! function as the appendix's tables and `commbook reproduce`.

use super::link::kv;
use super::{Answer, Exercise, FigureLink, number, pick, stream};
use crate::core::cost::perm::PermCost;
use crate::core::reproduce::{self, Cell, Selection, Table, Value};
use crate::core::rng::Rng;
use serde_json::json;
use std::sync::{Mutex, OnceLock};

const CHAPTER: &str = "appendix";

/// Tables that recompute in milliseconds, with numeric cells.
const QUICK: [&str; 7] = [
    "000-t1",
    "001-fig5",
    "001-fig6",
    "003-steps",
    "003-cor1",
    "004-t7",
    "004-t8",
];

/// The verdict words, in the order the appendix explains them.
const VERDICTS: [&str; 4] = ["matches", "within", "explained", "differs"];

/// The chapter's exercises for `seed`.
pub fn generate(seed: u64) -> Vec<Exercise> {
    vec![verdict(seed), ours(seed), largest_gap(seed)]
}

/// One recomputed table. The tables do not depend on the seed, so each
/// is recomputed once and kept.
fn table(id: &str) -> Table {
    static DONE: OnceLock<Mutex<Vec<Table>>> = OnceLock::new();
    let done = DONE.get_or_init(|| Mutex::new(Vec::new()));
    let mut done = done.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(t) = done.iter().find(|t| t.id == id) {
        return t.clone();
    }
    let sel = Selection {
        paper: None,
        table: Some(id.to_string()),
    };
    let t = reproduce::reproduce(&sel)
        .ok()
        .and_then(|mut t| t.pop())
        .expect("a table id of core::reproduce");
    done.push(t.clone());
    t
}

fn reproduce_link(t: &Table) -> FigureLink {
    let id = match t.paper {
        "000" => "paper000",
        "001" => "paper001",
        "002" => "paper002",
        "003" => "paper003",
        _ => "paper004",
    };
    FigureLink::new(CHAPTER, id, &[kv("table", t.id)])
}

/// A cell with numbers on both sides: (row label, cell).
fn numeric_cells(t: &Table) -> Vec<(&str, &Cell)> {
    t.rows
        .iter()
        .flat_map(|r| r.cells.iter().map(move |c| (r.label.as_str(), c)))
        .filter(|(_, c)| c.published.number().is_some() && c.ours.number().is_some())
        .collect()
}

/// A value with up to four decimals, enough to apply any of the rules.
fn text(v: &Value) -> String {
    match v {
        Value::Number(x) if x.fract() == 0.0 => format!("{x:.0}"),
        Value::Number(x) => {
            let s = format!("{x:.4}");
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        }
        Value::Text(s) => s.clone(),
    }
}

fn describe(t: &Table) -> String {
    format!(
        "{} of paper {} ({}, {}): {}",
        t.name, t.paper, t.title, t.source, t.method
    )
}

/// Choice: the verdict of one cell, ours given.
fn verdict(seed: u64) -> Exercise {
    let id = "verdict";
    let mut rng = stream(seed, id);
    let t = table(pick(&mut rng, &QUICK));
    let cells = numeric_cells(&t);
    let (label, cell) = cells[rng.below(cells.len())];
    let index = VERDICTS
        .iter()
        .position(|w| *w == cell.verdict.word())
        .unwrap_or(0);
    let reason = match &cell.verdict {
        reproduce::Verdict::Explained(why) => format!(" The book's reason: {why}."),
        _ => String::new(),
    };
    Exercise {
        id,
        title: format!("A verdict in {} of paper {}", t.name, t.paper),
        text: format!(
            "The appendix recomputes {}. In row {label}, column {}, the paper printed {} and the book computes \
             {}. The table's rule is: {}. A cell *matches* when ours, rounded to the decimals the rule \
             compares (two unless the rule names others), equals the printed value, is *within* when it is \
             inside the rule's tolerance, is *explained* when it is outside for a reason the book \
             states beside it, and *differs* otherwise. Which verdict does this cell get?",
            describe(&t),
            cell.column,
            text(&cell.published),
            text(&cell.ours),
            t.tolerance
        ),
        instance: json!({ "table": t.id, "row": label, "column": cell.column }),
        choices: VERDICTS.iter().map(|s| s.to_string()).collect(),
        answer: Answer::Choice { index },
        explanation: format!(
            "{}: published {}, ours {}, difference {} under the rule \"{}\".{reason} Every cell of the \
             appendix is pinned by the book's tests, so a change in the core that moved it would fail the \
             build [appendix; `commbook reproduce --table {}`].",
            cell.verdict.word(),
            text(&cell.published),
            text(&cell.ours),
            cell.difference_text(),
            t.tolerance,
            t.id
        ),
        figure: reproduce_link(&t),
    }
}

/// Numeric: the value the book computes for a cell it can be worked out
/// for by hand.
fn ours(seed: u64) -> Exercise {
    let id = "ours";
    let mut rng = stream(seed, id);
    let which = pick(&mut rng, &["000-t1", "001-fig5", "003-steps"]);
    let t = table(which);
    let cells = numeric_cells(&t);
    let (label, cell) = cells[rng.below(cells.len())];
    let value = cell.ours.number().unwrap_or(0.0);
    let (hint, tolerance) = match which {
        "000-t1" => {
            let fit = PermCost::cm5_table1();
            (
                format!(
                    " With the fit τ ≈ {:.2} µs and φ ≈ {:.5} µs/byte, ours is τ + M·φ for the row's M, in ms \
                     (within 2 %).",
                    fit.tau_us, fit.phi_us_per_byte
                ),
                0.02,
            )
        }
        "001-fig5" => (
            " Count a send as one set-up for its sender and one for its receiver; a superstep costs its \
             busiest processor's set-ups."
                .to_string(),
            0.0,
        ),
        _ => (
            " The schedules are those of chapter 9.".to_string(),
            0.0,
        ),
    };
    Exercise {
        id,
        title: format!("The book's value in {} of paper {}", t.name, t.paper),
        text: format!(
            "The appendix recomputes {}. In row {label}, column {}, the paper printed {}. What value does the \
             book compute for this cell?{hint}",
            describe(&t),
            cell.column,
            text(&cell.published)
        ),
        instance: json!({ "table": t.id, "row": label, "column": cell.column }),
        choices: Vec::new(),
        answer: Answer::Number { value, tolerance },
        explanation: format!(
            "The book computes {} against the printed {}: {} [{}; the cell's verdict: {}].",
            number(value),
            text(&cell.published),
            cell.difference_text(),
            t.source,
            cell.verdict.word()
        ),
        figure: reproduce_link(&t),
    }
}

/// How far ours is from the printed value, as a factor ≥ 1.
fn gap(c: &Cell) -> f64 {
    match (c.published.number(), c.ours.number()) {
        (Some(p), Some(o)) if p > 0.0 && o > 0.0 => (o / p).max(p / o),
        _ => 1.0,
    }
}

/// A column of a quick table with at least three rows of numbers.
fn gap_case(rng: &mut Rng) -> (Table, String, Vec<(String, f64)>) {
    let mut last = None;
    for _ in 0..16 {
        let t = table(pick(rng, &["000-t1", "001-fig6", "004-t8"]));
        let columns: Vec<String> = t
            .rows
            .first()
            .map(|r| r.cells.iter().map(|c| c.column.clone()).collect())
            .unwrap_or_default();
        let column = columns[rng
            .below(columns.len().max(1))
            .min(columns.len().saturating_sub(1))]
        .clone();
        let rows: Vec<(String, f64)> = t
            .rows
            .iter()
            .filter_map(|r| {
                let c = r.cells.iter().find(|c| c.column == column)?;
                c.published.number()?;
                Some((r.label.clone(), gap(c)))
            })
            .collect();
        let mut sorted: Vec<f64> = rows.iter().map(|r| r.1).collect();
        crate::core::sorting::sort_by_u64(&mut sorted, |&g| crate::core::sorting::f64_key(-g));
        let clear = rows.len() >= 3 && sorted[0] > sorted[1] * 1.01;
        last = Some((t, column, rows));
        if clear {
            break;
        }
    }
    last.expect("the loop runs")
}

/// Choice: the row where the recomputation is farthest from the paper.
fn largest_gap(seed: u64) -> Exercise {
    let id = "largest-gap";
    let mut rng = stream(seed, id);
    let (t, column, rows) = gap_case(&mut rng);
    let index = (0..rows.len())
        .max_by(|&a, &b| rows[a].1.total_cmp(&rows[b].1))
        .unwrap_or(0);
    let listed: Vec<String> = rows.iter().map(|(l, g)| format!("{l} ×{:.2}", g)).collect();
    Exercise {
        id,
        title: format!("Where the recomputation of {} strays most", t.name),
        text: format!(
            "The appendix recomputes {}. In the column {column}, in which row is the book's value farthest from \
             the printed one, as a factor (ours/published or published/ours, whichever is larger)?",
            describe(&t)
        ),
        instance: json!({ "table": t.id, "column": column }),
        choices: rows.iter().map(|(l, _)| l.clone()).collect(),
        answer: Answer::Choice { index },
        explanation: format!(
            "{}: {}. The table's rule is {}; the cells outside it carry the book's reason in the appendix \
             [{}].",
            rows[index].0,
            listed.join(", "),
            t.tolerance,
            t.source
        ),
        figure: reproduce_link(&t),
    }
}
