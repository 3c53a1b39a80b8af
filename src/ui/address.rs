//! Writing the address bar at a pace the browser can bear.
//!
//! Every figure step rewrites the URL (`replaceState`), so a link always
//! reopens the view on screen. But Chromium treats each rewrite as a
//! navigation within the document and fetches and parses the page's icon
//! again: measured in headless Chromium, 5-10 ms per rewrite, more than a
//! third of a 1,024-node network's seek and half a frame while playing.
//! So the first rewrite is written at once and those that follow within
//! [`INTERVAL_MS`] are held, the last of them written when the interval
//! ends: a single step (a key, a click) still shows in the address bar
//! at once, while scrubbing or holding a key down writes it four times a
//! second (a playing player writes it when it stops).
//!
//! The held address lives on `window`, not in this module: each wasm
//! module of the book has its own copy of this code, and a figure of one
//! module must see what a figure of another has just written (see
//! [`crate::ui::url`]). A held address is dropped if the page navigates
//! before it is written (the reader followed a link), so it never
//! overwrites the page that replaced it.

use gloo_timers::callback::Timeout;
use js_sys::Reflect;
use wasm_bindgen::JsValue;
use web_sys::Window;

/// Shortest time between two rewrites of the address.
pub const INTERVAL_MS: f64 = 250.0;

/// The address held back, the address it was held over, and when the
/// address was last written: properties of `window`.
const HELD: &str = "__commbookHeldHash";
const OVER: &str = "__commbookHeldOver";
const LAST: &str = "__commbookHashWritten";

fn get(w: &Window, key: &str) -> JsValue {
    Reflect::get(w, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

fn set(w: &Window, key: &str, v: &JsValue) {
    let _ = Reflect::set(w, &JsValue::from_str(key), v);
}

fn location_hash(w: &Window) -> String {
    w.location().hash().unwrap_or_default()
}

fn now(w: &Window) -> f64 {
    w.performance().map_or(0.0, |p| p.now())
}

fn write(w: &Window, h: &str) {
    if let Ok(history) = w.history() {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(h));
    }
    set(w, LAST, &JsValue::from_f64(now(w)));
}

/// The address held back, if the page is still where it was held.
fn held(w: &Window) -> Option<String> {
    let h = get(w, HELD).as_string()?;
    (get(w, OVER).as_string()? == location_hash(w)).then_some(h)
}

/// The address as the book means it: the one held back, if any, else the
/// address bar's.
pub fn hash(w: &Window) -> String {
    held(w).unwrap_or_else(|| location_hash(w))
}

/// Replaces the address (without a history entry or `hashchange`), now or
/// at the end of the interval.
pub fn replace(w: &Window, h: &str) {
    if held(w).is_some() {
        // A write is already due: it will write this one.
        set(w, HELD, &JsValue::from_str(h));
        return;
    }
    let since = now(w) - get(w, LAST).as_f64().unwrap_or(f64::NEG_INFINITY);
    if since >= INTERVAL_MS {
        write(w, h);
        return;
    }
    set(w, HELD, &JsValue::from_str(h));
    set(w, OVER, &JsValue::from_str(&location_hash(w)));
    let wait = (INTERVAL_MS - since).ceil().max(0.0) as u32;
    Timeout::new(wait, flush).forget();
}

/// Writes the address held back, if any, now (tests read the address bar
/// right after stepping a figure).
pub fn flush() {
    let Some(w) = web_sys::window() else { return };
    let due = held(&w);
    set(&w, HELD, &JsValue::UNDEFINED);
    set(&w, OVER, &JsValue::UNDEFINED);
    if let Some(h) = due {
        write(&w, &h);
    }
}

/// Whether an address is held back, to be written (or dropped) when the
/// interval ends.
pub fn holding() -> bool {
    web_sys::window().is_some_and(|w| get(&w, HELD).is_string())
}

/// Sets when the address was last written, on the page's clock
/// (`performance.now()`), as if it had been written then. Tests place a
/// step inside or outside the interval with it, so what they check does
/// not depend on how busy the machine is.
#[doc(hidden)]
pub fn set_last_write(ms: f64) {
    if let Some(w) = web_sys::window() {
        set(&w, LAST, &JsValue::from_f64(ms));
    }
}
