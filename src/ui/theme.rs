//! Light and dark themes and large type, remembered between visits.
//!
//! `index.html` applies the remembered theme before the first paint; this
//! module keeps it in sync when the reader toggles it, and tells figures that
//! draw on canvas or in SVG which palette to use.

use crate::ui::dom;
use yew::prelude::*;

/// The event the page fires on `document` when the theme changes, so that
/// figures hosted by another wasm module (`ui::packs`) repaint too.
pub const THEME_EVENT: &str = "commbook-theme";

const THEME_KEY: &str = "commbook-theme";
const LARGE_KEY: &str = "commbook-large-type";

/// The colour theme.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Theme {
    Light,
    Dark,
}

impl Theme {
    /// The remembered theme, else the system's preference.
    pub fn initial() -> Theme {
        match dom::stored(THEME_KEY).as_deref() {
            Some("dark") => Theme::Dark,
            Some("light") => Theme::Light,
            _ if dom::media("(prefers-color-scheme: dark)") => Theme::Dark,
            _ => Theme::Light,
        }
    }

    /// The name used in `data-theme`.
    pub fn name(self) -> &'static str {
        match self {
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    /// The other theme.
    pub fn toggled(self) -> Theme {
        match self {
            Theme::Light => Theme::Dark,
            Theme::Dark => Theme::Light,
        }
    }

    /// Applies the theme, and remembers it unless it is only for printing.
    pub fn apply(self, remember: bool) {
        let changed = Theme::shown() != Some(self);
        dom::set_root_attr("data-theme", self.name());
        if remember {
            dom::store(THEME_KEY, self.name());
        }
        if changed {
            dom::fire(THEME_EVENT);
        }
    }

    /// The theme the page shows now (its `data-theme`).
    pub fn shown() -> Option<Theme> {
        match dom::root_attr("data-theme").as_deref() {
            Some("dark") => Some(Theme::Dark),
            Some("light") => Some(Theme::Light),
            _ => None,
        }
    }

    /// The chart palette for this theme.
    pub fn palette(self) -> crate::chart::Palette {
        match self {
            Theme::Light => crate::chart::Palette::light(),
            Theme::Dark => crate::chart::Palette::dark(),
        }
    }
}

/// Whether large type (for projecting in class) is on.
pub fn large_type_initial() -> bool {
    dom::stored(LARGE_KEY).as_deref() == Some("on")
}

/// Applies and remembers large type.
pub fn apply_large_type(on: bool) {
    dom::set_root_class("large-type", on);
    dom::store(LARGE_KEY, if on { "on" } else { "off" });
}

/// The theme figures draw with: the app's (its context), or on a page
/// whose figures another wasm module hosts, the page's own, followed as
/// it changes.
#[hook]
pub fn use_theme() -> Theme {
    let context = use_context::<Theme>();
    let page = use_state(|| Theme::shown().unwrap_or(Theme::Light));
    {
        let page = page.clone();
        let follow = context.is_none();
        use_effect_with(follow, move |&follow| {
            let listener = follow.then(dom::document).flatten().map(|doc| {
                gloo_events::EventListener::new(&doc, THEME_EVENT, move |_| {
                    page.set(Theme::shown().unwrap_or(Theme::Light));
                })
            });
            move || drop(listener)
        });
    }
    context.unwrap_or(*page)
}
