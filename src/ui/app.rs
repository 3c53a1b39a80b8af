//! The application: routing from the URL hash, the page layout, theme and
//! type-size preferences, and keyboard routing to the figure in use.

use crate::book::figures::{CATALOGUE, exercises, resolve};
use crate::book::params::Notice;
use crate::book::route::Route;
use crate::book::{Chapter, chapter};
use crate::ui::dom;
use crate::ui::figures::host::FigureHost;
use crate::ui::pages::{ChapterPage, cover, not_found, stray_keys};
use crate::ui::parts::frame::Notices;
use crate::ui::present::Presenter;
use crate::ui::search::SearchBox;
use crate::ui::sidebar::Sidebar;
use crate::ui::theme::{Theme, apply_large_type, large_type_initial};
use crate::ui::url::UrlState;
use gloo_events::{EventListener, EventListenerOptions};
use std::cell::Cell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// The book.
#[component]
pub fn App() -> Html {
    let route = use_state(|| Route::parse(&dom::hash()));
    // Bumped on every navigation from outside (link, Back, edited URL) so
    // pages remount with the new URL; the figures' own URL writes use
    // replaceState and never bump it.
    let epoch = use_state(|| 0u32);
    let theme = use_state(Theme::initial);
    let large = use_state(large_type_initial);
    let menu_open = use_state(bool::default);
    // Printing always uses the light theme: canvases are painted from the
    // theme's colours, so they must be repainted before the page is printed.
    let printing = use_state(bool::default);
    let shown_theme = if *printing { Theme::Light } else { *theme };

    // The window's listeners, for the app's lifetime (one effect: each hook
    // call is compiled separately).
    {
        let (route, epoch, printing) = (route.clone(), epoch.clone(), printing.clone());
        use_effect_with((), move |_| {
            let counter = Rc::new(Cell::new(0u32));
            let listeners = dom::window().map(|w| {
                let (p1, p2, p3) = (printing.clone(), printing.clone(), printing);
                // Print previews and emulated print media do not fire
                // beforeprint, but they do change the print media query.
                let print_query = w.match_media("print").ok().flatten().map(|q| {
                    EventListener::new(&q, "change", move |e| {
                        let on = e
                            .target()
                            .and_then(|t| t.dyn_into::<web_sys::MediaQueryList>().ok())
                            .is_some_and(|q| q.matches());
                        if on { Theme::Light } else { Theme::initial() }.apply(false);
                        p3.set(on);
                    })
                });
                (
                    print_query,
                    EventListener::new(&w, "hashchange", move |_| {
                        counter.set(counter.get() + 1);
                        route.set(Route::parse(&dom::hash()));
                        epoch.set(counter.get());
                    }),
                    // The attribute is set here, not in an effect, because the
                    // canvases (children) repaint before the app's effects run.
                    EventListener::new(&w, "beforeprint", move |_| {
                        Theme::Light.apply(false);
                        p1.set(true);
                    }),
                    EventListener::new(&w, "afterprint", move |_| {
                        Theme::initial().apply(false);
                        p2.set(false);
                    }),
                )
            });
            let keys = keyboard_router();
            move || drop((listeners, keys))
        });
    }
    // After a navigation, the top of the new page (a chapter shows the
    // section its link names once its text is in).
    {
        let route = (*route).clone();
        use_effect_with(*epoch, move |&e| {
            if e > 0 && at_of(&route).is_none() {
                dom::scroll_top();
                dom::focus_id("main");
            }
        });
    }
    // Both are idempotent, so one effect applies them whenever either changes.
    use_effect_with((shown_theme, !*printing, *large), |&(t, remember, l)| {
        t.apply(remember);
        apply_large_type(l);
    });

    if let Route::Embed { figure, .. } = &*route {
        // An embedded figure's window is named after the figure, not after
        // the page the reader came from.
        dom::set_title(&match resolve(figure) {
            Some((spec, _)) => format!("{} · {BOOK}", spec.title),
            None => format!("No figure '{figure}' · {BOOK}"),
        });
        return html! {
            <ContextProvider<Theme> context={shown_theme}>
                <main class="embed-page" id="main">{ embed(figure, &route, *epoch) }</main>
            </ContextProvider<Theme>>
        };
    }

    if let Route::Present { slug, query } = &*route
        && let Some(ch) = chapter(slug)
    {
        return html! {
            <ContextProvider<Theme> context={shown_theme}>
                <main class="present-page" id="main">
                    <Presenter key={format!("{slug}-{}", *epoch)} chapter={ch} query={query.clone()} />
                </main>
            </ContextProvider<Theme>>
        };
    }

    let current = match &*route {
        Route::Chapter { slug, .. } => chapter(slug),
        _ => None,
    };
    let page = match &*route {
        Route::Home => cover(),
        Route::Chapter { slug, query } => match current {
            Some(ch) => {
                let url = UrlState::new((*route).clone());
                let notices = stray_keys(ch, query);
                html! {
                    <>
                        <Notices {notices} />
                        <ChapterPage key={format!("{slug}-{}", *epoch)} chapter={ch} {url} at={at_of(&route)} />
                    </>
                }
            }
            None => not_found(format!(
                "There is no chapter called '{slug}'. Here are the contents."
            )),
        },
        Route::NotFound { path } => not_found(format!(
            "Nothing lives at '{path}'. Links look like #/chapter/NAME or #/embed/FIGURE; here are the contents."
        )),
        Route::Present { slug, .. } => not_found(format!(
            "There is no chapter called '{slug}' to present. Here are the contents."
        )),
        Route::Embed { .. } => html! {},
    };
    let toggle_menu = {
        let m = menu_open.clone();
        Callback::from(move |_: MouseEvent| m.set(!*m))
    };
    let close_menu = {
        let m = menu_open.clone();
        Callback::from(move |_| m.set(false))
    };
    let on_theme = {
        let t = theme.clone();
        Callback::from(move |_| {
            t.toggled().apply(true);
            t.set(t.toggled());
        })
    };
    let on_large = {
        let l = large.clone();
        Callback::from(move |_| l.set(!*l))
    };
    let title = current.map_or(BOOK.to_string(), |c| c.numbered_title());
    // The window's title names the chapter, for tabs, bookmarks and history.
    dom::set_title(&match current {
        Some(_) => format!("{title} · {BOOK}"),
        None => title.clone(),
    });
    let escape_closes = {
        let m = menu_open.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" && *m {
                m.set(false);
            }
        })
    };
    let sidebar = Sidebar {
        current,
        theme: *theme,
        on_theme,
        large_type: *large,
        on_large_type: on_large,
        on_navigate: close_menu,
    }
    .view();
    html! {
        <ContextProvider<Theme> context={shown_theme}>
            <a class="skip-link" href="#main" onclick={Callback::from(|e: MouseEvent| { e.prevent_default(); dom::focus_id("main"); })}>
                {"Skip to the text"}
            </a>
            <div class={if *menu_open { "layout menu-open" } else { "layout" }} onkeydown={escape_closes}>
                <header class="topbar">
                    <button type="button" aria-controls="sidebar" aria-expanded={if *menu_open { "true" } else { "false" }}
                        onclick={toggle_menu}>{"☰ Contents"}</button>
                    <span class="title">{title}</span>
                    <SearchBox />
                </header>
                { sidebar }
                <main class="page" id="main" tabindex="-1">{ page }</main>
            </div>
        </ContextProvider<Theme>>
    }
}

/// The section a chapter link names (`at=`), if any.
fn at_of(route: &Route) -> Option<String> {
    match route {
        Route::Chapter { query, .. } => query
            .iter()
            .find(|(k, _)| k == "at")
            .map(|(_, v)| v.clone()),
        _ => None,
    }
}

/// The book's title, the last part of every window title.
const BOOK: &str = "Communication Scheduling on Permutation Networks";

/// The embed page: one figure and its player, nothing else. `epoch` counts
/// the reader's own navigations (a link followed, the address edited): each
/// opens the figure afresh from the link, as a chapter page does.
fn embed(figure: &str, route: &Route, epoch: u32) -> Html {
    // A name released before (`exercises_sim`) opens the figure that
    // replaced it, with the settings the old name implied.
    let Some((spec, implied)) = resolve(figure) else {
        let names: Vec<Html> = CATALOGUE
            .iter()
            .map(|w| html! { <li><a href={Route::embed(w.name).to_hash()}>{w.name}</a>{format!(": {}", w.title)}</li> })
            .collect();
        return html! {
            <>
                <Notices notices={vec![Notice(format!("There is no figure called '{figure}'."))]} heading="This link leads nowhere:" />
                <p>{"Figures that can be embedded:"}</p>
                <ul>{ for names }</ul>
            </>
        };
    };
    // The exercises come from the chapter their settings name.
    let source = if spec.name == exercises::NAME {
        let raw = UrlState::new(route.clone()).figure_query(figure);
        chapter(exercises::chapter_of_raw(&implied, &raw))
    } else {
        Chapter::teaching(spec.name)
    };
    let home = source
        .map(|c| html! { <p class="embed-source"><a href={Route::chapter(c.slug).to_hash()} target="_top">{format!("From chapter {}: {}", c.number, c.title)}</a></p> });
    html! {
        <>
            // The id is the name the link used, so an old name keeps its
            // element (`#widget-exercises_sim`) and its keys.
            <FigureHost key={format!("{}-{epoch}", spec.name)} id={figure.to_string()} kind={spec.name} url={UrlState::new(route.clone())}
                chapter_params={Rc::new(implied)} />
            { for home }
        </>
    }
}

/// Sends the player's keys to a figure when nothing else has focus: the
/// figure last used, else the first on the page. A figure with focus gets
/// its keys directly (see `ui::player`).
fn keyboard_router() -> Option<(EventListener, EventListener)> {
    let doc = dom::document()?;
    let mark = EventListener::new_with_options(
        &doc,
        "focusin",
        EventListenerOptions::run_in_capture_phase(),
        |e| {
            let Some(el) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            else {
                return;
            };
            if let Ok(Some(fig)) = el.closest("figure.widget") {
                if let Some(doc) = dom::document()
                    && let Ok(old) = doc.query_selector_all("figure.widget[data-active]")
                {
                    for i in 0..old.length() {
                        if let Some(o) = old
                            .get(i)
                            .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
                        {
                            let _ = o.remove_attribute("data-active");
                        }
                    }
                }
                let _ = fig.set_attribute("data-active", "");
            }
        },
    );
    let route = EventListener::new_with_options(
        &doc,
        "keydown",
        EventListenerOptions::enable_prevent_default(),
        |e| {
            let Some(ke) = e.dyn_ref::<web_sys::KeyboardEvent>() else {
                return;
            };
            let on_page = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .is_none_or(|el| {
                    matches!(
                        el.tag_name().to_ascii_lowercase().as_str(),
                        "body" | "html" | "main"
                    )
                });
            if !on_page
                || crate::ui::player::keys::action_for(&ke.key()).is_none()
                || ke.ctrl_key()
                || ke.meta_key()
                || ke.alt_key()
            {
                return;
            }
            let Some(doc) = dom::document() else { return };
            let fig = doc
                .query_selector("figure.widget[data-active]")
                .ok()
                .flatten()
                .or_else(|| doc.query_selector("figure.widget").ok().flatten());
            let Some(fig) = fig.and_then(|f| f.dyn_into::<web_sys::HtmlElement>().ok()) else {
                return;
            };
            e.prevent_default();
            let _ = fig.focus();
            let init = web_sys::KeyboardEventInit::new();
            init.set_key(&ke.key());
            init.set_bubbles(true);
            init.set_cancelable(true);
            if let Ok(copy) =
                web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init)
            {
                let _ = fig.dispatch_event(&copy);
            }
        },
    );
    Some((mark, route))
}
