//! The completion code: once every exercise of the chapter has been
//! answered for the seed shown (a do-it-yourself one to its last step),
//! the sheet shows the code that holds the answers
//! (`book::exercises::code`), for a student to hand in and an instructor
//! to regrade with `commbook quiz --chapter SLUG --check CODE`.

use crate::book::exercises::code::{self, Given as Answer};
use crate::book::figures::exercises::ExerciseSet;
use yew::prelude::*;

/// What was given for each exercise of one seed.
#[derive(Clone, Debug, PartialEq)]
pub struct Given {
    seed: u64,
    answers: Vec<Answer>,
}

impl Given {
    /// Nothing given yet for `set`'s seed.
    pub fn for_set(set: &ExerciseSet) -> Given {
        Given {
            seed: set.seed,
            answers: vec![Answer::None; set.exercises.len()],
        }
    }

    /// Records an answer to exercise `id` (starting afresh if the seed
    /// changed since).
    pub fn record(&mut self, set: &ExerciseSet, id: &str, answer: Answer) {
        if self.seed != set.seed || self.answers.len() != set.exercises.len() {
            *self = Given::for_set(set);
        }
        if let Some(i) = set.exercises.iter().position(|e| e.id == id) {
            self.answers[i] = answer;
        }
    }

    /// Whether every exercise has its answer (every step of a do-it-yourself
    /// one).
    fn complete(&self, set: &ExerciseSet) -> bool {
        self.seed == set.seed
            && set
                .exercises
                .iter()
                .zip(&self.answers)
                .all(|(e, a)| match a {
                    Answer::None => false,
                    Answer::Steps(s) => e.grader().is_some_and(|g| s.len() == g.len()),
                    _ => true,
                })
    }
}

/// The code, once the chapter is done; until then a line saying how many
/// exercises are left.
pub fn view(set: &ExerciseSet, given: &Given) -> Html {
    let left = set
        .exercises
        .iter()
        .zip(&given.answers)
        .filter(|(e, a)| match a {
            Answer::None => true,
            Answer::Steps(s) => e.grader().is_some_and(|g| s.len() < g.len()),
            _ => false,
        })
        .count();
    if !given.complete(set) {
        return html! {
            <p class="ex-code-pending">{format!(
                "When every exercise is answered ({left} to go), a completion code for your instructor appears here."
            )}</p>
        };
    }
    let code = code::encode(set.chapter, set.seed, &set.exercises, &given.answers);
    html! {
        <section class="ex-code" aria-labelledby="ex-code-title">
            <@{crate::ui::parts::frame::inner_heading()} id="ex-code-title">{"Completion code"}</@>
            <p>{format!(
                "Every exercise of this chapter is answered for seed {}. This code holds your answers; hand it in as your instructor asks. It proves which answers were given for this seed, not who gave them.",
                set.seed
            )}</p>
            <p><output class="ex-code-text" aria-label="completion code">{code.clone()}</output></p>
            <p class="control-note">{format!(
                "An instructor regrades it offline with: commbook quiz --chapter {} --check {code}",
                set.chapter
            )}</p>
        </section>
    }
}
