//! commbook: *Communication Scheduling on Permutation Networks*, an
//! interactive textbook.
//!
//! Three layers, data flowing one way (see `README.md`):
//! - [`core`]: matrices, algorithms, schedules, traces, cost models; pure
//!   Rust that builds and tests natively.
//! - [`book`]: the chapters, compiled from Markdown at build time, the figure
//!   catalogue and the URL scheme; also native.
//! - `ui` (wasm only): the Yew app that renders chapters and figures.
//!
//! [`api`] holds the commands shared by the native CLI and the JS API.

pub mod api;
pub mod book;
pub mod chart;
/// The scheduling core, a crate of its own (`src/core`, `commbook-core`) so
/// it can be optimised for speed while the UI is optimised for size.
pub use commbook_core as core;

#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
#[cfg(target_arch = "wasm32")]
pub mod ui;

/// The body of a figure module's binary (`src/bin/commbook-<module>.rs`,
/// see `ui::packs`): its exports `mount` and `unmount` over the figures of
/// module `$pack`. Natively the binary only says what it is for.
#[macro_export]
macro_rules! figure_module {
    ($pack:ident) => {
        #[cfg(target_arch = "wasm32")]
        mod exports {
            use wasm_bindgen::prelude::*;

            /// Mounts one of this module's figures into `el`.
            #[wasm_bindgen]
            pub fn mount(
                el: web_sys::Element,
                kind: String,
                id: String,
                caption: String,
                params: String,
            ) -> u32 {
                commbook::ui::packs::mount(
                    commbook::ui::figures::packs::$pack(),
                    el,
                    kind,
                    id,
                    caption,
                    &params,
                )
            }

            /// Removes a figure mounted earlier.
            #[wasm_bindgen]
            pub fn unmount(handle: u32) {
                commbook::ui::packs::unmount(handle)
            }
        }

        #[cfg(target_arch = "wasm32")]
        fn main() {}

        #[cfg(not(target_arch = "wasm32"))]
        fn main() {
            eprintln!(
                "this module draws figures inside the book's web page; the command line is `commbook`"
            );
            std::process::exit(2);
        }
    };
}
