//! commbook: *Communication Scheduling on Permutation Networks*, an
//! interactive textbook.
//!
//! Three layers, data flowing one way (see `README.md`):
//! - [`core`]: matrices, algorithms, schedules, traces, cost models; pure
//!   Rust that builds and tests natively.
//! - [`book`]: the chapters, compiled from Markdown at build time, the widget
//!   catalogue and the URL scheme; also native.
//! - `ui` (wasm only): the Yew app that renders chapters and widgets.
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
