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

pub mod book;
pub mod chart;
/// The command layer, a crate of its own (`src/api`, `commbook-api`) so the
/// MPI runner uses it without building the book.
pub use commbook_api as api;
/// The scheduling core, a crate of its own (`src/core`, `commbook-core`) so
/// it can be optimised for speed while the UI is optimised for size.
pub use commbook_core as core;

#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
#[cfg(target_arch = "wasm32")]
pub mod ui;

/// The body of a figure module's binary (`src/bin/commbook-<module>.rs`,
/// see `ui::packs`): in wasm, its exports `mount` and `unmount` over the
/// figures of module `$pack` (`ui::packs::figure_module_exports`);
/// natively the binary only says what it is for.
#[macro_export]
macro_rules! figure_module {
    ($pack:ident) => {
        #[cfg(target_arch = "wasm32")]
        commbook::figure_module_exports!($pack);

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
