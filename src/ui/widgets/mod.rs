//! The widgets a chapter can place, and the host that gives each its
//! settings from the chapter and the URL.
//!
//! # Adding a widget
//! 1. Declare it in `book::widgets::WIDGETS` (name, title, parameters with
//!    ranges and defaults; cap sizes the browser cannot handle and say so
//!    in the control's note). `build.rs` then checks every chapter's use.
//! 2. Write it in its own file (or folder) here, either as a component with
//!    its arm in [`WidgetHost`] or, smaller, as a `parts()` listed in
//!    `figure::parts_of`, its key and result a variant of `figure::Key` and
//!    `figure::Out` (every component type, and every key and result type,
//!    costs its own copy of generic code; the figures so far are all
//!    `parts()`, e.g. `lp.rs`):
//!    - a key, a computation and a length, as in a [`scaffold::Spec`] (a
//!      component passes one to [`scaffold::use_widget`]): `key` turns the
//!      settings into the computation's inputs (plus notices for settings it
//!      had to correct), `make` builds a `core::step::Stepper` (use
//!      `core::step::{then, map}` to chain a generator and an algorithm;
//!      the stepper must own its inputs, e.g. an `Rc<Com>`), `len` reads the
//!      trace's length, `start_at_end` picks where the player starts;
//!    - [`scaffold::standard`] for the frame, settings, progress bar and
//!      cancel; inside, draw the state at `ctx.pos` (`trace.state_at`) and
//!      end with `player::Controls` (or `player::controls`) and the step's
//!      caption from the core's `caption` function. Views read traces; they
//!      never rerun an algorithm.
//!
//!    A figure over a matrix the reader can edit gets both, with a note
//!    under each setting and the hovered cell, from [`com::matrix_figure`].
//! 3. Draw with the shared parts: [`matrix::MatrixView`] (a canvas for big
//!    matrices), [`grid::Grid`] (small tables of numbers with tones; the
//!    function [`grid::grid`] draws the same without a component),
//!    `ui::chart::ChartView` (lines for computed values, markers for
//!    published ones), [`controls::ParamInput`], [`edit_form::EditForm`],
//!    [`matrix::Legend`] (or [`matrix::swatches`]). Colours come from the
//!    theme's CSS variables.
//! 4. Test it in `tests/browser/` (mount the chapter, step, deep-link, feed
//!    bad values); the end-to-end test steps every figure of every chapter.
//!
//! Every kilobyte counts: the whole site must stay under 400 KB gzipped, so
//! reuse these parts rather than writing near-copies, and measure a release
//! build (`.ci/bench`) before and after.

pub mod com;
pub mod controls;
mod cost;
pub mod edit_form;
pub mod frame;
pub mod grid;
mod lp;
pub mod matrix;
mod mesh;
mod redist;
pub mod scaffold;
// Chapters 2 and 3 (paper 000).
mod breakeven;
mod ccom_table;
mod compaction;
mod duel;
mod erased;
mod figure;
mod phases;
mod simfig;

use crate::book::params::{Notice, Values, read, read_over};
use crate::book::route::STEP;
use crate::book::widgets::{WidgetSpec, find, names};
use crate::ui::url::UrlState;
use yew::prelude::*;

/// What every widget receives.
#[derive(Properties, PartialEq, Clone)]
pub struct WidgetProps {
    pub id: AttrValue,
    pub spec: &'static WidgetSpec,
    /// The chapter's defaults: values equal to these stay out of the URL.
    pub defaults: Values,
    /// The starting values (defaults overridden by the URL).
    pub initial: Values,
    /// Problems with the URL's values.
    pub notices: Vec<Notice>,
    /// The URL's raw `step`, resolved once the trace exists.
    pub step: Option<String>,
    /// Prefix for notices: "lp." on a chapter page, "" when embedded.
    pub prefix: String,
    pub caption: AttrValue,
    pub url: UrlState,
}

/// Props of [`WidgetHost`].
#[derive(Properties, PartialEq)]
pub struct HostProps {
    pub id: AttrValue,
    pub kind: AttrValue,
    #[prop_or_default]
    pub caption: AttrValue,
    /// The chapter's `key: value` lines for this widget.
    #[prop_or_default]
    pub chapter_params: &'static [(&'static str, &'static str)],
    pub url: UrlState,
}

/// Reads a widget's settings and mounts it.
#[component]
pub fn WidgetHost(props: &HostProps) -> Html {
    let Some(spec) = find(&props.kind) else {
        return html! {
            <div class="notices" role="status">
                {format!("There is no figure called '{}'. Figures: {}.", props.kind, names().join(", "))}
            </div>
        };
    };
    let widget_props = use_memo((props.id.clone(), props.kind.clone()), |_| {
        let chapter: Vec<(String, String)> = props
            .chapter_params
            .iter()
            .filter(|(k, _)| *k != STEP)
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let (defaults, _) = read(spec.params, &chapter, "");
        let mut raw = props.url.widget_query(&props.id);
        let step = raw
            .iter()
            .rev()
            .find(|(k, _)| k == STEP)
            .map(|(_, v)| v.clone());
        raw.retain(|(k, _)| k != STEP);
        let prefix = props.url.prefix(&props.id);
        let (initial, notices) = read_over(spec.params, defaults.clone(), &raw, &prefix);
        WidgetProps {
            id: props.id.clone(),
            spec,
            defaults,
            initial,
            notices,
            step,
            prefix,
            caption: props.caption.clone(),
            url: props.url.clone(),
        }
    });
    let p = (*widget_props).clone();
    match spec.name {
        name if figure::parts_of(name).is_some() => {
            html! { <figure::Figure key={name} ..p /> }
        }
        other => {
            html! { <div class="notices">{format!("The figure '{other}' is not available in this build.")}</div> }
        }
    }
}
