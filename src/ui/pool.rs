//! A pool of Web Workers for the long sweeps (5,000 random permutations, a
//! region map): the page hands ranges of a sweep's items to workers and
//! takes their results back (`core::pool`), so the page's thread only
//! draws, and on a machine with several cores the sweep finishes sooner.
//!
//! The workers are the JS API's worker (`commbook-worker`, whose message
//! loop in `ui::js_api` sends a message with a `sweep` field here): each
//! reads the figure's settings from the same link strings the page would
//! write, builds the figure's own stepper and computes the items asked for
//! ([`answer`]). On the page, a [`Crew`] is started for one job and
//! terminated when it is done, cancelled or replaced; if a worker cannot
//! start or fails, the job goes on in slices on the page's thread with
//! the items it has (see `ui::job`), so a missing worker file (the browser
//! tests' runner serves none) costs speed, never the figure.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// A figure's sweep as a worker is told it: the figure and its settings
/// as link strings.
#[derive(Clone, Debug, PartialEq)]
pub struct Remote {
    pub figure: &'static str,
    pub raw: Vec<(String, String)>,
}

/// Most workers a crew starts: each holds its own copy of the sweep's
/// inputs, and past four the page's memory grows for little.
const MAX_WORKERS: usize = 4;
/// Chunks per worker: enough that a slow chunk does not hold the end up
/// and progress moves several times a second.
const CHUNKS_PER_WORKER: usize = 16;
/// How long a crew may go without hearing from any of its workers, in
/// ms, before it is given up and the page's thread carries on: a chunk
/// takes well under a second, but a worker that never loads, or whose
/// module fails in a promise (which some engines report to no `onerror`),
/// would otherwise hold the figure's progress bar for ever (WebKitGTK, in
/// the CI run of 2026-11-29, held the appendix's for 120 s).
const SILENT_MS: f64 = 30_000.0;
/// How often a crew looks at how long its workers have been silent, in ms.
const LOOK_MS: u32 = 1_000;

/// What a crew reports to its job.
pub enum Report {
    /// Items `from..` as encoded by a worker.
    Items { from: usize, encoded: String },
    /// A worker could not start or failed; the crew has stopped.
    Failed(String),
}

/// What hears a crew's reports.
pub type OnReport = Rc<dyn Fn(Report)>;

struct Hand {
    worker: web_sys::Worker,
    ready: bool,
    busy: bool,
}

struct State {
    hands: Vec<Hand>,
    chunks: VecDeque<(usize, usize)>,
    remote: Remote,
    stopped: bool,
    /// When a worker last sent anything (or the crew started), in ms.
    heard_at: f64,
}

/// Workers computing one job's items. Dropping it terminates them.
pub struct Crew {
    state: Rc<RefCell<State>>,
    /// The workers' handlers, kept as long as the workers.
    _handlers: Vec<Closure<dyn FnMut(web_sys::MessageEvent)>>,
    _errors: Vec<Closure<dyn FnMut(web_sys::Event)>>,
    /// Gives the crew up when its workers fall silent; stops with it.
    _watch: gloo_timers::callback::Interval,
}

impl Drop for Crew {
    fn drop(&mut self) {
        let mut s = self.state.borrow_mut();
        s.stopped = true;
        for h in &s.hands {
            crate::ui::dom::retire(&h.worker);
        }
    }
}

/// How many workers this browser is worth: its cores, at most
/// [`MAX_WORKERS`] (and at least one).
pub fn workers_wanted() -> usize {
    web_sys::window()
        .map(|w| w.navigator().hardware_concurrency())
        .filter(|c| c.is_finite() && *c >= 1.0)
        .map_or(2, |c| c as usize)
        .clamp(1, MAX_WORKERS)
}

impl Crew {
    /// Starts workers for the item ranges `missing` of `remote`'s sweep;
    /// `report` hears every result and any failure. `None` when no worker
    /// could be created (then nothing was started).
    pub fn start(remote: Remote, missing: &[(usize, usize)], report: OnReport) -> Option<Crew> {
        Crew::start_at(&worker_url()?, SILENT_MS, remote, missing, report)
    }

    /// [`Crew::start`] with the worker script at `url`, given up once its
    /// workers have been silent for `silent_ms` (the browser tests start a
    /// crew of workers that never answer).
    pub fn start_at(
        url: &str,
        silent_ms: f64,
        remote: Remote,
        missing: &[(usize, usize)],
        report: OnReport,
    ) -> Option<Crew> {
        let items: usize = missing.iter().map(|(a, b)| b - a).sum();
        let count = workers_wanted().min(items).max(1);
        let size = items.div_ceil(count * CHUNKS_PER_WORKER).max(1);
        let chunks: VecDeque<(usize, usize)> = missing
            .iter()
            .flat_map(|&(a, b)| (a..b).step_by(size).map(move |i| (i, (i + size).min(b))))
            .collect();
        let state = Rc::new(RefCell::new(State {
            hands: Vec::new(),
            chunks,
            remote,
            stopped: false,
            heard_at: crate::ui::dom::now_ms(),
        }));
        let mut handlers = Vec::new();
        let mut errors = Vec::new();
        for i in 0..count {
            let Ok(worker) = web_sys::Worker::new(url) else {
                break;
            };
            let on_message = {
                let state = Rc::downgrade(&state);
                let report = report.clone();
                Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
                    if let Some(state) = state.upgrade() {
                        heard(&state, i, &e.data(), &report);
                    }
                })
            };
            let on_error = {
                let state = Rc::downgrade(&state);
                let report = report.clone();
                Closure::<dyn FnMut(web_sys::Event)>::new(move |_: web_sys::Event| {
                    if let Some(state) = state.upgrade() {
                        fail(
                            &state,
                            &report,
                            "a worker could not start or stopped with an error",
                        );
                    }
                })
            };
            worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
            worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
            state.borrow_mut().hands.push(Hand {
                worker,
                ready: false,
                busy: false,
            });
            handlers.push(on_message);
            errors.push(on_error);
        }
        if state.borrow().hands.is_empty() {
            return None;
        }
        let watch = {
            let state = Rc::downgrade(&state);
            gloo_timers::callback::Interval::new(LOOK_MS, move || {
                let Some(state) = state.upgrade() else {
                    return;
                };
                let silent = crate::ui::dom::now_ms() - state.borrow().heard_at;
                if silent > silent_ms {
                    fail(&state, &report, "the workers stopped answering");
                }
            })
        };
        Some(Crew {
            state,
            _handlers: handlers,
            _errors: errors,
            _watch: watch,
        })
    }

    /// Workers started.
    pub fn size(&self) -> usize {
        self.state.borrow().hands.len()
    }
}

/// The worker script beside the page (`index.html` copies it there).
fn worker_url() -> Option<String> {
    crate::ui::dom::beside_page("commbook-worker_loader.js")
}

/// Stops the crew and tells the job why.
fn fail(state: &Rc<RefCell<State>>, report: &OnReport, why: &str) {
    let mut s = state.borrow_mut();
    if s.stopped {
        return;
    }
    s.stopped = true;
    for h in &s.hands {
        crate::ui::dom::retire(&h.worker);
    }
    drop(s);
    report(Report::Failed(why.to_string()));
}

/// A message from worker `i`: it is ready, or it sends a chunk's items.
fn heard(state: &Rc<RefCell<State>>, i: usize, data: &JsValue, report: &OnReport) {
    let get = |k: &str| js_sys::Reflect::get(data, &k.into()).unwrap_or(JsValue::UNDEFINED);
    if state.borrow().stopped {
        return;
    }
    state.borrow_mut().heard_at = crate::ui::dom::now_ms();
    if get("ready").as_bool() == Some(true) {
        if let Some(h) = state.borrow_mut().hands.get_mut(i) {
            h.ready = true;
        }
    } else if get("sweep").as_bool() == Some(true) {
        if let Some(h) = state.borrow_mut().hands.get_mut(i) {
            h.busy = false;
        }
        let from = get("from").as_f64().unwrap_or(0.0) as usize;
        match get("items").as_string() {
            Some(encoded) if get("ok").as_bool() == Some(true) => {
                report(Report::Items { from, encoded });
            }
            _ => {
                let why = get("error")
                    .as_string()
                    .unwrap_or_else(|| "a worker sent no items".into());
                fail(state, report, &why);
                return;
            }
        }
    } else {
        return;
    }
    hand_out(state, i);
}

/// Gives worker `i` the next chunk, if it is free and one is left.
fn hand_out(state: &Rc<RefCell<State>>, i: usize) {
    let mut s = state.borrow_mut();
    if s.stopped || !s.hands.get(i).is_some_and(|h| h.ready && !h.busy) {
        return;
    }
    let Some((from, to)) = s.chunks.pop_front() else {
        return;
    };
    let msg = js_sys::Object::new();
    let set = |k: &str, v: &JsValue| {
        let _ = js_sys::Reflect::set(&msg, &k.into(), v);
    };
    set("sweep", &s.remote.figure.into());
    let raw = js_sys::Array::new();
    for (k, v) in &s.remote.raw {
        raw.push(&js_sys::Array::of2(&k.into(), &v.into()));
    }
    set("raw", &raw);
    set("from", &(from as f64).into());
    set("to", &(to as f64).into());
    s.hands[i].busy = true;
    let _ = s.hands[i].worker.post_message(&msg);
}

/// A sweep open in a worker: its figure, its settings, its items.
type Open = (
    String,
    Vec<(String, String)>,
    Box<dyn crate::book::pooled::Items>,
);

thread_local! {
    /// The worker's open sweep: asked for chunk after chunk of the same
    /// sweep, it draws the sweep's inputs once.
    static OPEN: RefCell<Option<Open>> = const { RefCell::new(None) };
}

/// In a worker: the answer to `{ sweep, raw, from, to }`, namely
/// `{ sweep: true, from, ok: true, items }` or `{ sweep: true, from, ok:
/// false, error }`.
pub fn answer(data: &JsValue) -> js_sys::Object {
    let get = |k: &str| js_sys::Reflect::get(data, &k.into()).unwrap_or(JsValue::UNDEFINED);
    let reply = js_sys::Object::new();
    let set = |k: &str, v: &JsValue| {
        let _ = js_sys::Reflect::set(&reply, &k.into(), v);
    };
    set("sweep", &true.into());
    set("from", &get("from"));
    let name = get("sweep").as_string().unwrap_or_default();
    let raw: Vec<(String, String)> = js_sys::Array::from(&get("raw"))
        .iter()
        .filter_map(|p| {
            let p = js_sys::Array::from(&p);
            Some((p.get(0).as_string()?, p.get(1).as_string()?))
        })
        .collect();
    let (from, to) = (
        get("from").as_f64().unwrap_or(0.0) as usize,
        get("to").as_f64().unwrap_or(0.0) as usize,
    );
    let items = OPEN.with(|open| {
        let mut open = open.borrow_mut();
        let same = open
            .as_ref()
            .is_some_and(|(n, r, _)| *n == name && *r == raw);
        if !same {
            *open = crate::book::figures::open_pool(&name, &raw).map(|s| (name.clone(), raw, s));
        }
        open.as_mut().map(|(_, _, s)| s.encode(from, to))
    });
    match items {
        Some(items) => {
            set("ok", &true.into());
            set("items", &items.into());
        }
        None => {
            set("ok", &false.into());
            set(
                "error",
                &format!("'{name}' is not a sweep the workers compute").into(),
            );
        }
    }
    reply
}
