//! The book's own figures as one component, [`Figure`].
//!
//! Each figure is a computation ([`Spec`]) and a view drawn from its
//! result; [`Figure`] runs the hooks they all need (the scaffold's, the
//! theme and the matrix cell under the pointer) and calls the view the
//! widget's name picks. Measured in the release build: one component type
//! per figure cost 4 KB more gzipped wasm, because every component type
//! brings its own copy of Yew's lifecycle code.

use super::WidgetProps;
use super::erased::{AnyOut, AnySpec};
use super::scaffold::{Spec, WidgetCtx, use_any_widget};
use super::{breakeven, com, compaction, cost, duel, lp, mesh, phases, redist};
use crate::ui::theme::Theme;
use yew::prelude::*;

/// What every view may use besides its widget's context.
pub struct Shared {
    pub theme: Theme,
    /// The matrix cell under the pointer, for the figures over a matrix.
    pub hover: UseStateHandle<Option<(usize, usize)>>,
}

type View = Box<dyn Fn(&WidgetProps, WidgetCtx<AnyOut>, &Shared) -> Html>;

/// One figure: its computation and its view, types erased.
pub struct Parts {
    spec: AnySpec,
    view: View,
}

impl Parts {
    /// A figure from its computation and a view of the context it gives.
    pub fn new<K, T>(
        spec: Spec<K, T>,
        view: impl Fn(&WidgetProps, &WidgetCtx<T>, &Shared) -> Html + 'static,
    ) -> Parts
    where
        K: PartialEq + Clone + 'static,
        T: 'static,
    {
        Parts {
            spec: AnySpec::of(spec),
            view: Box::new(move |props, ctx, shared| view(props, &ctx.downcast(), shared)),
        }
    }
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
    let Some(Parts { spec, view }) = parts_of(props.spec.name) else {
        return html! {};
    };
    let ctx = use_any_widget(props, spec);
    view(props, ctx, &Shared { theme, hover })
}
