//! How a figure is hosted on a page: [`FigureHost`] reads its settings
//! (the chapter's defaults, then the link's values, each checked), runs its
//! computation in slices, resolves the link's step once the trace exists,
//! runs the player, keeps the URL in step, and draws the figure's view.
//!
//! One component type does this for every figure, its types erased behind
//! [`Hosted`] (see `erased`).

use crate::book::figure::Entry;
use crate::book::figures::{exercises, find};
use crate::book::params::{Notice, Values, parse_step, read};
use crate::book::route::{DEFER, STEP};
use crate::core::step::Progress;
use crate::ui::job::{JobState, use_job};
use crate::ui::parts::deferred::{Waiting, use_in_sight};
use crate::ui::player::{PlayerHandle, use_growing_player};
use crate::ui::theme::{Theme, use_theme};
use crate::ui::url::UrlState;
use std::rc::Rc;
use yew::prelude::*;

pub use super::erased::{AnyKey, AnyOut, Host, Hosted, hosted, install};

/// What every figure's view receives about its place on the page.
#[derive(Properties, PartialEq, Clone)]
pub struct FigureProps {
    pub id: AttrValue,
    pub entry: &'static Entry,
    /// The chapter's defaults: values equal to these stay out of the URL.
    pub defaults: Values,
    /// The starting values (defaults overridden by the URL).
    pub initial: Values,
    /// Problems with the URL's values.
    pub notices: Vec<Notice>,
    /// The URL's raw `step`, resolved once the trace exists.
    pub step: Option<String>,
    /// Prefix for notices: "lp." on a chapter page, "" when embedded.
    pub prefix: String,
    pub caption: AttrValue,
    pub url: UrlState,
}

/// Where a figure's computation stands.
pub enum RunState<T> {
    /// Still working; `preview` is what it can already show, if anything.
    Running {
        progress: Progress,
        elapsed_ms: f64,
        preview: Option<Rc<T>>,
        /// Web Workers computing it (0: the page's thread).
        workers: usize,
    },
    Cancelled,
    Done(Rc<T>),
}

/// Everything a figure's view needs from its host.
pub struct Ctx<T> {
    pub values: Values,
    pub set_values: Callback<Values>,
    pub phase: RunState<T>,
    pub cancel: Callback<()>,
    pub rerun: Callback<()>,
    pub pos: usize,
    pub player: PlayerHandle,
    pub notices: Vec<Notice>,
}

/// What every view may use besides its context.
pub struct Shared {
    pub theme: Theme,
    /// The matrix cell under the pointer, for the figures over a matrix.
    pub hover: UseStateHandle<Option<(usize, usize)>>,
}

/// Props of [`FigureHost`].
#[derive(Properties, PartialEq)]
pub struct HostProps {
    pub id: AttrValue,
    /// The figure's name.
    pub kind: AttrValue,
    #[prop_or_default]
    pub caption: AttrValue,
    /// The chapter's `key: value` lines for this figure.
    #[prop_or_default]
    pub chapter_params: Rc<Vec<(String, String)>>,
    pub url: UrlState,
    /// Whether a deferred figure may wait for the reader; false in a
    /// figure module, whose page already waited before loading it.
    #[prop_or(true)]
    pub may_wait: bool,
}

/// Reads a figure's settings and mounts it (or, for a figure of a module
/// not loaded yet, the slot that loads it).
#[component]
pub fn FigureHost(props: &HostProps) -> Html {
    let entry = find(&props.kind);
    let figure_props = use_memo((props.id.clone(), props.kind.clone()), |_| {
        entry.map(|entry| figure_props(entry, props))
    });
    // A heavy figure on a chapter page waits until the reader comes near
    // it, unless its link names it (it is what the reader asked to see).
    // So does every figure of a chapter opened by a link about another
    // one: the figure the link names is computed first, without the
    // chapter's other figures taking turns with it, and those the reader
    // never scrolls to are never computed.
    let heavy = entry.is_some_and(|e| e.deferred)
        || props
            .chapter_params
            .iter()
            .any(|(k, v)| k == DEFER && v == "true");
    let elsewhere = props.url.about_another_figure(&props.id);
    let watch = props.may_wait
        && (heavy || elsewhere)
        && !props.url.one_at_a_time()
        && props.url.figure_query(&props.id).is_empty();
    let node = use_node_ref();
    let (in_sight, start) = use_in_sight(node.clone(), watch);
    let Some(entry) = entry else {
        return html! {
            <div class="notices" role="status">
                {format!("There is no figure called '{}'. Figures: {}.", props.kind, crate::book::figures::names().join(", "))}
            </div>
        };
    };
    let Some(p) = (*figure_props).clone() else {
        return html! {};
    };
    if !in_sight {
        return html! {
            <Waiting id={props.id.clone()} title={entry.title} caption={props.caption.clone()} {heavy}
                {node} {start} />
        };
    }
    let name = hosting_name(entry, &p.initial);
    match hosted(&name) {
        Some(_) => html! { <FigureBody key={name} ..p /> },
        None => html! { <crate::ui::packs::PackSlot kind={props.kind.clone()} id={props.id.clone()}
        caption={props.caption.clone()} chapter_params={props.chapter_params.clone()}
        pack={module_of(entry, &p.initial)} /> },
    }
}

/// The name figure `entry` is installed under for settings `values`: its
/// own, except the exercises, which every module hosts for its own
/// chapters as `exercises@<module>` (see `book::figures::exercises`).
pub fn hosting_name(entry: &Entry, values: &Values) -> String {
    if entry.name == exercises::NAME {
        format!("{}@{}", exercises::NAME, exercises::module_of(values))
    } else {
        entry.name.to_string()
    }
}

/// The wasm module that computes figure `entry` for settings `values`.
pub fn module_of(entry: &Entry, values: &Values) -> &'static str {
    if entry.name == exercises::NAME {
        exercises::module_of(values)
    } else {
        entry.pack
    }
}

/// The chapter's defaults over the catalogue's, then the link's values.
fn figure_props(entry: &'static Entry, props: &HostProps) -> FigureProps {
    let chapter: Vec<(String, String)> = props
        .chapter_params
        .iter()
        .filter(|(k, _)| k != STEP && k != DEFER)
        .cloned()
        .collect();
    let (defaults, _) = read(entry.params, &chapter, "");
    let mut raw = props.url.figure_query(&props.id);
    let step = raw
        .iter()
        .rev()
        .find(|(k, _)| k == STEP)
        .map(|(_, v)| v.clone());
    raw.retain(|(k, _)| k != STEP);
    let prefix = props.url.prefix(&props.id);
    let (initial, notices) = entry.read(&defaults, &raw, &prefix);
    FigureProps {
        id: props.id.clone(),
        entry,
        defaults,
        initial,
        notices,
        step,
        prefix,
        caption: props.caption.clone(),
        url: props.url.clone(),
    }
}

/// A hosted figure: its hooks and its view. Mounted with the figure's name
/// as its key, so the hooks always belong to one figure.
#[component]
fn FigureBody(props: &FigureProps) -> Html {
    let theme = use_theme();
    let hover = use_state(|| None::<(usize, usize)>);
    // The host mounts this only for figures installed here.
    let Some(figure) = hosted(&hosting_name(props.entry, &props.initial)) else {
        return html! {};
    };
    let ctx = use_figure(props, figure);
    {
        let (set, speed) = (
            ctx.player.set_speed.clone(),
            crate::ui::player::start_speed(props.entry.unit),
        );
        use_effect_with(speed, move |&speed| {
            if let Some(s) = speed {
                set.emit(s);
            }
        });
    }
    figure.view(props, ctx, &Shared { theme, hover })
}

#[derive(Clone, Copy, PartialEq)]
enum Pos {
    /// Not yet resolved against a trace (the URL's step waits for it).
    Pending,
    At(usize),
}

/// Settings, computation, step and URL of one figure.
#[hook]
fn use_figure(props: &FigureProps, figure: &'static dyn Hosted) -> Ctx<AnyOut> {
    let values = use_state(|| props.initial.clone());
    let (key, mut notices) = figure.key(&values);
    let generation = use_state(|| 0u32);
    // Naming the work for a worker re-reads the settings: once per key,
    // not every render.
    let remote = {
        let (name, values) = (props.entry.name, values.clone());
        use_memo(key.clone(), move |k| figure.remote(name, &values, k))
    };
    let job = use_job(
        (key.clone(), *generation),
        (*remote).clone(),
        move |(k, _)| figure.compute(k),
    );

    // A figure whose preview has steps (a simulation watched while it
    // runs) plays them while the work goes on; the trace grows until done.
    let (len, growing) = match &job.state {
        JobState::Done(out) => (figure.steps(out), false),
        JobState::Running {
            preview: Some(out), ..
        } => (figure.steps(out), true),
        _ => (0, false),
    };
    let start_at_end = figure.start_at_end();
    let default_pos = |len: usize| if start_at_end { len } else { 0 };

    // The URL's step applies to the first trace only; a new computation (new
    // settings) starts over at the default position.
    let pos = use_state(|| Pos::Pending);
    let step_notice = use_state(|| None::<Notice>);
    let seen_key = use_mut_ref(|| None::<AnyKey>);
    // The key under which the reader moved while the trace was growing.
    let early = use_mut_ref(|| None::<AnyKey>);
    let done = matches!(job.state, JobState::Done(_));
    // A link's step into a trace still growing (a long simulation watched
    // while it runs) is shown as soon as the trace reaches it; until then
    // a note says it waits. Other steps ("end", bad values) wait for the
    // whole trace.
    let mut waiting = None;
    let step = props.step.as_deref().and_then(|s| s.parse::<usize>().ok());
    let unseen = seen_key.borrow().is_none();
    if let Some(k) = step
        && growing
        && unseen
    {
        if k <= len {
            *seen_key.borrow_mut() = Some(key.clone());
            *early.borrow_mut() = Some(key.clone());
            pos.set(Pos::At(k));
        } else {
            waiting = Some(Notice(format!(
                "{}step: {k} is shown as soon as it is computed ({len} so far)",
                props.prefix
            )));
        }
    }
    if done {
        let first = seen_key.borrow().is_none();
        let changed = seen_key.borrow().as_ref() != Some(&key);
        if changed {
            *seen_key.borrow_mut() = Some(key.clone());
            // Where the reader went while the trace grew stays, unless the
            // link names a step (which waits for the whole trace).
            let early = early.borrow().as_ref() == Some(&key);
            let moved = match *pos {
                Pos::At(p) if early && !(first && props.step.is_some()) => Some(p),
                _ => None,
            };
            let (p, note) = if let Some(p) = moved {
                (p.min(len), None)
            } else if first {
                parse_step(props.step.as_deref(), len, default_pos(len), &props.prefix)
            } else {
                (default_pos(len), None)
            };
            pos.set(Pos::At(p));
            step_notice.set(note);
        }
    }
    // While a trace grows, a position the reader did not choose for it
    // (one left by earlier settings) is not kept.
    let stale = growing && early.borrow().as_ref() != Some(&key);
    let at = match *pos {
        Pos::At(p) if !stale => p.min(len),
        _ => default_pos(len),
    };

    let on_seek = {
        let pos = pos.clone();
        let (early, key) = (early.clone(), key.clone());
        Callback::from(move |p: usize| {
            if growing {
                *early.borrow_mut() = Some(key.clone());
            }
            pos.set(Pos::At(p))
        })
    };
    let player = use_growing_player(len, at, on_seek, growing);

    // Keep the URL in step: settings that differ from the chapter's defaults,
    // and the step when it is not where the figure would start. Not while
    // playing: rewriting the address sixty times a second costs frames, and
    // the step is written when the player stops.
    {
        let url = props.url.clone();
        let id = props.id.to_string();
        let defaults = props.defaults.clone();
        let resolved = matches!(*pos, Pos::At(_)) && done && !player.playing;
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
                    url.set_figure(&id, pairs);
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
            preview,
            workers,
        } => RunState::Running {
            progress,
            elapsed_ms,
            preview,
            workers,
        },
        JobState::Cancelled => RunState::Cancelled,
        JobState::Done(out) => RunState::Done(out),
    };
    let mut all = props.notices.clone();
    all.append(&mut notices);
    all.extend((*step_notice).clone());
    all.extend(waiting);
    Ctx {
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
