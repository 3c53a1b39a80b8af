//! How a figure is hosted on a page: [`FigureHost`] reads its settings
//! (the chapter's defaults, then the link's values, each checked), runs its
//! computation in slices, resolves the link's step once the trace exists,
//! runs the player, keeps the URL in step, and draws the figure's view.
//!
//! One component type does this for every figure, its types erased behind
//! [`Hosted`]: a component type, or a copy of the hook, per figure would
//! each bring their own copy of Yew's generic code into the wasm. The
//! erasure is written once, generically, in `impl Hosted for Host<F>`, so a
//! figure's key, output and view always belong to the same `F`: a wrong
//! pairing does not compile.

use super::FigureView;
use crate::book::figure::Entry;
use crate::book::figures::find;
use crate::book::params::{Notice, Values, apply_limits, parse_step, read, read_over};
use crate::book::pooled::round_trips;
use crate::book::route::STEP;
use crate::book::settings::Settings;
use crate::core::step::{Progress, Stepper};
use crate::ui::job::{JobState, use_job};
use crate::ui::player::{PlayerHandle, use_player};
use crate::ui::pool::Remote;
use crate::ui::theme::{Theme, use_theme};
use crate::ui::url::UrlState;
use std::any::Any;
use std::cell::RefCell;
use std::marker::PhantomData;
use std::rc::Rc;
use yew::prelude::*;

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

/// A computation's result, its type erased.
pub type AnyOut = Rc<dyn Any>;

/// A computation's key, its type erased but still comparable.
#[derive(Clone)]
pub struct AnyKey(Rc<dyn KeyObj>);

trait KeyObj {
    fn any(&self) -> &dyn Any;
    fn same(&self, other: &dyn KeyObj) -> bool;
}

impl<K: PartialEq + 'static> KeyObj for K {
    fn any(&self) -> &dyn Any {
        self
    }
    fn same(&self, other: &dyn KeyObj) -> bool {
        other.any().downcast_ref::<K>() == Some(self)
    }
}

impl PartialEq for AnyKey {
    fn eq(&self, other: &Self) -> bool {
        self.0.same(&*other.0)
    }
}

/// A figure the page can host, its types erased.
pub trait Hosted: 'static {
    /// The computation's key from the settings, with notices.
    fn key(&self, values: &Values) -> (AnyKey, Vec<Notice>);
    /// The computation.
    fn compute(&self, key: &AnyKey) -> Box<dyn Stepper<Output = AnyOut>>;
    /// Steps of the player over a result.
    fn steps(&self, out: &AnyOut) -> usize;
    /// Opens at the last step.
    fn start_at_end(&self) -> bool;
    /// The computation named for a Web Worker, if it is a sweep the
    /// workers may share and the link strings give back `key` exactly.
    fn remote(&self, name: &'static str, values: &Values, key: &AnyKey) -> Option<Remote>;
    /// Draws the figure.
    fn view(&self, props: &FigureProps, ctx: Ctx<AnyOut>, shared: &Shared) -> Html;
}

/// Figure `F`, hosted.
pub struct Host<F>(PhantomData<fn() -> F>);

impl<F> Host<F> {
    pub const NEW: Self = Host(PhantomData);
}

impl<F: FigureView> Hosted for Host<F> {
    fn key(&self, values: &Values) -> (AnyKey, Vec<Notice>) {
        let (k, notices) = F::key(&F::Settings::from_values(values));
        (AnyKey(Rc::new(k)), notices)
    }

    fn compute(&self, key: &AnyKey) -> Box<dyn Stepper<Output = AnyOut>> {
        match key.0.any().downcast_ref::<F::Key>() {
            Some(k) => Box::new(Erased(F::compute(k))),
            // Keys come from `key` above, so this cannot happen.
            None => Box::new(Nothing),
        }
    }

    fn steps(&self, out: &AnyOut) -> usize {
        out.downcast_ref::<F::Output>().map_or(0, F::steps)
    }

    fn start_at_end(&self) -> bool {
        F::START_AT_END
    }

    fn remote(&self, name: &'static str, values: &Values, key: &AnyKey) -> Option<Remote> {
        if !F::POOLED {
            return None;
        }
        let raw: Vec<(String, String)> = values
            .to_strings(&Values::default())
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect();
        let key = key.0.any().downcast_ref::<F::Key>()?;
        round_trips::<F>(&raw, key).then_some(Remote { figure: name, raw })
    }

    fn view(&self, props: &FigureProps, ctx: Ctx<AnyOut>, shared: &Shared) -> Html {
        let settings = F::Settings::from_values(&ctx.values);
        F::view(props, &ctx.downcast::<F::Output>(), &settings, shared)
    }
}

/// A stepper whose result is erased.
struct Erased<T>(Box<dyn Stepper<Output = T>>);

impl<T: 'static> Stepper for Erased<T> {
    type Output = AnyOut;
    fn step(&mut self) -> bool {
        self.0.step()
    }
    fn progress(&self) -> Progress {
        self.0.progress()
    }
    fn finish(self: Box<Self>) -> AnyOut {
        Rc::new(self.0.finish())
    }
    fn preview(&self) -> Option<AnyOut> {
        self.0.preview().map(|p| Rc::new(p) as AnyOut)
    }
    fn pool(&mut self) -> Option<&mut dyn crate::core::pool::Pool> {
        self.0.pool()
    }
    fn after_paint(&self) -> bool {
        self.0.after_paint()
    }
}

/// What a key of the wrong type computes (never: see `compute`).
struct Nothing;

impl Stepper for Nothing {
    type Output = AnyOut;
    fn step(&mut self) -> bool {
        false
    }
    fn progress(&self) -> Progress {
        Progress::default()
    }
    fn finish(self: Box<Self>) -> AnyOut {
        Rc::new(())
    }
}

impl Ctx<AnyOut> {
    /// The context with the result's type restored.
    fn downcast<T: 'static>(self) -> Ctx<T> {
        let phase = match self.phase {
            RunState::Running {
                progress,
                elapsed_ms,
                preview,
                workers,
            } => RunState::Running {
                progress,
                elapsed_ms,
                preview: preview.and_then(|out| (*out).clone().downcast::<T>().ok()),
                workers,
            },
            RunState::Cancelled => RunState::Cancelled,
            RunState::Done(out) => match (*out).clone().downcast::<T>() {
                Ok(t) => RunState::Done(t),
                Err(_) => RunState::Cancelled,
            },
        };
        Ctx {
            values: self.values,
            set_values: self.set_values,
            phase,
            cancel: self.cancel,
            rerun: self.rerun,
            pos: self.pos,
            player: self.player,
            notices: self.notices,
        }
    }
}

thread_local! {
    /// The figures this wasm module hosts (see `ui::figures::packs`).
    static INSTALLED: RefCell<Vec<(&'static str, &'static dyn Hosted)>> = const { RefCell::new(Vec::new()) };
}

/// Makes `figures` hostable here.
pub fn install(figures: &[(&'static str, &'static dyn Hosted)]) {
    INSTALLED.with(|i| {
        let mut i = i.borrow_mut();
        for f in figures {
            if !i.iter().any(|(n, _)| *n == f.0) {
                i.push(*f);
            }
        }
    });
}

/// The hosted figure called `name`, if this module has it.
pub fn hosted(name: &str) -> Option<&'static dyn Hosted> {
    INSTALLED.with(|i| i.borrow().iter().find(|(n, _)| *n == name).map(|f| f.1))
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
}

/// Reads a figure's settings and mounts it (or, for a figure of a module
/// not loaded yet, the slot that loads it).
#[component]
pub fn FigureHost(props: &HostProps) -> Html {
    let entry = find(&props.kind);
    let figure_props = use_memo((props.id.clone(), props.kind.clone()), |_| {
        entry.map(|entry| figure_props(entry, props))
    });
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
    match hosted(entry.name) {
        Some(_) => html! { <FigureBody key={entry.name} ..p /> },
        None => html! { <crate::ui::packs::PackSlot kind={props.kind.clone()} id={props.id.clone()}
        caption={props.caption.clone()} chapter_params={props.chapter_params.clone()} /> },
    }
}

/// The chapter's defaults over the catalogue's, then the link's values.
fn figure_props(entry: &'static Entry, props: &HostProps) -> FigureProps {
    let chapter: Vec<(String, String)> = props
        .chapter_params
        .iter()
        .filter(|(k, _)| k != STEP)
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
    let (mut initial, mut notices) = read_over(entry.params, defaults.clone(), &raw, &prefix);
    notices.extend(apply_limits(
        entry.params,
        entry.limits,
        &mut initial,
        &defaults,
        &raw,
        &prefix,
    ));
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
    let Some(figure) = hosted(props.entry.name) else {
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

    let len = match &job.state {
        JobState::Done(out) => figure.steps(out),
        _ => 0,
    };
    let start_at_end = figure.start_at_end();
    let default_pos = |len: usize| if start_at_end { len } else { 0 };

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
                    // A text too long for a link (the lab's large matrix)
                    // stays out of it; the figure says so to the reader.
                    let mut pairs: Vec<(String, String)> = values
                        .to_strings(&defaults)
                        .into_iter()
                        .filter(|(_, v)| v.len() <= crate::book::params::LINK_TEXT_MAX)
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
