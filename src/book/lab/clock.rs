//! A clock in milliseconds for the lab's scheduling times: the page's or
//! the worker's `performance.now()` in the browser, a monotonic clock
//! natively. Only differences are meaningful.

/// Milliseconds since an arbitrary start.
#[cfg(target_arch = "wasm32")]
pub fn now_ms() -> f64 {
    use wasm_bindgen::JsCast;
    js_sys::Reflect::get(&js_sys::global(), &"performance".into())
        .ok()
        .and_then(|p| p.dyn_into::<web_sys::Performance>().ok())
        .map_or(0.0, |p| p.now())
}

/// Milliseconds since the first call.
#[cfg(not(target_arch = "wasm32"))]
pub fn now_ms() -> f64 {
    use std::sync::OnceLock;
    use std::time::Instant;
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}
