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

use super::answer::{self, Outcome, Work, judge};
use super::board::Drawing;
use super::verdict::{self, letter};
use crate::book::exercises::board::{Draft, Spot};
use crate::book::exercises::{Exercise, Kind, StepAnswer};
use crate::book::figures::exercises::ExerciseSet;
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
    /// correct, what was given).
    pub on_result: Callback<answer::Answered>,
}

/// One exercise.
#[component]
pub fn Card(props: &CardProps) -> Html {
    let work = use_state(Work::default);
    let choice = use_state(|| None::<usize>);
    let input = use_node_ref();
    // The answer being built on the drawing (mirrors the answer field).
    let draft = use_state(Draft::default);
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
        let (input, draft) = (input.clone(), draft.clone());
        Callback::from(move |_: ()| {
            let Some(ex) = set.exercises.get(index) else {
                return;
            };
            let mut w = (*work).clone();
            judge(ex, &mut w, &read(&input), choice, &on_result);
            if matches!(w.outcome, Some(Outcome::StepRight(_))) {
                clear(&input);
                draft.set(Draft::default());
            }
            work.set(w);
        })
    };
    // A point on the drawing writes the answer field as typing would; a
    // one-point answer is checked at once.
    let on_point = {
        let (work, set, index, draft) =
            (work.clone(), props.set.clone(), props.index, draft.clone());
        let (input, submit) = (input.clone(), submit.clone());
        Callback::from(move |spot: Spot| {
            let Some(board) = set.exercises.get(index).and_then(|e| e.grader()?.board()) else {
                return;
            };
            let now = Draft {
                text: read(&input),
                pending: draft.pending,
            };
            match board.point(work.done.len(), &now, spot) {
                Ok((next, check)) => {
                    if let Some(i) = input.cast::<web_sys::HtmlInputElement>() {
                        i.set_value(&next.text);
                    }
                    draft.set(next);
                    if check {
                        submit.emit(());
                    }
                }
                Err(why) => {
                    let mut w = (*work).clone();
                    w.outcome = Some(Outcome::Unreadable(why));
                    work.set(w);
                }
            }
        })
    };
    let none = {
        let (input, submit, draft) = (input.clone(), submit.clone(), draft.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(i) = input.cast::<web_sys::HtmlInputElement>() {
                i.set_value("none");
            }
            draft.set(Draft::default());
            submit.emit(());
        })
    };
    let oninput = {
        let draft = draft.clone();
        Callback::from(move |e: InputEvent| {
            let text = e
                .target_dyn_into::<web_sys::HtmlInputElement>()
                .map(|i| i.value())
                .unwrap_or_default();
            draft.set(Draft {
                text,
                pending: None,
            });
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
        Kind::DoIt => html! {
            <>
                { drawing(ex, &work, &draft, &dom, on_point, none) }
                { do_it(ex, &work, &dom, &input, onkeydown.clone(), oninput) }
            </>
        },
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
        let draft = draft.clone();
        Callback::from(move |_: MouseEvent| {
            clear(&input);
            draft.set(Draft::default());
            choice.set(None);
            work.set(Work::default());
        })
    };
    let reveal = {
        let work = work.clone();
        Callback::from(move |_: MouseEvent| {
            let mut w = (*work).clone();
            answer::reveal(&mut w);
            work.set(w);
        })
    };
    let take_model = {
        let draft = draft.clone();
        let (work, set, index, on_result) = (
            work.clone(),
            props.set.clone(),
            props.index,
            props.on_result.clone(),
        );
        let input = input.clone();
        Callback::from(move |_: MouseEvent| {
            let Some(ex) = set.exercises.get(index) else {
                return;
            };
            let mut w = (*work).clone();
            answer::take_model(ex, &mut w, &on_result);
            clear(&input);
            draft.set(Draft::default());
            work.set(w);
        })
    };
    let result = verdict::view(ex, &work, reveal, take_model);
    let kind_name = match kind {
        Kind::DoIt => "do it yourself",
        Kind::Numeric => "predict a number",
        Kind::Choice => "choose an answer",
    };
    html! {
        <section class="exercise" id={dom.clone()} aria-labelledby={title_id.clone()} data-exercise={id}>
            <@{crate::ui::parts::frame::inner_heading()} class="ex-title" id={title_id}>
                {format!("{}. {}", props.index + 1, ex.title)}
                <span class="ex-kind">{format!(" ({kind_name})")}</span>
            </@>
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

/// The drawing a do-it-yourself exercise is answered on, marked with
/// the steps done, the answer being built and the last verdict, with a
/// None button where a step may have no answer.
fn drawing(
    ex: &Exercise,
    work: &Work,
    draft: &Draft,
    dom: &str,
    on_point: Callback<Spot>,
    none: Callback<MouseEvent>,
) -> Html {
    let Some((g, board)) = ex.grader().and_then(|g| Some((g, g.board()?))) else {
        return html! {};
    };
    let done: Vec<StepAnswer> = work
        .done
        .iter()
        .enumerate()
        .filter_map(|(i, (text, _))| g.parse(i, text).ok())
        .collect();
    let (wrong, model, says) = match &work.outcome {
        Some(Outcome::StepWrong {
            rule,
            yours,
            model,
            given,
        }) => (
            Some(given.clone()),
            work.revealed.then(|| model.answer.clone()),
            format!("✗ Not yet: {yours}. The rule: {rule}"),
        ),
        Some(Outcome::StepRight(_)) => (None, None, "✓ Correct.".to_string()),
        Some(Outcome::Unreadable(why)) => (None, None, why.clone()),
        _ => (None, None, String::new()),
    };
    let asks_node = matches!(
        g.steps().get(work.done.len()).map(|s| &s.answer),
        Some(StepAnswer::Node(_))
    );
    html! {
        <>
            <Drawing board={board.clone()} dom={format!("{dom}-board")} step={work.done.len()} {done}
                draft={draft.clone()} {wrong} {model}
                right={matches!(work.outcome, Some(Outcome::StepRight(_)))}
                says={says} {on_point} />
            if asks_node {
                <p class="board-none"><button type="button" class="ex-none" onclick={none}>{"None (sits out, sends nothing)"}</button></p>
            }
        </>
    }
}

/// A do-it-yourself exercise's steps done and the field for the next.
fn do_it(
    ex: &Exercise,
    work: &Work,
    dom: &str,
    input: &NodeRef,
    onkeydown: Callback<KeyboardEvent>,
    oninput: Callback<InputEvent>,
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
                        ref={input.clone()} {onkeydown} {oninput} aria-describedby={hint_id.clone()} />
                    <button type="submit">{"Check"}</button>
                    <span class="ex-hint" id={hint_id}>{format!("Answer on the drawing above, or type {}.", s.answer.form())}</span>
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
