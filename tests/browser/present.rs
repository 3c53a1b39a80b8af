//! Presenter mode: a chapter one slide at a time, stepped by the keys and
//! the buttons, every slide and step a link of its own; bad links say so.
//! Chapter 1 has nine slides: the title, `com`, Contention, Partial
//! permutations, `cost`, `lp`, What the rest of the book does, the
//! exercises (`ex`), Summary.

use crate::support::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::wasm_bindgen_test;

/// Mounts the app at `hash` and waits for the slide and its figure.
async fn present(hash: &str) -> Mounted {
    let m = mount(hash).await;
    until(&m, "the slide", |m| m.find(".slide-heading").is_some()).await;
    computed(&m).await;
    m
}

/// Presses `key` with nothing in particular focused, and waits.
async fn press(m: &Mounted, key: &str) {
    m.key(".present", key).await;
    computed(m).await;
}

fn counter(m: &Mounted) -> String {
    m.text(".slide-counter")
}

fn heading(m: &Mounted) -> String {
    m.text(".slide-heading")
}

/// The player's position and length of figure `id`.
fn position(m: &Mounted, id: &str) -> (usize, usize) {
    let s = m
        .get(&format!("#widget-{id} input.scrubber"))
        .dyn_into::<web_sys::HtmlInputElement>()
        .unwrap();
    let max = s.get_attribute("max").unwrap().parse().unwrap();
    (s.value().parse().unwrap(), max)
}

#[wasm_bindgen_test]
async fn keys_walk_the_slides_and_the_figures_steps() {
    let m = present("#/present/permutations").await;
    assert_eq!(counter(&m), "1 / 9");
    assert_eq!(heading(&m), "Permutations as a communication primitive");
    assert!(m.text(".slide-passage").starts_with("Builds on:"));
    assert_eq!(
        m.text(".present-status"),
        "Slide 1 of 9: Permutations as a communication primitive"
    );
    press(&m, "ArrowRight").await;
    assert_eq!(counter(&m), "2 / 9");
    assert_eq!(heading(&m), "The communication matrix");
    assert!(m.find("#widget-com").is_some(), "{}", m.all_text());
    assert!(
        m.text(".slide-passage")
            .starts_with("Step through the construction below.")
    );
    assert!(
        hash().starts_with("#/present/permutations?slide=2"),
        "{}",
        hash()
    );
    assert_eq!(
        m.text(".present-status"),
        "Slide 2 of 9: The communication matrix"
    );
    // The matrix opens finished, at its last step: Space goes on.
    let (at, len) = position(&m, "com");
    assert_eq!(at, len);
    press(&m, " ").await;
    assert_eq!(counter(&m), "3 / 9");
    assert_eq!(heading(&m), "Contention");
    assert!(m.find("figure.widget").is_none());
    assert!(hash().contains("slide=3"), "{}", hash());
    press(&m, "PageDown").await;
    assert_eq!(heading(&m), "Partial permutations");
    press(&m, "PageUp").await;
    assert_eq!(counter(&m), "3 / 9");
    // Back into a figure's slide: its last step, then one step back.
    press(&m, "ArrowLeft").await;
    assert_eq!(counter(&m), "2 / 9");
    assert_eq!(position(&m, "com"), (len, len));
    press(&m, "ArrowLeft").await;
    assert_eq!(counter(&m), "2 / 9");
    assert_eq!(position(&m, "com"), (len - 1, len));
    assert!(
        hash().contains(&format!("com.step={}", len - 1)),
        "{}",
        hash()
    );
    // Home and End take the figure to its ends; at its first step the
    // back key goes to the slide before, and no further than the first.
    press(&m, "End").await;
    assert_eq!(position(&m, "com"), (len, len));
    assert_eq!(counter(&m), "2 / 9");
    press(&m, "Home").await;
    assert_eq!(position(&m, "com"), (0, len));
    press(&m, "ArrowLeft").await;
    assert_eq!(counter(&m), "1 / 9");
    press(&m, "ArrowLeft").await;
    assert_eq!(counter(&m), "1 / 9");
    assert!(m.get(".present-back").has_attribute("disabled"));
}

#[wasm_bindgen_test]
async fn a_link_opens_a_slide_at_a_step_and_esc_returns_to_the_chapter() {
    let m = present("#/present/permutations?slide=6&lp.n=6&lp.step=3").await;
    assert_eq!(counter(&m), "6 / 9");
    assert_eq!(heading(&m), "A first schedule: linear permutation");
    assert!(
        m.caption("lp").starts_with("Step 3: circle method"),
        "{}",
        m.caption("lp")
    );
    assert_eq!(position(&m, "lp"), (3, 5));
    press(&m, "ArrowRight").await;
    assert!(
        m.caption("lp").starts_with("Step 4:"),
        "{}",
        m.caption("lp")
    );
    let h = hash();
    assert!(
        h.starts_with("#/present/permutations?slide=6")
            && h.contains("lp.n=6")
            && h.contains("lp.step=4"),
        "{h}"
    );
    press(&m, "ArrowRight").await;
    assert_eq!(position(&m, "lp"), (5, 5));
    // At its last step, the next key goes to the next slide; the figure's
    // settings and step stay in the link.
    press(&m, "ArrowRight").await;
    assert_eq!(counter(&m), "7 / 9");
    assert_eq!(heading(&m), "What the rest of the book does");
    let h = hash();
    assert!(
        h.contains("slide=7") && h.contains("lp.n=6") && h.contains("lp.step=5"),
        "{h}"
    );
    press(&m, "ArrowLeft").await;
    assert_eq!(counter(&m), "6 / 9");
    assert_eq!(position(&m, "lp"), (5, 5));
    press(&m, "ArrowLeft").await;
    assert_eq!(position(&m, "lp"), (4, 5));
    assert!(hash().contains("lp.step=4"), "{}", hash());
    // Keys typed into a setting move neither the slide nor the figure.
    m.key("#lp-n", "ArrowRight").await;
    m.key("#lp-n", " ").await;
    assert_eq!(counter(&m), "6 / 9");
    assert_eq!(position(&m, "lp"), (4, 5));
    // Esc: the chapter, at the figure, with its settings and step.
    press(&m, "Escape").await;
    until(&m, "the chapter", |m| m.find("article.chapter").is_some()).await;
    computed(&m).await;
    let h = hash();
    assert!(
        h.starts_with("#/chapter/permutations?")
            && h.contains("lp.n=6")
            && h.contains("lp.step=4")
            && h.contains("at=widget-lp")
            && !h.contains("slide"),
        "{h}"
    );
    assert!(
        m.caption("lp").starts_with("Step 4:"),
        "{}",
        m.caption("lp")
    );
    let focused = document().active_element().map(|e| e.id());
    assert_eq!(focused.as_deref(), Some("widget-lp"));
}

#[wasm_bindgen_test]
async fn the_chapter_opens_its_presentation_and_the_buttons_move_it() {
    let m = mount("#/chapter/permutations?lp.n=6&lp.step=2&at=contention").await;
    assert_eq!(
        m.get(".present-link").get_attribute("href").as_deref(),
        Some("#/present/permutations")
    );
    m.click(".present-link").await;
    until(&m, "the presentation", |m| {
        m.find(".slide-heading").is_some()
    })
    .await;
    // The figures come along as they were; the place in the page does not.
    assert_eq!(hash(), "#/present/permutations?lp.n=6&lp.step=2");
    assert_eq!(counter(&m), "1 / 9");
    m.click(".present-next").await;
    computed(&m).await;
    assert_eq!(counter(&m), "2 / 9");
    m.click(".present-next").await;
    assert_eq!(heading(&m), "Contention");
    m.click(".present-back").await;
    computed(&m).await;
    assert_eq!(counter(&m), "2 / 9");
    // A link followed opens its slide; a passage slide leaves for its
    // section.
    web_sys::window()
        .unwrap()
        .location()
        .set_hash("/present/permutations?slide=9&lp.n=6&lp.step=2")
        .unwrap();
    until(&m, "the linked slide", |m| {
        m.find(".slide-counter")
            .is_some_and(|c| c.text_content().unwrap_or_default() == "9 / 9")
    })
    .await;
    assert_eq!(heading(&m), "Summary");
    assert!(m.get(".present-next").has_attribute("disabled"));
    m.click(".present-leave").await;
    until(&m, "the chapter", |m| m.find("article.chapter").is_some()).await;
    computed(&m).await;
    let h = hash();
    assert!(
        h.starts_with("#/chapter/permutations?") && h.contains("lp.n=6") && h.contains("lp.step=2"),
        "{h}"
    );
    // The chapter shows the section (its figures then name their own
    // place in the address, as on any chapter page).
    let focused = document().active_element().map(|e| e.id());
    assert_eq!(focused.as_deref(), Some("summary"));
}

#[wasm_bindgen_test]
async fn bad_links_say_so_and_fall_back() {
    let m = mount("#/present/no-such-chapter").await;
    assert!(
        m.all_text()
            .contains("There is no chapter called 'no-such-chapter' to present"),
        "{}",
        m.all_text()
    );
    assert!(m.find(".cover").is_some());
    assert!(m.find(".present").is_none());
    drop(m);
    for (link, says) in [
        (
            "#/present/permutations?slide=999",
            "slide: 999 is not a slide of this chapter (it has 9); showing slide 1 of 9",
        ),
        (
            "#/present/permutations?slide=abc",
            "slide: 'abc' is not a slide number; showing slide 1 of 9",
        ),
        (
            "#/present/permutations?slide=0&nonsense=1",
            "the link sets 'nonsense', which no figure of this chapter has",
        ),
    ] {
        let m = present(link).await;
        assert_eq!(counter(&m), "1 / 9", "{link}");
        assert!(m.all_text().contains(says), "{link}: {}", m.all_text());
        // The presentation carries on, and the notice goes with the move.
        press(&m, "ArrowRight").await;
        assert_eq!(counter(&m), "2 / 9", "{link}");
        assert!(!m.all_text().contains("showing slide 1"), "{link}");
    }
    // A figure's bad value is the figure's notice, as in the chapter.
    let m = present("#/present/permutations?slide=6&lp.step=99").await;
    assert_eq!(counter(&m), "6 / 9");
    assert!(
        m.all_text()
            .contains("lp.step: 99 is past the last step (7)"),
        "{}",
        m.all_text()
    );
    assert_eq!(position(&m, "lp"), (0, 7));
    drop(m);
    let m = mount("#/present").await;
    assert!(m.all_text().contains("Nothing lives at '/present'"));
}
