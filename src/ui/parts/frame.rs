//! The frame around every figure: title, notices, the figure itself, and the
//! chapter's caption. The frame is focusable and receives the player's keys.

use crate::book::params::Notice;
use yew::prelude::*;

/// Props of [`Frame`].
#[derive(Properties, PartialEq)]
pub struct FrameProps {
    pub id: AttrValue,
    pub title: AttrValue,
    #[prop_or_default]
    pub caption: AttrValue,
    #[prop_or_default]
    pub notices: Vec<Notice>,
    #[prop_or_default]
    pub onkeydown: Option<Callback<KeyboardEvent>>,
    #[prop_or_default]
    pub children: Html,
}

/// A figure's frame.
#[component]
pub fn Frame(props: &FrameProps) -> Html {
    frame(props)
}

/// The frame, for a figure that draws it itself rather than mounting
/// [`Frame`]: each component type brings its own copy of Yew's lifecycle
/// code into the wasm.
pub fn frame(props: &FrameProps) -> Html {
    let dom_id = format!("widget-{}", props.id);
    let title_id = format!("{dom_id}-title");
    let level = heading();
    html! {
        <figure class="widget" id={dom_id} tabindex="0" aria-labelledby={title_id.clone()}
            onkeydown={props.onkeydown.clone()} data-widget={props.id.clone()}>
            <@{level} class="widget-title" id={title_id}>{props.title.clone()}</@>
            <Notices notices={props.notices.clone()} />
            { props.children.clone() }
            if !props.caption.is_empty() {
                <figcaption class="figure-caption">{props.caption.clone()}</figcaption>
            }
        </figure>
    }
}

/// The heading a figure's title takes where it is shown: the page's own
/// `h1` in the embed view (the figure is the page), `h2` on a presenter
/// slide (under the slide's `h1`), `h3` in a chapter (under its sections'
/// `h2`), so headings go down one level at a time.
pub fn heading() -> &'static str {
    match crate::book::route::Route::parse(&crate::ui::dom::hash()) {
        crate::book::route::Route::Embed { .. } => "h1",
        crate::book::route::Route::Present { .. } => "h2",
        _ => "h3",
    }
}

/// The heading of a part inside a figure (a table of the appendix, an
/// exercise, a section of the lab): `h2` under the embed view's `h1`,
/// otherwise `h3`, the level figure titles have always had in chapters.
pub fn inner_heading() -> &'static str {
    match heading() {
        "h1" => "h2",
        _ => "h3",
    }
}

/// Props of [`Notices`].
#[derive(Properties, PartialEq)]
pub struct NoticesProps {
    pub notices: Vec<Notice>,
    /// The line above the list.
    #[prop_or(AttrValue::Static("Some settings could not be used:"))]
    pub heading: AttrValue,
}

/// A list of problems with what the reader gave (URL values, settings), each
/// saying what was used instead. Dismissible.
#[component]
pub fn Notices(props: &NoticesProps) -> Html {
    let hidden = use_state(|| false);
    let shown = use_mut_ref(Vec::<Notice>::new);
    // New notices show again even after an earlier list was dismissed.
    if *shown.borrow() != props.notices {
        *shown.borrow_mut() = props.notices.clone();
        if *hidden {
            hidden.set(false);
        }
    }
    if props.notices.is_empty() || *hidden {
        return html! {};
    }
    let dismiss = {
        let hidden = hidden.clone();
        Callback::from(move |_: MouseEvent| hidden.set(true))
    };
    html! {
        <div class="notices" role="status">
            <button type="button" class="dismiss" onclick={dismiss} aria-label="Dismiss these notices">{"×"}</button>
            <strong>{props.heading.clone()}</strong>
            <ul>{ for props.notices.iter().map(|n| html! { <li>{n.0.clone()}</li> }) }</ul>
        </div>
    }
}
