//! The book's own figures as one component, [`Figure`], over one key type
//! ([`Key`]) and one result type ([`Out`]).
//!
//! Each figure is a way to read its settings into a [`Key`], a computation
//! from that key to an [`Out`], and a view of the result. [`Figure`] runs
//! the hooks they all need (the scaffold's, the theme and the matrix cell
//! under the pointer) and calls the view the widget's name picks.
//!
//! Measured in the release build: one component type per figure cost 4 KB
//! more gzipped wasm (every component type brings its own copy of Yew's
//! lifecycle code), and one key and result type per figure about 4 KB more
//! again (the scaffold's glue, the settings and the frame were compiled
//! once per type).

use super::WidgetProps;
use super::scaffold::{Spec, WidgetCtx, use_widget};
use super::{breakeven, com, compaction, cost, duel, lp, mesh, phases, redist, simfig};
use crate::book::matrix_params::{Built, MatrixParams};
use crate::book::params::{Notice, Values};
use crate::book::sim_figs::{self, FigKey, FigOut};
use crate::core::cost::breakeven::LpCgmModel;
use crate::core::step::Stepper;
use crate::core::sweep::{SweepConfig, SweepResult};
use crate::ui::theme::Theme;
use yew::prelude::*;

/// What a figure computes, from its settings.
#[derive(Clone, PartialEq)]
pub enum Key {
    Com(MatrixParams),
    Lp(MatrixParams),
    Duel(duel::Key),
    Ccom(compaction::Key),
    Cost(cost::Manual),
    Phases(SweepConfig),
    Breakeven(LpCgmModel),
    Redist(redist::Key),
    Mesh(mesh::Key),
    Sim(FigKey),
}

/// What a figure computed.
pub enum Out {
    Com(Built),
    Lp(lp::LpRun),
    Duel(duel::DuelRun),
    Ccom(compaction::CompactionRun),
    Cost(cost::Fits),
    Phases(SweepResult),
    Breakeven(breakeven::Breakeven),
    Redist(redist::Out),
    Mesh(mesh::Out),
    Sim(FigOut),
}

/// A figure's context.
pub type Ctx = WidgetCtx<Out>;

fn make(key: &Key) -> Box<dyn Stepper<Output = Out>> {
    match key {
        Key::Com(p) => com::make(p),
        Key::Lp(p) => lp::make(p),
        Key::Duel(k) => duel::make(k),
        Key::Ccom(k) => compaction::make(k),
        Key::Cost(_) => cost::make(),
        Key::Phases(c) => phases::make(c),
        Key::Breakeven(m) => breakeven::make(m),
        Key::Redist(k) => redist::make(k),
        Key::Mesh(k) => mesh::make(k),
        Key::Sim(k) => sim_figs::make_into(k, Out::Sim),
    }
}

fn len(out: &Out) -> usize {
    match out {
        Out::Com(b) => b.trace.as_ref().map_or(0, |t| t.len()),
        Out::Lp(r) => lp::len(r),
        Out::Duel(r) => r.len(),
        Out::Ccom(r) => r.len(),
        Out::Cost(f) => f.len(),
        Out::Phases(r) => r.samples(),
        Out::Breakeven(_) => breakeven::LAYERS,
        Out::Redist(o) => redist::len(o),
        Out::Mesh(o) => mesh::len(o),
        Out::Sim(o) => o.steps(),
    }
}

/// What every view may use besides its widget's context.
pub struct Shared {
    pub theme: Theme,
    /// The matrix cell under the pointer, for the figures over a matrix.
    pub hover: UseStateHandle<Option<(usize, usize)>>,
}

/// A figure's view of its context.
pub type View = Box<dyn Fn(&WidgetProps, &Ctx, &Shared) -> Html>;

/// How one figure differs from the others.
pub struct Parts {
    /// Reads the settings into the computation's key (with notices).
    pub key: fn(&Values) -> (Key, Vec<Notice>),
    /// Opens at the last step (the finished figure).
    pub start_at_end: bool,
    pub view: View,
}

/// The figure a widget's name picks (`None`: not one of these).
pub fn parts_of(name: &str) -> Option<Parts> {
    Some(match name {
        "com" => com::parts(),
        "lp" => lp::parts(),
        "cost" => cost::parts(),
        "ccom" => compaction::parts(),
        "gmcgm" => duel::parts(),
        "phases" => phases::parts(),
        "breakeven" => breakeven::parts(),
        "redist" => redist::tables_parts(),
        "redist_sweep" => redist::sweep_parts(),
        "redist_winner" => redist::winner_parts(),
        "scatter" | "scatter5" | "delta" | "gather" | "tournament" | "cross" | "links" => {
            mesh::parts(name)
        }
        "netsim" | "clusters" | "pexbex" | "predict" => simfig::parts(),
        _ => return None,
    })
}

/// Every figure of [`parts_of`], chosen by the widget's name. Mount it with
/// the name as its key: the hooks' state belongs to one figure.
#[component]
pub fn Figure(props: &WidgetProps) -> Html {
    let theme = use_context::<Theme>().unwrap_or(Theme::Light);
    let hover = use_state(|| None::<(usize, usize)>);
    // The host mounts this only for names `parts_of` knows, and a figure
    // keeps its name, so every render runs the same hooks.
    let Some(parts) = parts_of(props.spec.name) else {
        return html! {};
    };
    let spec = Spec {
        key: parts.key,
        make,
        len,
        start_at_end: parts.start_at_end,
    };
    let ctx = use_widget(props, spec);
    {
        let (set, speed) = (
            ctx.player.set_speed.clone(),
            simfig::start_speed(props.spec.name),
        );
        use_effect_with(speed, move |&speed| {
            if let Some(s) = speed {
                set.emit(s);
            }
        });
    }
    (parts.view)(props, &ctx, &Shared { theme, hover })
}
