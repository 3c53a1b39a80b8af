//! The network animator's film worker: a long run is simulated in a Web
//! Worker while the page plays its film (`book::inputs::film_remote`).
//!
//! The worker is `www/commbook-film-worker.js`, a module worker that
//! imports the simulation module (the same `commbook-sim-<hash>.js` the
//! page uses, built for speed) and runs its `FilmWorker` export
//! (`src/bin/commbook-sim.rs`): it sends each chunk's bytes with the flits
//! delivered so far, then `end`, or `refused` with the simulator's reason.
//! A worker that cannot start or fails (no module workers, a missing file)
//! is reported as broken and the page simulates the run itself; where the
//! page has no simulation module named in its `<meta>` (the browser tests'
//! runner), no worker is tried.
//!
//! The worker is also given a folder for the run's checkpoints on disk
//! ([`SpillFolder`]); it writes there only if the run needs them and the
//! browser lets a worker write files, and says so either way.

use crate::book::inputs::film_remote::{Fed, Feed, FilmWorkers, set_film_workers};
use crate::core::sim::DiskFolder;
use crate::core::step::Progress;
use crate::ui::dom::beside_page;
use crate::ui::spill::SpillFolder;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// Starts film workers in this browser.
struct Browser;

/// A worker simulating one run. Dropping it terminates the worker.
struct WorkerFeed {
    worker: web_sys::Worker,
    /// Where the worker writes the run's checkpoints on disk (none where
    /// the page has no origin-private file system).
    folder: Option<Rc<SpillFolder>>,
    heard: Rc<RefCell<Vec<Fed>>>,
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::Event)>,
}

impl Drop for WorkerFeed {
    fn drop(&mut self) {
        crate::ui::dom::retire(&self.worker);
    }
}

impl Feed for WorkerFeed {
    fn take(&self) -> Vec<Fed> {
        std::mem::take(&mut *self.heard.borrow_mut())
    }

    fn folder(&self) -> Option<Rc<dyn DiskFolder>> {
        self.folder.clone().map(|f| f as Rc<dyn DiskFolder>)
    }
}

thread_local! {
    /// The most wasm memory a film worker has reported, in bytes.
    static WORKER_PEAK: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// The most wasm memory a film worker of this page has held (for the
/// benchmarks, beside the page's own).
pub fn worker_peak_bytes() -> u64 {
    WORKER_PEAK.with(|p| p.get())
}

/// What a message from the worker says.
fn read(data: &JsValue) -> Option<Fed> {
    let get = |k: &str| js_sys::Reflect::get(data, &k.into()).unwrap_or(JsValue::UNDEFINED);
    if let Some(chunk) = get("chunk").dyn_ref::<js_sys::Uint8Array>() {
        let n = |k| get(k).as_f64().unwrap_or(0.0) as u64;
        WORKER_PEAK.with(|p| p.set(p.get().max(n("wasm"))));
        let progress = Progress {
            done: n("done"),
            total: n("total"),
        };
        return Some(Fed::Chunk(chunk.to_vec(), progress));
    }
    if let Some(head) = get("spilled").dyn_ref::<js_sys::Uint8Array>() {
        return Some(Fed::Spilled(head.to_vec()));
    }
    if let Some(why) = get("unspilled").as_string() {
        return Some(Fed::Unspilled(why));
    }
    if let Some(why) = get("refused").as_string() {
        return Some(Fed::Refused(why));
    }
    if let Some(why) = get("failed").as_string() {
        return Some(Fed::Broken(why));
    }
    None
}

impl FilmWorkers for Browser {
    fn start(&self, job: &[u8]) -> Option<Box<dyn Feed>> {
        let sim = crate::ui::packs::named_file("sim")?;
        let module = beside_page(&sim)?;
        let script = beside_page("commbook-film-worker.js")?;
        let opts = web_sys::WorkerOptions::new();
        opts.set_type(web_sys::WorkerType::Module);
        let worker = web_sys::Worker::new_with_options(&script, &opts).ok()?;
        let heard = Rc::new(RefCell::new(Vec::new()));
        let on_message = {
            let heard = heard.clone();
            Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
                if let Some(fed) = read(&e.data()) {
                    heard.borrow_mut().push(fed);
                }
            })
        };
        let on_error = {
            let heard = heard.clone();
            Closure::<dyn FnMut(web_sys::Event)>::new(move |e: web_sys::Event| {
                let why = e
                    .dyn_ref::<web_sys::ErrorEvent>()
                    .map(|e| e.message())
                    .filter(|m| !m.is_empty())
                    .unwrap_or_else(|| "the film worker could not start".into());
                heard.borrow_mut().push(Fed::Broken(why));
            })
        };
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        let bytes = js_sys::Uint8Array::from(job);
        let folder = SpillFolder::new();
        let msg = js_sys::Object::new();
        let set = |k: &str, v: &JsValue| js_sys::Reflect::set(&msg, &k.into(), v).is_ok();
        // An empty name: the run's first group for disk, if it needs one,
        // is refused (and the page says why).
        let spill = folder.as_ref().map_or_else(String::new, |f| f.name());
        let spill = JsValue::from_str(&spill);
        if !set("module", &module.into()) || !set("job", &bytes) || !set("spill", &spill) {
            worker.terminate();
            return None;
        }
        let transfer = js_sys::Array::of1(&bytes.buffer());
        if worker.post_message_with_transfer(&msg, &transfer).is_err() {
            worker.terminate();
            return None;
        }
        Some(Box::new(WorkerFeed {
            worker,
            folder,
            heard,
            _on_message: on_message,
            _on_error: on_error,
        }))
    }
}

/// Lets the animator simulate its long runs in a worker (once per
/// module).
pub fn install() {
    thread_local!(static DONE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) });
    if !DONE.with(|d| d.replace(true)) {
        set_film_workers(Rc::new(Browser));
    }
}
