//! What the reader does to an exercise card and what it changes: an
//! answer judged, a model step shown or taken. The card's working state
//! and the last answer's outcome live here, with no view in them (the card
//! renders them, [`super::verdict`] shows the outcome).

use crate::book::exercises::code::Given;
use crate::book::exercises::{Exercise, Kind, ModelStep, StepAnswer, Verdict};
use crate::book::params::parse_finite;
use yew::Callback;

/// What the last answer gave.
#[derive(Clone, PartialEq)]
pub(super) enum Outcome {
    /// The text did not read as an answer of the asked form.
    Unreadable(String),
    /// A right step, with the model's account of it.
    StepRight(String),
    /// A wrong step.
    StepWrong {
        rule: String,
        yours: String,
        model: ModelStep,
        /// The answer judged (marked on the drawing).
        given: StepAnswer,
    },
    /// A numeric or choice answer.
    Answered { correct: bool },
}

/// An answer reported to the sheet: the exercise, whether it counts as
/// correct, and what was given (for the completion code).
pub type Answered = (&'static str, bool, Given);

/// The steps done so far, as answers.
fn steps(ex: &Exercise, w: &Work) -> Given {
    let Some(g) = ex.grader() else {
        return Given::None;
    };
    Given::Steps(
        w.done
            .iter()
            .enumerate()
            .filter_map(|(i, (text, helped))| Some((g.parse(i, text).ok()?, *helped)))
            .collect(),
    )
}

/// The card's working state.
#[derive(Clone, Default, PartialEq)]
pub(super) struct Work {
    /// Do it yourself: the steps done, each with whether the model's step
    /// was taken.
    pub done: Vec<(String, bool)>,
    /// Model steps shown.
    pub helped: usize,
    /// The model step of the current step is shown.
    pub revealed: bool,
    pub outcome: Option<Outcome>,
    /// A numeric or choice answer has counted for this instance (only the
    /// first does).
    pub counted: bool,
}

/// Judges the reader's answer (`text`, or the `choice` picked) into `w`,
/// reporting it to the sheet.
pub(super) fn judge(
    ex: &Exercise,
    w: &mut Work,
    text: &str,
    choice: Option<usize>,
    on_result: &Callback<Answered>,
) {
    let text = text.trim();
    match ex.kind() {
        Kind::DoIt => {
            let Some(g) = ex.grader() else { return };
            let step = w.done.len();
            let Some(model) = g.steps().get(step) else {
                return;
            };
            if text.is_empty() {
                w.outcome = Some(Outcome::Unreadable(format!(
                    "Type an answer first: this step asks for {} (write none for none).",
                    model.answer.form()
                )));
                return;
            }
            let answer = match g.parse(step, text) {
                Ok(a) => a,
                Err(why) => {
                    w.outcome = Some(Outcome::Unreadable(format!(
                        "That does not read as an answer: {why}. This step asks for {}.",
                        model.answer.form()
                    )));
                    return;
                }
            };
            match g.check(step, &answer) {
                Verdict::Correct => {
                    w.done.push((answer.to_string(), false));
                    w.revealed = false;
                    w.outcome = Some(Outcome::StepRight(model.why.clone()));
                    let finished = w.done.len() == g.len();
                    on_result.emit((ex.id, finished && w.helped == 0, steps(ex, w)));
                }
                Verdict::Wrong { rule, yours, model } => {
                    w.outcome = Some(Outcome::StepWrong {
                        rule,
                        yours,
                        model,
                        given: answer,
                    });
                    on_result.emit((ex.id, false, steps(ex, w)));
                }
                Verdict::NoSuchStep { .. } => {}
            }
        }
        Kind::Numeric => match parse_finite(text) {
            Some(x) => answered(
                ex,
                w,
                ex.accepts_number(x),
                Given::Number(text.to_string()),
                on_result,
            ),
            None => {
                w.outcome = Some(Outcome::Unreadable(if text.is_empty() {
                    "Type a number first.".to_string()
                } else {
                    format!("'{text}' is not a number; write it with digits, such as 12 or 0.5.")
                }))
            }
        },
        Kind::Choice => match choice {
            Some(i) => answered(ex, w, ex.accepts_choice(i), Given::Choice(i), on_result),
            None => w.outcome = Some(Outcome::Unreadable("Pick one of the answers first.".into())),
        },
    }
}

/// A numeric or choice answer judged: shown every time, counted in the
/// reader's progress only the first time for this instance.
fn answered(
    ex: &Exercise,
    w: &mut Work,
    correct: bool,
    given: Given,
    on_result: &Callback<Answered>,
) {
    w.outcome = Some(Outcome::Answered { correct });
    if !w.counted {
        w.counted = true;
        on_result.emit((ex.id, correct, given));
    }
}

/// The reader asks for the current step's model answer: from now on
/// finishing no longer counts as correct.
pub(super) fn reveal(w: &mut Work) {
    if !w.revealed {
        w.revealed = true;
        w.helped += 1;
    }
}

/// The reader goes on with the model step: it is done for them, and the
/// answer is reported as not correct.
pub(super) fn take_model(ex: &Exercise, w: &mut Work, on_result: &Callback<Answered>) {
    let Some(g) = ex.grader() else { return };
    if let Some(s) = g.steps().get(w.done.len()) {
        w.done.push((s.answer.to_string(), true));
        w.revealed = false;
        w.outcome = Some(Outcome::StepRight(s.why.clone()));
        on_result.emit((ex.id, false, steps(ex, w)));
    }
}
