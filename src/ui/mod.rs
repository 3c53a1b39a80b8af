//! The Yew front end (wasm only). It renders what the core and the book
//! return and never recomputes an algorithm in a view.

pub mod address;
pub mod app;
pub mod chart;
pub mod dom;
pub mod exercises;
pub mod figures;
pub mod film_worker;
pub mod films;
pub mod job;
pub mod js_api;
pub mod lab;
pub mod loader;
pub mod netview;
pub mod packs;
pub mod pages;
pub mod parts;
pub mod player;
pub mod pool;
pub mod present;
pub mod search;
pub mod sidebar;
pub mod spill;
pub mod theme;
pub mod url;

/// Mounts the book on the page (called by `main` in the browser), hosting
/// the figures of the book's own wasm module; the others load on demand.
pub fn start() {
    figures::host::install(figures::packs::main());
    if let Some(doc) = dom::document() {
        if let Some(loading) = doc.get_element_by_id("loading") {
            loading.remove();
        }
        if let Some(body) = doc.body() {
            yew::Renderer::<app::App>::with_root(body.into()).render();
        }
    }
}
