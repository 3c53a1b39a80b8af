//! The figures of chapters 6 and 7 (paper 001): collectives on a mesh,
//! their cost on the Delta model, and balanced permutations.
//!
//! They follow the widget guide in `super`: the scaffold computes a trace
//! from the settings, the views read `trace.state_at(pos)` and the core's
//! caption functions. Meshes and send trees are drawn as SVG strings by
//! `chart::mesh` and `chart::tree` (native, tested) and placed by
//! [`common::svg`], which maps a click on a processor back to its id (the
//! root setting is the keyboard path to the same choice).

mod common;
mod cross;
mod delta;
mod gather;
mod links;
mod race;
mod scatter;
mod tournament;

pub use cross::CrossWidget;
pub use delta::DeltaWidget;
pub use gather::GatherWidget;
pub use links::LinksWidget;
pub use race::RaceWidget;
pub use scatter::ScatterWidget;
pub use tournament::TournamentWidget;
