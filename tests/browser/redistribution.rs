//! Chapter 9's figures: the table conversion steps and deep-links, relays
//! show, the sweep and the winner map step, and bad settings give notices.
//! The priced figures are tested embedded with small K and P; their work
//! still runs in slices (a debug build is slow), so the tests wait for it
//! to finish, yielding to the page between checks.

use crate::support::*;
use wasm_bindgen_test::wasm_bindgen_test;

/// Mounts `hash` and waits until figure `id` has finished computing (its
/// player's caption exists), for at most about ten seconds.
async fn mount_done(hash: &str, id: &str) -> Mounted {
    let m = mount(hash).await;
    let caption = format!("#widget-{id} .caption");
    for _ in 0..2000 {
        if m.find(&caption).is_some() {
            break;
        }
        // Let the job's next slice (a zero-delay timeout) run.
        yew::platform::time::sleep(std::time::Duration::from_millis(5)).await;
        settle().await;
    }
    m
}

fn count(m: &Mounted, selector: &str) -> u32 {
    m.root.query_selector_all(selector).unwrap().length()
}

#[wasm_bindgen_test]
async fn chapter_mounts_and_the_tables_step() {
    let m = mount("#/chapter/redistribution").await;
    assert!(m.text("h1").contains("Redistributing block-cyclic arrays"));
    for id in ["tables", "indirect", "sweep", "winner"] {
        assert!(m.find(&format!("#widget-{id}")).is_some(), "figure {id}");
    }
    assert!(
        m.caption("tables")
            .starts_with("cyclic(x) → cyclic(Kx) on P = 9 processors, K = 6"),
        "{}",
        m.caption("tables")
    );
    // Two K × P tables: 54 blocks and 54 destinations, the latter P.
    assert_eq!(count(&m, "#widget-tables table.grid tbody td"), 2 * 54 + 4);
    assert!(m.text("#widget-tables").contains("this is P"));
    m.click("#widget-tables button[aria-label^='Next step']")
        .await;
    assert!(m.caption("tables").starts_with("Stage 1 (local)"));
    assert!(hash().contains("tables.step=1"), "{}", hash());
    assert!(m.text("#widget-tables").contains("Blocks: S1"));
    assert!(count(&m, "#widget-tables td.marked") > 1);
    m.key("#widget-tables", "ArrowRight").await;
    m.key("#widget-tables", "ArrowRight").await;
    assert!(m.text("#widget-tables").contains("this is Ps"));
    m.key("#widget-tables", "End").await;
    assert!(m.caption("tables").starts_with("R′ → R (local)"));
    assert!(m.text("#widget-tables .position").contains("10 / 10"));
}

#[wasm_bindgen_test]
async fn deep_link_shows_relays_mid_schedule() {
    let m = mount("#/chapter/redistribution?indirect.step=4").await;
    let cap = m.caption("indirect");
    assert!(
        cap.starts_with("Step 1 (indirect, submatrix level)"),
        "{cap}"
    );
    assert!(cap.contains("24 blocks relayed"), "{cap}");
    // Relayed blocks are shaded in the destination table and counted per
    // message.
    assert!(count(&m, "#widget-indirect td.tone-orange") >= 24);
    let list = m.text("#widget-indirect ul.pairs");
    assert!(list.contains("p0 → p6: 9, 27, 45 (all relayed)"), "{list}");
    assert!(m.text("#widget-indirect .position").contains("4 / 8"));
    // The Ds reading of the same table at S′.
    drop(m);
    let m = mount("#/chapter/redistribution?tables.step=3&tables.show=start-slot").await;
    assert!(m.text("#widget-tables").contains("this is Ds"));
}

#[wasm_bindgen_test]
async fn bad_settings_give_notices() {
    let m = mount(
        "#/chapter/redistribution?tables.k=0&tables.p=abc&indirect.schedule=hybrid&indirect.d=9&indirect.k=40",
    )
    .await;
    let t = m.all_text();
    assert!(t.contains("tables.k: 0 is outside 1…32; using 6"), "{t}");
    assert!(
        t.contains("tables.p: 'abc' is not a whole number; using 9"),
        "{t}"
    );
    assert!(t.contains("indirect.k: 40 is outside 1…32; using 6"), "{t}");
    assert!(t.contains("d = 9 is more than the 3 shift steps"), "{t}");
    // The figures carry on with what they could use.
    assert!(m.caption("tables").starts_with("cyclic(x) → cyclic(Kx)"));
    assert!(
        m.caption("indirect")
            .contains("hybrid:3 schedule takes 4 steps")
    );
    // A setting typed in is checked the same way and not applied.
    m.change("#tables-p", "99").await;
    let error = m.text("#tables-p-err");
    assert!(error.contains("Not applied: 99 is outside 1…32"), "{error}");
}

#[wasm_bindgen_test]
async fn sweep_steps_through_k() {
    let m = mount_done("#/embed/redist_sweep?p=16", "redist_sweep").await;
    let id = "redist_sweep";
    assert!(
        m.text(&format!("#widget-{id} .position"))
            .contains("15 / 15")
    );
    assert!(
        m.caption(id).starts_with("K = 16, G = 16"),
        "{}",
        m.caption(id)
    );
    assert_eq!(count(&m, &format!("#widget-{id} .chart")), 2);
    m.key(&format!("#widget-{id}"), "Home").await;
    assert!(m.caption(id).starts_with("Nothing priced yet"));
    m.key(&format!("#widget-{id}"), "ArrowRight").await;
    assert!(
        m.caption(id)
            .starts_with("K = 2 (prime), G = 2: direct 2 steps"),
        "{}",
        m.caption(id)
    );
    drop(m);
    let m = mount_done(
        "#/embed/redist_sweep?p=16&step=6&machine=t3d",
        "redist_sweep",
    )
    .await;
    let cap = m.caption(id);
    assert!(cap.starts_with("K = 7 (prime), G = 1"), "{cap}");
    assert!(cap.contains("Fastest on the Cray T3D"), "{cap}");
    drop(m);
    let m = mount("#/embed/redist_sweep?p=500&n=0").await;
    let t = m.all_text();
    assert!(t.contains("p: 500 is outside 2…128; using 64"), "{t}");
    assert!(t.contains("n: 0 is outside 1…1000000000"), "{t}");
}

#[wasm_bindgen_test]
async fn winner_map_sweeps_the_ratio() {
    let m = mount_done("#/embed/redist_winner?k=6&p=9", "redist_winner").await;
    let id = "redist_winner";
    let cap = m.caption(id);
    assert!(
        cap.starts_with("ℜ(6, 9) on the IBM SP-2 of Figure 20(a)"),
        "{cap}"
    );
    // 13 ratios × 13 array sizes; the machine's own row is outlined.
    assert_eq!(count(&m, &format!("#widget-{id} table.grid tbody td")), 169);
    assert_eq!(count(&m, &format!("#widget-{id} td.marked")), 13);
    m.click(&format!("#widget-{id} button[aria-label^='Next step']"))
        .await;
    assert!(m.caption(id).starts_with("R = R/64"), "{}", m.caption(id));
    assert!(hash().contains("step=1"), "{}", hash());
    drop(m);
    let m = mount_done("#/embed/redist_winner?k=6&p=9&step=5", "redist_winner").await;
    assert!(
        m.caption(id).starts_with("R = R/4 (Figure 20(d))"),
        "{}",
        m.caption(id)
    );
    drop(m);
    let m = mount_done("#/embed/redist_winner?k=6&p=0&d=5&step=40", "redist_winner").await;
    let t = m.all_text();
    assert!(t.contains("p: 0 is outside 1…128; using 128"), "{t}");
    assert!(t.contains("step: 40 is past the last step (13)"), "{t}");
}
