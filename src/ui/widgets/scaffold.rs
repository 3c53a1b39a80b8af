//! What every widget does the same way: hold its settings, compute its trace
//! (in slices when long), resolve the step from the URL, run the player, and
//! keep the URL in step with all of it.

use super::WidgetProps;
use super::erased::{AnyKey, AnyOut, AnySpec};
use crate::book::params::{Notice, Values, parse_step};
use crate::book::route::STEP;
use crate::core::step::{Progress, Stepper};
use crate::ui::job::{JobProgressProps, JobState, job_progress, use_job};
use crate::ui::player::{PlayerHandle, use_player};
use crate::ui::widgets::frame::{self, FrameProps};
use std::rc::Rc;
use yew::prelude::*;

/// Where a widget's computation stands.
pub enum Phase<T> {
    Running { progress: Progress, elapsed_ms: f64 },
    Cancelled,
    Done(Rc<T>),
}

/// Everything a widget's view needs from the scaffold.
pub struct WidgetCtx<T> {
    pub values: Values,
    pub set_values: Callback<Values>,
    pub phase: Phase<T>,
    pub cancel: Callback<()>,
    pub rerun: Callback<()>,
    pub pos: usize,
    pub player: PlayerHandle,
    pub notices: Vec<Notice>,
}

/// How a widget computes and where its player starts.
pub struct Spec<K, T> {
    /// The computation's inputs from the settings, with notices for settings
    /// that had to be corrected (e.g. d ≥ n).
    pub key: fn(&Values) -> (K, Vec<Notice>),
    /// The computation, as a stepper.
    pub make: fn(&K) -> Box<dyn Stepper<Output = T>>,
    /// Steps in the result's trace.
    pub len: fn(&T) -> usize,
    /// Start at the end (show the finished result) rather than at step 0.
    pub start_at_end: bool,
}

#[derive(Clone, Copy, PartialEq)]
enum Pos {
    /// Not yet resolved against a trace (the URL's step waits for it).
    Pending,
    At(usize),
}

/// The scaffold. The work is done by one hook compiled once for every
/// widget (its types erased, see `erased.rs`): a copy per widget type cost
/// a few kilobytes of the site's budget each.
#[hook]
pub fn use_widget<K, T>(props: &WidgetProps, spec: Spec<K, T>) -> WidgetCtx<T>
where
    K: PartialEq + Clone + 'static,
    T: 'static,
{
    use_any_widget(props, AnySpec::of(spec)).downcast()
}

#[hook]
fn use_any_widget(props: &WidgetProps, spec: AnySpec) -> WidgetCtx<AnyOut> {
    let values = use_state(|| props.initial.clone());
    let (key, mut notices) = (spec.key)(&values);
    let generation = use_state(|| 0u32);
    let make = spec.make.clone();
    let job = use_job((key.clone(), *generation), move |(k, _)| make(k));

    let len = match &job.state {
        JobState::Done(out) => (spec.len)(out),
        _ => 0,
    };
    let default_pos = |len: usize| if spec.start_at_end { len } else { 0 };

    // The URL's step applies to the first trace only; a new computation (new
    // settings) starts over at the default position.
    let pos = use_state(|| Pos::Pending);
    let step_notice = use_state(|| None::<Notice>);
    let seen_key = use_mut_ref(|| None::<AnyKey>);
    let done = matches!(job.state, JobState::Done(_));
    if done {
        let first = seen_key.borrow().is_none();
        let changed = seen_key.borrow().as_ref() != Some(&key);
        if changed {
            *seen_key.borrow_mut() = Some(key.clone());
            let (p, note) = if first {
                parse_step(props.step.as_deref(), len, default_pos(len), &props.prefix)
            } else {
                (default_pos(len), None)
            };
            pos.set(Pos::At(p));
            step_notice.set(note);
        }
    }
    let at = match *pos {
        Pos::At(p) => p.min(len),
        Pos::Pending => default_pos(len),
    };

    let on_seek = {
        let pos = pos.clone();
        Callback::from(move |p: usize| pos.set(Pos::At(p)))
    };
    let player = use_player(len, at, on_seek);

    // Keep the URL in step: settings that differ from the chapter's defaults,
    // and the step when it is not where the widget would start.
    {
        let url = props.url.clone();
        let id = props.id.to_string();
        let defaults = props.defaults.clone();
        let resolved = matches!(*pos, Pos::At(_)) && done;
        let at_default = at == default_pos(len);
        use_effect_with(
            ((*values).clone(), at, resolved),
            move |(values, at, resolved)| {
                if *resolved {
                    let mut pairs: Vec<(String, String)> = values
                        .to_strings(&defaults)
                        .into_iter()
                        .map(|(k, v)| (k.to_string(), v))
                        .collect();
                    if !at_default {
                        pairs.push((STEP.to_string(), at.to_string()));
                    }
                    url.set_widget(&id, pairs);
                }
            },
        );
    }

    let set_values = {
        let values = values.clone();
        Callback::from(move |v: Values| values.set(v))
    };
    let rerun = {
        let generation = generation.clone();
        Callback::from(move |_| generation.set(*generation + 1))
    };
    let phase = match job.state {
        JobState::Running {
            progress,
            elapsed_ms,
        } => Phase::Running {
            progress,
            elapsed_ms,
        },
        JobState::Cancelled => Phase::Cancelled,
        JobState::Done(out) => Phase::Done(out),
    };
    let mut all = props.notices.clone();
    all.append(&mut notices);
    all.extend((*step_notice).clone());
    WidgetCtx {
        values: (*values).clone(),
        set_values,
        phase,
        cancel: job.cancel,
        rerun,
        pos: at,
        player,
        notices: all,
    }
}

/// The usual widget: its frame, the settings, then the computation's
/// progress, a "stopped" note after a cancel, or the finished view.
pub fn standard<T>(
    props: &WidgetProps,
    ctx: &WidgetCtx<T>,
    settings: Html,
    what: &'static str,
    view: impl FnOnce(&Rc<T>) -> Html,
) -> Html {
    let (body, running) = match &ctx.phase {
        Phase::Running {
            progress,
            elapsed_ms,
        } => (None, Some((*progress, *elapsed_ms))),
        Phase::Cancelled => (None, None),
        Phase::Done(out) => (Some(view(out)), None),
    };
    let common = Common {
        notices: ctx.notices.clone(),
        onkeydown: ctx.player.onkeydown.clone(),
        cancel: ctx.cancel.clone(),
        rerun: ctx.rerun.clone(),
    };
    frame(props, common, settings, what, body, running)
}

/// What [`frame`] needs of a widget's context, whatever its result type.
struct Common {
    notices: Vec<Notice>,
    onkeydown: Callback<KeyboardEvent>,
    cancel: Callback<()>,
    rerun: Callback<()>,
}

/// The body of [`standard`], compiled once for every widget.
fn frame(
    props: &WidgetProps,
    c: Common,
    settings: Html,
    what: &'static str,
    body: Option<Html>,
    running: Option<(Progress, f64)>,
) -> Html {
    let body = match (body, running) {
        (Some(view), _) => view,
        (None, Some((progress, elapsed_ms))) => html! {
            { job_progress(&JobProgressProps { progress, elapsed_ms, cancel: c.cancel, what: what.into() }) }
        },
        (None, None) => {
            let again = c.rerun.reform(|_: MouseEvent| ());
            html! {
                <div class="job" role="status">
                    <span>{"Stopped before the end. Smaller settings finish sooner."}</span>
                    <button type="button" onclick={again}>{"Run again"}</button>
                </div>
            }
        }
    };
    frame::frame(&FrameProps {
        id: props.id.clone(),
        title: props.spec.title.into(),
        caption: props.caption.clone(),
        notices: c.notices,
        onkeydown: Some(c.onkeydown),
        children: html! { <>{ settings }{ body }</> },
    })
}
