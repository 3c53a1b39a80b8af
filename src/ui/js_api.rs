//! The JavaScript API: the CLI's commands as functions on `window.commbook`
//! (trunk exposes the wasm exports under that name, see `index.html`).
//!
//! ```js
//! const m = commbook.com({ gen: "fig7", n: 8, d: 2, seed: 1 });
//! const s = commbook.schedule({ algo: "lp", gen: "fig7", n: 8, d: 2 });
//! commbook.run("schedule", { algo: "lp", com: [[0, 5], [3, 0]] });
//! ```
//! Options are the CLI's flags without `--`; errors are thrown as `Error`s
//! with the CLI's messages. Sizes are capped lower than on the command line
//! because a call runs on the page's only thread (the commands themselves
//! apply the browser's limits; see `api::com_cmd::MAX_API_N`).

use crate::api::{self, ApiError, Args};
use serde::Serialize;
use wasm_bindgen::prelude::*;

fn call(command: &str, options: JsValue) -> Result<JsValue, JsError> {
    let value: serde_json::Value = if options.is_undefined() || options.is_null() {
        serde_json::Value::Null
    } else {
        serde_wasm_bindgen::from_value(options)
            .map_err(|e| JsError::new(&format!("options could not be read: {e}")))?
    };
    let args = Args::from_json(value).map_err(to_js)?;
    let out = api::run(command, &args).map_err(to_js)?;
    out.serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&format!("internal error: {e}")))
}

fn to_js(e: ApiError) -> JsError {
    JsError::new(&e.0)
}

/// `com`: generate a communication matrix.
#[wasm_bindgen]
pub fn com(options: JsValue) -> Result<JsValue, JsError> {
    call("com", options)
}

/// `schedule`: schedule a matrix with one algorithm.
#[wasm_bindgen]
pub fn schedule(options: JsValue) -> Result<JsValue, JsError> {
    call("schedule", options)
}

/// `exchange`: a complete exchange of paper 004 on the CM-5 model.
#[wasm_bindgen]
pub fn exchange(options: JsValue) -> Result<JsValue, JsError> {
    call("exchange", options)
}

/// `redist`: block-cyclic redistribution of paper 003.
#[wasm_bindgen]
pub fn redist(options: JsValue) -> Result<JsValue, JsError> {
    call("redist", options)
}

/// `collective`: scatter, gather or all-to-all on a mesh (paper 001).
#[wasm_bindgen]
pub fn collective(options: JsValue) -> Result<JsValue, JsError> {
    call("collective", options)
}

/// Any command by name, as on the command line.
#[wasm_bindgen]
pub fn run(command: &str, options: JsValue) -> Result<JsValue, JsError> {
    call(command, options)
}

/// Times a benchmark case of `core::bench` in this browser:
/// `commbook.bench({ case: "cgm-512-511", runs: 20, warmup: 1 })` returns
/// `{ id, title, min_ms, median_ms, work, checksum }` (`runs` defaults to
/// the case's own count). `.ci/bench` calls it beside
/// the native bench binary; the checksums must agree.
#[wasm_bindgen]
pub fn bench(options: JsValue) -> Result<JsValue, JsError> {
    use crate::core::bench::{CASE_IDS, case, time};
    let value: serde_json::Value = serde_wasm_bindgen::from_value(options)
        .map_err(|e| JsError::new(&format!("options could not be read: {e}")))?;
    let args = Args::from_json(value).map_err(to_js)?;
    let id = args.string("case").map_err(to_js)?.unwrap_or_default();
    let args_runs = args.uint("runs", 1, 1000).map_err(to_js)?;
    let warmup = args.uint("warmup", 0, 100).map_err(to_js)?.unwrap_or(1);
    args.finish("bench").map_err(to_js)?;
    let mut c = case(&id).ok_or_else(|| {
        JsError::new(&format!(
            "unknown case '{id}'; cases: {}",
            CASE_IDS.join(", ")
        ))
    })?;
    let runs = args_runs.unwrap_or(c.runs);
    let t = time(&mut c, warmup, runs, &crate::ui::dom::now_ms);
    let out = serde_json::json!({
        "id": c.id,
        "title": c.title,
        "min_ms": t.min(),
        "median_ms": t.median(),
        "work": t.work,
        "checksum": format!("{:x}", t.checksum),
    });
    out.serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&format!("internal error: {e}")))
}
