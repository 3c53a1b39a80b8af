//! Figures that live in another wasm module. The book's own wasm hosts
//! the figures of the first chapters; the figures of later chapters (the
//! mesh collectives, the redistribution tables, the simulator and its
//! animator) are compiled into modules of their own (`src/bin/commbook-
//! <module>.rs`, built by trunk's post-build hook), which a page loads the
//! first time it shows one of their figures. So a reader of chapter 1
//! never downloads the animator, and the book's first load stays small
//! however many chapters it grows.
//!
//! On the page, [`PackSlot`] stands where such a figure goes: it loads the
//! module (once per page, whatever the number of its figures), asks it to
//! mount the figure into an element of its own, and unmounts it when the
//! page moves on. The module's figure reads and writes the same link
//! (`UrlState` rereads the address before writing), follows the page's
//! theme (`theme::use_theme`) and takes the same keys, so a reader cannot
//! tell the difference. A module that cannot be loaded (offline and not
//! yet saved, a server error) is said so, with a button to try again.

/// A figure module's exports (see `figure_module!` in the crate root):
/// `mount` and `unmount` over the figures of module `$pack`.
#[macro_export]
macro_rules! figure_module_exports {
    ($pack:ident) => {
        mod exports {
            use wasm_bindgen::prelude::*;

            /// Mounts one of this module's figures into `el`.
            #[wasm_bindgen]
            pub fn mount(
                el: web_sys::Element,
                kind: String,
                id: String,
                caption: String,
                params: String,
            ) -> u32 {
                commbook::ui::packs::mount(
                    commbook::ui::figures::packs::$pack(),
                    el,
                    kind,
                    id,
                    caption,
                    &params,
                )
            }

            /// Removes a figure mounted earlier.
            #[wasm_bindgen]
            pub fn unmount(handle: u32) {
                commbook::ui::packs::unmount(handle)
            }
        }
    };
}

use crate::book::figures::find;
use crate::book::figures::modules::MODULES;
use crate::book::route::{Route, encode_query, parse_query};
use crate::ui::dom;
use crate::ui::figures::host::{FigureHost, Hosted, install};
use crate::ui::url::UrlState;
use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

thread_local! {
    /// Each module's loading, shared by all its figures on the page (a
    /// module must be instantiated once).
    static LOADING: RefCell<BTreeMap<&'static str, js_sys::Promise>> = const { RefCell::new(BTreeMap::new()) };
}

/// The file of module `pack`: named (with a hash of its content) by the
/// `<meta name="commbook-pack-<module>">` the build writes into
/// `index.html`, else `commbook-<module>.js`.
fn file_of(pack: &str) -> String {
    named_file(pack).unwrap_or_else(|| format!("commbook-{pack}.js"))
}

/// The file of module `pack` as the build's `<meta>` names it, if it does.
pub fn named_file(pack: &str) -> Option<String> {
    dom::document()
        .and_then(|d| {
            d.query_selector(&format!("meta[name='commbook-pack-{pack}']"))
                .ok()
                .flatten()
        })
        .and_then(|m| m.get_attribute("content"))
}

/// Loads and starts module `pack` (once): its exports, `mount` and
/// `unmount` among them.
async fn load(pack: &'static str) -> Result<JsValue, String> {
    let promise = LOADING.with(|l| {
        if let Some(p) = l.borrow().get(pack) {
            return Ok(p.clone());
        }
        dom::document().ok_or("there is no page")?;
        let url = dom::beside_page(&file_of(pack))
            .ok_or_else(|| format!("the module '{pack}' has no valid address"))?;
        // A dynamic import, then wasm-bindgen's start-up of the module.
        let start = js_sys::Function::new_with_args(
            "u",
            "return import(u).then(function (m) { return m.default().then(function () { return m; }); });",
        );
        let p: js_sys::Promise = start
            .call1(&JsValue::NULL, &JsValue::from_str(&url))
            .map_err(|_| "the browser cannot load modules".to_string())?
            .into();
        l.borrow_mut().insert(pack, p.clone());
        Ok::<_, String>(p)
    })?;
    JsFuture::from(promise).await.map_err(|e| {
        // A failed load is forgotten, so that "Try again" tries again.
        LOADING.with(|l| l.borrow_mut().remove(pack));
        let detail = e
            .dyn_ref::<js_sys::Error>()
            .map(|e| String::from(e.message()))
            .unwrap_or_default();
        format!(
            "the part of the book that draws it could not be loaded ({}); the network may be off \
             and this part not yet saved for reading offline",
            if detail.is_empty() {
                "no reason given".to_string()
            } else {
                detail
            }
        )
    })
}

/// Calls the module's exported function `name`.
fn call(module: &JsValue, name: &str, args: &js_sys::Array) -> Result<JsValue, JsValue> {
    let f: js_sys::Function = js_sys::Reflect::get(module, &JsValue::from_str(name))?.dyn_into()?;
    f.apply(&JsValue::NULL, args)
}

/// Props of [`PackSlot`].
#[derive(Properties, PartialEq)]
pub struct SlotProps {
    pub kind: AttrValue,
    pub id: AttrValue,
    #[prop_or_default]
    pub caption: AttrValue,
    #[prop_or_default]
    pub chapter_params: Rc<Vec<(String, String)>>,
    /// The module to load (the host's choice: the figure's own, or for
    /// the exercises their chapter's).
    pub pack: AttrValue,
}

#[derive(Clone, PartialEq)]
enum Slot {
    Loading,
    Mounted,
    Failed(String),
}

/// Where a figure of another module goes: loads the module and mounts the
/// figure into an element the book leaves to it.
#[component]
pub fn PackSlot(props: &SlotProps) -> Html {
    let node = use_node_ref();
    let state = use_state(|| Slot::Loading);
    let attempt = use_state(|| 0u32);
    let entry = find(&props.kind);
    {
        let (node, state) = (node.clone(), state.clone());
        let (kind, id, caption) = (
            props.kind.to_string(),
            props.id.to_string(),
            props.caption.to_string(),
        );
        let params = encode_query(&props.chapter_params);
        let pack = MODULES
            .iter()
            .find(|m| m.name == props.pack.as_str())
            .map_or("main", |m| m.name);
        use_effect_with(
            (
                props.kind.clone(),
                props.id.clone(),
                props.pack.clone(),
                *attempt,
            ),
            move |_| {
                let mounted: Rc<RefCell<Option<(JsValue, JsValue)>>> = Rc::default();
                let gone = Rc::new(Cell::new(false));
                {
                    let (mounted, gone) = (mounted.clone(), gone.clone());
                    state.set(Slot::Loading);
                    yew::platform::spawn_local(async move {
                        let module = match load(pack).await {
                            Ok(m) => m,
                            Err(why) => return state.set(Slot::Failed(why)),
                        };
                        let Some(el) = node.cast::<web_sys::Element>() else {
                            return;
                        };
                        if gone.get() {
                            return;
                        }
                        let args = js_sys::Array::of5(
                            &el,
                            &kind.into(),
                            &id.into(),
                            &caption.into(),
                            &params.into(),
                        );
                        match call(&module, "mount", &args) {
                            Ok(handle) => {
                                *mounted.borrow_mut() = Some((module, handle));
                                state.set(Slot::Mounted);
                            }
                            Err(_) => {
                                state.set(Slot::Failed("the figure could not be started".into()))
                            }
                        }
                    });
                }
                move || {
                    gone.set(true);
                    if let Some((module, handle)) = mounted.borrow_mut().take() {
                        let _ = call(&module, "unmount", &js_sys::Array::of1(&handle));
                    }
                }
            },
        );
    }
    let title = entry.map_or("", |e| e.title);
    let dom_id = format!("widget-{}", props.id);
    let status = match &*state {
        Slot::Mounted => html! {},
        Slot::Loading => html! {
            <figure class="widget" id={dom_id}>
                <@{crate::ui::parts::frame::heading()} class="widget-title">{title}</@>
                <div class="job" role="status">{"Loading this figure…"}</div>
            </figure>
        },
        Slot::Failed(why) => {
            let again = {
                let attempt = attempt.clone();
                Callback::from(move |_: MouseEvent| attempt.set(*attempt + 1))
            };
            html! {
                <figure class="widget" id={dom_id}>
                    <@{crate::ui::parts::frame::heading()} class="widget-title">{title}</@>
                    <div class="notices" role="alert">
                        <strong>{"This figure could not be shown: "}</strong>{why.clone()}{"."}
                        <p><button type="button" onclick={again}>{"Try again"}</button></p>
                    </div>
                </figure>
            }
        }
    };
    html! {
        <>
            { status }
            <div class="pack-slot" ref={node}></div>
        </>
    }
}

/// The props a module's figure is mounted with.
#[derive(Properties, PartialEq)]
pub struct MountedProps {
    pub kind: AttrValue,
    pub id: AttrValue,
    pub caption: AttrValue,
    pub chapter_params: Rc<Vec<(String, String)>>,
}

/// A figure mounted by a module, reading the page's link as it is now.
#[component]
fn Mounted(props: &MountedProps) -> Html {
    let url = use_memo((), |_| UrlState::new(Route::parse(&dom::hash())));
    html! {
        <FigureHost id={props.id.clone()} kind={props.kind.clone()} caption={props.caption.clone()}
            chapter_params={props.chapter_params.clone()} url={(*url).clone()} may_wait={false} />
    }
}

thread_local! {
    /// The figures a module has mounted, by handle.
    static MOUNTED: RefCell<Vec<Option<yew::AppHandle<Mounted>>>> = const { RefCell::new(Vec::new()) };
}

/// In a module: mounts figure `kind` (one of `figures`) into `el`, with
/// the chapter's settings `params` (a link's query); returns a handle for
/// [`unmount`].
pub fn mount(
    figures: &[(&'static str, &'static dyn Hosted)],
    el: web_sys::Element,
    kind: String,
    id: String,
    caption: String,
    params: &str,
) -> u32 {
    install(figures);
    let props = MountedProps {
        kind: kind.into(),
        id: id.into(),
        caption: caption.into(),
        chapter_params: Rc::new(parse_query(params)),
    };
    let app = yew::Renderer::<Mounted>::with_root_and_props(el, props).render();
    MOUNTED.with(|m| {
        let mut m = m.borrow_mut();
        m.push(Some(app));
        (m.len() - 1) as u32
    })
}

/// In a module: removes the figure `handle` names.
pub fn unmount(handle: u32) {
    let app = MOUNTED.with(|m| {
        m.borrow_mut()
            .get_mut(handle as usize)
            .and_then(Option::take)
    });
    if let Some(app) = app {
        app.destroy();
    }
}
