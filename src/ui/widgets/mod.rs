//! The widgets a chapter can place, and the host that gives each its
//! settings from the chapter and the URL.

mod com;
pub mod controls;
mod cost;
mod edit_form;
pub mod frame;
mod lp;
pub mod matrix;
pub mod scaffold;

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
        "com" => html! { <com::ComWidget ..p /> },
        "lp" => html! { <lp::LpWidget ..p /> },
        "cost" => html! { <cost::CostWidget ..p /> },
        other => {
            html! { <div class="notices">{format!("The figure '{other}' is not available in this build.")}</div> }
        }
    }
}
