//! A chapter mounts, its player steps, links restore views, bad links say so.

use crate::support::*;
use wasm_bindgen_test::wasm_bindgen_test;

#[wasm_bindgen_test]
async fn chapter_mounts_with_its_figures() {
    let m = mount("#/chapter/permutations").await;
    assert!(
        m.text("h1")
            .contains("Permutations as a communication primitive")
    );
    for id in ["com", "lp", "cost"] {
        assert!(
            m.find(&format!("#widget-{id}")).is_some(),
            "figure {id} is missing"
        );
    }
    // Math is MathML, rendered without any network access.
    assert!(m.find("math").is_some());
    // LP starts before its first step; the matrix figure at its finished matrix.
    assert!(
        m.caption("lp").starts_with("Before the first step"),
        "{}",
        m.caption("lp")
    );
    assert!(
        m.caption("com").starts_with("The finished matrix"),
        "{}",
        m.caption("com")
    );
}

#[wasm_bindgen_test]
async fn player_steps_forward_and_back_and_keeps_the_url() {
    let m = mount("#/chapter/permutations").await;
    m.click("#widget-lp button[aria-label^='Next step']").await;
    assert!(
        m.caption("lp").starts_with("Step 1:"),
        "{}",
        m.caption("lp")
    );
    assert!(hash().contains("lp.step=1"), "{}", hash());
    m.click("#widget-lp button[aria-label^='Next step']").await;
    assert!(m.caption("lp").starts_with("Step 2:"));
    m.click("#widget-lp button[aria-label^='Previous step']")
        .await;
    assert!(m.caption("lp").starts_with("Step 1:"));
    m.click("#widget-lp button[aria-label^='Last step']").await;
    assert!(
        m.text("#widget-lp .position").contains("7 / 7"),
        "{}",
        m.text("#widget-lp .position")
    );
    m.click("#widget-lp button[aria-label^='First step']").await;
    assert!(
        !hash().contains("lp.step"),
        "the default step is left out of the URL: {}",
        hash()
    );
}

#[wasm_bindgen_test]
async fn deep_link_restores_settings_and_step() {
    let m = mount("#/chapter/permutations?lp.n=6&lp.d=2&lp.step=3").await;
    assert!(
        m.caption("lp").starts_with("Step 3: circle method"),
        "{}",
        m.caption("lp")
    );
    assert!(m.text("#widget-lp .position").contains("3 / 5"));
    let n = m.get("#lp-n").dyn_into_input();
    assert_eq!(n, "6");
}

#[wasm_bindgen_test]
async fn bad_link_values_show_a_notice_and_fall_back() {
    let m = mount("#/chapter/permutations?lp.n=abc&lp.step=99&com.d=40&nonsense=1").await;
    let text = m.all_text();
    assert!(
        text.contains("lp.n: 'abc' is not a whole number; using 8"),
        "{text}"
    );
    assert!(
        text.contains("lp.step: 99 is past the last step (7)"),
        "{text}"
    );
    assert!(text.contains("d = 40 must be below n = 16"), "{text}");
    assert!(text.contains("'nonsense'"), "{text}");
    // The figures still work with the fallbacks.
    assert!(m.caption("lp").starts_with("Before the first step"));
}

#[wasm_bindgen_test]
async fn unknown_chapter_and_path_show_the_contents() {
    let m = mount("#/chapter/no-such-chapter").await;
    assert!(
        m.all_text()
            .contains("There is no chapter called 'no-such-chapter'")
    );
    assert!(m.find(".cover").is_some());
    drop(m);
    let m = mount("#/what/is/this").await;
    assert!(m.all_text().contains("Nothing lives at '/what/is/this'"));
}

#[wasm_bindgen_test]
async fn keyboard_steps_the_focused_figure_but_not_while_typing() {
    let m = mount("#/chapter/permutations").await;
    m.key("#widget-lp", "ArrowRight").await;
    assert!(m.caption("lp").starts_with("Step 1:"));
    m.key("#widget-lp", "End").await;
    assert!(m.text("#widget-lp .position").contains("7 / 7"));
    m.key("#widget-lp", "Home").await;
    assert!(m.text("#widget-lp .position").contains("0 / 7"));
    m.key("#widget-lp", "PageDown").await;
    assert!(m.text("#widget-lp .position").contains("7 / 7"));
    // Typing in a settings field never moves the player.
    m.key("#lp-n", "ArrowLeft").await;
    assert!(m.text("#widget-lp .position").contains("7 / 7"));
    // Space toggles playing.
    m.key("#widget-lp", "Home").await;
    m.key("#widget-lp", " ").await;
    assert_eq!(
        m.get("#widget-lp button.play")
            .get_attribute("aria-pressed")
            .as_deref(),
        Some("true")
    );
    m.key("#widget-lp", " ").await;
    assert_eq!(
        m.get("#widget-lp button.play")
            .get_attribute("aria-pressed")
            .as_deref(),
        Some("false")
    );
}

#[wasm_bindgen_test]
async fn settings_change_the_figure_and_reject_bad_input() {
    let m = mount("#/chapter/permutations").await;
    m.change("#lp-n", "4").await;
    assert!(
        m.text("#widget-lp .position").contains("0 / 3"),
        "{}",
        m.text("#widget-lp .position")
    );
    assert!(hash().contains("lp.n=4"), "{}", hash());
    m.change("#lp-n", "99999").await;
    assert!(
        m.text("#widget-lp .control .error").contains("Not applied"),
        "{}",
        m.all_text()
    );
    assert!(m.text("#widget-lp .position").contains("0 / 3"));
    // Typing again withdraws the complaint, even when the reader retypes
    // the value the field holds (which fires no `change`).
    m.type_into("#lp-n", "4").await;
    assert_eq!(m.text("#widget-lp .control .error"), "");
    // A number field hands letters over as "".
    m.change("#lp-n", "").await;
    assert!(
        m.text("#widget-lp .control .error")
            .contains("empty or not a number"),
        "{}",
        m.text("#widget-lp .control .error")
    );
}

#[wasm_bindgen_test]
async fn cells_can_be_edited_from_the_keyboard() {
    let m = mount("#/chapter/permutations?com.n=4&com.d=1&com.seed=2").await;
    let before = m.text("#widget-com .stats dd");
    m.change("#com-edit-row", "0").await;
    m.change("#com-edit-col", "0").await;
    let form = m.get("#widget-com form.edit-form");
    let submit = web_sys::Event::new_with_event_init_dict("submit", &{
        let i = web_sys::EventInit::new();
        i.set_bubbles(true);
        i.set_cancelable(true);
        i
    })
    .unwrap();
    form.dispatch_event(&submit).unwrap();
    settle().await;
    assert_ne!(m.text("#widget-com .stats dd"), before);
    assert!(hash().contains("com.flip=0.0"), "{}", hash());
    m.click("#widget-com .edit-form button[type='button']")
        .await;
    assert_eq!(m.text("#widget-com .stats dd"), before);
}

trait InputValue {
    fn dyn_into_input(self) -> String;
}

impl InputValue for web_sys::Element {
    fn dyn_into_input(self) -> String {
        use wasm_bindgen::JsCast;
        self.dyn_into::<web_sys::HtmlInputElement>()
            .unwrap()
            .value()
    }
}

#[wasm_bindgen_test]
async fn the_contents_say_what_each_chapter_offers() {
    let m = mount("#/").await;
    let items = m.root.query_selector_all(".cover ol li p.blurb").unwrap();
    assert_eq!(items.length() as usize, commbook::book::CHAPTERS.len());
    let contents = m.text(".cover ol");
    assert!(
        contents.contains("step RS_N, RS_NL, RS_NH and RS_NLH"),
        "{contents}"
    );
    assert!(
        contents.contains("step LEX, PEX, REX and BEX against Tables 1-3"),
        "{contents}"
    );
}
