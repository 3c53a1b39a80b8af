//! One setting: its spec, its value, and reading values from a link. The
//! settings system lives in the command layer ([`crate::api::params`]), so
//! a figure's settings and a command's options are declared and checked the
//! same way; the book reads it under this name, as it always has.

pub use crate::api::params::*;
