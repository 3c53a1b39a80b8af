//! The JavaScript API: the CLI's commands for scripts, course pages and the
//! browser console, as `window.commbook`.
//!
//! ```js
//! const m = await commbook.com({ gen: "fig7", n: 8, d: 2, seed: 1 });
//! const s = await commbook.schedule({ algo: "cgm", gen: "fig7", n: 64, d: 8 });
//! await commbook.run("redist", { k: 6, p: 9, schedule: "indirect" });
//! ```
//! Options are the CLI's flags without `--`; answers are the CLI's JSON as
//! plain objects; a bad call rejects with an `Error` carrying the CLI's
//! one-line message.
//!
//! The commands run in a Web Worker (the `commbook-worker` binary, started
//! on the first call by the small script in `index.html`), so a large
//! simulation never freezes the page, and a reader who never calls the API
//! never downloads it. The commands still apply the browser's size limits
//! (see `api::BROWSER_MAX_N`), because the worker's memory is the tab's.

use crate::api::Args;
use serde::Serialize;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// Runs a command (`bench` included) on a plain-object options value.
pub fn call(command: &str, options: JsValue) -> Result<JsValue, String> {
    let value: serde_json::Value = if options.is_undefined() || options.is_null() {
        serde_json::Value::Null
    } else {
        serde_wasm_bindgen::from_value(options)
            .map_err(|e| format!("options could not be read: {e}"))?
    };
    let args = Args::from_json(value).map_err(|e| e.0)?;
    let out = if command == "bench" {
        bench(&args)?
    } else {
        crate::book::commands::run(command, &args).map_err(|e| e.0)?
    };
    out.serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| format!("internal error: {e}"))
}

/// Times a benchmark case of `core::bench` in this browser:
/// `commbook.bench({ case: "cgm-512-511", runs: 20, warmup: 1 })` gives
/// `{ id, title, min_ms, median_ms, work, checksum }` (`runs` defaults to
/// the case's own count). `.ci/bench` calls it beside the native bench
/// binary; the checksums must agree.
fn bench(args: &Args) -> Result<serde_json::Value, String> {
    use crate::api::options::whole;
    const RUNS: crate::api::params::ParamSpec = whole("runs", "timed runs", 1, 1000, 1);
    const WARMUP: crate::api::params::ParamSpec = whole("warmup", "untimed runs", 0, 100, 1);
    let id = args.string("case").map_err(|e| e.0)?.unwrap_or_default();
    let runs = args.whole(&RUNS).map_err(|e| e.0)?;
    let warmup = args.whole_or_default(&WARMUP).map_err(|e| e.0)?;
    args.finish("bench").map_err(|e| e.0)?;
    time_case(&id, warmup, runs)
}

/// Times benchmark case `id` of `core::bench` with this module's build of
/// the core: `warmup` untimed runs, then `runs` timed ones (the case's own
/// count if `None`). The JS API's `bench`, and the simulation module's
/// `sim_bench` (`src/bin/commbook-sim.rs`: the animator's build, at
/// opt-level 3).
pub fn time_case(id: &str, warmup: u64, runs: Option<u64>) -> Result<serde_json::Value, String> {
    use crate::core::bench::{CASE_IDS, case, time};
    let mut c =
        case(id).ok_or_else(|| format!("unknown case '{id}'; cases: {}", CASE_IDS.join(", ")))?;
    let runs = runs.unwrap_or(c.runs);
    let now = || {
        js_sys::Reflect::get(&js_sys::global(), &"performance".into())
            .ok()
            .and_then(|p| p.dyn_into::<web_sys::Performance>().ok())
            .map_or(0.0, |p| p.now())
    };
    let t = time(&mut c, warmup, runs, &now);
    Ok(serde_json::json!({
        "id": c.id,
        "title": c.title,
        "min_ms": t.min(),
        "median_ms": t.median(),
        "work": t.work,
        "checksum": format!("{:x}", t.checksum),
    }))
}

/// The worker's message loop: each message `{ id, command, options }` is
/// answered with `{ id, ok: true, value }` or `{ id, ok: false, error }`.
/// Once the handler is in place the worker posts `{ ready: true }`: a
/// dedicated worker drops messages that arrive before it has a handler, and
/// the page's calls may come while the wasm is still loading.
pub fn serve() {
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply_to = scope.clone();
    let handler =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
            let data = e.data();
            // A share of a figure's sweep (`ui::pool`), not an API call.
            if js_sys::Reflect::get(&data, &"sweep".into()).is_ok_and(|v| v.is_string()) {
                let _ = reply_to.post_message(&crate::ui::pool::answer(&data));
                return;
            }
            let get =
                |k: &str| js_sys::Reflect::get(&data, &k.into()).unwrap_or(JsValue::UNDEFINED);
            let reply = js_sys::Object::new();
            let set = |k: &str, v: &JsValue| {
                let _ = js_sys::Reflect::set(&reply, &k.into(), v);
            };
            set("id", &get("id"));
            match get("command").as_string() {
                None => {
                    set("ok", &false.into());
                    set("error", &"a call needs a command name".into());
                }
                Some(command) => match call(&command, get("options")) {
                    Ok(value) => {
                        set("ok", &true.into());
                        set("value", &value);
                    }
                    Err(error) => {
                        set("ok", &false.into());
                        set("error", &error.into());
                    }
                },
            }
            let _ = reply_to.post_message(&reply);
        });
    scope.set_onmessage(Some(handler.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    handler.forget();
    let ready = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&ready, &"ready".into(), &true.into());
    let _ = scope.post_message(&ready);
}
