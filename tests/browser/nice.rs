//! Chapter 4 (NICE, paper 002): every figure mounts from its embed link,
//! steps forward and back, follows a deep link and turns bad values into
//! notices.

use crate::support::*;
use wasm_bindgen_test::wasm_bindgen_test;

const NEXT: &str = "button[aria-label^='Next step']";
const PREV: &str = "button[aria-label^='Previous step']";

/// Steps figure `id` forward once and back once: the caption changes, the
/// link records the step, and going back restores the first caption.
async fn steps_both_ways(m: &Mounted, id: &str) {
    let first = m.caption(id);
    m.click(&format!("#widget-{id} {PREV}")).await;
    let back = m.caption(id);
    m.click(&format!("#widget-{id} {NEXT}")).await;
    assert_ne!(
        m.caption(id),
        back,
        "{id}: stepping forward changes nothing"
    );
    assert_eq!(m.caption(id), first, "{id}: back and forward again");
}

#[wasm_bindgen_test]
async fn chapter_4_mounts_with_its_figures() {
    let m = mount("#/chapter/nice?randperm.count=20").await;
    until(&m, "the chapter", |m| m.find("h1").is_some()).await;
    assert!(m.text("h1").contains("NICE"), "{}", m.text("h1"));
    for id in [
        "node_contention",
        "link_contention",
        "randperm",
        "rs_n",
        "rs_nl",
        "rs_nh",
        "cpt",
        "niceorder_set1",
        "niceorder_set2",
        "regions_cm5",
        "regions_ipsc",
    ] {
        assert!(m.find(&format!("#widget-{id}")).is_some(), "figure {id}");
    }
}

#[wasm_bindgen_test]
async fn rs_schedulers_step_and_compare() {
    let m = embed("#/embed/nice?algo=rs-nh&n=8&d=3&max=10&seed=2").await;
    assert!(
        m.caption("nice").starts_with("RS_NH: CCOM holds"),
        "{}",
        m.caption("nice")
    );
    m.click(&format!("#widget-nice {NEXT}")).await;
    assert!(
        m.caption("nice").starts_with("Phase 1 begins"),
        "{}",
        m.caption("nice")
    );
    assert!(hash().contains("step=1"), "{}", hash());
    // The totals table lists the four schedulers, RS_NH marked.
    let marked = m.text("#widget-nice tr.marked th");
    assert_eq!(marked, "RS_NH");
    let text = m.all_text();
    for v in ["RS_N", "RS_NL", "RS_NLH", "Σ largest per phase"] {
        assert!(text.contains(v), "missing {v}");
    }
    // The last step says whether the cut schedule was kept.
    m.key("#widget-nice", "End").await;
    assert!(
        m.caption("nice").starts_with("Done:"),
        "{}",
        m.caption("nice")
    );
    steps_both_ways(&m, "nice").await;
}

#[wasm_bindgen_test]
async fn rs_nl_names_the_busy_link() {
    let m = embed("#/embed/nice?algo=rs-nl&n=16&d=6&seed=1").await;
    let mut seen = false;
    for _ in 0..200 {
        m.click(&format!("#widget-nice {NEXT}")).await;
        if m.caption("nice").contains("(link ") {
            seen = true;
            break;
        }
    }
    assert!(seen, "RS_NL never passed over a busy link");
}

#[wasm_bindgen_test]
async fn cpt_rows_open_their_phase() {
    let m = embed("#/embed/cpt?proc=3&seed=2&step=2").await;
    assert!(
        m.caption("cpt").starts_with("In phase 2 processor 3"),
        "{}",
        m.caption("cpt")
    );
    assert!(m.text("#widget-cpt tr.marked th").contains('2'));
    m.click("#widget-cpt button[aria-label='show phase 1']")
        .await;
    assert!(
        m.caption("cpt").starts_with("In phase 1 processor 3"),
        "{}",
        m.caption("cpt")
    );
    assert!(hash().contains("step=1"), "{}", hash());
    steps_both_ways(&m, "cpt").await;
}

#[wasm_bindgen_test]
async fn cpt_outside_the_machine_is_a_notice() {
    let m = embed("#/embed/cpt?proc=40&n=8").await;
    let notices = m.text("#widget-cpt .notices");
    assert!(
        notices.contains("processor 40 is not one of the 8"),
        "{notices}"
    );
    assert!(m.text("#widget-cpt caption").contains("processor 0"));
}

#[wasm_bindgen_test]
async fn random_permutations_fill_the_histogram() {
    let m = embed("#/embed/randperm?count=30&seed=5").await;
    let c = m.caption("randperm");
    assert!(c.starts_with("30 of 30 permutations drawn"), "{c}");
    assert!(
        c.contains("within 5 % of the mean") && c.contains("over 99.5 % (4,979 of 5,000)"),
        "{c}"
    );
    let link = m.get("#widget-randperm a[href^='#/embed/randperm']");
    assert_eq!(
        link.get_attribute("href").unwrap(),
        "#/embed/randperm?count=30&p=32&bytes=1024&seed=5"
    );
    m.key("#widget-randperm", "Home").await;
    assert!(m.caption("randperm").starts_with("Nothing drawn yet"));
    m.click(&format!("#widget-randperm {NEXT}")).await;
    assert!(
        m.caption("randperm").starts_with("3 of 30"),
        "{}",
        m.caption("randperm")
    );
    let bad = embed("#/embed/randperm?count=lots").await;
    assert!(
        bad.text("#widget-randperm .notices").contains("count"),
        "{}",
        bad.all_text()
    );
}

#[wasm_bindgen_test]
async fn test_sets_rank_the_schemes_with_verdicts() {
    let m = embed("#/embed/niceorder?p=16&d=4").await;
    let c = m.caption("niceorder");
    assert!(c.starts_with("Unit 1024 bytes"), "{c}");
    assert!(m.find("#widget-niceorder ul.claims .verdict").is_some());
    m.key("#widget-niceorder", "Home").await;
    m.click(&format!("#widget-niceorder {NEXT}")).await;
    assert!(
        m.caption("niceorder").starts_with("Unit 4 bytes"),
        "{}",
        m.caption("niceorder")
    );
}

#[wasm_bindgen_test]
async fn region_map_walks_the_reuse_counts() {
    let m = embed("#/embed/niceregions?machine=ipsc860&d=4").await;
    assert!(
        m.caption("niceregions")
            .starts_with("S is the scheduler's work")
    );
    m.click(&format!("#widget-niceregions {NEXT}")).await;
    assert!(
        m.caption("niceregions").starts_with("Used R = 1 times"),
        "{}",
        m.caption("niceregions")
    );
    assert!(m.text("#widget-niceregions").contains("S/R + C per use"));
    steps_both_ways(&m, "niceregions").await;
    let bad = embed("#/embed/niceregions?machine=cray").await;
    assert!(
        bad.text("#widget-niceregions .notices").contains("cray"),
        "{}",
        bad.all_text()
    );
}

/// Chapter `hash` mounted, with the window at its top and the figures
/// near it given their turn: what a reader opening the link sees first.
async fn at_top(hash: &str) -> Mounted {
    let m = mount(hash).await;
    until(&m, "the chapter", |m| m.find("h1").is_some()).await;
    web_sys::window().unwrap().scroll_to_with_x_and_y(0.0, 0.0);
    settle().await;
    m
}

/// The chapter's heavy figures wait for the reader: far down the page,
/// the S/R + C map shows its title, caption and a button until it is
/// near the viewport or the button is pressed; a link that names it
/// computes it at once.
#[wasm_bindgen_test]
async fn heavy_figures_are_computed_when_the_reader_comes_near() {
    // The window shows the top of the chapter: the last figure waits.
    let m = at_top("#/chapter/nice").await;
    let waiting = "#widget-regions_ipsc.deferred button.compute-now";
    assert!(m.find(waiting).is_some(), "{}", m.all_text());
    assert!(
        m.text("#widget-regions_ipsc").contains("Figure 4.11"),
        "the caption is shown while it waits"
    );
    m.click(waiting).await;
    until(&m, "the map", |m| {
        m.find("#widget-regions_ipsc.deferred").is_none()
            && m.find("#widget-regions_ipsc .job").is_none()
    })
    .await;
    assert!(m.find("#widget-regions_ipsc .caption").is_some());
    drop(m);
    // Scrolled to, it starts by itself.
    let m = mount("#/chapter/nice").await;
    until(&m, "the chapter", |m| m.find("h1").is_some()).await;
    m.get("#widget-regions_cm5").scroll_into_view();
    until(&m, "the map computed on sight", |m| {
        m.find("#widget-regions_cm5.deferred").is_none()
    })
    .await;
    drop(m);
    // Named by the link: computed at once, wherever it is.
    let m = mount("#/chapter/nice?regions_ipsc.d=4").await;
    until(&m, "the chapter", |m| m.find("h1").is_some()).await;
    web_sys::window().unwrap().scroll_to_with_x_and_y(0.0, 0.0);
    assert!(m.find("#widget-regions_ipsc.deferred").is_none());
}

/// A link about one figure computes that figure first: the chapter's
/// other figures, heavy or not, wait for the reader as heavy ones do,
/// saying why; opened without settings, the light ones are computed at
/// once wherever they are.
#[wasm_bindgen_test]
async fn a_link_about_one_figure_leaves_the_others_to_the_reader() {
    let m = at_top("#/chapter/nice?node_contention.step=1").await;
    assert!(m.find("#widget-node_contention.deferred").is_none());
    let waiting = "#widget-cpt.deferred button.compute-now";
    assert!(m.find(waiting).is_some(), "{}", m.all_text());
    assert!(
        m.text("#widget-cpt")
            .contains("This link is about another figure"),
        "{}",
        m.text("#widget-cpt")
    );
    m.click(waiting).await;
    until(&m, "the table", |m| {
        m.find("#widget-cpt.deferred").is_none() && m.find("#widget-cpt .job").is_none()
    })
    .await;
    drop(m);
    let m = at_top("#/chapter/nice").await;
    assert!(
        m.find("#widget-cpt.deferred").is_none(),
        "{}",
        m.text("#widget-cpt")
    );
}
