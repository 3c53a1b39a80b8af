//! The pages: a chapter (its text fetched when it opens), the cover, and
//! "not found".

use crate::book::page::{Page, Segment};
use crate::book::params::Notice;
use crate::book::route::{Query, Route};
use crate::book::slides::present_hash;
use crate::book::{CHAPTERS, COVER, Chapter};
use crate::ui::dom;
use crate::ui::exercises::progress::ProgressBadge;
use crate::ui::figures::host::FigureHost;
use crate::ui::loader::{Load, use_load};
use crate::ui::parts::frame::Notices;
use crate::ui::url::UrlState;
use std::rc::Rc;
use yew::prelude::*;

/// Keys in a chapter's query that belong to no figure of the chapter.
pub fn stray_keys(chapter: &Chapter, query: &Query) -> Vec<Notice> {
    query
        .iter()
        .filter(|(k, _)| k != "at")
        .filter(|(k, _)| {
            !k.split_once('.')
                .is_some_and(|(id, _)| chapter.figures.iter().any(|(f, _)| *f == id))
        })
        .map(|(k, _)| {
            Notice(format!(
                "the link sets '{k}', which no figure of this chapter has; ignoring it"
            ))
        })
        .collect()
}

/// Props of [`ChapterPage`].
#[derive(Properties, PartialEq)]
pub struct ChapterProps {
    pub chapter: &'static Chapter,
    pub url: UrlState,
    /// The section to show first (`at=` in the link), if any.
    #[prop_or_default]
    pub at: Option<String>,
}

/// A chapter: its page (fetched when it opens), its figures, and links to
/// its neighbours. Mounted with a new key on every navigation from outside
/// the page, which remounts every figure.
#[component]
pub fn ChapterPage(props: &ChapterProps) -> Html {
    let ch = props.chapter;
    let (load, retry) = use_load(ch.file, Page::parse);
    // Once the text is there, show the section the link names.
    {
        let at = props.at.clone();
        let ready = matches!(load, Load::Ready(_));
        use_effect_with(ready, move |&ready| {
            if let (true, Some(id)) = (ready, at) {
                dom::focus_id(&id);
            }
        });
    }
    let body = match load {
        Load::Loading => html! {
            <>
                <h1>{ch.title}</h1>
                <p class="chapter-loading" role="status">{"Loading the chapter…"}</p>
            </>
        },
        Load::Failed(why) => html! {
            <>
                <h1>{ch.title}</h1>
                <div class="notices" role="alert">
                    <strong>{"This chapter could not be loaded: "}</strong>{why}{"."}
                    <p>
                        <button type="button" onclick={retry.reform(|_: MouseEvent| ())}>{"Try again"}</button>
                    </p>
                </div>
            </>
        },
        Load::Ready(page) => segments(&page, &props.url),
    };
    let link = |c: Option<&'static Chapter>, label: &'static str| {
        c.map(|c| {
            html! {
                <a href={Route::chapter(c.slug).to_hash()} rel={if label == "Previous" { "prev" } else { "next" }}>
                    <span class="label">{label}</span>{c.numbered_title()}
                </a>
            }
        })
    };
    // The presentation opens with the figures as they are here.
    let present = Callback::from(move |e: MouseEvent| {
        if let Route::Chapter { query, .. } = Route::parse(&dom::hash())
            && let Some(w) = dom::window()
        {
            e.prevent_default();
            let _ = w.location().set_hash(&present_hash(ch.slug, &query));
        }
    });
    html! {
        <article class="chapter">
            <div class="chapter-head">
                <p class="chapter-number">{format!("Chapter {}", ch.number)}</p>
                <a class="present-link" href={Route::present(ch.slug).to_hash()} onclick={present}
                    title="Show this chapter one figure at a time, for a lecture">{"Present"}</a>
            </div>
            { body }
            <nav class="pager" aria-label="Chapters">
                { link(ch.prev(), "Previous").unwrap_or_else(|| html! { <span></span> }) }
                { link(ch.next(), "Next").unwrap_or_default() }
            </nav>
        </article>
    }
}

/// A page's HTML and figures.
fn segments(page: &Page, url: &UrlState) -> Html {
    let damaged = (page.damaged > 0).then(|| {
        html! {
            <Notices notices={vec![Notice(format!(
                "{} figure(s) of this chapter arrived damaged and are left out; reloading the page fetches it again",
                page.damaged
            ))]} />
        }
    });
    let segments = page.segments.iter().map(|s| match s {
        // Chapter HTML was produced at build time from files in chapters/.
        Segment::Html(h) => Html::from_html_unchecked(AttrValue::from(h.clone())),
        Segment::Figure(f) => html! {
            <FigureHost id={f.id.clone()} kind={f.kind.clone()} caption={f.caption.clone()}
                chapter_params={Rc::new(f.params.clone())} url={url.clone()} />
        },
    });
    html! { <>{ for damaged }{ for segments }</> }
}

/// The cover: `chapters/cover.md` around the contents list (with the
/// reader's progress in each chapter's exercises).
pub fn cover() -> Html {
    html! {
        <article class="cover chapter">
            { Html::from_html_unchecked(AttrValue::Static(COVER[0])) }
            <h2>{"Contents"}</h2>
            <ol>
                { for CHAPTERS.iter().map(|c| html! {
                    <li value={c.number.to_string()}>
                        <a href={Route::chapter(c.slug).to_hash()}>{c.title}</a>
                        <ProgressBadge slug={c.slug} />
                        <p class="blurb">{c.blurb}</p>
                    </li>
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
