//! A machine preset measured on a cluster (`commbook-mpi calibrate`
//! writes it, `--preset FILE` reads it): the core's
//! [`commbook_core::cost::preset`], shared with `commbook schedule
//! --machine FILE`.

pub use commbook_core::cost::preset::{Point, Preset};
