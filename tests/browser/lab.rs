//! Chapter 12, the lab: a matrix from a link gives the table the core
//! computes (every row's phases as `api::schedule_matrix`, i.e. the CLI);
//! a malformed link matrix and a malformed pasted one are explained with
//! their row and column and the text is kept; a row selected steps its
//! schedule; the exported CSV reads back as the same matrix.

use crate::support::*;
use commbook::book::lab::matrix::{csv, read};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::wasm_bindgen_test;

const LINK: &str = "#/chapter/lab?lab.com=0,4,0,9;2,0,1,0;0,7,0,3;5,0,0,0&lab.net=off";

/// Types `text` into the matrix editor as a reader would (an input event).
async fn paste(m: &Mounted, text: &str) {
    let area = m
        .get(".lab-matrix")
        .dyn_into::<web_sys::HtmlTextAreaElement>()
        .unwrap();
    area.set_value(text);
    let init = web_sys::InputEventInit::new();
    init.set_bubbles(true);
    let e = web_sys::InputEvent::new_with_event_init_dict("input", &init).unwrap();
    area.dispatch_event(&e).unwrap();
    settle().await;
}

async fn table(m: &Mounted) {
    until(m, "the lab's table", |m| {
        m.find(".lab-table tbody tr").is_some()
    })
    .await;
    computed(m).await;
}

fn phases_shown(m: &Mounted, algo: &str) -> String {
    m.text(&format!(".lab-table tr[data-algo=\"{algo}\"] .lab-phases"))
}

#[wasm_bindgen_test]
async fn a_link_matrix_gives_the_cores_table() {
    let m = mount(LINK).await;
    table(&m).await;
    let com = read("0,4,0,9;2,0,1,0;0,7,0,3;5,0,0,0").unwrap();
    assert_eq!(m.get(".lab-table tbody").children().length(), 12);
    for name in [
        "ac", "lp", "gm", "cgm", "rs-n", "rs-nh", "ls", "ps", "bs", "gs",
    ] {
        let r = commbook::api::schedule_matrix(
            name,
            &com,
            &commbook::core::algo::RunOptions::new(1),
            Default::default(),
            "cm5",
            commbook::core::cost::machine::Machine::Cm5.cost(),
        )
        .unwrap();
        assert_eq!(phases_shown(&m, name), r.phases.len().to_string(), "{name}");
    }
    // The default selection (LP) is stepped by the figure's player.
    assert!(m.caption("lab").starts_with("LP: "), "{}", m.caption("lab"));
    m.click(".lab-table tr[data-algo=\"gs\"] button").await;
    table(&m).await;
    assert!(m.caption("lab").starts_with("GS: "), "{}", m.caption("lab"));
    assert!(hash().contains("lab.algo=gs"), "{}", hash());
    m.key("#widget-lab", "ArrowRight").await;
    assert!(
        m.caption("lab").starts_with("GS, phase 1 of"),
        "{}",
        m.caption("lab")
    );
    assert!(m.find(".lab-picture svg").is_some());
}

#[wasm_bindgen_test]
async fn a_bad_link_matrix_is_explained_and_kept() {
    let m = mount("#/chapter/lab?lab.com=0,4;x,0&lab.net=off").await;
    until(&m, "the refusal", |m| {
        m.all_text().contains("cannot be used")
    })
    .await;
    assert!(
        m.all_text()
            .contains("row 1, column 0 is 'x', not a whole number of bytes"),
        "{}",
        m.all_text()
    );
    let area = m
        .get(".lab-matrix")
        .dyn_into::<web_sys::HtmlTextAreaElement>()
        .unwrap();
    assert_eq!(area.value(), "0,4\nx,0");
}

#[wasm_bindgen_test]
async fn a_pasted_matrix_is_checked_used_and_exported() {
    let m = mount(LINK).await;
    table(&m).await;
    let area = m
        .get(".lab-matrix")
        .dyn_into::<web_sys::HtmlTextAreaElement>()
        .unwrap();
    for (bad, said) in [
        ("0 1 2\n3 0 -5\n1 1 0", "row 1, column 2 is negative (-5)"),
        (
            "0 1 2\n1 0\n1 1 0",
            "row 1 has 2 entries but the matrix has 3 rows",
        ),
        ("0 1 2\n3 0 5", "2 rows of 3 entries; it must be square"),
    ] {
        paste(&m, bad).await;
        m.click(".lab-use").await;
        let shown = m.text(".lab-error");
        assert!(shown.contains(said), "{bad:?}: {shown}");
        assert_eq!(area.value(), bad, "the text is kept");
    }
    paste(&m, "0 3 0\n0 0 8\n6 0 0").await;
    m.click(".lab-use").await;
    table(&m).await;
    // `;` is written percent-encoded; both forms read the same.
    let link = hash().replace("%3B", ";");
    assert!(link.contains("lab.com=0,3,0;0,0,8;6,0,0"), "{link}");
    assert_eq!(
        web_sys::window()
            .unwrap()
            .local_storage()
            .unwrap()
            .unwrap()
            .get_item("commbook.lab.matrix")
            .unwrap()
            .as_deref(),
        Some("0,3,0;0,0,8;6,0,0")
    );
    // The export the Matrix CSV button writes reads back as the matrix.
    let used = read("0,3,0;0,0,8;6,0,0").unwrap();
    assert_eq!(read(&csv(&used)).unwrap(), used);
    let lp = commbook::api::schedule_matrix(
        "lp",
        &used,
        &commbook::core::algo::RunOptions::new(1),
        Default::default(),
        "cm5",
        commbook::core::cost::machine::Machine::Cm5.cost(),
    )
    .unwrap();
    assert_eq!(phases_shown(&m, "lp"), lp.phases.len().to_string());
}

#[wasm_bindgen_test]
async fn the_matrix_is_offered_as_a_link_to_copy_not_a_wall_of_digits() {
    let m = mount(LINK).await;
    table(&m).await;
    let exports = m.text(".lab-exports");
    assert!(!exports.contains("lab.com="), "{exports}");
    m.click(".copy-link-button").await;
    until(&m, "the copy's outcome", |m| {
        !m.text(".copy-link-status").is_empty()
    })
    .await;
    // Headless Chromium may refuse the clipboard: the link is then shown,
    // ready to copy. Either way the link reopens this matrix.
    let status = m.text(".copy-link-status");
    if status != "Link copied." {
        let field = m
            .get(".copy-link-text")
            .dyn_into::<web_sys::HtmlInputElement>()
            .unwrap();
        let link = field.value();
        let hash = &link[link.find('#').expect("a hash")..];
        let route = commbook::book::route::Route::parse(hash);
        let commbook::book::route::Route::Chapter { slug, query } = route else {
            panic!("{link}")
        };
        assert_eq!(slug, "lab");
        assert_eq!(
            query,
            vec![(
                "lab.com".to_string(),
                "0,4,0,9;2,0,1,0;0,7,0,3;5,0,0,0".to_string()
            )]
        );
    }
}
