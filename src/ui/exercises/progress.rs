//! A reader's progress with the exercises, kept in the browser
//! (`localStorage`; nothing is sent anywhere).
//!
//! One key per chapter, `commbook.progress.<slug>`, holding a JSON object
//! with an entry per exercise of the chapter, by its id (the same for every
//! seed): `{"cgm-pairs": {"answered": true, "correct": false}, …}`. The
//! exercises' view writes every id of the chapter the first time one is
//! answered, so the table of contents counts them without loading the
//! chapter's generators. A change fires [`PROGRESS_EVENT`] on `document`,
//! so the contents follow even when the exercises live in another wasm
//! module. Where storage is off or full, progress lasts for the visit and
//! the view says so.

use crate::ui::dom;
use std::collections::BTreeMap;
use wasm_bindgen::{JsCast, JsValue};
use yew::prelude::*;

/// Fired on `document` when a chapter's progress changes.
pub const PROGRESS_EVENT: &str = "commbook-progress";

/// The storage key of chapter `slug`'s progress.
pub fn key(slug: &str) -> String {
    format!("commbook.progress.{slug}")
}

/// One exercise's progress.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mark {
    /// Answered at least once (any seed).
    pub answered: bool,
    /// Answered correctly at least once (any seed; a do-it-yourself
    /// exercise finished without being shown a model step).
    pub correct: bool,
}

/// A chapter's progress, by exercise id.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress(pub BTreeMap<String, Mark>);

impl Progress {
    /// Reads the stored JSON (anything unreadable counts as nothing). The
    /// browser's `JSON.parse` reads it: a JSON parser of the wasm's own
    /// would bring its number parsing into the book's first download.
    pub fn parse(text: &str) -> Progress {
        let Ok(value) = js_sys::JSON::parse(text) else {
            return Progress::default();
        };
        let Some(object) = value.dyn_ref::<js_sys::Object>() else {
            return Progress::default();
        };
        if js_sys::Array::is_array(&value) {
            return Progress::default();
        }
        let flag = |v: &JsValue, k: &str| {
            v.is_object()
                && js_sys::Reflect::get(v, &JsValue::from_str(k))
                    .ok()
                    .and_then(|f| f.as_bool())
                    .unwrap_or(false)
        };
        Progress(
            js_sys::Object::entries(object)
                .iter()
                .filter_map(|entry| {
                    let pair: js_sys::Array = entry.dyn_into().ok()?;
                    let id = pair.get(0).as_string()?;
                    let v = pair.get(1);
                    let correct = flag(&v, "correct");
                    let answered = flag(&v, "answered") || correct;
                    Some((id, Mark { answered, correct }))
                })
                .collect(),
        )
    }

    /// The JSON stored (ids are the exercises' own words: letters, digits
    /// and hyphens; anything else is escaped all the same).
    pub fn to_json(&self) -> String {
        let entries: Vec<String> = self
            .0
            .iter()
            .map(|(id, m)| {
                let id = js_sys::JSON::stringify(&JsValue::from_str(id))
                    .ok()
                    .and_then(|s| s.as_string())
                    .unwrap_or_else(|| "\"\"".into());
                format!(
                    "{id}:{{\"answered\":{},\"correct\":{}}}",
                    m.answered, m.correct
                )
            })
            .collect();
        format!("{{{}}}", entries.join(","))
    }

    /// The mark of exercise `id`.
    pub fn mark(&self, id: &str) -> Mark {
        self.0.get(id).copied().unwrap_or_default()
    }

    /// (correct, answered, exercises).
    pub fn counts(&self) -> (usize, usize, usize) {
        let correct = self.0.values().filter(|m| m.correct).count();
        let answered = self.0.values().filter(|m| m.answered).count();
        (correct, answered, self.0.len())
    }
}

/// Whether this browser lets the book keep anything.
pub fn storage() -> Option<web_sys::Storage> {
    dom::window()?.local_storage().ok()?
}

/// Chapter `slug`'s stored progress; `None` where storage is off.
pub fn load(slug: &str) -> Option<Progress> {
    let s = storage()?;
    Some(
        s.get_item(&key(slug))
            .ok()
            .flatten()
            .map_or_else(Progress::default, |t| Progress::parse(&t)),
    )
}

/// Stores chapter `slug`'s progress (removes it when empty); false where
/// it could not be kept (storage off or full).
pub fn save(slug: &str, p: &Progress) -> bool {
    let kept = storage().is_some_and(|s| {
        if p.0.is_empty() {
            s.remove_item(&key(slug)).is_ok()
        } else {
            s.set_item(&key(slug), &p.to_json()).is_ok()
        }
    });
    dom::fire(PROGRESS_EVENT);
    kept
}

/// Props of [`ProgressBadge`].
#[derive(Properties, PartialEq)]
pub struct BadgeProps {
    pub slug: &'static str,
}

/// "2/4" after a chapter's title in the contents, once one of its
/// exercises has been answered (read as "2 of 4 exercises correct").
#[component]
pub fn ProgressBadge(props: &BadgeProps) -> Html {
    let slug = props.slug;
    let progress = use_state(|| load(slug).unwrap_or_default());
    {
        let progress = progress.clone();
        use_effect_with(slug, move |&slug| {
            let listener = dom::document().map(|doc| {
                gloo_events::EventListener::new(&doc, PROGRESS_EVENT, move |_| {
                    progress.set(load(slug).unwrap_or_default());
                })
            });
            move || drop(listener)
        });
    }
    let (correct, answered, total) = progress.counts();
    if answered == 0 {
        return html! {};
    }
    html! {
        <span class="toc-progress" title="Exercises correct (kept in this browser)">
            <span aria-hidden="true">{format!("{correct}/{total}")}</span>
            <span class="visually-hidden">{format!(" ({correct} of {total} exercises correct)")}</span>
        </span>
    }
}
