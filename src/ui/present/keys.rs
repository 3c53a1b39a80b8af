//! The presenter's keys, and how a slide's figure is stepped.
//!
//! → / Space / PageDown mean *next* and ← / PageUp *back*, whatever has
//! focus (a remote clicker sends PageDown and PageUp); Esc leaves. The
//! keys are taken in the capture phase, before a figure or the book's own
//! key routing sees them, except where they belong to what has focus:
//! typing in a field, and Space on a button or link, which presses it.
//! Home and End take the slide's figure to its first or last step, so a
//! long trace (a simulation's cycles) need not be stepped through.
//!
//! The figure is stepped as the reader would step it: by its own player's
//! buttons; its position is read from the player's scrubber, so the
//! presenter needs nothing from the figure's inside (figures drawn by
//! another wasm module included).

use crate::ui::dom;
use gloo_events::{EventListener, EventListenerOptions, EventListenerPhase};
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, HtmlInputElement};
use yew::Callback;

/// What a key asks of the presenter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    Next,
    Back,
    /// The figure's first step (Home), or its last (End).
    First,
    Last,
    Leave,
}

/// The move for a `KeyboardEvent.key`, if any.
pub fn move_for(key: &str) -> Option<Move> {
    Some(match key {
        "ArrowRight" | " " | "Spacebar" | "PageDown" => Move::Next,
        "ArrowLeft" | "PageUp" => Move::Back,
        "Home" => Move::First,
        "End" => Move::Last,
        "Escape" | "Esc" => Move::Leave,
        _ => return None,
    })
}

/// Listens for the presenter's keys on the document while it lives.
pub fn listen(on_move: impl Fn(Move) + 'static) -> Option<EventListener> {
    let doc = dom::document()?;
    let options = EventListenerOptions {
        phase: EventListenerPhase::Capture,
        passive: false,
    };
    Some(EventListener::new_with_options(
        &doc,
        "keydown",
        options,
        move |e| {
            let Some(ke) = e.dyn_ref::<web_sys::KeyboardEvent>() else {
                return;
            };
            if ke.ctrl_key() || ke.meta_key() || ke.alt_key() || dom::is_typing_target(e.target()) {
                return;
            }
            let Some(m) = move_for(&ke.key()) else {
                return;
            };
            let space = matches!(ke.key().as_str(), " " | "Spacebar");
            if space && dom::is_button_target(e.target()) {
                return; // Space presses the focused button.
            }
            e.prevent_default();
            e.stop_propagation();
            on_move(m);
        },
    ))
}

/// The position and length of the player of the figure in `slide`, if it
/// has one that is ready.
pub fn position(slide: &Element) -> Option<(usize, usize)> {
    let scrubber = slide
        .query_selector("figure.widget input.scrubber")
        .ok()??
        .dyn_into::<HtmlInputElement>()
        .ok()?;
    let pos = scrubber.value().parse().ok()?;
    let len = scrubber.get_attribute("max")?.parse().ok()?;
    Some((pos, len))
}

/// Presses the figure's own player button labelled `label…` ("Next step",
/// "Previous step"). A click, not a key: a key sent from inside the
/// presenter's key listener would run that listener again, re-entrantly.
pub fn press(slide: &Element, label: &str) {
    let selector = format!("figure.widget .player-buttons button[aria-label^='{label}']");
    if let Some(b) = slide
        .query_selector(&selector)
        .ok()
        .flatten()
        .and_then(|b| b.dyn_into::<HtmlElement>().ok())
    {
        b.click();
    }
}

/// Moves the figure in `slide` as `m` asks if it can; false when it is
/// already there (or has no player), so that the slide changes instead.
pub fn step_figure(slide: Option<&Element>, m: Move) -> bool {
    let Some(slide) = slide else { return false };
    match (position(slide), m) {
        (Some((pos, len)), Move::Next) if pos < len => press(slide, "Next step"),
        (Some((pos, _)), Move::Back) if pos > 0 => press(slide, "Previous step"),
        (Some((pos, _)), Move::First) if pos > 0 => press(slide, "First step"),
        (Some((pos, len)), Move::Last) if pos < len => press(slide, "Last step"),
        _ => return false,
    }
    true
}

/// A callback that ignores its argument and moves.
pub fn on_click(on_move: &Callback<Move>, m: Move) -> Callback<web_sys::MouseEvent> {
    on_move.reform(move |_| m)
}
