//! The lab's matrix editor: type or paste a matrix, or upload a file; a
//! matrix that cannot be read is explained (row, column, what is wrong)
//! and the text stays as typed. A matrix in use is kept in this browser's
//! `localStorage` and restored on the next visit to a plain lab link.

use crate::book::lab::matrix::{LINK_MAX_CHARS, link_form, read};
use crate::ui::exercises::progress::storage;
use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, HtmlTextAreaElement};
use yew::prelude::*;

/// Where the last matrix used is kept.
pub const STORE_KEY: &str = "commbook.lab.matrix";

/// Props of [`MatrixEditor`].
#[derive(Properties, PartialEq)]
pub struct EditorProps {
    /// The figure's id, for unique DOM ids.
    pub id: AttrValue,
    /// The matrix setting as it stands ("" while a generator is used).
    pub com: AttrValue,
    /// Sets the matrix setting.
    pub set_com: Callback<String>,
    /// The link set nothing: restore the matrix kept in this browser.
    pub restore: bool,
}

/// The text shown for a setting: the link form's rows on lines of their own.
fn shown(com: &str) -> String {
    if com.contains('\n') {
        com.to_string()
    } else {
        com.replace(';', "\n")
    }
}

/// Reads `text` and hands the matrix to the figure (the link form when it
/// fits a link); `Err` keeps the text and says what is wrong.
fn apply(text: &str, set_com: &Callback<String>) -> Result<String, String> {
    let com = read(text)?;
    let form = link_form(&com);
    let kept = if form.len() <= LINK_MAX_CHARS {
        form
    } else {
        text.trim().to_string()
    };
    let stored = storage().is_some_and(|s| s.set_item(STORE_KEY, &kept).is_ok());
    set_com.emit(kept);
    Ok(format!(
        "Using a {n} × {n} matrix of {m} messages.{}",
        if stored {
            ""
        } else {
            " (This browser could not keep it for your next visit: storage is off or full.)"
        },
        n = com.n(),
        m = com.len()
    ))
}

/// The editor.
#[component]
pub fn MatrixEditor(props: &EditorProps) -> Html {
    let text = use_state(|| shown(&props.com));
    let error = use_state(|| None::<String>);
    let status = use_state(|| None::<String>);
    {
        // A matrix set from elsewhere (a link, an edited entry, a restore)
        // is shown; a refused one leaves the reader's text alone.
        let text = text.clone();
        use_effect_with(props.com.clone(), move |com| {
            if !com.is_empty() {
                text.set(shown(com));
            }
        });
    }
    {
        let (set_com, status) = (props.set_com.clone(), status.clone());
        let restore = props.restore && props.com.is_empty();
        use_effect_with((), move |_| {
            if restore
                && let Some(saved) = storage().and_then(|s| s.get_item(STORE_KEY).ok().flatten())
                && !saved.trim().is_empty()
                && read(&saved).is_ok()
            {
                set_com.emit(saved);
                status.set(Some(
                    "Your last matrix was restored from this browser; Use the generator to start afresh.".into(),
                ));
            }
        });
    }
    let oninput = {
        let text = text.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(t) = e.target_dyn_into::<HtmlTextAreaElement>() {
                text.set(t.value());
            }
        })
    };
    let on_use = {
        let (text, error, status, set_com) = (
            text.clone(),
            error.clone(),
            status.clone(),
            props.set_com.clone(),
        );
        Callback::from(move |_: MouseEvent| match apply(&text, &set_com) {
            Ok(said) => {
                error.set(None);
                status.set(Some(said));
            }
            Err(why) => {
                error.set(Some(why));
                status.set(None);
            }
        })
    };
    let on_file = {
        let (text, error, status, set_com) = (
            text.clone(),
            error.clone(),
            status.clone(),
            props.set_com.clone(),
        );
        Callback::from(move |e: Event| {
            let Some(input) = e
                .target()
                .and_then(|t| t.dyn_into::<HtmlInputElement>().ok())
            else {
                return;
            };
            let Some(file) = input.files().and_then(|f| f.get(0)) else {
                return;
            };
            let (text, error, status, set_com) =
                (text.clone(), error.clone(), status.clone(), set_com.clone());
            let name = file.name();
            wasm_bindgen_futures::spawn_local(async move {
                let read_text = wasm_bindgen_futures::JsFuture::from(file.text()).await;
                let Some(body) = read_text.ok().and_then(|v| v.as_string()) else {
                    error.set(Some(format!("{name} could not be read as text")));
                    return;
                };
                text.set(body.clone());
                match apply(&body, &set_com) {
                    Ok(said) => {
                        error.set(None);
                        status.set(Some(format!("{name}: {said}")));
                    }
                    Err(why) => {
                        error.set(Some(format!("{name}: {why}")));
                        status.set(None);
                    }
                }
            });
        })
    };
    let on_generator = {
        let (set_com, status, error) = (props.set_com.clone(), status.clone(), error.clone());
        Callback::from(move |_: MouseEvent| {
            set_com.emit(String::new());
            error.set(None);
            status.set(Some("Using the generator below.".into()));
        })
    };
    let id = |s: &str| format!("{}-{s}", props.id);
    html! {
        <div class="lab-editor">
            <label for={id("matrix")}>{"Your matrix: one row per line (entry (i, j) = bytes from i to j, 0 = no message), CSV or spaces, or the CLI's JSON"}</label>
            <textarea id={id("matrix")} class="lab-matrix" rows="6" spellcheck="false"
                value={(*text).clone()} {oninput}
                aria-invalid={error.is_some().then_some("true")}
                aria-describedby={id("matrix-said")} />
            <div class="lab-buttons">
                <button type="button" class="lab-use" onclick={on_use}>{"Use this matrix"}</button>
                <label class="lab-upload">{"Upload a file "}
                    <input type="file" accept=".csv,.txt,.json,text/plain,application/json" onchange={on_file} />
                </label>
                if !props.com.is_empty() {
                    <button type="button" class="lab-generator" onclick={on_generator}>{"Use the generator instead"}</button>
                }
            </div>
            <div id={id("matrix-said")} aria-live="polite">
                if let Some(e) = &*error {
                    <p class="notices lab-error" role="alert">{e.clone()}</p>
                }
                if let Some(s) = &*status {
                    <p class="lab-status">{s.clone()}</p>
                }
            </div>
        </div>
    }
}
