//! A keyboard path to editing a matrix: type a row and a column and toggle
//! the message, the same edit a click on the canvas makes.

use yew::prelude::*;

/// Props of [`EditForm`].
#[derive(Properties, PartialEq)]
pub struct EditFormProps {
    pub figure: AttrValue,
    pub n: usize,
    pub on_toggle: Callback<(usize, usize)>,
    /// Edits so far, to offer a reset.
    pub edits: usize,
    pub on_clear: Callback<()>,
}

/// Row and column fields with Toggle and Clear buttons.
#[component]
pub fn EditForm(props: &EditFormProps) -> Html {
    let row = use_node_ref();
    let col = use_node_ref();
    let error = use_state(|| None::<String>);
    let n = props.n;
    let onsubmit = {
        let (row, col, error, cb) = (
            row.clone(),
            col.clone(),
            error.clone(),
            props.on_toggle.clone(),
        );
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let read = |r: &NodeRef| {
                r.cast::<web_sys::HtmlInputElement>()
                    .and_then(|i| i.value().trim().parse::<usize>().ok())
                    .filter(|&v| v < n)
            };
            match (read(&row), read(&col)) {
                (Some(i), Some(j)) => {
                    error.set(None);
                    cb.emit((i, j));
                }
                _ => error.set(Some(format!(
                    "row and column must be whole numbers from 0 to {}",
                    n - 1
                ))),
            }
        })
    };
    let clear = props.on_clear.reform(|_: MouseEvent| ());
    let id = |s: &str| format!("{}-edit-{s}", props.figure);
    html! {
        // Named after its figure: two matrix figures on one page would
        // otherwise be two form landmarks of the same name.
        <form class="edit-form" {onsubmit} aria-label={format!("Add or remove a message ({})", props.figure)}>
            <div class="control">
                <label for={id("row")}>{"from (row)"}</label>
                <input id={id("row")} ref={row} type="number" min="0" max={(n - 1).to_string()} />
            </div>
            <div class="control">
                <label for={id("col")}>{"to (column)"}</label>
                <input id={id("col")} ref={col} type="number" min="0" max={(n - 1).to_string()} />
            </div>
            <button type="submit">{"Toggle message"}</button>
            <button type="button" onclick={clear} disabled={props.edits == 0}>
                {format!("Undo all edits ({})", props.edits)}
            </button>
            <span class="error" aria-live="polite">{ (*error).clone().unwrap_or_default() }</span>
        </form>
    }
}
