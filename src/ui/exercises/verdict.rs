//! The verdict of an exercise card's last answer, in words (never colour
//! alone), with the rule, the model step or the explanation that follows
//! it.

use super::answer::{Outcome, Work};
use crate::book::exercises::{Exercise, number};
use yew::prelude::*;

/// (a), (b), …
pub(super) fn letter(i: usize) -> char {
    char::from(b'a' + (i % 26) as u8)
}

/// The verdict of the last answer, and what follows it.
pub(super) fn view(
    ex: &Exercise,
    work: &Work,
    reveal: Callback<MouseEvent>,
    take_model: Callback<MouseEvent>,
) -> Html {
    let Some(o) = &work.outcome else {
        return html! {};
    };
    let why = || {
        let link = &ex.figure;
        let href = link.href();
        let sep = if href.contains('?') { '&' } else { '?' };
        html! {
            <>
                <p class="ex-why">{ex.explanation.clone()}</p>
                <p class="ex-link"><a href={format!("{href}{sep}at=widget-{}", link.id)}>{"See why in the figure, set to this instance"}</a></p>
            </>
        }
    };
    match o {
        Outcome::Unreadable(why) => {
            html! { <p class="ex-verdict"><strong>{"Not read. "}</strong>{why.clone()}</p> }
        }
        Outcome::StepRight(account) => {
            let steps = ex.grader().map_or(0, |g| g.len());
            let finished = work.done.len() >= steps;
            html! {
                <>
                    <p class="ex-verdict"><strong>{"Correct. "}</strong>{account.clone()}</p>
                    if finished {
                        <p class="ex-finished"><strong>{
                            if work.helped == 0 {
                                format!("Done: all {steps} steps are yours.")
                            } else {
                                format!("Done, with {} model step(s) shown: try a new instance to do it on your own.", work.helped)
                            }
                        }</strong></p>
                        { why() }
                    }
                </>
            }
        }
        Outcome::StepWrong {
            rule, yours, model, ..
        } => html! {
            <>
                <p class="ex-verdict"><strong>{"Not yet. "}</strong>{capitalised(yours)}{"."}</p>
                <p class="ex-rule"><strong>{"The rule: "}</strong>{rule.clone()}</p>
                if work.revealed {
                    <p class="ex-model"><strong>{"The model step: "}</strong>{format!("{}. {}", model.answer, model.why)}</p>
                    <button type="button" onclick={take_model}>{"Go on with the model step"}</button>
                } else {
                    <button type="button" onclick={reveal}>{"Show the model step"}</button>
                }
            </>
        },
        Outcome::Answered { correct } => html! {
            <>
                <p class="ex-verdict">
                    if *correct {
                        <strong>{"Correct. "}</strong>{format!("The answer is {}.", ex.answer_text())}
                    } else {
                        <strong>{"Not yet. "}</strong>{format!("The answer is {}.", answer_words(ex))}
                    }
                </p>
                { why() }
            </>
        },
    }
}

/// The answer as the question states it: the choice with its letter.
fn answer_words(ex: &Exercise) -> String {
    match ex.answer {
        crate::book::exercises::Answer::Choice { index } => {
            format!("({}) {}", letter(index), ex.answer_text())
        }
        crate::book::exercises::Answer::Number { value, .. } => number(value),
        _ => ex.answer_text(),
    }
}

/// "you answered 3: …" → "You answered 3: …".
fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => std::iter::once(f.to_ascii_uppercase()).chain(c).collect(),
        None => String::new(),
    }
}
