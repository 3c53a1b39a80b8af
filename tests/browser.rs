//! Browser tests: the book mounted in headless Chromium by
//! wasm-bindgen-test (`cargo test --target wasm32-unknown-unknown`; see
//! `.ci/test`). They drive the real components, wait with
//! `yew::scheduler::flush()` (never with sleeps) and read the DOM.
#![cfg(target_arch = "wasm32")]

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

#[path = "browser/support.rs"]
mod support;

#[path = "common/golden.rs"]
mod golden;

#[path = "common/numbers.rs"]
mod numbers;

#[path = "browser/chapter.rs"]
mod chapter;
#[path = "browser/cm5.rs"]
mod cm5;
#[path = "browser/drawn.rs"]
mod drawn;
#[path = "browser/embed.rs"]
mod embed;
#[path = "browser/exercises.rs"]
mod exercises;
#[path = "browser/js_api.rs"]
mod js_api;
#[path = "browser/lab.rs"]
mod lab;
#[path = "browser/loading.rs"]
mod loading;
#[path = "browser/mesh.rs"]
mod mesh;
#[path = "browser/nice.rs"]
mod nice;
#[path = "browser/paper000.rs"]
mod paper000;
#[path = "browser/parts.rs"]
mod parts;
#[path = "browser/pool.rs"]
mod pool;
#[path = "browser/present.rs"]
mod present;
#[path = "browser/redistribution.rs"]
mod redistribution;
#[path = "browser/simulation.rs"]
mod simulation;
#[path = "browser/synthesis.rs"]
mod synthesis;
#[path = "browser/today.rs"]
mod today;
