//! The pages: a chapter, the cover, and "not found".

use crate::book::params::Notice;
use crate::book::route::Query;
use crate::book::{CHAPTERS, Chapter, Segment};
use crate::ui::url::UrlState;
use crate::ui::widgets::WidgetHost;
use crate::ui::widgets::frame::Notices;
use yew::prelude::*;

/// Props of [`ChapterPage`].
#[derive(Properties, PartialEq)]
pub struct ChapterProps {
    pub chapter: &'static Chapter,
    pub url: UrlState,
}

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

/// A chapter: its HTML, its widgets, and links to its neighbours.
#[component]
pub fn ChapterPage(props: &ChapterProps) -> Html {
    let ch = props.chapter;
    let segments = ch.segments.iter().map(|s| match s {
        // Chapter HTML was produced at build time from files in chapters/.
        Segment::Html(h) => Html::from_html_unchecked(AttrValue::Static(h)),
        Segment::Widget(w) => html! {
            <WidgetHost id={w.id} kind={w.kind} caption={w.caption} chapter_params={w.params} url={props.url.clone()} />
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
        <article class="chapter">
            <p class="chapter-number">{format!("Chapter {}", ch.number)}</p>
            { for segments }
            <nav class="pager" aria-label="Chapters">
                { link(ch.prev(), "Previous").unwrap_or_else(|| html! { <span></span> }) }
                { link(ch.next(), "Next").unwrap_or_default() }
            </nav>
        </article>
    }
}

/// The cover: what the book is, how to use it, its contents and sources.
#[component]
pub fn Cover() -> Html {
    html! {
        <article class="cover chapter">
            <h1>{"Communication Scheduling on Permutation Networks"}</h1>
            <p class="subtitle">{"An interactive textbook on how distributed-memory machines move many messages at once"}</p>
            <p>{"Every algorithm in this book runs in your browser. Each figure can be stepped forward and back, \
                its settings changed, and its exact view shared: the address bar always holds a link that reopens \
                the figure at the same step with the same settings."}</p>
            <h2>{"Contents"}</h2>
            <ol>
                { for CHAPTERS.iter().map(|c| html! { <li><a href={format!("#/chapter/{}", c.slug)}>{c.title}</a></li> }) }
            </ol>
            <h2>{"Using the figures"}</h2>
            <table class="keys">
                <tr><th><kbd>{"Space"}</kbd></th><td>{"play or pause"}</td></tr>
                <tr><th><kbd>{"←"}</kbd>{" "}<kbd>{"→"}</kbd></th><td>{"one step back or forward"}</td></tr>
                <tr><th><kbd>{"Home"}</kbd>{" "}<kbd>{"End"}</kbd></th><td>{"first or last step"}</td></tr>
                <tr><th><kbd>{"PgUp"}</kbd>{" "}<kbd>{"PgDn"}</kbd></th><td>{"ten steps back or forward"}</td></tr>
            </table>
            <p>{"The keys act on the figure that has focus (click it or reach it with Tab). \
                \"Large type\" in the contents enlarges everything for a projector; the theme switch is beside it. \
                Any figure can be shown alone, for example in a course page's iframe, at #/embed/NAME (e.g. #/embed/lp)."}</p>
            <h2>{"Sources"}</h2>
            <ol class="sources">
                <li>{"[000] S. Ranka, J.-C. Wang, G. Fox. Static and runtime algorithms for all-to-many personalized communication on permutation networks. CRPC-TR94501, 1994."}</li>
                <li>{"[001] S. E. Hambrusch, F. Hameed, A. A. Khokhar. Communication operations on coarse-grained mesh architectures. 1994."}</li>
                <li>{"[002] J.-C. Wang, T.-H. Lin, S. Ranka. NICE: non-uniform irregular communication exchange."}</li>
                <li>{"[003] Y. W. Lim, P. B. Bhat, V. K. Prasanna. Efficient algorithms for block-cyclic redistribution of arrays."}</li>
                <li>{"[004] R. Ponnusamy, R. Thakur, A. Choudhary, K. Velamakanni, Z. Bozkus, G. Fox. Experimental performance evaluation of the CM-5."}</li>
            </ol>
        </article>
    }
}

/// Props of [`NotFound`].
#[derive(Properties, PartialEq)]
pub struct NotFoundProps {
    pub notices: Vec<Notice>,
}

/// A link that leads nowhere: say so, and offer the contents.
#[component]
pub fn NotFound(props: &NotFoundProps) -> Html {
    html! {
        <>
            <Notices notices={props.notices.clone()} />
            <Cover />
        </>
    }
}
