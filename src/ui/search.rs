//! The search box in the header: full-text search over every chapter from
//! the index built at build time (`book::search`), fetched on the first
//! search and kept, so it works offline once the book has been opened.
//!
//! `/` focuses the box from anywhere on the page; ↓ and ↑ move through
//! the results, Enter opens the one chosen (the first if none is), Escape
//! clears the box. Each result names its chapter and section and shows
//! the words around the match; it links to the section.

use crate::book::route::Route;
use crate::book::search::{Hit, SearchIndex};
use crate::book::{SEARCH_FILE, chapter};
use crate::ui::dom;
use crate::ui::loader::{Load, use_load};
use gloo_events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Results listed at most.
const SHOWN: usize = 12;

/// The search box and its results.
#[component]
pub fn SearchBox() -> Html {
    let query = use_state(String::new);
    let active = use_state(|| None::<usize>);
    // The index is fetched once someone starts typing (or focuses the box).
    let wanted = use_state(|| false);
    let input = use_node_ref();
    {
        let input = input.clone();
        use_effect_with((), move |_| {
            let listener = dom::document().map(|doc| slash_focuses(&doc, input));
            move || drop(listener)
        });
    }
    let results = if *wanted {
        Some(Results {
            query: (*query).clone(),
            active: *active,
        })
    } else {
        None
    };
    let on_focus = {
        let wanted = wanted.clone();
        Callback::from(move |_: FocusEvent| wanted.set(true))
    };
    let on_input = {
        let (query, active, wanted) = (query.clone(), active.clone(), wanted.clone());
        Callback::from(move |e: InputEvent| {
            let el: web_sys::HtmlInputElement = e.target_unchecked_into();
            query.set(el.value());
            active.set(None);
            wanted.set(true);
        })
    };
    let on_key = {
        let (query, active) = (query.clone(), active.clone());
        Callback::from(move |e: KeyboardEvent| match e.key().as_str() {
            "ArrowDown" => {
                e.prevent_default();
                active.set(Some(active.map_or(0, |a| (a + 1).min(SHOWN - 1))));
            }
            "ArrowUp" => {
                e.prevent_default();
                active.set(active.and_then(|a| a.checked_sub(1)));
            }
            "Escape" => {
                query.set(String::new());
                active.set(None);
                if let Some(el) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
                    el.set_value("");
                }
            }
            "Enter" => {
                e.prevent_default();
                // Follow the chosen result (its link is in the list).
                let n = active.unwrap_or(0);
                if let Some(a) = dom::document()
                    .and_then(|d| d.get_element_by_id(&format!("search-hit-{n}")))
                    .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok())
                {
                    a.click();
                    query.set(String::new());
                    active.set(None);
                }
            }
            _ => {}
        })
    };
    let has_query = !query.trim().is_empty();
    // Following a result clears the box.
    let on_pick = {
        let (query, active) = (query.clone(), active.clone());
        Callback::from(move |e: MouseEvent| {
            let on_link = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .and_then(|el| el.closest("a").ok().flatten())
                .is_some();
            if on_link {
                query.set(String::new());
                active.set(None);
            }
        })
    };
    html! {
        <div class="search" role="search">
            <label for="search-box" class="visually-hidden">{"Search the book"}</label>
            <input id="search-box" ref={input} type="search" placeholder="Search ( / )" autocomplete="off"
                role="combobox" aria-controls="search-results" aria-autocomplete="list"
                aria-expanded={if has_query { "true" } else { "false" }}
                aria-activedescendant={active.map(|a| format!("search-hit-{a}"))}
                value={(*query).clone()} onfocus={on_focus} oninput={on_input} onkeydown={on_key} />
            if has_query {
                if let Some(r) = results { <div onclick={on_pick}><SearchResults ..r /></div> }
            }
        </div>
    }
}

/// Props of [`SearchResults`].
#[derive(Properties, PartialEq, Clone)]
struct Results {
    query: String,
    active: Option<usize>,
}

/// The results of a query, once the index is in.
#[component]
fn SearchResults(props: &Results) -> Html {
    let (index, retry) = use_load(SEARCH_FILE, SearchIndex::parse);
    let body = match index {
        Load::Loading => html! { <p class="search-note" role="status">{"Loading the index…"}</p> },
        Load::Failed(why) => html! {
            <p class="search-note" role="alert">
                {format!("Search is not available: {why}. ")}
                <button type="button" onclick={retry.reform(|_: MouseEvent| ())}>{"Try again"}</button>
            </p>
        },
        Load::Ready(index) => {
            let hits = index.search(&props.query, SHOWN);
            if hits.is_empty() {
                html! { <p class="search-note" role="status">{format!("Nothing in the book matches “{}”.", props.query.trim())}</p> }
            } else {
                let count = format!(
                    "{} result{}",
                    hits.len(),
                    if hits.len() == 1 { "" } else { "s" }
                );
                html! {
                    <>
                        <p class="visually-hidden" role="status">{count}</p>
                        <ul id="search-results" role="listbox" aria-label="Search results">
                            { for hits.iter().enumerate().map(|(i, h)| hit(i, h, props.active == Some(i))) }
                        </ul>
                    </>
                }
            }
        }
    };
    html! { <div class="search-results">{ body }</div> }
}

/// One result: the chapter and section, and the words around the match.
fn hit(i: usize, h: &Hit, active: bool) -> Html {
    let (number, title) = chapter(&h.slug).map_or((0, ""), |c| (c.number, c.title));
    let href = if h.id.is_empty() {
        Route::chapter(&h.slug).to_hash()
    } else {
        Route::chapter(&h.slug).with("at", &h.id).to_hash()
    };
    let place = if h.id.is_empty() {
        format!("Chapter {number}: {title}")
    } else {
        format!("Chapter {number}: {} · {}", title, h.heading)
    };
    html! {
        <li role="option" aria-selected={if active { "true" } else { "false" }} class={classes!(active.then_some("active"))}>
            <a id={format!("search-hit-{i}")} href={href} tabindex="-1">
                <span class="search-place">{place}</span>
                <span class="search-snippet">{h.before.clone()}<mark>{h.matched.clone()}</mark>{h.after.clone()}</span>
            </a>
        </li>
    }
}

/// `/` typed outside a text field moves focus to the search box.
fn slash_focuses(doc: &web_sys::Document, input: NodeRef) -> EventListener {
    EventListener::new_with_options(
        doc,
        "keydown",
        EventListenerOptions::enable_prevent_default(),
        move |e| {
            let Some(ke) = e.dyn_ref::<web_sys::KeyboardEvent>() else {
                return;
            };
            if ke.key() != "/" || ke.ctrl_key() || ke.meta_key() || ke.alt_key() {
                return;
            }
            if dom::is_typing_target(e.target()) {
                return;
            }
            if let Some(el) = input.cast::<web_sys::HtmlInputElement>() {
                e.prevent_default();
                let _ = el.focus();
            }
        },
    )
}
