//! Fitting a slide's figure to the screen. Figures keep the book's own
//! sizes; on a slide, one taller than what the screen has left below the
//! heading is scaled down (CSS `zoom`, which keeps clicks and the figures'
//! own pointer arithmetic right) to fit, but never below [`FLOOR`], where
//! text would be too small to read from the back of a room: a figure that
//! still does not fit scrolls. Figures grow as their computations finish
//! and their steps change, so the fit is checked a few times a second; it
//! only ever shrinks a slide's figure, and starts again at full size on
//! the next slide (each slide mounts afresh) or when the window is resized.

use crate::ui::dom;
use gloo_events::EventListener;
use gloo_timers::callback::Interval;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};
use yew::NodeRef;

/// The smallest scale a figure is shown at.
pub const FLOOR: f64 = 0.75;

/// How often the fit is checked, in ms.
const EVERY_MS: u32 = 200;

/// Keeps the figure in `root`'s slide fitted while it lives.
pub struct Fitting {
    _timer: Interval,
    _resize: Option<EventListener>,
}

/// Starts fitting the figure of the slide under `root`.
pub fn keep_fitting(root: NodeRef) -> Fitting {
    let again = root.clone();
    let resize = dom::window().map(|w| {
        EventListener::new(&w, "resize", move |_| {
            if let Some(fig) = figure(&again) {
                let _ = fig.style().remove_property("zoom");
            }
        })
    });
    Fitting {
        _timer: Interval::new(EVERY_MS, move || fit(&root)),
        _resize: resize,
    }
}

/// The slide's figure, if it has one.
fn figure(root: &NodeRef) -> Option<HtmlElement> {
    root.cast::<Element>()?
        .query_selector(".slide-figure")
        .ok()??
        .dyn_into()
        .ok()
}

/// Shrinks the figure by as much as the page overflows the window.
fn fit(root: &NodeRef) {
    let Some(fig) = figure(root) else { return };
    let Some(view) = dom::window()
        .and_then(|w| w.inner_height().ok())
        .and_then(|h| h.as_f64())
    else {
        return;
    };
    let page = dom::document()
        .and_then(|d| d.document_element())
        .map_or(0.0, |e| f64::from(e.scroll_height()));
    let over = page - view;
    let zoom = fig
        .style()
        .get_property_value("zoom")
        .ok()
        .and_then(|z| z.parse::<f64>().ok())
        .unwrap_or(1.0);
    let height = fig.get_bounding_client_rect().height();
    if over < 1.0 || height <= 0.0 || zoom <= FLOOR {
        return;
    }
    let target = (zoom * (height - over) / height).max(FLOOR);
    if target < zoom - 0.005 {
        let _ = fig.style().set_property("zoom", &format!("{target:.3}"));
    }
}
