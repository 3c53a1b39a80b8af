//! A callback once per animation frame, for as long as its handle lives.
//!
//! The player ticks on `requestAnimationFrame` rather than on a timer: a
//! timer's tick falls anywhere in the frame, so a tick that takes ten
//! milliseconds (a large network's frame) can push the next paint past
//! its vsync and drop it; a tick at the start of the frame paints in the
//! same frame.

use gloo_timers::callback::Timeout;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;

type Slot = Rc<RefCell<Option<Closure<dyn FnMut(f64)>>>>;

/// Runs its callback every animation frame until dropped.
pub struct FrameLoop {
    alive: Rc<Cell<bool>>,
    id: Rc<Cell<i32>>,
    slot: Slot,
}

fn request(slot: &Slot, id: &Cell<i32>) {
    if let (Some(w), Some(c)) = (web_sys::window(), slot.borrow().as_ref())
        && let Ok(n) = w.request_animation_frame(c.as_ref().unchecked_ref())
    {
        id.set(n);
    }
}

impl FrameLoop {
    /// Calls `f` with the frame's timestamp (ms) once per frame.
    pub fn new(mut f: impl FnMut(f64) + 'static) -> FrameLoop {
        let alive = Rc::new(Cell::new(true));
        let id = Rc::new(Cell::new(0));
        let slot: Slot = Rc::new(RefCell::new(None));
        let (a, i, s) = (alive.clone(), id.clone(), slot.clone());
        *slot.borrow_mut() = Some(Closure::new(move |t: f64| {
            if a.get() {
                f(t);
            }
            if a.get() {
                request(&s, &i);
            }
        }));
        request(&slot, &id);
        FrameLoop { alive, id, slot }
    }
}

impl Drop for FrameLoop {
    fn drop(&mut self) {
        self.alive.set(false);
        if let Some(w) = web_sys::window() {
            let _ = w.cancel_animation_frame(self.id.get());
        }
        // The drop may come from inside the callback (a tick that ends the
        // playing), so the closure is freed after it has returned.
        let closure = self.slot.borrow_mut().take();
        Timeout::new(0, move || drop(closure)).forget();
    }
}
