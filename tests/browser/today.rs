//! Chapter 14 (today's all-to-alls): the chapter mounts with its figures,
//! Bruck's algorithm steps from the core's carries, the libraries' maps
//! read their rules, today's exchanges run in the animator, and bad values
//! become notices.

use crate::support::*;
use wasm_bindgen_test::wasm_bindgen_test;

const NEXT: &str = "button[aria-label^='Next step']";

#[wasm_bindgen_test]
async fn chapter_14_mounts_with_its_figures() {
    let m = mount("#/chapter/today").await;
    until(&m, "the chapter", |m| m.find("h1").is_some()).await;
    assert!(m.text("h1").contains("today"), "{}", m.text("h1"));
    for id in [
        "bruck_steps",
        "shift_fattree",
        "linear_fattree",
        "pex_cm5",
        "pex_kary",
        "shift_kary",
        "map_mpich",
        "map_openmpi",
        "ex",
    ] {
        assert!(m.find(&format!("#widget-{id}")).is_some(), "figure {id}");
    }
}

#[wasm_bindgen_test]
async fn bruck_steps_through_rotation_shifts_and_rotation_back() {
    let m = embed("#/embed/bruck?p=6").await;
    assert!(
        m.caption("bruck").starts_with("Each of the 6 processors"),
        "{}",
        m.caption("bruck")
    );
    m.click(&format!("#widget-bruck {NEXT}")).await;
    assert!(
        m.caption("bruck").starts_with("First rotation"),
        "{}",
        m.caption("bruck")
    );
    m.click(&format!("#widget-bruck {NEXT}")).await;
    let c = m.caption("bruck");
    assert!(
        c.starts_with("Step 1 of 3: every processor sends the 3 blocks"),
        "{c}"
    );
    // After step 1, P2's position 1 holds P1's block for 2 (home, green).
    assert!(m.text("#widget-bruck table.grid").contains("1→2"));
    // A deep link to the last shift: every block is home.
    let m = embed("#/embed/bruck?p=6&step=4").await;
    assert!(
        m.caption("bruck")
            .contains("Every block is now at its destination"),
        "{}",
        m.caption("bruck")
    );
    // Out of range: a notice and the limit.
    let bad = embed("#/embed/bruck?p=99").await;
    assert!(
        bad.text("#widget-bruck .notices").contains("p"),
        "{}",
        bad.all_text()
    );
}

#[wasm_bindgen_test]
async fn the_maps_read_the_libraries_rules() {
    let m = embed("#/embed/alltoallmap?by=mpich").await;
    let t = m.text("#widget-alltoallmap table.grid");
    for name in [
        "brucks",
        "isend-irecv",
        "pairwise (xor)",
        "pairwise (shift)",
    ] {
        assert!(t.contains(name), "{name}: {t}");
    }
    let m = embed("#/embed/alltoallmap?by=openmpi").await;
    let t = m.text("#widget-alltoallmap table.grid");
    for name in ["modified_", "linear_", "pairwise", "two_"] {
        assert!(t.contains(name), "{name}: {t}");
    }
    let bad = embed("#/embed/alltoallmap?by=intel").await;
    assert!(
        bad.text("#widget-alltoallmap .notices")
            .contains("is not one of"),
        "{}",
        bad.all_text()
    );
}

#[wasm_bindgen_test]
async fn todays_exchanges_run_in_the_animator() {
    for algo in ["bruck", "shift", "linear"] {
        let m = embed(&format!(
            "#/embed/netsim?net=fattree&rows=2&cols=4&pattern=alltoall&algo={algo}&bytes=64"
        ))
        .await;
        computed(&m).await;
        let text = m.all_text();
        assert!(text.contains("messages delivered"), "{algo}: {text}");
        assert!(
            m.find("#widget-netsim .notices li").is_none(),
            "{algo}: {text}"
        );
    }
}
