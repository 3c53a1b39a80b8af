//! The pages: a chapter, the cover, and "not found".

use crate::book::params::Notice;
use crate::book::route::Query;
use crate::book::{CHAPTERS, COVER, Chapter, Segment};
use crate::ui::url::UrlState;
use crate::ui::widgets::WidgetHost;
use crate::ui::widgets::frame::Notices;
use yew::prelude::*;

/// Keys in a chapter's query that belong to no widget of the chapter.
pub fn stray_keys(chapter: &Chapter, query: &Query) -> Vec<Notice> {
    let ids: Vec<&str> = chapter.widgets().map(|w| w.id).collect();
    query
        .iter()
        .filter(|(k, _)| k != "at")
        .filter(|(k, _)| !k.split_once('.').is_some_and(|(id, _)| ids.contains(&id)))
        .map(|(k, _)| {
            Notice(format!(
                "the link sets '{k}', which no figure of this chapter has; ignoring it"
            ))
        })
        .collect()
}

/// A chapter: its HTML, its widgets, and links to its neighbours. A new
/// `key` remounts every figure (a navigation from outside the page).
///
/// The pages are plain functions, not components: each component type
/// costs the wasm its own copy of Yew's lifecycle code.
pub fn chapter_page(ch: &'static Chapter, url: &UrlState, key: String) -> Html {
    let segments = ch.segments.iter().map(|s| match s {
        // Chapter HTML was produced at build time from files in chapters/.
        Segment::Html(h) => Html::from_html_unchecked(AttrValue::Static(h)),
        Segment::Widget(w) => html! {
            <WidgetHost id={w.id} kind={w.kind} caption={w.caption} chapter_params={w.params} url={url.clone()} />
        },
    });
    let link = |c: Option<&'static Chapter>, label: &'static str| {
        c.map(|c| {
            html! {
                <a href={format!("#/chapter/{}", c.slug)} rel={if label == "Previous" { "prev" } else { "next" }}>
                    <span class="label">{label}</span>{c.numbered_title()}
                </a>
            }
        })
    };
    html! {
        <article class="chapter" key={key}>
            <p class="chapter-number">{format!("Chapter {}", ch.number)}</p>
            { for segments }
            <nav class="pager" aria-label="Chapters">
                { link(ch.prev(), "Previous").unwrap_or_else(|| html! { <span></span> }) }
                { link(ch.next(), "Next").unwrap_or_default() }
            </nav>
        </article>
    }
}

/// The cover: `chapters/cover.md` around the contents list.
pub fn cover() -> Html {
    html! {
        <article class="cover chapter">
            { Html::from_html_unchecked(AttrValue::Static(COVER[0])) }
            <h2>{"Contents"}</h2>
            <ol>
                { for CHAPTERS.iter().map(|c| html! {
                    <li value={c.number.to_string()}><a href={format!("#/chapter/{}", c.slug)}>{c.title}</a></li>
                }) }
            </ol>
            { Html::from_html_unchecked(AttrValue::Static(COVER[1])) }
        </article>
    }
}

/// A link that leads nowhere: say why, and offer the contents.
pub fn not_found(why: String) -> Html {
    html! {
        <>
            <Notices notices={vec![Notice(why)]} heading="This link leads nowhere:" />
            { cover() }
        </>
    }
}
