//! The parts the figures' views are drawn with: the frame and settings
//! row, the matrix canvas and its edit form, grids of numbers with tones,
//! CCOM's table, mesh drawings, the redistribution tables' headings and
//! the simulation reports. Colours come from the theme's CSS variables.
//!
//! Every kilobyte counts (see the README's budgets): reuse these rather
//! than writing near-copies; a part drawn by a plain function costs the
//! wasm less than a component.

pub mod ccom_table;
pub mod compare;
pub mod controls;
pub mod copy_link;
pub mod deferred;
pub mod edit_form;
pub mod frame;
pub mod grid;
pub mod matrix;
pub mod matrix_figure;
pub mod mesh;
pub mod redist;
pub mod report;
pub mod standard;
pub mod units;
