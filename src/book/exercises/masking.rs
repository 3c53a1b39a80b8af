//! What GM, CGM and RS_N share as exercises: one iteration (one phase)
//! performed row by row. Each row offers its messages in an order (GM: the
//! columns of COM from 0; CGM and RS_N: the active part of the row of
//! CCOM) and claims the first one whose receiver is still free, or sends
//! nothing [000 Figures 4 and 6; 002 Figure 6]. The turns come from the
//! core's trace of the instance; this module turns them into graded steps.

use super::and_list;
use super::board::{Board, Focus, Shape, Spot, Table};
use super::grader::{Grader, ModelStep, Step, StepAnswer};

/// What one row did in the iteration, as the trace tells it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Turn {
    /// The row (the sending processor).
    pub row: usize,
    /// Its candidates, in the order the rule examines them.
    pub offered: Vec<usize>,
    /// Candidates examined and passed over, with the processor already
    /// receiving from someone else.
    pub refused: Vec<(usize, usize)>,
    /// The receiver claimed, if any.
    pub chosen: Option<usize>,
}

/// One decision of the trace, in a form the three algorithms share.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Ev {
    /// The row's turn starts.
    Visit(usize),
    /// The row examined `dst`, whose receiver already hears from `by`.
    Refused { row: usize, dst: usize, by: usize },
    /// The row claimed `dst`.
    Chose { row: usize, dst: usize },
}

/// Groups the decisions of one iteration into turns; `offered(row)` gives
/// a row's candidates at the start of the iteration.
pub(super) fn turns(evs: &[Ev], offered: impl Fn(usize) -> Vec<usize>) -> Vec<Turn> {
    let mut out: Vec<Turn> = Vec::new();
    for &e in evs {
        let row = match e {
            Ev::Visit(r) | Ev::Refused { row: r, .. } | Ev::Chose { row: r, .. } => r,
        };
        if out.last().is_none_or(|t| t.row != row) {
            out.push(Turn {
                row,
                offered: offered(row),
                ..Turn::default()
            });
        }
        let t = out.last_mut().expect("pushed above");
        match e {
            Ev::Visit(_) => {}
            Ev::Refused { dst, by, .. } => t.refused.push((dst, by)),
            Ev::Chose { dst, .. } => t.chosen = Some(dst),
        }
    }
    out
}

/// How one algorithm names its search, for the rule and the prompts.
pub(super) struct Family {
    /// GM, CGM or RS_N.
    pub name: &'static str,
    /// What a row offers, `{x}` standing for the row, e.g. "the columns y
    /// with COM({x}, y) = 1, from column 0".
    pub list: &'static str,
    /// The citation, e.g. "[000 Figure 4]".
    pub cite: &'static str,
    /// Iteration or phase.
    pub round: &'static str,
}

fn list(v: &[usize]) -> String {
    let s: Vec<String> = v.iter().map(usize::to_string).collect();
    format!("[{}]", s.join(", "))
}

/// The graded steps of one iteration: one per turn, in visiting order.
pub(super) fn grader(turns: &[Turn], n: usize, f: &Family) -> Grader {
    // recv[y]: the row y receives from so far in this iteration (the
    // model's claims: a step is judged with the steps before it done right).
    let mut recv: Vec<Option<usize>> = vec![None; n];
    let mut steps = Vec::new();
    for t in turns {
        let taken: Vec<String> = (0..n)
            .filter_map(|y| recv[y].map(|x| format!("{y} (from {x})")))
            .collect();
        let prompt = format!(
            "Row {} offers {}. Receivers taken so far in this {}: {}. Where does row {} send (or none)?",
            t.row,
            list(&t.offered),
            f.round,
            if taken.is_empty() {
                "none".to_string()
            } else {
                taken.join(", ")
            },
            t.row
        );
        let rule = format!(
            "{} {}: row {} examines {} in order, {}, and claims the first whose receiver is still free \
             (recvl = −1); if every one is taken, it sends nothing in this {}.",
            f.name,
            f.cite,
            t.row,
            f.list.replace("{x}", &t.row.to_string()),
            list(&t.offered),
            f.round
        );
        let refusals: Vec<String> = t
            .refused
            .iter()
            .map(|(y, by)| format!("{y} (taken by {by})"))
            .collect();
        let taken_by: Vec<String> = t
            .refused
            .iter()
            .map(|(y, by)| format!("{y} by {by}"))
            .collect();
        let why = match (t.chosen, t.offered.is_empty()) {
            (_, true) => format!("Row {} has nothing left to send: it sends nothing.", t.row),
            (Some(y), _) if refusals.is_empty() => {
                format!(
                    "Row {} tries {y} first, which is free: {} sends to {y}.",
                    t.row, t.row
                )
            }
            (Some(y), _) => format!(
                "Row {} passes over {}, then finds {y} free: {} sends to {y}.",
                t.row,
                and_list(&refusals),
                t.row
            ),
            (None, _) => format!(
                "Row {} finds every receiver taken ({}): it sends nothing in this {}.",
                t.row,
                and_list(&taken_by),
                f.round
            ),
        };
        let mut notes: Vec<(StepAnswer, String)> = Vec::new();
        let chosen_at = t
            .chosen
            .and_then(|y| t.offered.iter().position(|&o| o == y));
        for (i, &y) in t.offered.iter().enumerate() {
            if Some(y) == t.chosen {
                continue;
            }
            let why = match recv[y] {
                Some(by) => format!("{y} already receives from {by} in this {}", f.round),
                None if chosen_at.is_some_and(|c| i > c) => format!(
                    "{y} is free too, but {} comes before it in row {}'s order and the rule takes \
                     the first free receiver",
                    t.chosen.unwrap_or_default(),
                    t.row
                ),
                None => format!("{y} is free, but it is not the rule's choice"),
            };
            notes.push((StepAnswer::Node(Some(y)), why));
        }
        if let Some(y) = t.chosen {
            notes.push((
                StepAnswer::Node(None),
                format!("{y} is still free, so row {} does send", t.row),
            ));
        }
        let other = if t.offered.is_empty() {
            format!("row {} has no message left", t.row)
        } else {
            format!(
                "row {} has no message for that processor: it offers only {}",
                t.row,
                list(&t.offered)
            )
        };
        if let Some(y) = t.chosen {
            recv[y] = Some(t.row);
        }
        steps.push(Step {
            model: ModelStep {
                prompt,
                answer: StepAnswer::Node(t.chosen),
                rule,
                why,
            },
            notes,
            other,
        });
    }
    Grader::new(steps)
}

/// The board of an iteration: `table` (COM or CCOM) with, at each turn,
/// the row's cells to point at; `value(col, text)` is the receiver a cell
/// stands for.
pub(super) fn board(
    table: Table,
    turns: &[Turn],
    value: impl Fn(usize, &str) -> Option<usize>,
) -> Board {
    let mut b = Board {
        shape: Shape::Tables(vec![table]),
        steps: Vec::new(),
    };
    for t in turns {
        let picks = b.row_picks(0, t.row, &value);
        let on = picks.iter().map(|p| p.0).collect::<Vec<Spot>>();
        b.steps.push(Focus::one(
            on,
            picks,
            format!(
                "This step is row {}'s turn: point at a cell of row {}, or choose none.",
                t.row, t.row
            ),
        ));
    }
    b
}

/// The pairs an iteration's turns claim, as "x→y" text.
pub(super) fn claimed(turns: &[Turn]) -> Vec<(usize, usize)> {
    turns
        .iter()
        .filter_map(|t| t.chosen.map(|y| (t.row, y)))
        .collect()
}
