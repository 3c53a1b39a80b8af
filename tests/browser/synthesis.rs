//! Chapter 8 (combining, paper 001 §5.2-5.3), chapter 11 (choosing a
//! schedule) and the appendix: the chapters mount with their figures, the
//! new figures step, follow deep links, and turn bad values into notices.

use crate::support::*;
use wasm_bindgen_test::wasm_bindgen_test;

const NEXT: &str = "button[aria-label^='Next step']";
const PREV: &str = "button[aria-label^='Previous step']";

#[wasm_bindgen_test]
async fn the_three_chapters_mount_with_every_figure() {
    for (slug, title, ids) in [
        (
            "combining",
            "combining",
            &[
                "combine_cr",
                "combine_sq",
                "combine_int",
                "combine_bfly",
                "fig9_chart",
                "fig9_table",
                "order_table",
                "crossover",
            ][..],
        ),
        (
            "choosing",
            "Choosing",
            &[
                "advisor_cm5",
                "regions_lpcgm",
                "regions_nice",
                "regions_exchange",
                "advisor_cluster",
                "regions_alltoall",
                "regions_redist",
                "advisor_t3d",
            ][..],
        ),
        (
            "appendix",
            "Appendix",
            &["paper000", "paper001", "paper002", "paper003", "paper004"][..],
        ),
    ] {
        let m = mount(&format!("#/chapter/{slug}")).await;
        until(&m, "the chapter", |m| m.find("h1").is_some()).await;
        assert!(m.text("h1").contains(title), "{}", m.text("h1"));
        for id in ids {
            until(&m, id, |m| m.find(&format!("#widget-{id}")).is_some()).await;
        }
    }
}

#[wasm_bindgen_test]
async fn combining_steps_superstep_by_superstep() {
    let m = embed("#/embed/combining?algo=2-lev-c,r&mesh=4x4&bytes=64").await;
    m.click(&format!("#widget-combining {NEXT}")).await;
    assert!(hash().contains("step=1"), "{}", hash());
    let c = m.caption("combining");
    assert!(c.contains("Delta model so far"), "{c}");
    assert!(m.all_text().contains("actual messages"), "{}", m.all_text());
    m.click(&format!("#widget-combining {PREV}")).await;
    assert!(!m.caption("combining").contains("Delta model so far"));
    // A deep link opens the butterfly at its last superstep.
    let m = embed("#/embed/combining?algo=logp-lev-bfly&mesh=8x8&step=6").await;
    assert!(
        m.text("#widget-combining .stats").contains("6 of 6"),
        "{}",
        m.all_text()
    );
    // Bad values: a notice naming the key, and the default stands.
    let m = embed("#/embed/combining?mesh=3x3&bytes=lots&algo=1-lev-zor").await;
    let notes = m.text("#widget-combining .notices");
    for key in ["mesh", "bytes", "algo"] {
        assert!(notes.contains(key), "{key}: {notes}");
    }
}

#[wasm_bindgen_test]
async fn the_crossover_follows_the_readers_rates() {
    let m = embed("#/embed/crossover?mesh=8x8&step=1").await;
    let c = m.caption("crossover");
    assert!(c.starts_with("L = 16 bytes:"), "{c}");
    assert!(c.contains("cross near L ="), "{c}");
    // Dearer set-ups move the crossover; the rates line says so.
    let m = embed("#/embed/crossover?mesh=8x8&os=1000&or=500").await;
    assert!(m.all_text().contains("o_s = 1000 µs"), "{}", m.all_text());
    let m = embed("#/embed/crossover?gl=-3").await;
    assert!(m.text("#widget-crossover .notices").contains("gl"));
}

#[wasm_bindgen_test]
async fn the_delta_figure_charts_figure_9() {
    let m = embed("#/embed/delta?figure=9&step=3").await;
    let c = m.caption("delta");
    assert!(c.starts_with("1-lev-xor"), "{c}");
    assert!(c.contains("printed 4608.85"), "{c}");
}

#[wasm_bindgen_test]
async fn the_advisor_recommends_with_reasons_and_links() {
    let m = embed("#/embed/advisor?machine=cm5&pattern=irregular&p=32&d=4&bytes=16").await;
    let advice = m.text("#widget-advisor .advice");
    assert!(advice.starts_with("Use CGM"), "{advice}");
    assert!(
        m.find("#widget-advisor .advice a[href='#/chapter/cgm']")
            .is_some()
    );
    m.click(&format!("#widget-advisor {PREV}")).await;
    assert!(
        m.caption("advisor").starts_with("Candidate 1 of 2"),
        "{}",
        m.caption("advisor")
    );
    // Your machine: τ and bandwidth typed in.
    let m = embed("#/embed/advisor?machine=custom&tau=2&bw=10000&pattern=exchange&p=64&bytes=4096")
        .await;
    assert!(m.text("#widget-advisor .advice").contains("your machine"));
    // The same all-to-all on a fat tree is priced as a complete exchange
    // (paper 004's four and chapter 14's three).
    let m = embed("#/embed/advisor?pattern=alltoall&topology=fattree&p=64&bytes=4096").await;
    let advice = m.text("#widget-advisor .advice");
    assert!(
        ["LEX", "PEX", "REX", "BEX", "Bruck", "shift", "linear"]
            .iter()
            .any(|a| advice.starts_with(&format!("Use {a}"))),
        "{advice}"
    );
    // Corrections are notices.
    let m = embed("#/embed/advisor?pattern=exchange&p=100&machine=cray").await;
    let notes = m.text("#widget-advisor .notices");
    assert!(
        notes.contains("machine") && notes.contains("using p = 64"),
        "{notes}"
    );
}

#[wasm_bindgen_test]
async fn region_maps_fill_row_by_row() {
    let m = embed("#/embed/regions?map=redist&machine=sp2").await;
    assert!(m.find("#widget-regions .grid").is_some() || m.find("#widget-regions table").is_some());
    m.key("#widget-regions", "Home").await;
    m.click(&format!("#widget-regions {NEXT}")).await;
    let c = m.caption("regions");
    assert!(c.starts_with("K = 2:"), "{c}");
    let m = embed("#/embed/regions?map=lpcgm&machine=cm5&step=1").await;
    assert!(
        m.caption("regions").starts_with("d = 1: CGM"),
        "{}",
        m.caption("regions")
    );
    let m = embed("#/embed/regions?map=nice").await;
    assert!(m.text("#widget-regions .notices").contains("map"));
}

#[wasm_bindgen_test]
async fn reproduce_shows_published_ours_and_verdicts() {
    let m = embed("#/embed/reproduce?paper=004&table=004-t2").await;
    let text = m.all_text();
    assert!(text.contains("Paper 004, Table 2"), "{text}");
    assert!(text.contains("0–4 1–5 2–6 3–7"), "{text}");
    assert!(
        m.caption("reproduce")
            .starts_with("Table 1 of 1: paper 004, Table 2"),
        "{}",
        m.caption("reproduce")
    );
    let m = embed("#/embed/reproduce?paper=003&table=003-cor1").await;
    assert!(m.find("#widget-reproduce .verdict-explained").is_some());
    assert!(m.all_text().contains("2, 5, 8, 0, 3, 6"));
    // A table that is not the paper's: a notice, and the paper's tables.
    let m = embed("#/embed/reproduce?paper=003&table=004-t1").await;
    assert!(
        m.text("#widget-reproduce .notices").contains("003-fig11"),
        "{}",
        m.all_text()
    );
    assert!(
        m.caption("reproduce").contains("Table 3 of 3"),
        "{}",
        m.caption("reproduce")
    );
}
