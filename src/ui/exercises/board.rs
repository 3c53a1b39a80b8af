//! A do-it-yourself exercise's drawing, answered on (the book's
//! [`crate::book::exercises::board`] says what it shows and what each
//! point means; this draws it and passes the points on).
//!
//! Keyboard: the drawing is one stop in the Tab order; the arrow keys move
//! between the spots the step offers (Home and End to the first and last)
//! and Enter or Space chooses, as a click or a tap does. Every spot says
//! in words what it is and how it is marked, never by colour alone.

use super::board_shapes::{self, Look};
use crate::book::exercises::StepAnswer;
use crate::book::exercises::board::{Board, Build, Draft, Shape, Spot};
use yew::prelude::*;

/// Props of [`Drawing`].
#[derive(Properties, PartialEq)]
pub struct DrawingProps {
    pub board: Board,
    /// Prefix of the spots' DOM ids.
    pub dom: AttrValue,
    /// The step being answered (= steps done).
    pub step: usize,
    /// The answers of the steps done, in order.
    pub done: Vec<StepAnswer>,
    /// The answer being built.
    pub draft: Draft,
    /// The last answer, judged wrong, and the model answer if shown.
    pub wrong: Option<StepAnswer>,
    pub model: Option<StepAnswer>,
    /// The last step was judged right.
    pub right: bool,
    /// What the drawing says under it (the verdict and the rule, or how
    /// to answer).
    pub says: AttrValue,
    pub on_point: Callback<Spot>,
}

/// The drawing of one exercise.
#[component]
pub fn Drawing(p: &DrawingProps) -> Html {
    let cursor = use_state(|| 0usize);
    let b = &p.board;
    let focus = b.steps.get(p.step);
    let picks: Vec<Spot> = focus.map_or(Vec::new(), |f| f.picks.iter().map(|x| x.0).collect());
    let at = (*cursor).min(picks.len().saturating_sub(1));
    let look = look(p);
    let spot_id = {
        let dom = p.dom.to_string();
        move |s: Spot| match s {
            Spot::Node(n) => format!("{dom}-node-{n}"),
            Spot::Cell { table, row, col } => format!("{dom}-cell-{table}-{row}-{col}"),
        }
    };
    let positions = board_shapes::positions(b, &picks);
    let ring = matches!(b.shape, Shape::Ring(_));
    let onkeydown = {
        let (cursor, ids) = (
            cursor.clone(),
            picks.iter().map(|&s| spot_id(s)).collect::<Vec<_>>(),
        );
        Callback::from(move |e: KeyboardEvent| {
            let next = match e.key().as_str() {
                "Home" => Some(0),
                "End" => Some(ids.len().saturating_sub(1)),
                k => arrow(k).and_then(|d| step_to(&positions, at, d, ring)),
            };
            if let Some(n) = next {
                e.prevent_default();
                cursor.set(n);
                crate::ui::dom::focus_only(&ids[n]);
            }
        })
    };
    let on_focus = {
        let (cursor, picks) = (cursor.clone(), picks.clone());
        Callback::from(move |s: Spot| {
            if let Some(i) = picks.iter().position(|&x| x == s) {
                cursor.set(i);
            }
        })
    };
    let tab_stop = picks.get(at).copied();
    let drawing = board_shapes::view(board_shapes::Ctx {
        board: b,
        look: &look,
        step: p.step,
        tab_stop,
        id: &spot_id,
        on_point: &p.on_point,
        on_focus: &on_focus,
        dom: &p.dom,
    });
    let how = match focus.map(|f| f.build) {
        Some(Build::Pairs) => "Point at both players of each match (again to undo), then Check.",
        Some(Build::Sequence) => {
            "Point at the entries in the order the row holds them, then Check."
        }
        Some(Build::One) => "Point at your answer: it is checked at once.",
        None => "Every step is done.",
    };
    html! {
        <div class="board" role="group" aria-label="The exercise's drawing: arrow keys move, Enter chooses"
            {onkeydown}>
            { drawing }
            <p class="board-how">{how}</p>
            if !p.says.is_empty() {
                // The card's live region reads the same words out.
                <p class="board-says" aria-hidden="true">{p.says.clone()}</p>
            }
        </div>
    }
}

/// How each spot is marked, from the steps done, the draft and the
/// verdict.
fn look(p: &DrawingProps) -> Look {
    let b = &p.board;
    let mut look = Look::default();
    for (k, a) in p.done.iter().enumerate() {
        for s in b.spots(k, a) {
            look.done.push((s, k + 1));
        }
        if let (Some(f), StepAnswer::Row(r)) = (b.steps.get(k), a)
            && let Some(w) = f.writes
        {
            look.rows.push((w, r.clone(), false));
        }
        if let (Some(f), StepAnswer::Node(Some(to))) = (b.steps.get(k), a)
            && let Some(Spot::Node(from)) = f.on.first()
            && matches!(b.shape, Shape::Network(_))
        {
            look.arrows.push((*from, *to, k + 1));
        }
    }
    if p.right && p.step > 0 {
        look.right = b.spots(p.step - 1, &p.done[p.step - 1]);
    }
    let Some(f) = b.steps.get(p.step) else {
        return look;
    };
    look.on = f.on.clone();
    look.shows = f.shows.clone();
    if let Some(w) = &p.wrong {
        look.wrong = b.spots(p.step, w);
    }
    if let Some(m) = &p.model {
        look.model = b.spots(p.step, m);
    }
    let typed = StepAnswer::Row(Vec::new()).parse_like(&p.draft.text);
    // A row built from its own entries (CGM's hole) is not previewed in
    // place: the entries still to point at would be hidden.
    let own = |(t, r): (usize, usize)| {
        f.picks
            .iter()
            .any(|(s, _)| matches!(*s, Spot::Cell { table, row, .. } if (table, row) == (t, r)))
    };
    match (f.build, f.writes, typed) {
        (Build::Sequence, Some(w), Ok(StepAnswer::Row(r))) if !r.is_empty() && !own(w) => {
            look.rows.push((w, r, p.wrong.is_some()));
        }
        (Build::Pairs, _, _) => {
            if let Ok(StepAnswer::Pairs(ps)) =
                StepAnswer::Pairs(Vec::new()).parse_like(&p.draft.text)
            {
                look.pairs = ps;
            }
            look.pending = p.draft.pending;
        }
        _ => {}
    }
    look
}

/// The direction of an arrow key, as (dx, dy).
fn arrow(key: &str) -> Option<(f64, f64)> {
    match key {
        "ArrowRight" => Some((1.0, 0.0)),
        "ArrowLeft" => Some((-1.0, 0.0)),
        "ArrowDown" => Some((0.0, 1.0)),
        "ArrowUp" => Some((0.0, -1.0)),
        _ => None,
    }
}

/// The spot an arrow key moves to from `at`: the nearest one ahead in
/// that direction, sideways distance counting double; around a ring the
/// next or previous player.
fn step_to(pos: &[(f64, f64)], at: usize, (dx, dy): (f64, f64), ring: bool) -> Option<usize> {
    if pos.is_empty() {
        return None;
    }
    if ring {
        let n = pos.len();
        return Some(if dx + dy > 0.0 {
            (at + 1) % n
        } else {
            (at + n - 1) % n
        });
    }
    let (x0, y0) = pos[at];
    pos.iter()
        .enumerate()
        .filter(|&(i, _)| i != at)
        .filter_map(|(i, &(x, y))| {
            let along = (x - x0) * dx + (y - y0) * dy;
            let side = ((x - x0) * dy - (y - y0) * dx).abs();
            (along > 1e-9).then_some((along + 2.0 * side, i))
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, i)| i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrows_go_to_the_nearest_spot_ahead() {
        // A 2 × 2 grid: 0 1 / 2 3.
        let pos = [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)];
        assert_eq!(step_to(&pos, 0, (1.0, 0.0), false), Some(1));
        assert_eq!(step_to(&pos, 0, (0.0, 1.0), false), Some(2));
        assert_eq!(step_to(&pos, 3, (-1.0, 0.0), false), Some(2));
        assert_eq!(step_to(&pos, 1, (1.0, 0.0), false), None);
        assert_eq!(step_to(&pos, 0, (-1.0, 0.0), true), Some(3));
        assert_eq!(step_to(&pos, 3, (0.0, 1.0), true), Some(0));
    }
}
