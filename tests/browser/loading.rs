//! What the book loads on demand: a chapter's page (and what the reader
//! sees when it cannot be fetched), and the search index behind the search
//! box, followed from a result to the section.

use crate::support::*;
use commbook::book::search::SearchIndex;
use commbook::book::{CHAPTERS, SEARCH_FILE, chapter};
use commbook::ui::loader;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::wasm_bindgen_test;

#[wasm_bindgen_test]
async fn a_chapter_that_cannot_be_fetched_says_so_and_tries_again() {
    let ch = chapter("compaction").unwrap();
    let (file, text) = *bundled_pages().iter().find(|(f, _)| *f == ch.file).unwrap();
    prepare();
    loader::forget(file);
    set_hash("#/chapter/compaction");
    let m = mount_prepared().await;
    // The test runner serves no pages: the fetch fails with the reason.
    until(&m, "the failure to be reported", |m| {
        m.find("[role=alert]").is_some()
    })
    .await;
    let said = m.text("[role=alert]");
    assert!(said.contains("This chapter could not be loaded"), "{said}");
    assert!(said.contains("404"), "{said}");
    assert!(m.find("h1").is_some(), "the chapter's title stays");
    // Once the page can be had, "Try again" shows the chapter.
    loader::offer(file, text);
    m.click("[role=alert] button").await;
    until(&m, "the chapter", |m| m.find("#widget-ccom").is_some()).await;
    assert!(m.find("[role=alert]").is_none());
}

/// A word of at least eight letters that occurs in one section only, past
/// the first section of the last chapter that has one: the search must
/// find text deep inside a chapter, not only its opening.
fn deep_word(index: &SearchIndex) -> (String, String, String) {
    for c in CHAPTERS.iter().rev() {
        for s in index
            .sections
            .iter()
            .filter(|s| s.slug == c.slug && !s.id.is_empty())
        {
            for w in s.text.split(|ch: char| !ch.is_ascii_alphabetic()) {
                if w.len() >= 8 && index.search(w, 5).len() == 1 {
                    return (w.to_string(), s.slug.clone(), s.id.clone());
                }
            }
        }
    }
    panic!("no word occurs in one section only");
}

#[wasm_bindgen_test]
async fn search_finds_a_word_deep_in_a_chapter_and_follows_it() {
    let text = bundled_pages()
        .iter()
        .find(|(f, _)| *f == SEARCH_FILE)
        .unwrap()
        .1;
    let (word, slug, section) = deep_word(&SearchIndex::parse(text));
    let m = mount("#/").await;
    assert!(m.find(".cover").is_some());
    let input = m.get("#search-box");
    input
        .dispatch_event(&web_sys::FocusEvent::new("focus").unwrap())
        .unwrap();
    m.type_into("#search-box", &word.to_ascii_uppercase()).await;
    until(&m, "the results", |m| m.find("#search-results").is_some()).await;
    let hits = m.root.query_selector_all("#search-results li").unwrap();
    assert_eq!(hits.length(), 1, "{}", m.text("#search-results"));
    let title = chapter(&slug).unwrap().title;
    let shown = m.text("#search-results li");
    assert!(shown.contains(title), "{shown}");
    assert_eq!(
        m.text("#search-results mark").to_ascii_lowercase(),
        word.to_ascii_lowercase()
    );
    // The keyboard: ↓ chooses the result, Enter follows it.
    m.key("#search-box", "ArrowDown").await;
    assert_eq!(
        m.get("#search-box")
            .get_attribute("aria-activedescendant")
            .as_deref(),
        Some("search-hit-0")
    );
    m.key("#search-box", "Enter").await;
    until(&m, "the chapter at the section", |m| {
        m.find(&format!("article.chapter h2#{section}")).is_some()
    })
    .await;
    assert!(
        hash().starts_with(&format!("#/chapter/{slug}?at={section}")),
        "{}",
        hash()
    );
    let focused = document()
        .active_element()
        .and_then(|e| e.get_attribute("id"));
    assert_eq!(
        focused.as_deref(),
        Some(section.as_str()),
        "the section has focus"
    );
    let value = m
        .get("#search-box")
        .dyn_into::<web_sys::HtmlInputElement>()
        .unwrap()
        .value();
    assert_eq!(value, "", "following a result clears the box");
}

#[wasm_bindgen_test]
async fn slash_focuses_the_search_box_and_nothing_found_is_said() {
    let m = mount("#/chapter/permutations").await;
    let init = web_sys::KeyboardEventInit::new();
    init.set_key("/");
    init.set_bubbles(true);
    init.set_cancelable(true);
    let e = web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    document().body().unwrap().dispatch_event(&e).unwrap();
    settle().await;
    let focused = document()
        .active_element()
        .and_then(|e| e.get_attribute("id"));
    assert_eq!(focused.as_deref(), Some("search-box"));
    m.type_into("#search-box", "qqzzqq").await;
    until(&m, "the answer", |m| m.find(".search-note").is_some()).await;
    assert!(
        m.text(".search-note")
            .contains("Nothing in the book matches “qqzzqq”")
    );
    m.key("#search-box", "Escape").await;
    assert!(m.find(".search-results").is_none());
}
