//! The mesh figures of chapters 6 and 7: they mount, step, restore deep
//! links, take clicks and settings, and turn bad links into notices.

use crate::support::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::wasm_bindgen_test;

fn count(m: &Mounted, selector: &str) -> u32 {
    m.root.query_selector_all(selector).unwrap().length()
}

#[wasm_bindgen_test]
async fn scatter_chapter_mounts_and_steps() {
    let m = mount("#/chapter/scatter").await;
    for id in [
        "scatter", "scatter5", "delta2", "delta5", "gather", "delta6",
    ] {
        assert!(
            m.find(&format!("#widget-{id}")).is_some(),
            "figure {id} is missing"
        );
    }
    assert_eq!(
        m.caption("scatter"),
        "P0 holds a message of 1024 bytes for each of the other 15 processors."
    );
    // A 4×4 mesh and its send tree, both as SVG.
    assert_eq!(count(&m, "#widget-scatter svg.mesh:not(.tree) .node"), 16);
    assert!(m.find("#widget-scatter svg.tree").is_some());
    m.click("#widget-scatter button[aria-label^='Next step']")
        .await;
    assert!(
        m.caption("scatter")
            .starts_with("Superstep 1: 1 submachine is cut in two"),
        "{}",
        m.caption("scatter")
    );
    assert!(hash().contains("scatter.step=1"), "{}", hash());
    assert_eq!(count(&m, "#widget-scatter svg.mesh .send"), 1);
    assert_eq!(count(&m, "#widget-scatter svg.tree .edge:not(.later)"), 1);
    // The keyboard moves the focused figure.
    m.key("#widget-scatter", "End").await;
    assert!(m.text("#widget-scatter .position").contains("4 / 4"));
}

#[wasm_bindgen_test]
async fn scatter_deep_link_restores_algorithm_mesh_and_step() {
    let m = mount("#/chapter/scatter?scatter.algo=2-lev-rec&scatter.cols=8&scatter.step=1").await;
    assert!(m.text("#widget-scatter .position").contains("1 / 2"));
    assert!(
        m.text("#widget-scatter .send-list")
            .contains("P0 → P8: 8 messages (8192 bytes) for P8–P15"),
        "{}",
        m.text("#widget-scatter .send-list")
    );
    assert!(
        m.text("#widget-scatter .stats").contains("3 of 10"),
        "{}",
        m.text("#widget-scatter .stats")
    );
}

#[wasm_bindgen_test]
async fn clicking_a_processor_makes_it_the_source() {
    let m = mount("#/chapter/scatter").await;
    // An SVG element has no `click()`: dispatch the event a pointer would.
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    let click = web_sys::Event::new_with_event_init_dict("click", &init).unwrap();
    m.get("#widget-scatter .mesh-svg [data-p='5'] circle")
        .dispatch_event(&click)
        .unwrap();
    settle().await;
    assert!(hash().contains("scatter.root=5"), "{}", hash());
    assert!(
        m.caption("scatter").starts_with("P5 holds"),
        "{}",
        m.caption("scatter")
    );
    let input: web_sys::HtmlInputElement = m.get("#scatter-root").dyn_into().unwrap();
    assert_eq!(input.value(), "5");
}

#[wasm_bindgen_test]
async fn gamma_slider_changes_the_split() {
    let m =
        mount("#/chapter/scatter?scatter.algo=logp-lev-rec&scatter.rows=16&scatter.cols=16").await;
    assert!(m.text("#widget-scatter .position").contains("0 / 16"));
    m.change("#scatter-gamma", "0.5").await;
    assert!(
        m.text("#widget-scatter .position").contains("0 / 8"),
        "{}",
        m.text("#widget-scatter .position")
    );
    assert!(hash().contains("scatter.gamma=0.5"), "{}", hash());
}

#[wasm_bindgen_test]
async fn bad_mesh_root_and_gamma_give_notices() {
    let m = mount(
        "#/chapter/scatter?scatter.root=99&scatter.gamma=0.3&scatter5.cols=64&gather.rows=1&gather.cols=1",
    )
    .await;
    let text = m.all_text();
    for want in [
        "root 99 is not a processor of the 4×4 mesh (0 to 15); using 0",
        "scatter.gamma: 0.3 is outside 0.5…0.99; using 0.75",
        "scatter5.cols: 64 is outside 1…32; using 16",
        "a 1×1 mesh has a single processor; using 1×2",
    ] {
        assert!(text.contains(want), "missing notice '{want}'");
    }
    // The figures carry on with the fallbacks.
    assert!(m.caption("scatter").starts_with("P0 holds"));
    assert!(
        m.caption("gather")
            .starts_with("Every other processor holds")
    );
}

#[wasm_bindgen_test]
async fn five_scatters_race_at_one_superstep() {
    let m = mount(
        "#/chapter/scatter?scatter5.rows=4&scatter5.cols=4&scatter5.gamma=0.5&scatter5.step=2",
    )
    .await;
    assert_eq!(
        m.caption("scatter5"),
        "Superstep 2: 1-lev-dir done after 1 superstep; 2-lev-rec 12 sends, 15 of 15 delivered; \
         3-lev-sq 4 sends, 7 of 15 delivered; logp-lev-sq 2 sends, 3 of 15 delivered; \
         logp-lev-rec(0.5) 2 sends, 3 of 15 delivered."
    );
    assert_eq!(count(&m, "#widget-scatter5 .mesh-cell svg"), 5);
    assert!(
        m.text("#widget-scatter5 table.grid")
            .contains("logp-lev-rec(0.5)")
    );
}

#[wasm_bindgen_test]
async fn delta_figures_start_complete_and_step_back() {
    let m = mount("#/chapter/scatter").await;
    // The figure is heavy and waits for the reader unless it comes near
    // the viewport (which depends on the test page's layout): ask for it.
    settle().await;
    if m.find("#widget-delta2 button.compute-now").is_some() {
        m.click("#widget-delta2 button.compute-now").await;
    }
    // The sweep runs an algorithm's price at one size per step.
    computed(&m).await;
    assert!(m.text("#widget-delta2 .position").contains("5 / 5"));
    assert!(
        m.caption("delta2")
            .starts_with("logp-lev-rec(0.75): 16 set-ups (the paper counts 15)"),
        "{}",
        m.caption("delta2")
    );
    assert!(m.find("#widget-delta2 .chart .plot svg").is_some());
    m.click("#widget-delta2 button[aria-label^='First step']")
        .await;
    assert!(m.caption("delta2").starts_with("No algorithm yet"));
    drop(m);
    let m = mount("#/chapter/scatter?delta5.step=1").await;
    computed(&m).await;
    assert!(
        m.caption("delta5")
            .starts_with("L = 16 bytes, times relative to 1-lev-dir"),
        "{}",
        m.caption("delta5")
    );
}

#[wasm_bindgen_test]
async fn gather_shows_its_mirror() {
    let m = mount("#/chapter/scatter?gather.algo=2-lev-rec&gather.step=1").await;
    assert!(m.text("#widget-gather .position").contains("1 / 2"));
    assert!(
        m.text("#widget-gather")
            .contains("Its mirror: scatter superstep 2"),
        "{}",
        m.text("#widget-gather")
    );
    assert_eq!(count(&m, "#widget-gather .mesh-pair svg"), 2);
    // γ below 0.5 is a gather's own: no notice, and the cut around P6.
    drop(m);
    let m = mount("#/chapter/scatter?gather.gamma=0.3&gather.root=6&gather.step=end").await;
    assert!(m.find("#widget-gather .notices").is_none());
    assert!(
        m.caption("gather").contains("merge into"),
        "{}",
        m.caption("gather")
    );
}

#[wasm_bindgen_test]
async fn tournament_chapter_builds_round_by_round() {
    let m = mount("#/chapter/tournament").await;
    for id in ["tournament", "cross", "links"] {
        assert!(
            m.find(&format!("#widget-{id}")).is_some(),
            "figure {id} is missing"
        );
    }
    m.key("#widget-tournament", "ArrowRight").await;
    assert!(
        m.caption("tournament")
            .starts_with("Round 1 of 3: 0 plays 3: 0 → 3 → 7 → 4 → 0"),
        "{}",
        m.caption("tournament")
    );
    // Two arrays, one per permutation of the round, and the table so far.
    assert_eq!(count(&m, "#widget-tournament .mesh-stack svg"), 2);
    assert!(m.text("#widget-tournament table.grid").contains("Π2"));
    drop(m);
    let m = mount("#/chapter/tournament?tournament.k=7&tournament.step=4").await;
    assert!(
        m.caption("tournament")
            .starts_with("Closing: permutation 7 is the identity")
    );
    drop(m);
    let m = mount("#/chapter/tournament?tournament.k=40").await;
    assert!(
        m.all_text()
            .contains("tournament.k: 40 is outside 1…32; using 8")
    );
}

#[wasm_bindgen_test]
async fn cross_products_and_link_loads() {
    let m =
        mount("#/chapter/tournament?cross.step=1&links.rows=16&links.cols=16&links.step=1").await;
    assert!(
        m.caption("cross").starts_with("Product 1 of 32: Π1 × Π′1."),
        "{}",
        m.caption("cross")
    );
    assert_eq!(count(&m, "#widget-cross .mesh-factors svg"), 2);
    assert!(
        m.caption("links").starts_with("Permutation 1: linear load"),
        "{}",
        m.caption("links")
    );
    let table = m.text("#widget-links table.grid");
    for want in ["1424", "1755", "1024", "4 / 1024"] {
        assert!(table.contains(want), "{want} missing from {table}");
    }
    assert_eq!(count(&m, "#widget-links .mesh-cell svg"), 3);
    drop(m);
    let m = mount("#/chapter/tournament?links.rows=1&links.cols=1").await;
    assert!(
        m.all_text()
            .contains("a 1×1 mesh has nothing to send; using 1×2")
    );
}
