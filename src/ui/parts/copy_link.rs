//! *Copy link*: a link too long to read, offered as a button that puts it
//! on the clipboard. Where the browser will not (no permission, an old
//! browser), the link is shown in a field, selected, for the reader to
//! copy by hand.

use crate::ui::dom;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct CopyLinkProps {
    /// The link's `#…` part; the page's own address goes before it.
    pub hash: String,
    /// What the link opens, for the button's accessible name.
    pub what: &'static str,
}

#[derive(Clone, PartialEq)]
enum Copied {
    Not,
    Done,
    Refused,
}

/// The button, and what became of the last copy.
#[function_component]
pub fn CopyLink(props: &CopyLinkProps) -> Html {
    let state = use_state(|| Copied::Not);
    let link = format!("{}{}", dom::page_address(), props.hash);
    let onclick = {
        let (state, link) = (state.clone(), link.clone());
        Callback::from(move |_: MouseEvent| {
            let (state, link) = (state.clone(), link.clone());
            wasm_bindgen_futures::spawn_local(async move {
                let copied = dom::copy_text(&link).await;
                state.set(if copied {
                    Copied::Done
                } else {
                    Copied::Refused
                });
            });
        })
    };
    let status = match *state {
        Copied::Not => html! {},
        Copied::Done => html! { {"Link copied."} },
        Copied::Refused => {
            let select = Callback::from(|e: FocusEvent| {
                if let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
                    input.select();
                }
            });
            html! {
                <>
                    {"This browser would not copy it; copy it from here: "}
                    <input class="copy-link-text" type="text" readonly=true value={link}
                        onfocus={select} aria-label={format!("link to {}", props.what)} />
                </>
            }
        }
    };
    html! {
        <span class="copy-link">
            <button type="button" class="copy-link-button" {onclick}
                aria-label={format!("Copy link to {}", props.what)}>{"Copy link"}</button>
            <span class="copy-link-status" role="status" aria-live="polite">{ status }</span>
        </span>
    }
}
