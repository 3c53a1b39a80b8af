//! The table of contents, with the reader's progress in each chapter's
//! exercises, and the reader's preferences (theme, large type).

use crate::book::route::Route;
use crate::book::{CHAPTERS, Chapter};
use crate::ui::dom;
use crate::ui::exercises::progress::ProgressBadge;
use crate::ui::theme::Theme;
use yew::prelude::*;

/// The sidebar and what it needs from the app. A plain value drawn by
/// [`Sidebar::view`] rather than a component: each component type costs
/// the wasm its own copy of Yew's lifecycle code.
pub struct Sidebar {
    /// The chapter on screen, if any.
    pub current: Option<&'static Chapter>,
    pub theme: Theme,
    pub on_theme: Callback<()>,
    pub large_type: bool,
    pub on_large_type: Callback<()>,
    /// Called when a link is followed (closes the phone drawer).
    pub on_navigate: Callback<()>,
}

impl Sidebar {
    /// The sidebar.
    pub fn view(&self) -> Html {
        let nav = self.on_navigate.reform(|_: MouseEvent| ());
        let items = CHAPTERS.iter().map(|ch| {
            let current = self.current.is_some_and(|c| c.slug == ch.slug);
            let sections = current.then(|| {
                html! {
                    <ul class="sections">
                        { for ch.sections.iter().map(|(id, text)| {
                            let id_s = id.to_string();
                            let close = self.on_navigate.clone();
                            // Jump within the page without reloading the chapter,
                            // so the figures keep their steps.
                            let onclick = Callback::from(move |e: MouseEvent| {
                                e.prevent_default();
                                dom::focus_id(&id_s);
                                close.emit(());
                            });
                            html! { <li><a href={Route::chapter(ch.slug).with("at", id).to_hash()} {onclick}>{*text}</a></li> }
                        }) }
                    </ul>
                }
            });
            html! {
                <li>
                    <a href={Route::chapter(ch.slug).to_hash()} aria-current={current.then_some("page")} onclick={nav.clone()}>
                        <span class="chapter-number">{if ch.is_appendix() { String::new() } else { format!("{}. ", ch.number) }}</span>{ch.title}
                        <ProgressBadge slug={ch.slug} />
                    </a>
                    { for sections }
                </li>
            }
        });
        let theme_label = match self.theme {
            Theme::Light => "Dark theme",
            Theme::Dark => "Light theme",
        };
        html! {
            <nav class="sidebar" id="sidebar" aria-label="Contents">
                <a class="book-title" href={Route::Home.to_hash()} onclick={self.on_navigate.reform(|_: MouseEvent| ())}>{"Communication Scheduling on Permutation Networks"}</a>
                <ol class="toc">{ for items }</ol>
                <div class="prefs" role="group" aria-label="Reading preferences">
                    <button type="button" onclick={self.on_theme.reform(|_: MouseEvent| ())}>{theme_label}</button>
                    <button type="button" aria-pressed={if self.large_type { "true" } else { "false" }}
                        onclick={self.on_large_type.reform(|_: MouseEvent| ())}>{"Large type"}</button>
                </div>
            </nav>
        }
    }
}
