//! Shared parts: theme switch, charts, long jobs.

use crate::support::*;
use commbook::core::step::{Progress, Stepper};
use commbook::ui::job::{JobState, use_job};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::wasm_bindgen_test;
use yew::prelude::*;

#[wasm_bindgen_test]
async fn theme_switch_is_applied_and_remembered() {
    let m = mount("#/").await;
    let root = document().document_element().unwrap();
    let before = root.get_attribute("data-theme").unwrap();
    m.click(".prefs button").await;
    let after = root.get_attribute("data-theme").unwrap();
    assert_ne!(before, after);
    let stored = web_sys::window()
        .unwrap()
        .local_storage()
        .unwrap()
        .unwrap()
        .get_item("commbook-theme")
        .unwrap();
    assert_eq!(stored.as_deref(), Some(after.as_str()));
    m.click(".prefs button").await;
    assert_eq!(root.get_attribute("data-theme").unwrap(), before);
}

#[wasm_bindgen_test]
fn seeds_reproduce_the_native_run() {
    assert_eq!(
        crate::golden::fig7_fingerprint(),
        crate::golden::FIG7_64_7_42
    );
}

#[wasm_bindgen_test]
fn numbers_parse_as_natively() {
    crate::numbers::numbers_parse_as_rust_parses_them();
}

#[wasm_bindgen_test]
async fn printing_uses_the_light_theme_without_forgetting_the_choice() {
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    storage.set_item("commbook-theme", "dark").unwrap();
    let m = mount("#/chapter/permutations").await;
    let root = document().document_element().unwrap();
    assert_eq!(root.get_attribute("data-theme").as_deref(), Some("dark"));
    let window = web_sys::window().unwrap();
    window
        .dispatch_event(&web_sys::Event::new("beforeprint").unwrap())
        .unwrap();
    settle().await;
    assert_eq!(root.get_attribute("data-theme").as_deref(), Some("light"));
    assert_eq!(
        storage.get_item("commbook-theme").unwrap().as_deref(),
        Some("dark")
    );
    window
        .dispatch_event(&web_sys::Event::new("afterprint").unwrap())
        .unwrap();
    settle().await;
    assert_eq!(root.get_attribute("data-theme").as_deref(), Some("dark"));
    storage.remove_item("commbook-theme").unwrap();
    drop(m);
}

#[wasm_bindgen_test]
async fn chart_draws_with_hover_targets_and_a_table() {
    let m = mount("#/chapter/permutations?cost.step=3").await;
    let chart = m.get("#widget-cost .chart");
    assert!(chart.query_selector(".plot svg").unwrap().is_some());
    // Three published series with three rows each.
    let targets = chart
        .query_selector_all(".overlay circle")
        .unwrap()
        .length();
    assert!(targets >= 9, "{targets} hover targets");
    assert!(
        m.caption("cost").starts_with("Row 3:"),
        "{}",
        m.caption("cost")
    );
    assert!(m.find("#widget-cost details table").is_some());
}

/// A stepper that would take far longer than one slice.
struct Endless(u64);

impl Stepper for Endless {
    type Output = u64;
    fn step(&mut self) -> bool {
        // Burn a little time per step so a slice ends on the clock.
        let mut x = self.0;
        for i in 0..20_000u64 {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(i);
        }
        self.0 = x | 1;
        true
    }
    fn progress(&self) -> Progress {
        Progress {
            done: 1,
            total: 1_000_000,
        }
    }
    fn finish(self: Box<Self>) -> u64 {
        self.0
    }
}

#[component]
fn JobProbe() -> Html {
    let job = use_job((), None, |_| {
        Box::new(Endless(1)) as Box<dyn Stepper<Output = u64>>
    });
    let label = match job.state {
        JobState::Running { .. } => "running",
        JobState::Cancelled => "cancelled",
        JobState::Done(_) => "done",
    };
    let cancel = job.cancel.reform(|_: MouseEvent| ());
    html! { <div><span id="job-state">{label}</span><button id="job-cancel" onclick={cancel}>{"cancel"}</button></div> }
}

#[wasm_bindgen_test]
async fn long_work_runs_in_slices_and_can_be_cancelled() {
    let root = document().create_element("div").unwrap();
    document().body().unwrap().append_child(&root).unwrap();
    let handle = yew::Renderer::<JobProbe>::with_root(root.clone()).render();
    settle().await;
    // The first slice has returned control to the page: still running.
    let state = || {
        root.query_selector("#job-state")
            .unwrap()
            .unwrap()
            .text_content()
            .unwrap()
    };
    assert_eq!(state(), "running");
    use wasm_bindgen::JsCast;
    root.query_selector("#job-cancel")
        .unwrap()
        .unwrap()
        .dyn_into::<web_sys::HtmlElement>()
        .unwrap()
        .click();
    settle().await;
    assert_eq!(state(), "cancelled");
    handle.destroy();
    root.remove();
}

#[wasm_bindgen_test]
async fn matrix_colours_are_read_in_any_css_notation() {
    // The release build's minified CSS writes #ffffff as #fff; the canvas
    // must read that (and names, and rgb()) as the same colour.
    let html: web_sys::HtmlElement = document().document_element().unwrap().unchecked_into();
    let style = html.style();
    style.set_property("--cell-empty", "#fff").unwrap();
    style.set_property("--cell-grid", "black").unwrap();
    style
        .set_property("--cell-msg", "rgb(0, 114, 178)")
        .unwrap();
    let m = mount("#/chapter/permutations").await;
    let canvas: web_sys::HtmlCanvasElement = m.get("#widget-com canvas").unchecked_into();
    let ctx: web_sys::CanvasRenderingContext2d =
        canvas.get_context("2d").unwrap().unwrap().unchecked_into();
    let pixel = |x: f64, y: f64| ctx.get_image_data(x, y, 1.0, 1.0).unwrap().data().to_vec();
    // Cell (0, 0) of the default matrix is empty; row 0, column 2 holds a
    // message (16 processors: 30 pixels a cell); x = 0 is a grid line.
    assert_eq!(pixel(15.0, 15.0), [255, 255, 255, 255]);
    assert_eq!(pixel(75.0, 15.0), [0, 114, 178, 255]);
    assert_eq!(pixel(0.0, 15.0), [0, 0, 0, 255]);
    for v in ["--cell-empty", "--cell-grid", "--cell-msg"] {
        style.remove_property(v).unwrap();
    }
}
