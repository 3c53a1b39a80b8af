//! One exercise on the page: its question and instance, and the way the
//! reader answers it by keyboard (Tab to the field, Enter checks).
//!
//! - **Do it yourself**: one step at a time, each judged by the exercise's
//!   `Grader` against the core's own trace. A right step moves on; a wrong
//!   one is answered with what the rule says there and what the reader did,
//!   and the model step can be shown (after which finishing no longer
//!   counts as correct: the reader was helped).
//! - **Numeric** and **choice**: one answer, judged by the core's value; the
//!   verdict, the answer, the explanation and the figure that shows why.
//!
//! Verdicts are words ("Correct.", "Not yet."), never colour alone, and are
//! read out by an `aria-live` region.

use crate::book::exercises::{Exercise, Kind, ModelStep, Verdict, number};
use crate::book::figures::exercises_main::ExerciseSet;
use crate::book::params::parse_finite;
use crate::ui::exercises::progress::Mark;
use std::rc::Rc;
use yew::prelude::*;

/// Props of [`Card`].
#[derive(Properties, PartialEq)]
pub struct CardProps {
    pub set: Rc<ExerciseSet>,
    pub index: usize,
    /// Prefix of the card's DOM ids (`ex-cgm-pairs`).
    pub dom: AttrValue,
    /// Its progress so far.
    pub mark: Mark,
    /// Called on every answer judged: (exercise id, whether it counts as
    /// correct).
    pub on_result: Callback<(&'static str, bool)>,
}

/// What the last answer gave.
#[derive(Clone, PartialEq)]
enum Outcome {
    /// The text did not read as an answer of the asked form.
    Unreadable(String),
    /// A right step, with the model's account of it.
    StepRight(String),
    /// A wrong step.
    StepWrong {
        rule: String,
        yours: String,
        model: ModelStep,
    },
    /// A numeric or choice answer.
    Answered { correct: bool },
}

/// The card's working state.
#[derive(Clone, Default, PartialEq)]
struct Work {
    /// Do it yourself: the steps done, each with whether the model's step
    /// was taken.
    done: Vec<(String, bool)>,
    /// Model steps shown.
    helped: usize,
    /// The model step of the current step is shown.
    revealed: bool,
    outcome: Option<Outcome>,
    /// A numeric or choice answer has counted for this instance (only the
    /// first does).
    counted: bool,
}

/// One exercise.
#[component]
pub fn Card(props: &CardProps) -> Html {
    let work = use_state(Work::default);
    let choice = use_state(|| None::<usize>);
    let input = use_node_ref();
    let Some(ex) = props.set.exercises.get(props.index) else {
        return html! {};
    };
    let id = ex.id;
    let dom = props.dom.to_string();

    let submit = {
        let (work, set, index, on_result) = (
            work.clone(),
            props.set.clone(),
            props.index,
            props.on_result.clone(),
        );
        let choice = *choice;
        let input = input.clone();
        Callback::from(move |_: ()| {
            let Some(ex) = set.exercises.get(index) else {
                return;
            };
            let mut w = (*work).clone();
            judge(ex, &mut w, &read(&input), choice, &on_result);
            if matches!(w.outcome, Some(Outcome::StepRight(_))) {
                clear(&input);
            }
            work.set(w);
        })
    };
    let onsubmit = {
        let submit = submit.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            submit.emit(());
        })
    };
    // Enter checks (a form would too, but a page's own key events do not
    // submit forms, and a radio button is not a text field).
    let onkeydown = {
        let submit = submit.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Enter" && !crate::ui::dom::is_button_target(e.target()) {
                e.prevent_default();
                submit.emit(());
            }
        })
    };

    let kind = ex.kind();
    let status = match (props.mark.answered, props.mark.correct) {
        (_, true) => "Progress: correct.",
        (true, false) => "Progress: answered, not yet correct.",
        _ => "Progress: not answered yet.",
    };
    let title_id = format!("{dom}-title");
    let body = match kind {
        Kind::DoIt => do_it(ex, &work, &dom, &input, onkeydown.clone()),
        Kind::Numeric => html! {
            <div class="ex-field">
                <label for={format!("{dom}-answer")}>{"Your answer (a number)"}</label>
                <input id={format!("{dom}-answer")} type="text" inputmode="decimal" autocomplete="off"
                    ref={input.clone()} onkeydown={onkeydown.clone()} />
                <button type="submit">{"Check"}</button>
            </div>
        },
        Kind::Choice => {
            let radios = ex.choices.iter().enumerate().map(|(i, c)| {
                let onchange = {
                    let choice = choice.clone();
                    Callback::from(move |_: Event| choice.set(Some(i)))
                };
                html! {
                    <label class="ex-choice">
                        <input type="radio" name={format!("{dom}-choice")} value={i.to_string()}
                            checked={*choice == Some(i)} {onchange} />
                        {format!(" ({}) {c}", letter(i))}
                    </label>
                }
            });
            html! {
                <fieldset class="ex-field" onkeydown={onkeydown.clone()}>
                    <legend>{"Your answer"}</legend>
                    { for radios }
                    <button type="submit">{"Check"}</button>
                </fieldset>
            }
        }
    };
    let start_over = {
        let (work, choice, input) = (work.clone(), choice.clone(), input.clone());
        Callback::from(move |_: MouseEvent| {
            clear(&input);
            choice.set(None);
            work.set(Work::default());
        })
    };
    let reveal = {
        let work = work.clone();
        Callback::from(move |_: MouseEvent| {
            let mut w = (*work).clone();
            if !w.revealed {
                w.revealed = true;
                w.helped += 1;
            }
            work.set(w);
        })
    };
    let take_model = {
        let (work, set, index, on_result) = (
            work.clone(),
            props.set.clone(),
            props.index,
            props.on_result.clone(),
        );
        let input = input.clone();
        Callback::from(move |_: MouseEvent| {
            let Some(g) = set.exercises.get(index).and_then(Exercise::grader) else {
                return;
            };
            let mut w = (*work).clone();
            if let Some(s) = g.steps().get(w.done.len()) {
                w.done.push((s.answer.to_string(), true));
                w.revealed = false;
                w.outcome = Some(Outcome::StepRight(s.why.clone()));
                on_result.emit((set.exercises[index].id, false));
            }
            clear(&input);
            work.set(w);
        })
    };
    let result = outcome(ex, &work, reveal, take_model);
    let kind_name = match kind {
        Kind::DoIt => "do it yourself",
        Kind::Numeric => "predict a number",
        Kind::Choice => "choose an answer",
    };
    html! {
        <section class="exercise" id={dom.clone()} aria-labelledby={title_id.clone()} data-exercise={id}>
            <h3 class="ex-title" id={title_id}>
                {format!("{}. {}", props.index + 1, ex.title)}
                <span class="ex-kind">{format!(" ({kind_name})")}</span>
            </h3>
            <p class="ex-status">{status}</p>
            <p class="ex-text">{ex.text.clone()}</p>
            <form class="ex-form" {onsubmit}>
                { body }
            </form>
            <div class="ex-result" role="status" aria-live="polite" aria-atomic="true">{ result }</div>
            if kind == Kind::DoIt {
                <p class="ex-again"><button type="button" onclick={start_over}>{"Start over"}</button></p>
            }
        </section>
    }
}

/// The reader's text in the answer field.
fn read(input: &NodeRef) -> String {
    input
        .cast::<web_sys::HtmlInputElement>()
        .map(|i| i.value())
        .unwrap_or_default()
}

/// Empties the answer field (after a right step, for the next).
fn clear(input: &NodeRef) {
    if let Some(i) = input.cast::<web_sys::HtmlInputElement>() {
        i.set_value("");
    }
}

/// (a), (b), …
fn letter(i: usize) -> char {
    char::from(b'a' + (i % 26) as u8)
}

/// Judges the reader's answer (`text`, or the `choice` picked) into `w`,
/// reporting it to the sheet.
fn judge(
    ex: &Exercise,
    w: &mut Work,
    text: &str,
    choice: Option<usize>,
    on_result: &Callback<(&'static str, bool)>,
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
                    on_result.emit((ex.id, finished && w.helped == 0));
                }
                Verdict::Wrong { rule, yours, model } => {
                    w.outcome = Some(Outcome::StepWrong { rule, yours, model });
                    on_result.emit((ex.id, false));
                }
                Verdict::NoSuchStep { .. } => {}
            }
        }
        Kind::Numeric => match parse_finite(text) {
            Some(x) => {
                let correct = ex.accepts_number(x);
                w.outcome = Some(Outcome::Answered { correct });
                if !w.counted {
                    w.counted = true;
                    on_result.emit((ex.id, correct));
                }
            }
            None => {
                w.outcome = Some(Outcome::Unreadable(if text.is_empty() {
                    "Type a number first.".to_string()
                } else {
                    format!("'{text}' is not a number; write it with digits, such as 12 or 0.5.")
                }))
            }
        },
        Kind::Choice => match choice {
            Some(i) => {
                let correct = ex.accepts_choice(i);
                w.outcome = Some(Outcome::Answered { correct });
                if !w.counted {
                    w.counted = true;
                    on_result.emit((ex.id, correct));
                }
            }
            None => w.outcome = Some(Outcome::Unreadable("Pick one of the answers first.".into())),
        },
    }
}

/// A do-it-yourself exercise's steps done and the field for the next.
fn do_it(
    ex: &Exercise,
    work: &Work,
    dom: &str,
    input: &NodeRef,
    onkeydown: Callback<KeyboardEvent>,
) -> Html {
    let Some(g) = ex.grader() else {
        return html! {};
    };
    let done = work.done.iter().zip(g.steps()).map(|((answer, model), s)| {
        let how = if *model { " (the model step)" } else { "" };
        html! { <li>{format!("{} → {answer}{how}", s.prompt)}</li> }
    });
    let field = match g.steps().get(work.done.len()) {
        Some(s) => {
            let field_id = format!("{dom}-answer");
            let hint_id = format!("{dom}-hint");
            html! {
                <div class="ex-field">
                    <label for={field_id.clone()}>
                        {format!("Step {} of {}: {}", work.done.len() + 1, g.len(), s.prompt)}
                    </label>
                    <input id={field_id} type="text" autocomplete="off" spellcheck="false"
                        ref={input.clone()} {onkeydown} aria-describedby={hint_id.clone()} />
                    <button type="submit">{"Check"}</button>
                    <span class="ex-hint" id={hint_id}>{format!("Answer with {}.", s.answer.form())}</span>
                </div>
            }
        }
        None => html! {},
    };
    html! {
        <>
            if !work.done.is_empty() {
                <ol class="ex-steps" aria-label="Steps done">{ for done }</ol>
            }
            { field }
        </>
    }
}

/// The verdict of the last answer, and what follows it.
fn outcome(
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
        Outcome::StepWrong { rule, yours, model } => html! {
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
