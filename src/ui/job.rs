//! Long computations in slices, with progress and a cancel button.
//!
//! A figure's work is a [`Stepper`]. [`use_job`] runs it for about 12 ms at a
//! time and yields to the browser between slices, so the page stays
//! responsive; the progress bar appears once the work has taken longer than
//! 100 ms. Work that finishes within the first slice (almost everything at
//! the default sizes) is done before the next paint and shows no bar.

use crate::core::step::{Progress, Stepper};
use crate::ui::dom;
use gloo_timers::callback::Timeout;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use yew::prelude::*;

/// How long one slice may run, in ms.
const SLICE_MS: f64 = 12.0;
/// How long the first slice may run, in ms: work a little longer than a
/// slice still finishes before the first paint and shows no bar.
const FIRST_SLICE_MS: f64 = 25.0;
/// How long work may take before a progress bar is shown, in ms.
pub const SHOW_AFTER_MS: f64 = 100.0;

/// How often a running job's preview is refreshed, in ms.
const PREVIEW_MS: f64 = 200.0;

/// Where a job stands.
pub enum JobState<T> {
    /// Still working; `preview` is what it can already show, if anything.
    Running {
        progress: Progress,
        elapsed_ms: f64,
        preview: Option<Rc<T>>,
    },
    Done(Rc<T>),
    Cancelled,
}

impl<T> Clone for JobState<T> {
    fn clone(&self) -> Self {
        match self {
            JobState::Running {
                progress,
                elapsed_ms,
                preview,
            } => JobState::Running {
                progress: *progress,
                elapsed_ms: *elapsed_ms,
                preview: preview.clone(),
            },
            JobState::Done(t) => JobState::Done(t.clone()),
            JobState::Cancelled => JobState::Cancelled,
        }
    }
}

/// A job's state and the means to cancel it.
pub struct Job<T> {
    pub state: JobState<T>,
    pub cancel: Callback<()>,
}

type Boxed<T> = Box<dyn Stepper<Output = T>>;

/// A running job: its stepper, and its last preview with when it was made.
struct Work<T> {
    stepper: Option<Boxed<T>>,
    preview: Option<Rc<T>>,
    preview_at: f64,
}

type Shared<T> = Rc<RefCell<Work<T>>>;

/// Runs the stepper that `make` builds for `key`, again whenever `key`
/// changes (a change cancels the running job).
#[hook]
pub fn use_job<K, T, F>(key: K, make: F) -> Job<T>
where
    K: PartialEq + Clone + 'static,
    T: 'static,
    F: Fn(&K) -> Boxed<T> + 'static,
{
    let state = use_state(|| JobState::<T>::Running {
        progress: Progress::default(),
        elapsed_ms: 0.0,
        preview: None,
    });
    let cancelled = use_mut_ref(|| Rc::new(Cell::new(false)));
    {
        let state = state.clone();
        let cancelled = cancelled.clone();
        use_effect_with(key, move |key| {
            let flag = Rc::new(Cell::new(false));
            *cancelled.borrow_mut() = flag.clone();
            let job: Shared<T> = Rc::new(RefCell::new(Work {
                stepper: Some(make(key)),
                preview: None,
                preview_at: f64::NEG_INFINITY,
            }));
            let started = dom::now_ms();
            // The first slice runs now, so quick work never flashes a bar.
            if let Some(next) = slice(&job, &state, started, &flag, FIRST_SLICE_MS) {
                schedule(job, state, started, flag.clone(), next);
            }
            move || flag.set(true)
        });
    }
    let cancel = {
        let state = state.clone();
        Callback::from(move |_| {
            cancelled.borrow().set(true);
            state.set(JobState::Cancelled);
        })
    };
    Job {
        state: (*state).clone(),
        cancel,
    }
}

/// Runs one slice; returns the progress if more work remains.
fn slice<T: 'static>(
    job: &Shared<T>,
    state: &UseStateHandle<JobState<T>>,
    started: f64,
    cancelled: &Rc<Cell<bool>>,
    budget_ms: f64,
) -> Option<Progress> {
    if cancelled.get() {
        return None;
    }
    let t0 = dom::now_ms();
    let mut work = job.borrow_mut();
    let stepper = work.stepper.as_mut()?;
    let mut more = true;
    let mut n = 0u32;
    // Reading the clock costs more than a small step, so it is read every
    // `every` steps; `every` starts at 1 (a step may take tens of
    // milliseconds: a 16 × 16 all-to-all priced once) and doubles while
    // the clock shows the steps are cheap.
    let mut every = 1u32;
    while more {
        more = stepper.step();
        n += 1;
        if n.is_multiple_of(every) {
            let elapsed = dom::now_ms() - t0;
            if elapsed > budget_ms {
                break;
            }
            if elapsed < 1.0 && every < 64 {
                every *= 2;
            }
        }
    }
    if more {
        let p = stepper.progress();
        let now = dom::now_ms();
        // A preview costs a copy of what it shows, so it is refreshed a few
        // times a second, not after every slice.
        if now - work.preview_at >= PREVIEW_MS {
            let fresh = work.stepper.as_ref().and_then(|s| s.preview());
            if let Some(v) = fresh {
                work.preview = Some(Rc::new(v));
                work.preview_at = now;
            }
        }
        let preview = work.preview.clone();
        state.set(JobState::Running {
            progress: p,
            elapsed_ms: now - started,
            preview,
        });
        Some(p)
    } else {
        let done = work.stepper.take()?.finish();
        state.set(JobState::Done(Rc::new(done)));
        None
    }
}

fn schedule<T: 'static>(
    job: Shared<T>,
    state: UseStateHandle<JobState<T>>,
    started: f64,
    cancelled: Rc<Cell<bool>>,
    _p: Progress,
) {
    Timeout::new(0, move || {
        if let Some(p) = slice(&job, &state, started, &cancelled, SLICE_MS) {
            schedule(job, state, started, cancelled, p);
        }
    })
    .forget();
}

/// Props for [`JobProgress`].
#[derive(Properties, PartialEq)]
pub struct JobProgressProps {
    pub progress: Progress,
    pub elapsed_ms: f64,
    pub cancel: Callback<()>,
    /// What is being computed, e.g. "the LP trace".
    pub what: AttrValue,
}

/// The progress bar and cancel button of a running job (hidden for the
/// first 100 ms).
#[component]
pub fn JobProgress(props: &JobProgressProps) -> Html {
    job_progress(props)
}

/// [`JobProgress`] drawn by the caller: one component type less in the
/// wasm.
pub fn job_progress(props: &JobProgressProps) -> Html {
    if props.elapsed_ms < SHOW_AFTER_MS {
        return html! { <div class="job" aria-busy="true"><span>{"Computing…"}</span></div> };
    }
    let cancel = props.cancel.reform(|_: MouseEvent| ());
    let pct = (props.progress.fraction() * 100.0).round();
    html! {
        <div class="job" role="status" aria-busy="true">
            <span>{format!("Computing {} — {pct}%", props.what)}</span>
            <progress max="100" value={pct.to_string()} aria-label="progress"></progress>
            <button type="button" onclick={cancel}>{"Cancel"}</button>
        </div>
    }
}
