//! The Yew front end (wasm only). It renders what the core and the book
//! return and never recomputes an algorithm in a view.

pub mod app;
pub mod chart;
pub mod dom;
pub mod job;
pub mod js_api;
pub mod netview;
pub mod pages;
pub mod player;
pub mod sidebar;
pub mod theme;
pub mod url;
pub mod widgets;

/// Mounts the book on the page (called by `main` in the browser).
pub fn start() {
    if let Some(doc) = dom::document() {
        if let Some(loading) = doc.get_element_by_id("loading") {
            loading.remove();
        }
        if let Some(body) = doc.body() {
            yew::Renderer::<app::App>::with_root(body.into()).render();
        }
    }
}
