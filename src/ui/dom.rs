//! Thin wrappers over the browser APIs the book uses, so components read as
//! intent ("replace the hash", "remember the theme") rather than web-sys calls.
//! Failures of optional features (storage disabled, no matchMedia) degrade to
//! doing nothing; none of these functions panics.

use wasm_bindgen::JsCast;
use web_sys::{Document, HtmlElement, Window};

/// The window. Present whenever the app runs.
pub fn window() -> Option<Window> {
    web_sys::window()
}

/// The document.
pub fn document() -> Option<Document> {
    window()?.document()
}

/// Sets the window's title (tabs, bookmarks, history) if it differs.
pub fn set_title(title: &str) {
    if let Some(doc) = document()
        && doc.title() != title
    {
        doc.set_title(title);
    }
}

/// The current `location.hash`, with its `#` (or the address a figure has
/// just written, if the address bar has not been given it yet:
/// [`crate::ui::address`]).
pub fn hash() -> String {
    window()
        .map(|w| crate::ui::address::hash(&w))
        .unwrap_or_default()
}

/// Replaces the hash without adding a history entry or firing `hashchange`:
/// used when a figure's step or settings change, so the URL always reopens
/// the current view while Back still leaves the chapter. Rewrites in quick
/// succession are paced ([`crate::ui::address`]).
pub fn replace_hash(h: &str) {
    if let Some(w) = window() {
        crate::ui::address::replace(&w, h);
    }
}

/// Reads a remembered preference.
pub fn stored(key: &str) -> Option<String> {
    window()?.local_storage().ok()??.get_item(key).ok()?
}

/// Remembers a preference (silently skipped where storage is disabled).
pub fn store(key: &str, value: &str) {
    if let Some(Ok(Some(s))) = window().map(|w| w.local_storage()) {
        let _ = s.set_item(key, value);
    }
}

/// Whether a media query matches (false when it cannot be evaluated).
pub fn media(query: &str) -> bool {
    window()
        .and_then(|w| w.match_media(query).ok().flatten())
        .is_some_and(|m| m.matches())
}

/// The reader asked the system for less motion.
pub fn reduced_motion() -> bool {
    media("(prefers-reduced-motion: reduce)")
}

/// Sets an attribute on `<html>`.
pub fn set_root_attr(name: &str, value: &str) {
    if let Some(el) = document().and_then(|d| d.document_element()) {
        let _ = el.set_attribute(name, value);
    }
}

/// An attribute of `<html>`.
pub fn root_attr(name: &str) -> Option<String> {
    document()?.document_element()?.get_attribute(name)
}

/// Fires an event called `name` on `document`.
pub fn fire(name: &str) {
    if let (Some(doc), Ok(e)) = (document(), web_sys::Event::new(name)) {
        let _ = doc.dispatch_event(&e);
    }
}

/// Adds or removes a class on `<html>`.
pub fn set_root_class(class: &str, on: bool) {
    if let Some(el) = document().and_then(|d| d.document_element()) {
        let list = el.class_list();
        let _ = if on {
            list.add_1(class)
        } else {
            list.remove_1(class)
        };
    }
}

/// Stops `worker` for good: its handlers first, so that a message already
/// queued is not handed to a Rust closure its owner is about to drop
/// ("closure invoked recursively or after being dropped"), then the
/// worker itself.
pub fn retire(worker: &web_sys::Worker) {
    worker.set_onmessage(None);
    worker.set_onerror(None);
    worker.terminate();
}

/// The address of `file` beside the page (the site's own files, such as
/// the workers' scripts and the figure modules).
pub fn beside_page(file: &str) -> Option<String> {
    let base = document()?.base_uri().ok()??;
    web_sys::Url::new_with_base(file, &base)
        .ok()
        .map(|u| u.href())
}

/// Milliseconds since page load (high resolution).
pub fn now_ms() -> f64 {
    window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// The page's address without its `#…` part (where a link's hash goes).
pub fn page_address() -> String {
    let Some(loc) = window().map(|w| w.location()) else {
        return String::new();
    };
    let href = loc.href().unwrap_or_default();
    match href.split_once('#') {
        Some((page, _)) => page.to_string(),
        None => href,
    }
}

/// Puts `text` on the clipboard; false where the browser has no
/// clipboard for the page or refuses (no permission, not focused).
pub async fn copy_text(text: &str) -> bool {
    let Some(nav) = window().map(|w| w.navigator()) else {
        return false;
    };
    // Through Reflect: web-sys's Clipboard binding would be one more
    // feature for one call.
    let Ok(clip) = js_sys::Reflect::get(&nav, &"clipboard".into()) else {
        return false;
    };
    let Ok(write) = js_sys::Reflect::get(&clip, &"writeText".into()) else {
        return false;
    };
    let Some(write) = write.dyn_ref::<js_sys::Function>() else {
        return false;
    };
    let Ok(promise) = write.call1(&clip, &text.into()) else {
        return false;
    };
    let Ok(promise) = promise.dyn_into::<js_sys::Promise>() else {
        return false;
    };
    wasm_bindgen_futures::JsFuture::from(promise).await.is_ok()
}

/// Offers `content` to the reader as a file download.
pub fn download(filename: &str, mime: &str, content: &str) {
    let Some(doc) = document() else { return };
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(content));
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts) else {
        return;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return;
    };
    if let Ok(a) = doc.create_element("a")
        && let Ok(a) = a.dyn_into::<web_sys::HtmlAnchorElement>()
    {
        a.set_href(&url);
        a.set_download(filename);
        a.click();
    }
    let _ = web_sys::Url::revoke_object_url(&url);
}

/// True when keyboard focus is in a place that types text, where the
/// player's keys must not be taken over.
pub fn is_typing_target(target: Option<web_sys::EventTarget>) -> bool {
    let Some(el) = target.and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else {
        return false;
    };
    match el.tag_name().to_ascii_lowercase().as_str() {
        "textarea" | "select" => true,
        "input" => {
            let kind = el
                .get_attribute("type")
                .unwrap_or_default()
                .to_ascii_lowercase();
            // A range slider is not for typing; arrows on it should still scrub it.
            kind != "range" && kind != "checkbox" && kind != "button"
        }
        _ => el
            .dyn_ref::<HtmlElement>()
            .is_some_and(|h| h.is_content_editable()),
    }
}

/// True when the target is a control that Space or Enter already activates.
pub fn is_button_target(target: Option<web_sys::EventTarget>) -> bool {
    target
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| {
            matches!(
                el.tag_name().to_ascii_lowercase().as_str(),
                "button" | "a" | "summary"
            )
        })
}

/// Scrolls an element into view and moves focus to it (for section links).
pub fn focus_id(id: &str) {
    if let Some(el) = document().and_then(|d| d.get_element_by_id(id))
        && let Ok(h) = el.dyn_into::<HtmlElement>()
    {
        if h.get_attribute("tabindex").is_none() {
            let _ = h.set_attribute("tabindex", "-1");
        }
        h.scroll_into_view();
        let _ = h.focus();
    }
}

/// Moves focus to an element (the browser scrolls only as far as it
/// must), for keys that move within a widget.
pub fn focus_only(id: &str) {
    if let Some(el) = document().and_then(|d| d.get_element_by_id(id))
        && let Ok(h) = el.dyn_into::<HtmlElement>()
    {
        let _ = h.focus();
    }
}

/// Scrolls the page to the top.
pub fn scroll_top() {
    if let Some(w) = window() {
        w.scroll_to_with_x_and_y(0.0, 0.0);
    }
}
