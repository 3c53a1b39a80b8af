//! The JavaScript API's Web Worker: runs the CLI's commands for
//! `window.commbook` off the page's thread (see `ui::js_api`). Built by
//! trunk from `index.html`; it has no native use.

#[cfg(target_arch = "wasm32")]
fn main() {
    commbook::ui::js_api::serve();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("commbook-worker runs inside the book's web page; the command line is `commbook`");
    std::process::exit(2);
}
