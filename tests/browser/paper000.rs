//! Chapters 2 and 3 (paper 000): the compaction, GM/CGM, Table 4 and
//! break-even figures mount, step, reopen from a link, and say what was
//! wrong with a bad link. Captions are compared with the core's own, so
//! the views are seen to render the traces rather than recompute them.

use crate::support::*;
use commbook::book::inputs::matrix::Matrix;
use commbook::core::algo::ccom::RowOrder;
use commbook::core::algo::duel::{self, DuelConfig};
use commbook::core::algo::gm::Scan;
use commbook::core::com::fig7::SwapMode;
use commbook::core::cost::breakeven::{LpCgmModel, caption};
use wasm_bindgen_test::wasm_bindgen_test;

fn matrix(n: usize, d: usize) -> commbook::core::com::Com {
    Matrix {
        n,
        d,
        seed: 1,
        mode: SwapMode::Both,
        flips: Vec::new(),
    }
    .build()
    .com
}

#[wasm_bindgen_test]
async fn compaction_steps_row_by_row() {
    let m = mount("#/chapter/compaction").await;
    assert!(m.text("h1").contains("Compacting the communication matrix"));
    assert_eq!(m.caption("ccom"), "Before compaction: CCOM is all −1.");
    m.click("#widget-ccom button[aria-label^='Next step']")
        .await;
    assert!(
        m.caption("ccom")
            .starts_with("Copy the destinations of row 0"),
        "{}",
        m.caption("ccom")
    );
    assert!(hash().contains("ccom.step=1"), "{}", hash());
    m.key("#widget-ccom", "ArrowRight").await;
    assert!(m.caption("ccom").starts_with("Random_Swap on row 0"));
    // The shuffle shows the row before and after, and the table marks it.
    assert!(m.text("#widget-ccom .pairs").starts_with("Row 0 before:"));
    assert!(m.find("#widget-ccom table.grid td.marked").is_some());
    assert!(m.text("#widget-ccom .position").contains("2 / 32"));
}

#[wasm_bindgen_test]
async fn compaction_link_reopens_a_step_and_sorted_rows_skip_the_shuffle() {
    let m = mount("#/chapter/compaction?ccom.n=8&ccom.d=3&ccom.step=4").await;
    assert!(
        m.caption("ccom").starts_with("Random_Swap on row 1"),
        "{}",
        m.caption("ccom")
    );
    assert!(m.text("#widget-ccom .position").contains("4 / 16"));
    drop(m);
    let m = mount("#/chapter/compaction?ccom.n=8&ccom.d=3&ccom.shuffle=off&ccom.step=end").await;
    assert!(m.text("#widget-ccom .position").contains("8 / 8"));
    assert!(
        m.caption("ccom")
            .starts_with("Copy the destinations of row 7")
    );
    // Both compactions are run to the end for the comparison.
    assert!(m.all_text().contains("Random_Swap on"));
}

#[wasm_bindgen_test]
async fn compaction_bad_values_give_notices() {
    let m = mount("#/chapter/compaction?ccom.n=500&ccom.shuffle=maybe&ccom.flip=3.x").await;
    let t = m.text("#widget-ccom .notices");
    assert!(t.contains("ccom.n: 500 is outside 2…128; using 16"), "{t}");
    assert!(
        t.contains("ccom.shuffle: 'maybe' is not one of on, off; using on"),
        "{t}"
    );
    assert!(t.contains("edited cell '3.x'"), "{t}");
    assert!(m.text("#widget-ccom .position").contains("0 / 32"));
}

#[wasm_bindgen_test]
async fn gm_and_cgm_share_one_player() {
    let m = mount("#/chapter/cgm?gmcgm.n=8&gmcgm.d=2").await;
    let run = duel::run(&matrix(8, 2), &DuelConfig::new(1));
    assert_eq!(m.caption("gmcgm"), run.caption(0));
    m.click("#widget-gmcgm button[aria-label^='Next step']")
        .await;
    assert!(
        m.caption("gmcgm").starts_with("GM: Iteration 1"),
        "{}",
        m.caption("gmcgm")
    );
    m.click("#widget-gmcgm button[aria-label^='Last step']")
        .await;
    assert_eq!(m.caption("gmcgm"), run.caption(run.len()));
    assert!(
        m.text("#widget-gmcgm .position")
            .contains(&format!("{0} / {0}", run.len()))
    );
    // The counters at the end are the two runs' totals.
    let counters = m.text("#widget-gmcgm table.grid");
    assert!(
        counters.contains(&run.gm.run.probes.to_string()),
        "{counters}"
    );
    assert!(
        counters.contains(&run.cgm.run.probes.to_string()),
        "{counters}"
    );
}

#[wasm_bindgen_test]
async fn gm_and_cgm_link_reopens_the_same_step_of_both() {
    let m = mount(
        "#/chapter/cgm?gmcgm.n=8&gmcgm.d=2&gmcgm.scan=after-row&gmcgm.shuffle=off&gmcgm.step=10",
    )
    .await;
    let cfg = DuelConfig {
        seed: 1,
        scan: Scan::AfterRow,
        order: RowOrder::Sorted,
    };
    let run = duel::run(&matrix(8, 2), &cfg);
    assert_eq!(m.caption("gmcgm"), run.caption(10));
    assert!(m.text("#widget-gmcgm .position").contains("10 / "));
}

#[wasm_bindgen_test]
async fn gm_and_cgm_caps_are_enforced_with_notices() {
    let m = mount("#/chapter/cgm?gmcgm.d=100&gmcgm.scan=sideways&gmcgm.n=3").await;
    let t = m.text("#widget-gmcgm .notices");
    assert!(t.contains("gmcgm.d: 100 is outside 1…64; using 4"), "{t}");
    assert!(
        t.contains("gmcgm.scan: 'sideways' is not one of zero, after-row"),
        "{t}"
    );
    assert!(t.contains("d = 4 must be below n = 3"), "{t}");
    assert!(m.caption("gmcgm").starts_with("Both start"));
}

#[wasm_bindgen_test]
async fn phases_sweep_steps_through_its_samples() {
    let m = mount("#/chapter/cgm?phases.samples=2&phases.gm=zero").await;
    computed(&m).await;
    assert!(m.text("#widget-phases .position").contains("2 / 2"));
    assert!(
        m.caption("phases")
            .starts_with("After 2 matrices per density"),
        "{}",
        m.caption("phases")
    );
    assert!(m.caption("phases").contains("GM as printed"));
    m.click("#widget-phases button[aria-label^='Previous step']")
        .await;
    assert!(
        m.caption("phases")
            .starts_with("After 1 matrix per density")
    );
    assert!(hash().contains("phases.step=1"), "{}", hash());
    assert!(m.find("#widget-phases .chart svg").is_some());
    drop(m);
    let m =
        mount("#/chapter/cgm?phases.samples=2&phases.gm=off&phases.plot=extra&phases.step=0").await;
    computed(&m).await;
    assert!(m.caption("phases").starts_with("No matrices yet"));
    assert!(m.text("#widget-phases .chart").contains("permutations − d"));
}

#[wasm_bindgen_test]
async fn phases_bad_values_give_notices() {
    let m = mount("#/chapter/cgm?phases.n=64&phases.samples=0&phases.step=9").await;
    let t = m.text("#widget-phases .notices");
    assert!(
        t.contains("phases.n: '64' is not one of 32, 128, 512; using 32"),
        "{t}"
    );
    assert!(t.contains("phases.samples: 0 is outside 1…300"), "{t}");
    drop(m);
    // GM is not run at n = 512: said, not silently dropped (the CGM sweep
    // runs in the background and is cancelled when the page goes).
    let m = mount("#/chapter/cgm?phases.n=512&phases.samples=1").await;
    let t = m.text("#widget-phases .notices");
    assert!(t.contains("GM is run for n = 32 and 128 only"), "{t}");
}

#[wasm_bindgen_test]
async fn breakeven_builds_its_layers() {
    let m = mount("#/chapter/cgm").await;
    let fit = LpCgmModel::fitted();
    assert_eq!(m.caption("breakeven"), caption(3, &fit));
    m.click("#widget-breakeven button[aria-label^='First step']")
        .await;
    assert_eq!(m.caption("breakeven"), caption(0, &fit));
    m.key("#widget-breakeven", "ArrowRight").await;
    assert!(m.caption("breakeven").contains("36 of the 40"));
    assert!(hash().contains("breakeven.step=1"), "{}", hash());
    drop(m);
    let m = mount("#/chapter/cgm?breakeven.reuse=10&breakeven.step=2").await;
    let reused = LpCgmModel { reuse: 10.0, ..fit };
    assert_eq!(m.caption("breakeven"), caption(2, &reused));
}

#[wasm_bindgen_test]
async fn breakeven_bad_values_give_notices() {
    let m = mount("#/chapter/cgm?breakeven.c2=-3&breakeven.tau=lots&breakeven.step=7").await;
    let t = m.text("#widget-breakeven .notices");
    assert!(t.contains("breakeven.c2: -3 is outside 0.001…10000"), "{t}");
    assert!(t.contains("breakeven.tau: 'lots' is not a number"), "{t}");
    assert!(
        t.contains("breakeven.step: 7 is past the last step (3)"),
        "{t}"
    );
    assert_eq!(m.caption("breakeven"), caption(3, &LpCgmModel::fitted()));
}
