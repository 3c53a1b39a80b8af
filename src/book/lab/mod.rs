//! The lab (chapter 12): a reader's own communication matrix, every
//! algorithm of the book on it side by side, one schedule stepped phase
//! by phase and watched on the network, exports, and a measured timeline
//! set beside the model. Native code, tested by `cargo test`; the figure
//! is `book::figures::lab`, its view `ui::figures::lab`.

pub mod animate;
mod clock;
pub mod compare;
pub mod export;
pub mod matrix;
pub mod packed;
pub mod timeline;
