//! The exercises on a chapter's page (issue 16): the view of the figure
//! `exercises` (`book::figures::exercises`), whichever wasm module
//! computes it. Every exercise of the chapter is a [`card::Card`]; above them
//! the instance (the seed, which a link sets with `?ex.seed=N`, and *New
//! instance*) and the reader's progress in the chapter, kept in the
//! browser ([`progress`]) with *Reset progress*. The figure has no player:
//! the cards take the keyboard (Tab to a field, Enter checks).

mod answer;
mod board;
mod board_shapes;
pub mod card;
mod completion;
pub mod progress;
mod verdict;

use crate::book::chapter;
use crate::book::figures::exercises::{ExerciseSet, SEED};
use crate::book::params::{Notice, Value};
use crate::ui::figures::host::{Ctx, FigureProps, RunState};
use crate::ui::job::{JobProgressProps, job_progress};
use crate::ui::parts::controls::setting;
use crate::ui::parts::frame::{self, FrameProps};
use card::Card;
use progress::{Mark, Progress};
use std::rc::Rc;
use yew::prelude::*;

/// The view of every exercise figure: its frame, then the exercises.
pub fn view(props: &FigureProps, ctx: &Ctx<ExerciseSet>) -> Html {
    let slug = ctx.values.choice("chapter");
    let title = match chapter(slug) {
        Some(c) if c.title.starts_with("Appendix") => "Exercises for the appendix".to_string(),
        Some(c) => format!("Exercises for chapter {}", c.number),
        None => props.entry.title.to_string(),
    };
    let body = match &ctx.phase {
        RunState::Running {
            progress,
            elapsed_ms,
            workers,
            ..
        } => job_progress(&JobProgressProps {
            progress: *progress,
            elapsed_ms: *elapsed_ms,
            cancel: ctx.cancel.clone(),
            what: "the exercises".into(),
            workers: *workers,
        }),
        RunState::Cancelled => {
            let again = ctx.rerun.reform(|_: MouseEvent| ());
            html! {
                <div class="job" role="status">
                    <span>{"Stopped before the exercises were ready."}</span>
                    <button type="button" onclick={again}>{"Run again"}</button>
                </div>
            }
        }
        RunState::Done(set) => {
            let on_seed = {
                let (set_values, base) = (ctx.set_values.clone(), ctx.values.clone());
                Callback::from(move |seed: u64| {
                    let mut next = base.clone();
                    next.set(SEED.key, Value::Int(seed));
                    set_values.emit(next);
                })
            };
            let seed_input = setting(
                props,
                ctx,
                &SEED,
                "the same seed gives the same exercises: share the link",
            );
            html! {
                <Sheet set={set.clone()} figure={props.id.clone()} {seed_input} {on_seed} />
            }
        }
    };
    frame::frame(&FrameProps {
        id: props.id.clone(),
        title: title.into(),
        caption: props.caption.clone(),
        notices: ctx.notices.clone(),
        onkeydown: None,
        children: body,
    })
}

/// Props of [`Sheet`].
#[derive(Properties, PartialEq)]
pub struct SheetProps {
    pub set: Rc<ExerciseSet>,
    /// The figure's id (`ex`), for the cards' DOM ids.
    pub figure: AttrValue,
    /// The seed's field.
    pub seed_input: Html,
    /// Moves to another seed.
    pub on_seed: Callback<u64>,
}

/// The exercises of one chapter for one seed, with the progress.
#[component]
pub fn Sheet(props: &SheetProps) -> Html {
    let slug = props.set.chapter;
    let stored = use_state(|| progress::load(slug));
    // Where storage is off, progress lasts for the visit.
    let kept = use_state(|| stored.is_some());
    let marks = use_state(|| (*stored).clone().unwrap_or_default());
    // Bumped by Reset progress, so every card starts afresh.
    let generation = use_state(|| 0u32);
    let said = use_state(String::new);
    // What was given for each exercise of this seed, for the completion
    // code (not stored: a code is for answers given in one sitting).
    let given = use_state(|| completion::Given::for_set(&props.set));

    let on_result = {
        let (marks, kept, set) = (marks.clone(), kept.clone(), props.set.clone());
        let given = given.clone();
        Callback::from(move |(id, correct, answer): answer::Answered| {
            let mut g = (*given).clone();
            g.record(&set, id, answer);
            given.set(g);
            let mut p = (*marks).clone();
            // Every exercise of the chapter, so the contents can count them.
            for e in &set.exercises {
                p.0.entry(e.id.to_string()).or_default();
            }
            let m = p.0.entry(id.to_string()).or_default();
            m.answered = true;
            m.correct |= correct;
            if !progress::save(set.chapter, &p) {
                kept.set(false);
            }
            marks.set(p);
        })
    };
    let reset = {
        let (marks, kept, generation, said) = (
            marks.clone(),
            kept.clone(),
            generation.clone(),
            said.clone(),
        );
        let (given, set) = (given.clone(), props.set.clone());
        Callback::from(move |_: MouseEvent| {
            let empty = Progress::default();
            if !progress::save(slug, &empty) {
                kept.set(false);
            }
            marks.set(empty);
            generation.set(*generation + 1);
            given.set(completion::Given::for_set(&set));
            said.set("Progress reset: no exercise of this chapter is answered now.".into());
        })
    };
    let new_instance = {
        let (on_seed, seed, said) = (props.on_seed.clone(), props.set.seed, said.clone());
        Callback::from(move |_: MouseEvent| {
            let mut next = (js_sys::Math::random() * 4_294_967_296.0) as u64 % 4_294_967_296;
            if next == seed {
                next = (seed + 1) % 4_294_967_296;
            }
            said.set(format!("New instance: seed {next}."));
            on_seed.emit(next);
        })
    };

    let (correct, answered, _) = marks.counts();
    let total = props.set.exercises.len();
    let summary = format!(
        "Progress in this chapter: {correct} of {total} exercises correct, {answered} answered."
    );
    let storage_notice = (!*kept).then(|| {
        vec![Notice(
            "this browser does not let the book keep your progress (storage is off or full): it lasts until the page is left"
                .into(),
        )]
    });
    let cards = props.set.exercises.iter().enumerate().map(|(i, e)| {
        let mark: Mark = marks.mark(e.id);
        html! {
            <Card key={format!("{}-{}-{}", e.id, props.set.seed, *generation)} set={props.set.clone()} index={i}
                dom={format!("{}-{}", props.figure, e.id)} {mark} on_result={on_result.clone()} />
        }
    });
    html! {
        <div class="exercises">
            <p class="ex-intro">
                {format!("{total} exercises, drawn from seed {}. ", props.set.seed)}
                {"Tab to an answer field, type, and press Enter to check it. Do-it-yourself exercises are checked one step at a time against the core's own run of the algorithm."}
            </p>
            <div class="ex-instance">
                { props.seed_input.clone() }
                <button type="button" class="ex-new" onclick={new_instance}>{"New instance"}</button>
            </div>
            <div class="ex-progress">
                <span class="ex-summary">{summary}</span>
                <button type="button" class="ex-reset" onclick={reset}>{"Reset progress"}</button>
            </div>
            if let Some(notices) = storage_notice {
                <frame::Notices {notices} heading="Progress is not saved:" />
            }
            <p class="visually-hidden" role="status" aria-live="polite">{(*said).clone()}</p>
            { for cards }
            { completion::view(&props.set, &given) }
        </div>
    }
}
