//! Long computations in slices, with progress and a cancel button.
//!
//! A figure's work is a [`Stepper`]. [`use_job`] runs it for about 12 ms at a
//! time and yields to the browser between slices, so the page stays
//! responsive; the progress bar appears once the work has taken longer than
//! 100 ms. Work that finishes within the first slice (almost everything at
//! the default sizes) is done before the next paint and shows no bar.

use crate::core::step::{Progress, Stepper};
use crate::ui::dom;
use crate::ui::pool::{Crew, Remote, Report};
use gloo_timers::callback::Timeout;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use yew::prelude::*;

/// How long one slice may run, in ms.
const SLICE_MS: f64 = 12.0;
/// How long the first slice may run, in ms: work a little longer than a
/// slice still finishes before the first paint and shows no bar.
const FIRST_SLICE_MS: f64 = 25.0;
/// How long work may take before a progress bar is shown, in ms.
pub const SHOW_AFTER_MS: f64 = 100.0;

/// How often the page takes in what a worker doing a job's work has sent,
/// in ms (a film worker sends a chunk every 10 ms or so).
const ELSEWHERE_MS: u32 = 40;

/// How long a job waiting for the page's next frame waits, in ms, before
/// it starts all the same in a tab that is shown.
const FRAME_LATE_MS: u32 = 1_000;

/// How often a running job's preview is refreshed, in ms.
const PREVIEW_MS: f64 = 200.0;

/// A sweep whose rest would take longer than this on the page's thread,
/// in ms, goes to the workers (starting them costs about 100 ms).
const POOL_AFTER_MS: f64 = 300.0;

/// Where a job stands.
pub enum JobState<T> {
    /// Still working; `preview` is what it can already show, if anything.
    Running {
        progress: Progress,
        elapsed_ms: f64,
        preview: Option<Rc<T>>,
        /// Web Workers computing it (0: the page's thread).
        workers: usize,
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
                workers,
            } => JobState::Running {
                progress: *progress,
                elapsed_ms: *elapsed_ms,
                preview: preview.clone(),
                workers: *workers,
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

/// A running job: its stepper, its last preview with when it was made,
/// and the workers computing its items, if any.
struct Work<T> {
    stepper: Option<Boxed<T>>,
    preview: Option<Rc<T>>,
    preview_at: f64,
    crew: Option<Crew>,
}

type Shared<T> = Rc<RefCell<Work<T>>>;

/// What a job's slices and its workers' reports share: where the result
/// goes, when the job started, whether it was cancelled.
struct Run<T> {
    job: Shared<T>,
    state: UseStateHandle<JobState<T>>,
    started: f64,
    cancelled: Rc<Cell<bool>>,
    /// The work named for the workers, until they have been tried.
    remote: Rc<RefCell<Option<Remote>>>,
}

impl<T> Run<T> {
    /// What the job's stepper says of itself (false once it is gone).
    fn stepper_says(&self, ask: impl Fn(&Boxed<T>) -> bool) -> bool {
        self.job.borrow().stepper.as_ref().is_some_and(ask)
    }
}

impl<T> Clone for Run<T> {
    fn clone(&self) -> Self {
        Run {
            job: self.job.clone(),
            state: self.state.clone(),
            started: self.started,
            cancelled: self.cancelled.clone(),
            remote: self.remote.clone(),
        }
    }
}

/// Runs the stepper that `make` builds for `key`, again whenever `key`
/// changes (a change cancels the running job). `remote` names the same
/// work for a Web Worker, if it is a sweep the workers may share.
#[hook]
pub fn use_job<K, T, F>(key: K, remote: Option<Remote>, make: F) -> Job<T>
where
    K: PartialEq + Clone + 'static,
    T: 'static,
    F: Fn(&K) -> Boxed<T> + 'static,
{
    let state = use_state(|| JobState::<T>::Running {
        progress: Progress::default(),
        elapsed_ms: 0.0,
        preview: None,
        workers: 0,
    });
    // The running job, so that Cancel can stop its workers at once.
    let current = use_mut_ref(|| None::<Run<T>>);
    {
        let state = state.clone();
        let current = current.clone();
        use_effect_with(key, move |key| {
            let run = Run {
                job: Rc::new(RefCell::new(Work {
                    stepper: Some(make(key)),
                    preview: None,
                    preview_at: f64::NEG_INFINITY,
                    crew: None,
                })),
                state,
                started: dom::now_ms(),
                cancelled: Rc::new(Cell::new(false)),
                remote: Rc::new(RefCell::new(remote)),
            };
            *current.borrow_mut() = Some(run.clone());
            let later = run.stepper_says(|s| s.after_paint());
            let eager = run
                .job
                .borrow_mut()
                .stepper
                .as_mut()
                .and_then(|s| s.pool())
                .is_some_and(|p| p.eager());
            if later {
                after_next_frame(run.clone());
            } else if eager && share_out(&run) {
                // Items too costly for the page: the workers take them all.
            } else if slice(&run, FIRST_SLICE_MS).is_some() && !share_out(&run) {
                // The first slice ran now, so quick work never flashes a bar.
                schedule(run.clone());
            }
            move || stop(&run)
        });
    }
    let cancel = {
        let state = state.clone();
        Callback::from(move |_| {
            if let Some(run) = current.borrow().as_ref() {
                stop(run);
            }
            state.set(JobState::Cancelled);
        })
    };
    Job {
        state: (*state).clone(),
        cancel,
    }
}

/// Cancels a job and terminates its workers.
fn stop<T>(run: &Run<T>) {
    run.cancelled.set(true);
    let Ok(mut work) = run.job.try_borrow_mut() else {
        return;
    };
    let (crew, stepper) = (work.crew.take(), work.stepper.take());
    drop(work);
    // The stepper goes too: a film worker it holds stops with it.
    drop((crew, stepper));
}

/// Runs one slice; returns the progress if more work remains.
fn slice<T: 'static>(run: &Run<T>, budget_ms: f64) -> Option<Progress> {
    if run.cancelled.get() {
        return None;
    }
    let t0 = dom::now_ms();
    let mut work = run.job.borrow_mut();
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
        if stepper.elsewhere() {
            // A worker does the work: this step took in what it sent.
            break;
        }
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
        let workers = stepper.elsewhere() as usize;
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
        run.state.set(JobState::Running {
            progress: p,
            elapsed_ms: now - run.started,
            preview,
            workers,
        });
        Some(p)
    } else {
        let done = work.stepper.take()?.finish();
        run.state.set(JobState::Done(Rc::new(done)));
        None
    }
}

/// Starts a job once the page has been painted: after the next animation
/// frame, in a task of its own (in a hidden tab, once it is shown).
fn after_next_frame<T: 'static>(run: Run<T>) {
    let Some(w) = web_sys::window() else {
        schedule(run);
        return;
    };
    // Whichever comes first starts the job: the frame, or, in a tab that
    // is shown, a timeout. A frame is all it should take, but WebKitGTK
    // on a virtual display may withhold frames from a page it still calls
    // visible; a hidden tab keeps waiting for its frame.
    let once = Rc::new(Cell::new(Some(run)));
    let go = move || {
        if let Some(run) = once.take() {
            schedule(run);
        }
    };
    let by_frame = go.clone();
    let start = Closure::once_into_js(by_frame);
    // Asking for a frame fails only without a window, checked above.
    let _ = w.request_animation_frame(start.unchecked_ref());
    Timeout::new(FRAME_LATE_MS, move || {
        let shown = web_sys::window()
            .and_then(|w| w.document())
            .is_none_or(|d| !d.hidden());
        // Hidden, it waits for the frame that comes when it is shown.
        if shown {
            go();
        }
    })
    .forget();
}

fn schedule<T: 'static>(run: Run<T>) {
    // Work a worker does is looked in on, not spun for.
    let elsewhere = run.stepper_says(|s| s.elsewhere());
    Timeout::new(if elsewhere { ELSEWHERE_MS } else { 0 }, move || {
        if slice(&run, SLICE_MS).is_some() && !share_out(&run) {
            schedule(run);
        }
    })
    .forget();
}

/// Hands the rest of a sweep to Web Workers if it is worth it: the job has
/// run [`POOL_AFTER_MS`] on the page already, or its pace so far says the
/// rest would take longer (items may differ in cost: a region map's last
/// rows are its slowest). Workers are tried once a job; returns whether
/// they took it.
fn share_out<T: 'static>(run: &Run<T>) -> bool {
    if run.remote.borrow().is_none() {
        return false;
    }
    let elapsed = dom::now_ms() - run.started;
    let mut work = run.job.borrow_mut();
    let Some(pool) = work.stepper.as_mut().and_then(|s| s.pool()) else {
        return false;
    };
    let missing = pool.missing();
    let left: usize = missing.iter().map(|(a, b)| b - a).sum();
    let done = pool.len() - left;
    let rest_ms = if done == 0 {
        f64::INFINITY
    } else {
        elapsed * left as f64 / done as f64
    };
    let worth = if pool.eager() {
        left > 0
    } else {
        left >= 2 && (elapsed >= POOL_AFTER_MS || rest_ms >= POOL_AFTER_MS)
    };
    if !worth {
        return false;
    }
    let Some(remote) = run.remote.borrow_mut().take() else {
        return false;
    };
    // The crew is held by the job, and its handlers must not hold the job
    // in turn (a cycle): they reach it through a weak reference.
    let report = {
        let weak = Rc::downgrade(&run.job);
        let (state, started, cancelled) = (run.state.clone(), run.started, run.cancelled.clone());
        Rc::new(move |r: Report| {
            if let Some(job) = weak.upgrade() {
                let run = Run {
                    job,
                    state: state.clone(),
                    started,
                    cancelled: cancelled.clone(),
                    remote: Rc::new(RefCell::new(None)),
                };
                heard(&run, r);
            }
        })
    };
    let Some(crew) = Crew::start(remote, &missing, report) else {
        return false;
    };
    work.crew = Some(crew);
    shared_progress(run, &work);
    true
}

/// Shows how far a job in the workers' hands has come.
fn shared_progress<T>(run: &Run<T>, work: &Work<T>) {
    run.state.set(JobState::Running {
        progress: work
            .stepper
            .as_ref()
            .map(|s| s.progress())
            .unwrap_or_default(),
        elapsed_ms: dom::now_ms() - run.started,
        preview: None,
        workers: work.crew.as_ref().map_or(0, Crew::size),
    });
}

/// A report of the job's workers: items to take, or a failure after which
/// the page's thread carries on.
fn heard<T: 'static>(run: &Run<T>, report: Report) {
    if run.cancelled.get() {
        return;
    }
    let mut work = run.job.borrow_mut();
    let accepted = match (report, work.stepper.as_mut().and_then(|s| s.pool())) {
        (Report::Items { from, encoded }, Some(pool)) => pool
            .accept(from, &encoded)
            .map(|()| pool.missing().is_empty()),
        (Report::Failed(why), _) => Err(why),
        (_, None) => Err("the job has no items to take".into()),
    };
    match accepted {
        Ok(false) => shared_progress(run, &work),
        Ok(true) => {
            // Every item is here: assembling them is quick.
            let crew = work.crew.take();
            let done = work.stepper.take().map(|s| s.finish());
            drop(work);
            later(crew);
            if let Some(done) = done {
                run.state.set(JobState::Done(Rc::new(done)));
            }
        }
        Err(_) => {
            // The items the workers sent stay; the page computes the rest.
            let crew = work.crew.take();
            drop(work);
            later(crew);
            schedule(run.clone());
        }
    }
}

/// Drops a crew after the current event: its handlers may be running it.
fn later(crew: Option<Crew>) {
    if let Some(crew) = crew {
        Timeout::new(0, move || drop(crew)).forget();
    }
}

/// Props for [`JobProgress`].
#[derive(Properties, PartialEq)]
pub struct JobProgressProps {
    pub progress: Progress,
    pub elapsed_ms: f64,
    pub cancel: Callback<()>,
    /// What is being computed, e.g. "the LP trace".
    pub what: AttrValue,
    /// Web Workers computing it (0: the page's thread).
    pub workers: usize,
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
            <span>{format!("Computing {} — {pct}%{}{}", props.what, match props.progress.time_left(props.elapsed_ms) {
                Some(left) => format!(", {left}"),
                None => String::new(),
            }, match props.workers {
                0 => String::new(),
                1 => " (in a background worker)".to_string(),
                n => format!(" (in {n} background workers)"),
            })}</span>
            <progress max="100" value={pct.to_string()} aria-label="progress"></progress>
            <button type="button" onclick={cancel}>{"Cancel"}</button>
        </div>
    }
}
