//! The embed view shows one figure and its player, nothing else.

use crate::support::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::wasm_bindgen_test;

#[wasm_bindgen_test]
async fn embed_shows_one_figure_with_bare_keys() {
    let m = mount("#/embed/lp?n=4&step=2").await;
    assert!(m.find(".sidebar").is_none(), "no contents in an embed");
    assert!(m.find("#widget-lp").is_some());
    assert!(
        m.caption("lp").starts_with("Step 2:"),
        "{}",
        m.caption("lp")
    );
    m.click("#widget-lp button[aria-label^='Next step']").await;
    assert!(hash().starts_with("#/embed/lp?"), "{}", hash());
    assert!(
        hash().contains("step=3") && hash().contains("n=4"),
        "{}",
        hash()
    );
}

#[wasm_bindgen_test]
async fn an_embed_names_its_window_after_its_figure() {
    let doc = document();
    // As if the reader came from a chapter: its title must not stay.
    doc.set_title("4. NICE · Communication Scheduling on Permutation Networks");
    let _m = mount("#/embed/lp?n=4&step=2").await;
    let lp = commbook::book::figures::find("lp").unwrap().title;
    assert_eq!(
        doc.title(),
        format!("{lp} · Communication Scheduling on Permutation Networks")
    );
    drop(_m);
    let _m = mount("#/embed/nothing").await;
    assert!(
        doc.title().starts_with("No figure 'nothing' · "),
        "{}",
        doc.title()
    );
}

#[wasm_bindgen_test]
async fn embedding_an_unknown_figure_lists_the_real_ones() {
    let m = mount("#/embed/nothing").await;
    let t = m.all_text();
    assert!(t.contains("There is no figure called 'nothing'"), "{t}");
    assert!(m.find("a[href='#/embed/lp']").is_some());
}

#[wasm_bindgen_test]
async fn embed_takes_keys_copied_from_a_chapter_link() {
    let m = mount("#/embed/lp?lp.n=8&lp.step=2").await;
    assert!(
        m.caption("lp").starts_with("Step 2:"),
        "{}",
        m.caption("lp")
    );
    assert!(m.find(".notices").is_none(), "{}", m.all_text());
}

#[wasm_bindgen_test]
async fn following_another_link_to_the_same_figure_opens_it() {
    let m = mount("#/embed/lp?n=4&step=2").await;
    assert!(
        m.caption("lp").starts_with("Step 2:"),
        "{}",
        m.caption("lp")
    );
    // A navigation of the reader's (a link, the address bar) fires
    // hashchange, unlike the figure's own updates of the address.
    web_sys::window()
        .unwrap()
        .location()
        .set_hash("/embed/lp?n=6&step=1")
        .unwrap();
    until(&m, "the new link's view", |m| {
        m.caption("lp").starts_with("Step 1:")
    })
    .await;
    let n = m.get("#widget-lp input[id$='-n']");
    let value = n.dyn_ref::<web_sys::HtmlInputElement>().map(|i| i.value());
    assert_eq!(value.as_deref(), Some("6"));
}

/// The address bar as the browser holds it, without writing what the book
/// holds back.
fn address_bar() -> String {
    web_sys::window().unwrap().location().hash().unwrap()
}

#[wasm_bindgen_test]
async fn quick_steps_reach_the_address_bar_paced_and_a_new_address_wins() {
    use commbook::ui::address;
    let now = || web_sys::window().unwrap().performance().unwrap().now();
    // The steps below are placed inside or outside the interval by setting
    // when the address was last written, not by sleeping: a loaded machine
    // delays timers and clicks by more than the interval.
    let long_ago = f64::NEG_INFINITY;
    let just_now = || now() + 2_000.0;
    // Eight processors: seven steps, room for the five below.
    let m = mount("#/embed/lp?n=8&step=0").await;
    address::flush();
    let next = "#widget-lp button[aria-label^='Next step']";
    // A lone step is written at once.
    address::set_last_write(long_ago);
    m.click(next).await;
    assert!(address_bar().contains("step=1"), "{}", address_bar());
    // Steps in quick succession are held back, then written: the last one.
    address::set_last_write(just_now());
    m.click(next).await;
    m.click(next).await;
    assert!(
        address_bar().contains("step=1"),
        "held back: {}",
        address_bar()
    );
    assert!(address::holding());
    assert!(
        commbook::ui::dom::hash().contains("step=3"),
        "the book sees its own step"
    );
    until(&m, "the held address written", |_| !address::holding()).await;
    assert!(
        address_bar().contains("step=3"),
        "written: {}",
        address_bar()
    );
    // A step held back when the reader goes elsewhere is dropped, so it
    // never overwrites the new address.
    address::set_last_write(just_now());
    m.click(next).await;
    m.click(next).await;
    assert!(address::holding());
    assert!(commbook::ui::dom::hash().contains("step=5"));
    let h = web_sys::window().unwrap().history().unwrap();
    h.replace_state_with_url(
        &wasm_bindgen::JsValue::NULL,
        "",
        Some("#/chapter/permutations"),
    )
    .unwrap();
    assert_eq!(commbook::ui::dom::hash(), "#/chapter/permutations");
    until(&m, "the held address dropped", |_| !address::holding()).await;
    assert_eq!(address_bar(), "#/chapter/permutations");
}

/// The exercises are one figure, computed in their chapter's module; the
/// six per-module names released before still open the same exercises
/// (`exercises_sim` without a chapter: chapter 4's, its first).
#[wasm_bindgen_test]
async fn exercise_links_old_and_new_open_their_chapters_exercises() {
    for (hash, id, title, from) in [
        (
            "#/embed/exercises?chapter=nice",
            "exercises",
            "Exercises for chapter 4",
            "#/chapter/nice",
        ),
        (
            "#/embed/exercises_sim",
            "exercises_sim",
            "Exercises for chapter 4",
            "#/chapter/nice",
        ),
        (
            "#/embed/exercises_main?chapter=cgm",
            "exercises_main",
            "Exercises for chapter 3",
            "#/chapter/cgm",
        ),
        (
            "#/embed/exercises_mesh?chapter=tournament",
            "exercises_mesh",
            "Exercises for chapter 7",
            "#/chapter/tournament",
        ),
        (
            "#/embed/exercises?chapter=appendix&seed=3",
            "exercises",
            "Exercises for the appendix",
            "#/chapter/appendix",
        ),
    ] {
        let m = mount(hash).await;
        let sel = format!("#widget-{id}");
        until(&m, hash, |m| {
            m.find(&format!("{sel} section.exercise")).is_some()
        })
        .await;
        let t = m.text(&sel);
        assert!(t.contains(title), "{hash}: {t}");
        assert!(!t.contains("is not one of"), "{hash}: {t}");
        // The source line names the chapter the exercises come from.
        assert!(
            m.find(&format!(".embed-source a[href='{from}']")).is_some(),
            "{hash}: {}",
            m.all_text()
        );
    }
    // An old name keeps its keys (`exercises_sim.seed`, as before).
    let m = mount("#/embed/exercises_sim?exercises_sim.seed=5").await;
    until(&m, "seed 5", |m| {
        m.find("#widget-exercises_sim section.exercise").is_some()
    })
    .await;
    assert!(
        !m.text("#widget-exercises_sim").contains("not a setting"),
        "{}",
        m.text("#widget-exercises_sim")
    );
}
