//! The figures of chapters 6 and 7 (paper 001): collectives on a mesh,
//! their cost on the Delta model, and balanced permutations.
//!
//! They follow the widget guide in `super`: the scaffold computes a trace
//! from the settings, the views read `trace.state_at(pos)` and the core's
//! caption functions. Meshes and send trees are drawn as SVG strings by
//! `chart::mesh` and `chart::tree` (native, tested) and placed by
//! [`common::svg`], which maps a click on a processor back to its id (the
//! root setting is the keyboard path to the same choice).
//!
//! All seven figures share one key and
//! one result type: the scaffold's generic code (settings, job, player, URL)
//! is then compiled once rather than seven times. Measured in the release
//! build, seven separate components cost 20 KB more gzipped wasm. For the
//! same reason the views write static text, legends and statistics as
//! markup strings rather than with `html!`.

mod common;
mod cross;
mod delta;
mod gather;
mod links;
mod race;
mod scatter;
mod tournament;

use crate::book::params::{Notice, Values};
use crate::core::mesh::compare::Run;
use crate::core::mesh::config::{CollectiveConfig, Spec as CollSpec};
use crate::core::mesh::tournament_view::{TournamentState, record};
use crate::core::net::mesh::Mesh;
use crate::core::step::{Immediate, Stepper};
use crate::core::trace::Trace;
use crate::ui::player::controls;
use crate::ui::widgets::figure::{self, Parts};
use crate::ui::widgets::scaffold::standard;
use yew::prelude::*;

/// What a figure computes, from its settings.
#[derive(Clone, PartialEq)]
pub enum Key {
    Scatter(CollSpec),
    Gather(CollSpec),
    Race(CollectiveConfig),
    Delta(delta::Which),
    Tournament(usize),
    Cross(Mesh),
    Links(Mesh),
}

/// What it computed.
pub enum Out {
    Scatter(scatter::ScatterRun),
    Gather([gather::Side; 2]),
    Race(Vec<Run>),
    Delta(delta::Figure),
    Tournament(Trace<TournamentState>),
    Cross(cross::CrossRun),
    Links(links::LoadRun),
}

/// Computes one of the figures.
pub fn make(k: &Key) -> Box<dyn Stepper<Output = figure::Out>> {
    let k = k.clone();
    // Every figure is quick at the sizes its settings allow (at most 16×32
    // processors: under a tenth of a second in a release build).
    Box::new(Immediate::new(move || {
        figure::Out::Mesh(match k {
            Key::Scatter(s) => Out::Scatter(scatter::run(s)),
            Key::Gather(s) => Out::Gather(gather::run(s)),
            Key::Race(c) => Out::Race(race::run(c)),
            Key::Delta(w) => Out::Delta(delta::run(w)),
            Key::Tournament(k) => Out::Tournament(record(k)),
            Key::Cross(m) => Out::Cross(cross::run(m)),
            Key::Links(m) => Out::Links(links::run(m)),
        })
    }))
}

/// Steps of one of the figures.
pub fn len(o: &Out) -> usize {
    match o {
        Out::Scatter(r) => r.trace.len(),
        Out::Gather([g, _]) => g.trace.len(),
        Out::Race(r) => crate::core::mesh::compare::len(r),
        Out::Delta(f) => delta::steps(f),
        Out::Tournament(t) => t.len(),
        Out::Cross(r) => r.trace.len(),
        Out::Links(r) => r.trace.len(),
    }
}

type KeyFn = fn(&Values) -> (figure::Key, Vec<Notice>);

/// How a figure differs from the others around its view.
struct Figure {
    key: KeyFn,
    /// Opens at the last step (the finished figure).
    start_at_end: bool,
    /// Notes under some settings.
    notes: &'static [(&'static str, &'static str)],
    /// What the progress bar computes.
    what: &'static str,
    /// What one step of the player is called.
    unit: &'static str,
}

fn figure(name: &str) -> Figure {
    let (key, start_at_end, notes, what, unit): (KeyFn, _, _, _, _) = match name {
        "scatter" => (
            scatter::key,
            false,
            common::MESH_NOTES,
            "the scatter",
            "superstep",
        ),
        "gather" => (
            gather::key,
            false,
            common::MESH_NOTES,
            "the gather",
            "superstep",
        ),
        "scatter5" => (
            race::key,
            false,
            common::MESH_NOTES,
            "five scatters",
            "superstep",
        ),
        "delta" => (delta::key, true, delta::NOTES, "the figure", "step"),
        "tournament" => (
            tournament::key,
            false,
            tournament::NOTES,
            "the tournament",
            "round",
        ),
        "cross" => (cross::key, false, cross::NOTES, "the products", "product"),
        _ => (
            links::key,
            false,
            links::NOTES,
            "the permutations",
            "permutation",
        ),
    };
    Figure {
        key,
        start_at_end,
        notes,
        what,
        unit,
    }
}

/// Every figure of chapters 6 and 7, chosen by the widget's name.
pub fn parts(name: &str) -> Parts {
    let f = figure(name);
    Parts {
        key: f.key,
        start_at_end: f.start_at_end,
        view: Box::new(move |props, ctx, _| {
            let settings = common::settings(props, ctx, f.notes);
            standard(props, ctx, settings, f.what, |out| {
                let figure::Out::Mesh(out) = &**out else {
                    return html! {};
                };
                let (body, caption) = match out {
                    Out::Scatter(r) => scatter::view(ctx, r),
                    Out::Gather(sides) => gather::view(ctx, sides),
                    Out::Race(runs) => race::view(ctx, runs),
                    Out::Delta(d) => delta::view(ctx, d),
                    Out::Tournament(t) => tournament::view(ctx, t),
                    Out::Cross(r) => cross::view(ctx, r),
                    Out::Links(r) => links::view(ctx, r),
                };
                html! {
                    <>
                        { body }
                        { controls(&ctx.player, &caption, f.unit) }
                    </>
                }
            })
        }),
    }
}
