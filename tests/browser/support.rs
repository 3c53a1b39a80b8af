//! Mounting the app at a given URL and reading the page.

use commbook::ui::app::App;
use std::cell::{Cell, RefCell};
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};

/// A mounted app; unmounts itself when dropped.
pub struct Mounted {
    id: u32,
    pub root: Element,
}

thread_local! {
    /// The apps mounted and not yet dropped. A failing test's assertion
    /// aborts without running `Drop` (panics abort in wasm), so its app
    /// would stay mounted, listening to the window, and disturb the tests
    /// after it: the panic hook installed by [`prepare`] unmounts them.
    static LIVE: RefCell<Vec<(u32, yew::AppHandle<App>, Element)>> =
        const { RefCell::new(Vec::new()) };
    static NEXT_ID: Cell<u32> = const { Cell::new(0) };
    static HOOKED: Cell<bool> = const { Cell::new(false) };
}

fn unmount(handle: yew::AppHandle<App>, root: &Element) {
    handle.destroy();
    root.remove();
}

impl Drop for Mounted {
    fn drop(&mut self) {
        let found = LIVE.with(|live| {
            let mut live = live.borrow_mut();
            let at = live.iter().position(|(id, ..)| *id == self.id)?;
            Some(live.swap_remove(at))
        });
        if let Some((_, handle, root)) = found {
            unmount(handle, &root);
        }
    }
}

/// Chains a panic hook that unmounts every live app, after the usual
/// report.
fn unmount_on_panic() {
    if HOOKED.with(|h| h.replace(true)) {
        return;
    }
    let report = std::panic::take_hook();
    // Through Yew, or its first render replaces the hook with its own.
    yew::set_custom_panic_hook(Box::new(move |info| {
        report(info);
        let left = LIVE.with(|live| live.try_borrow_mut().map(|mut l| std::mem::take(&mut *l)));
        for (_, handle, root) in left.unwrap_or_default() {
            unmount(handle, &root);
        }
    }));
}

pub fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

/// Sets the URL hash without a `hashchange` (as a fresh page load would see it).
pub fn set_hash(hash: &str) {
    commbook::ui::address::flush();
    let h = web_sys::window().unwrap().history().unwrap();
    h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(hash))
        .unwrap();
}

/// The address bar, once the book has written what it holds back.
pub fn hash() -> String {
    commbook::ui::address::flush();
    web_sys::window().unwrap().location().hash().unwrap()
}

mod bundled {
    include!(concat!(env!("OUT_DIR"), "/bundled_pages.rs"));
}

/// Hosts every figure in this one wasm module and offers the pages the
/// build wrote, as if fetched (the test runner serves no site).
pub fn prepare() {
    unmount_on_panic();
    commbook::ui::figures::host::install(&commbook::ui::figures::packs::all());
    for (file, text) in bundled::PAGES {
        commbook::ui::loader::offer(file, text);
    }
}

/// Mounts the app on a fresh element with the URL at `hash`.
pub async fn mount(hash: &str) -> Mounted {
    prepare();
    set_hash(hash);
    mount_prepared().await
}

/// Mounts the app at the current URL, figures and pages as they are.
pub async fn mount_prepared() -> Mounted {
    let root = document().create_element("div").unwrap();
    document().body().unwrap().append_child(&root).unwrap();
    let handle = yew::Renderer::<App>::with_root(root.clone()).render();
    let id = NEXT_ID.with(|n| n.replace(n.get() + 1));
    LIVE.with(|live| live.borrow_mut().push((id, handle, root.clone())));
    settle().await;
    Mounted { id, root }
}

/// The pages and the search index the build wrote, `(file, text)`.
pub fn bundled_pages() -> &'static [(&'static str, &'static str)] {
    bundled::PAGES
}

/// How long [`until`] waits, in ms of the page's clock: the slowest
/// computation a test waits for (a region map of simulated schedules in
/// the unoptimised build) takes several seconds on a 2-core machine.
const PATIENCE_MS: f64 = 60_000.0;

/// Waits (yielding to the browser between looks) until `ready` holds;
/// fails with the page's text after [`PATIENCE_MS`]. For what finishes
/// outside Yew's scheduler: a fetch, a `hashchange`, a computation in
/// slices. The bound is time, not a count of looks, so it does not depend
/// on how finely the work is sliced.
pub async fn until(m: &Mounted, what: &str, ready: impl Fn(&Mounted) -> bool) {
    let t0 = js_sys::Date::now();
    while js_sys::Date::now() - t0 < PATIENCE_MS {
        settle().await;
        if ready(m) {
            return;
        }
        yew::platform::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    panic!("waited in vain for {what}: {}", m.all_text());
}

/// Waits (a bounded number of short turns) until no figure is computing:
/// computations run in slices between timer ticks.
pub async fn computed(m: &Mounted) {
    until(m, "the figures' computations", |m| {
        m.find("figure.widget .job").is_none()
    })
    .await;
}

/// Mounts the app at `hash` (an embed link) and waits for its figure.
pub async fn embed(hash: &str) -> Mounted {
    let m = mount(hash).await;
    computed(&m).await;
    m
}

/// Lets rendering, effects and the re-renders they cause finish.
pub async fn settle() {
    for _ in 0..4 {
        yew::scheduler::flush().await;
    }
}

impl Mounted {
    pub fn find(&self, selector: &str) -> Option<Element> {
        self.root.query_selector(selector).unwrap()
    }

    pub fn get(&self, selector: &str) -> Element {
        self.find(selector)
            .unwrap_or_else(|| panic!("no element matches {selector}"))
    }

    pub fn text(&self, selector: &str) -> String {
        self.get(selector).text_content().unwrap_or_default()
    }

    pub fn all_text(&self) -> String {
        self.root.text_content().unwrap_or_default()
    }

    /// Clicks the element matching `selector` and lets the page settle.
    pub async fn click(&self, selector: &str) {
        self.get(selector)
            .dyn_into::<HtmlElement>()
            .unwrap()
            .click();
        settle().await;
    }

    /// Sends a keydown to the element matching `selector`.
    pub async fn key(&self, selector: &str, key: &str) {
        let init = web_sys::KeyboardEventInit::new();
        init.set_key(key);
        init.set_bubbles(true);
        init.set_cancelable(true);
        let e =
            web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
        self.get(selector).dispatch_event(&e).unwrap();
        settle().await;
    }

    /// Sets an input's value and fires `change`.
    pub async fn change(&self, selector: &str, value: &str) {
        let el = self.get(selector);
        if let Some(i) = el.dyn_ref::<web_sys::HtmlInputElement>() {
            i.set_value(value);
        } else if let Some(s) = el.dyn_ref::<web_sys::HtmlSelectElement>() {
            s.set_value(value);
        }
        let e = web_sys::Event::new_with_event_init_dict("change", &{
            let i = web_sys::EventInit::new();
            i.set_bubbles(true);
            i
        })
        .unwrap();
        el.dispatch_event(&e).unwrap();
        settle().await;
    }

    /// Sets an input's value and fires `input`, as typing does (no `change`).
    pub async fn type_into(&self, selector: &str, value: &str) {
        let el = self.get(selector);
        if let Some(i) = el.dyn_ref::<web_sys::HtmlInputElement>() {
            i.set_value(value);
        }
        let init = web_sys::InputEventInit::new();
        init.set_bubbles(true);
        let e = web_sys::InputEvent::new_with_event_init_dict("input", &init).unwrap();
        el.dispatch_event(&e).unwrap();
        settle().await;
    }

    /// The caption of figure `id`.
    pub fn caption(&self, id: &str) -> String {
        self.text(&format!("#widget-{id} .caption"))
    }
}
