//! Player button icons as inline SVG: media glyphs such as ⏮ are missing
//! from many system fonts, and the book loads no web fonts.

use yew::prelude::*;

fn icon(path: &'static str) -> Html {
    // Written as a string: far less wasm than the same elements in `html!`.
    Html::from_html_unchecked(AttrValue::from(format!(
        r#"<svg class="icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false"><path d="{path}" fill="currentColor"/></svg>"#
    )))
}

/// Bar and left triangle.
pub fn first() -> Html {
    icon("M2 2h2v12H2zM14 2v12L5 8z")
}
/// Left triangle.
pub fn prev() -> Html {
    icon("M12 2v12L3 8z")
}
/// Right triangle.
pub fn play() -> Html {
    icon("M4 2v12l9-6z")
}
/// Two bars.
pub fn pause() -> Html {
    icon("M3 2h4v12H3zM9 2h4v12H9z")
}
/// Right triangle, smaller, for "one step".
pub fn next() -> Html {
    icon("M4 2v12l9-6z")
}
/// Right triangle and bar.
pub fn last() -> Html {
    icon("M2 2v12l9-6zM12 2h2v12h-2z")
}
