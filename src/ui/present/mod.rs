//! Presenter mode: `#/present/<slug>` shows a chapter one slide at a time
//! for a lecture (the slides are `book::slides`'s), in large type on a
//! 1280×720 screen.
//!
//! A slide's figure is the chapter's own, hosted by [`FigureHost`] with the
//! chapter link's keys, so it shows the same settings and steps. → / Space
//! / PageDown step the figure to its last step, then go to the next slide;
//! ← / PageUp step back, then go to the previous slide, whose figure opens
//! at its last step; Esc leaves for the chapter at the slide's place
//! (`?at=`), the figures' settings and steps kept. Every move rewrites the
//! address (`slide=N` and the figure's `<id>.step`) with `replaceState`,
//! as the figures do, so the address is always a link to what is shown.

mod fit;
mod keys;

use crate::book::Chapter;
use crate::book::page::Page;
use crate::book::params::Notice;
use crate::book::route::{Query, Route};
use crate::book::slides::{self, SLIDE, Slide, SlideKind};
use crate::ui::dom;
use crate::ui::figures::host::FigureHost;
use crate::ui::loader::{Load, use_load};
use crate::ui::pages::stray_keys;
use crate::ui::parts::frame::Notices;
use crate::ui::url::UrlState;
use keys::Move;
use std::rc::Rc;
use yew::prelude::*;

/// Props of [`Presenter`].
#[derive(Properties, PartialEq)]
pub struct PresentProps {
    pub chapter: &'static Chapter,
    /// The link's query: `slide` and the figures' keys.
    pub query: Query,
}

/// The slide shown.
#[derive(Clone)]
struct At {
    index: usize,
    /// Counts the moves, so that a slide shown again mounts afresh.
    visit: u32,
    /// The address the slide's figure reads its settings from and writes
    /// its step to.
    url: UrlState,
}

/// A chapter as slides. Mounted with a new key on every navigation from
/// outside (a link followed, the address edited), which opens the slide
/// the link names.
#[component]
pub fn Presenter(props: &PresentProps) -> Html {
    let ch = props.chapter;
    let (load, retry) = use_load(ch.file, Page::parse);
    let page = match &load {
        Load::Ready(p) => Some(p.clone()),
        _ => None,
    };
    let deck = use_memo(page.is_some(), move |_| {
        page.map(|p| (Rc::new(slides::deck(&p, ch.title)), p.damaged))
    });
    let slides: Option<Rc<Vec<Slide>>> = deck.as_ref().as_ref().map(|d| d.0.clone());
    let count = slides.as_ref().map_or(1, |s| s.len());
    let start = {
        let query = props.query.clone();
        use_memo(count, move |&count| {
            let (index, notice) = slides::slide_of(&query, count);
            let url = UrlState::new(Route::Present {
                slug: ch.slug.to_string(),
                query,
            });
            let at = At {
                index,
                visit: 0,
                url,
            };
            (at, notice)
        })
    };
    let moved = use_state(|| None::<At>);
    // The figures' settings rows are put away for the lecture until asked for.
    let settings = use_state(|| false);
    let at = (*moved).clone().unwrap_or_else(|| start.0.clone());
    let index = at.index.min(count - 1);
    let root = use_node_ref();
    let slide_ref = use_node_ref();

    let on_move = {
        let (slides, moved, slide_ref, at) =
            (slides.clone(), moved.clone(), slide_ref.clone(), at.clone());
        let fallback = props.query.clone();
        Callback::from(move |m: Move| {
            let query = current_query(ch.slug).unwrap_or_else(|| fallback.clone());
            let Some(slides) = &slides else {
                if m == Move::Leave {
                    leave_for(&slides::chapter_hash(ch.slug, &query, None));
                }
                return;
            };
            let go = |to: usize, forward: bool| {
                let mut q = slides::at_slide(&query, to);
                if let Some(id) = slides[to].figure_id() {
                    q = slides::entering(&q, id, forward);
                }
                let route = Route::Present {
                    slug: ch.slug.to_string(),
                    query: q,
                };
                dom::replace_hash(&route.to_hash());
                moved.set(Some(At {
                    index: to,
                    visit: at.visit + 1,
                    url: UrlState::new(route),
                }));
            };
            match m {
                Move::Leave => leave_for(&slides::chapter_hash(
                    ch.slug,
                    &query,
                    slides[index].anchor.as_deref(),
                )),
                _ if keys::step_figure(slide_ref.cast::<web_sys::Element>().as_ref(), m) => {}
                Move::Next if index + 1 < slides.len() => go(index + 1, true),
                Move::Back if index > 0 => go(index - 1, false),
                _ => {}
            }
        })
    };
    // The keys, for the presenter's lifetime; they reach the latest
    // `on_move` through `live`.
    let live = use_mut_ref(|| Callback::from(|_: Move| ()));
    *live.borrow_mut() = on_move.clone();
    {
        let live = live.clone();
        use_effect_with((), move |_| {
            let listener = keys::listen(move |m| {
                let cb = live.borrow().clone();
                cb.emit(m);
            });
            move || drop(listener)
        });
    }
    // The slide's figure kept within the screen.
    {
        let root = root.clone();
        use_effect_with((), move |_| {
            let fitting = fit::keep_fitting(root);
            move || drop(fitting)
        });
    }
    // Keep focus in the presentation when the element that had it (a
    // figure on the slide left behind) is gone.
    {
        let root = root.clone();
        use_effect_with((index, at.visit), move |_| {
            let lost = dom::document()
                .and_then(|d| d.active_element())
                .is_none_or(|a| !a.is_connected() || a.tag_name().eq_ignore_ascii_case("body"));
            if lost && let Some(r) = root.cast::<web_sys::HtmlElement>() {
                let _ = r.focus();
            }
        });
    }

    let (body, heading) = match (&load, &slides) {
        (_, Some(slides)) => {
            let slide = &slides[index];
            (
                slide_view(ch, slide, &at, slide_ref.clone()),
                slide.heading_text(),
            )
        }
        (Load::Failed(why), _) => (
            html! {
                <div class="notices" role="alert">
                    <strong>{"This chapter could not be loaded: "}</strong>{why}{"."}
                    <p><button type="button" onclick={retry.reform(|_: MouseEvent| ())}>{"Try again"}</button></p>
                </div>
            },
            ch.title.to_string(),
        ),
        _ => (
            html! { <p class="chapter-loading" role="status">{"Loading the chapter…"}</p> },
            ch.title.to_string(),
        ),
    };
    dom::set_title(&format!(
        "{heading} · {} (presenting) · Communication Scheduling on Permutation Networks",
        ch.numbered_title()
    ));

    let mut notices = Vec::new();
    if moved.is_none() {
        notices.extend(start.1.clone());
    }
    let keys: Query = props
        .query
        .iter()
        .filter(|(k, _)| k != SLIDE)
        .cloned()
        .collect();
    notices.extend(stray_keys(ch, &keys));
    if let Some((_, damaged)) = deck.as_ref()
        && *damaged > 0
    {
        notices.push(Notice(format!(
            "{damaged} figure(s) of this chapter arrived damaged and are left out; reloading the page fetches it again"
        )));
    }
    let toggle_settings = {
        let settings = settings.clone();
        Callback::from(move |_: MouseEvent| settings.set(!*settings))
    };
    let has_figure = matches!(
        slides.as_ref().map(|s| &s[index].kind),
        Some(SlideKind::Figure(_))
    );
    let last = index + 1 >= count && !has_figure;
    html! {
        <div class={classes!("present", settings.then_some("settings-shown"))} ref={root} tabindex="-1"
            aria-label={format!("Presentation of chapter {}: {}", ch.number, ch.title)}>
            <Notices {notices} heading="This link could not be followed exactly:" />
            { body }
            <nav class="present-bar" aria-label="Presentation">
                <button type="button" class="present-back" onclick={keys::on_click(&on_move, Move::Back)}
                    disabled={index == 0} title="Back (← or PageUp)">{"← Back"}</button>
                <span class="slide-counter" aria-hidden="true">{format!("{} / {count}", index + 1)}</span>
                <button type="button" class="present-next" onclick={keys::on_click(&on_move, Move::Next)}
                    disabled={last} title="Next (→, Space or PageDown)">{"Next →"}</button>
                if has_figure {
                    <button type="button" class="present-settings" onclick={toggle_settings}
                        aria-pressed={if *settings { "true" } else { "false" }}
                        title="Show the figure's settings">{"Settings"}</button>
                }
                <span class="present-chapter">{ch.numbered_title()}</span>
                <button type="button" class="present-leave" onclick={keys::on_click(&on_move, Move::Leave)}
                    title="Back to the chapter at this place (Esc)">{"Leave presentation"}</button>
            </nav>
            <p class="visually-hidden present-status" aria-live="polite" aria-atomic="true">
                {format!("Slide {} of {count}: {heading}", index + 1)}
            </p>
        </div>
    }
}

/// One slide: its heading, its passage and its figure.
fn slide_view(ch: &Chapter, slide: &Slide, at: &At, slide_ref: NodeRef) -> Html {
    // The chapter's HTML, compiled at build time from files in chapters/.
    let raw = |h: &str| Html::from_html_unchecked(AttrValue::from(h.to_string()));
    let (class, kicker) = match slide.kind {
        SlideKind::Title => ("slide slide-title", format!("Chapter {}", ch.number)),
        SlideKind::Passage => ("slide slide-passage-only", ch.numbered_title()),
        SlideKind::Figure(_) => ("slide slide-with-figure", ch.numbered_title()),
    };
    let long = slides::plain_length(&slide.passage) > 700;
    let passage = (!slide.passage.is_empty()).then(|| {
        html! { <div class={classes!("slide-passage", long.then_some("long"))}>{ raw(&slide.passage) }</div> }
    });
    let figure = match &slide.kind {
        SlideKind::Figure(f) => html! {
            <div class="slide-figure">
                <FigureHost key={format!("{}-{}", f.id, at.visit)} id={f.id.clone()} kind={f.kind.clone()}
                    caption={f.caption.clone()} chapter_params={Rc::new(f.params.clone())} url={at.url.clone()} />
            </div>
        },
        _ => html! {},
    };
    html! {
        <section key={format!("{}-{}", at.index, at.visit)} class={class} ref={slide_ref}
            aria-roledescription="slide">
            <p class="slide-kicker">{kicker}</p>
            <h1 class="slide-heading">{ raw(&slide.heading) }</h1>
            <div class="slide-body">{ for passage }{ figure }</div>
        </section>
    }
}

/// The query of the presentation of `slug` in the address now (the
/// figures write their steps there), if it is still this one.
fn current_query(slug: &str) -> Option<Query> {
    match Route::parse(&dom::hash()) {
        Route::Present { slug: s, query } if s == slug => Some(query),
        _ => None,
    }
}

/// Follows `hash` as a link, so Back returns to the presentation.
fn leave_for(hash: &str) {
    if let Some(w) = dom::window() {
        let _ = w.location().set_hash(hash);
    }
}
