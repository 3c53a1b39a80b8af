//! Chapter 5 (the CM-5, paper 004): every figure mounts from its embed
//! link, steps, follows deep links, reproduces the printed tables it
//! checks, and turns bad values into notices.

use crate::support::*;
use wasm_bindgen_test::wasm_bindgen_test;

const NEXT: &str = "button[aria-label^='Next step']";
const PREV: &str = "button[aria-label^='Previous step']";

#[wasm_bindgen_test]
async fn chapter_5_mounts_with_its_figures() {
    let m = mount("#/chapter/cm5").await;
    until(&m, "the chapter", |m| m.find("h1").is_some()).await;
    assert!(m.text("h1").contains("CM-5"), "{}", m.text("h1"));
    for id in [
        "onemsg",
        "onemsg_far",
        "clusters_ds",
        "clusters_sixteen",
        "lex",
        "pex",
        "rex",
        "bex",
        "order10",
        "order11zero",
        "order11",
        "order12",
        "irr_sparse",
        "irr_dense",
        "table4",
        "table5",
        "fft",
        "gauss",
    ] {
        assert!(m.find(&format!("#widget-{id}")).is_some(), "figure {id}");
    }
}

#[wasm_bindgen_test]
async fn one_message_is_packets_of_sixteen_bytes() {
    let m = embed("#/embed/cm5cost?step=6").await;
    let c = m.caption("cm5cost");
    // Step 6 of 0, 4, 8, …: 20 bytes, two packets, the second padded.
    assert!(
        c.starts_with("20 bytes: 2 packets of 20 bytes, the last padded with 12 bytes"),
        "{c}"
    );
    m.click(&format!("#widget-cm5cost {PREV}")).await;
    assert!(
        m.caption("cm5cost")
            .starts_with("16 bytes: 1 packet of 20 bytes;"),
        "{}",
        m.caption("cm5cost")
    );
}

#[wasm_bindgen_test]
async fn exchanges_reproduce_tables_1_to_3() {
    for algo in ["pex", "rex", "bex"] {
        let m = embed(&format!("#/embed/exchanges?algo={algo}&p=8")).await;
        let text = m.all_text();
        assert!(
            text.contains("the same meetings, step for step"),
            "{algo}: {text}"
        );
        m.click(&format!("#widget-exchanges {NEXT}")).await;
        assert!(
            m.caption("exchanges").starts_with("Step 1: "),
            "{}",
            m.caption("exchanges")
        );
    }
    let lex = embed("#/embed/exchanges?algo=lex&p=64&step=3").await;
    assert!(
        lex.caption("exchanges").starts_with("Step 3: "),
        "{}",
        lex.caption("exchanges")
    );
    let bad = embed("#/embed/exchanges?p=12").await;
    assert!(
        bad.text("#widget-exchanges .notices")
            .contains("p = 12 is not a power of two"),
        "{}",
        bad.all_text()
    );
}

#[wasm_bindgen_test]
async fn orderings_of_figures_10_to_12_carry_verdicts() {
    for f in ["10", "11-0", "11-256", "12"] {
        let m = embed(&format!("#/embed/exorder?figure={f}")).await;
        assert!(
            m.find("#widget-exorder ul.claims .verdict").is_some(),
            "{f}"
        );
        assert!(m.caption("exorder").contains("fastest first"), "{f}");
    }
    let m = embed("#/embed/exorder?figure=10&step=1").await;
    assert!(
        m.caption("exorder")
            .starts_with("0-byte blocks on 32 processors"),
        "{}",
        m.caption("exorder")
    );
}

#[wasm_bindgen_test]
async fn irregular_schedulers_step() {
    let m = embed("#/embed/irregular?algo=gs&p=8&density=50").await;
    assert!(
        m.caption("irregular")
            .contains("Step to schedule them with GS"),
        "{}",
        m.caption("irregular")
    );
    m.click(&format!("#widget-irregular {NEXT}")).await;
    assert!(hash().contains("step=1"), "{}", hash());
    assert_eq!(m.text("#widget-irregular tr.marked th"), "GS");
    assert!(m.find("#widget-irregular canvas").is_some());
}

#[wasm_bindgen_test]
async fn tables_4_and_5_and_the_applications_print_both_values() {
    let m = embed("#/embed/table45?table=4&step=1").await;
    assert!(
        m.caption("table45").contains("printed fastest"),
        "{}",
        m.caption("table45")
    );
    // A printed value of Table 4 appears beside the model's.
    assert!(m.all_text().contains("4.723"), "{}", m.all_text());
    let fft = embed("#/embed/apps?app=fft").await;
    assert!(fft.all_text().contains("14.78"), "{}", fft.all_text());
    let gauss = embed("#/embed/apps?app=gauss&step=4").await;
    let c = gauss.caption("apps");
    assert!(c.starts_with("N = 512"), "{c}");
    assert!(c.contains("10948.6") && c.contains("11839"), "{c}");
    let bad = embed("#/embed/apps?app=lu").await;
    assert!(
        bad.text("#widget-apps .notices").contains("lu"),
        "{}",
        bad.all_text()
    );
}
