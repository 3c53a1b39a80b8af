//! Figures computed when the reader comes near them ([`Figure::DEFERRED`]):
//! a chapter's heavy figures wait until they are within a screen of the
//! viewport, so the chapter is drawn within its time budget and the work
//! the reader never scrolls to is never done; on a chapter opened by a
//! link about one figure, every other figure waits so. Until then the
//! figure shows its title, its caption and a button that computes it at
//! once.
//!
//! [`Figure::DEFERRED`]: crate::book::figure::Figure::DEFERRED

use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use web_sys::{Element, IntersectionObserver, IntersectionObserverEntry, IntersectionObserverInit};
use yew::prelude::*;

/// How far beyond the viewport a figure starts computing: one screen
/// above and below, so it is usually done by the time it is read.
const AHEAD: &str = "100% 0px";

/// Whether the element behind `node` has come within [`AHEAD`] of the
/// viewport (always true when `watch` is false, or where the browser has
/// no IntersectionObserver).
#[hook]
pub fn use_in_sight(node: NodeRef, watch: bool) -> (bool, Callback<()>) {
    let seen = use_state(|| !watch);
    let now = {
        let seen = seen.clone();
        Callback::from(move |()| seen.set(true))
    };
    {
        let seen = seen.clone();
        use_effect_with(watch, move |&watch| {
            let observer = (watch && !*seen)
                .then(|| observe(&node, seen.clone()))
                .flatten();
            if watch && observer.is_none() {
                seen.set(true);
            }
            move || {
                if let Some((o, _callback)) = observer {
                    o.disconnect();
                }
            }
        });
    }
    (*seen, now)
}

type Watch = (IntersectionObserver, Closure<dyn FnMut(js_sys::Array)>);

/// Starts watching; `None` where the element or the API is missing.
fn observe(node: &NodeRef, seen: UseStateHandle<bool>) -> Option<Watch> {
    let el = node.cast::<Element>()?;
    let callback = Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
        let near = entries.iter().any(|e| {
            e.dyn_into::<IntersectionObserverEntry>()
                .is_ok_and(|e| e.is_intersecting())
        });
        if near {
            seen.set(true);
        }
    });
    let init = IntersectionObserverInit::new();
    init.set_root_margin(AHEAD);
    let o =
        IntersectionObserver::new_with_options(callback.as_ref().unchecked_ref(), &init).ok()?;
    o.observe(&el);
    Some((o, callback))
}

/// Props of [`Waiting`].
#[derive(Properties, PartialEq)]
pub struct WaitingProps {
    pub id: AttrValue,
    pub title: AttrValue,
    pub caption: AttrValue,
    pub node: NodeRef,
    pub start: Callback<()>,
    /// Waiting because it is heavy, rather than because the link that
    /// opened the chapter is about another figure.
    pub heavy: bool,
}

/// The figure before it is computed.
#[component]
pub fn Waiting(props: &WaitingProps) -> Html {
    let dom_id = format!("widget-{}", props.id);
    let title_id = format!("{dom_id}-title");
    let start = props.start.reform(|_: MouseEvent| ());
    html! {
        <figure class="widget deferred" id={dom_id} ref={props.node.clone()} aria-labelledby={title_id.clone()}>
            <@{crate::ui::parts::frame::heading()} class="widget-title" id={title_id}>{props.title.clone()}</@>
            <p class="control-note">
                {if props.heavy {
                    "This figure takes a moment to compute, so it starts when you scroll near it. "
                } else {
                    "This link is about another figure, so this one starts when you scroll near it. "
                }}
                <button type="button" class="compute-now" onclick={start}>{"Compute it now"}</button>
            </p>
            if !props.caption.is_empty() {
                <figcaption class="figure-caption">{props.caption.clone()}</figcaption>
            }
        </figure>
    }
}
