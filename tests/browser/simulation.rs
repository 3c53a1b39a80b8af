//! The simulation chapter: the network animator and its report figures.
//! Most tests mount one figure through the embed view, so only that
//! figure's simulation runs.

use crate::support::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::wasm_bindgen_test;

fn position(m: &Mounted, id: &str) -> String {
    m.text(&format!("#widget-{id} .position"))
}

#[wasm_bindgen_test]
async fn chapter_mounts_with_its_four_figures() {
    let m = mount(
        "#/chapter/simulation?netsim.bytes=16&clusters.exp=ds&pexbex.p=4&pexbex.bytes=16&predict.rows=2&predict.cols=2&predict.bytes=16",
    )
    .await;
    computed(&m).await;
    assert!(m.text("h1").contains("Watching messages move"));
    for id in ["netsim", "clusters", "pexbex", "predict"] {
        assert!(
            m.find(&format!("#widget-{id} .caption")).is_some(),
            "figure {id}"
        );
    }
    assert!(
        m.caption("netsim")
            .starts_with("Before the first cycle: 240 messages")
    );
    assert!(m.find("#widget-netsim canvas").is_some());
    assert!(
        m.caption("predict")
            .starts_with("3 phases: τ + Mφ predicts"),
        "{}",
        m.caption("predict")
    );
}

#[wasm_bindgen_test]
async fn the_animator_steps_by_cycle_and_by_phase() {
    let m = embed("#/embed/netsim?rows=2&cols=2&bytes=16").await;
    m.click("#widget-netsim button[aria-label^='Next step']")
        .await;
    assert!(
        m.caption("netsim").starts_with("Cycle 1: "),
        "{}",
        m.caption("netsim")
    );
    assert!(hash().contains("step=1"), "{}", hash());
    m.key("#widget-netsim", "ArrowRight").await;
    assert!(position(&m, "netsim").starts_with("cycle 2 / "));
    // Jump to the end of the first phase: its last message has arrived.
    let next = m.get("#widget-netsim .zoom button:nth-child(4)");
    next.dyn_ref::<web_sys::HtmlElement>().unwrap().click();
    settle().await;
    assert!(
        m.caption("netsim").contains("phase 1 is complete"),
        "{}",
        m.caption("netsim")
    );
    let at = position(&m, "netsim");
    m.get("#widget-netsim .zoom button:nth-child(3)")
        .dyn_ref::<web_sys::HtmlElement>()
        .unwrap()
        .click();
    settle().await;
    assert!(position(&m, "netsim").starts_with("cycle 0 / "), "{at}");
}

#[wasm_bindgen_test]
async fn a_link_reopens_a_cycle_and_the_network_switch_keeps_the_schedule() {
    let m = embed("#/embed/netsim?rows=2&cols=2&bytes=16&step=105").await;
    assert!(
        position(&m, "netsim").starts_with("cycle 105 / "),
        "{}",
        position(&m, "netsim")
    );
    assert!(m.caption("netsim").starts_with("Cycle 105:"));
    m.change("#netsim-net", "fattree").await;
    computed(&m).await;
    assert!(hash().contains("net=fattree"), "{}", hash());
    // Same 12 messages, now on the CM-5 preset; the new run starts at 0.
    assert!(
        m.caption("netsim")
            .starts_with("Before the first cycle: 12 messages")
    );
}

#[wasm_bindgen_test]
async fn bad_settings_give_notices_and_runs_too_big_are_refused() {
    let m = embed("#/embed/netsim?net=torus&rows=0&step=nine").await;
    let t = m.all_text();
    assert!(
        t.contains("net: 'torus' is not one of mesh, fattree, hypercube, kary; using mesh"),
        "{t}"
    );
    assert!(t.contains("rows: 0 is outside 1…32"), "{t}");
    assert!(t.contains("step: 'nine' is not a step number"), "{t}");
    drop(m);
    let m = embed("#/embed/netsim?net=fattree&rows=32&cols=32&bytes=8192").await;
    let t = m.all_text();
    assert!(
        t.contains("This run cannot be shown: the traffic needs")
            && t.contains("flit moves, above the limit"),
        "{t}"
    );
    assert!(
        t.contains("at most 1 M messages and 15,000 M flit moves"),
        "the cap is said under the setting: {t}"
    );
    drop(m);
    // A mesh stops at the Delta's 16 rows, as released links expect.
    let m = embed("#/embed/netsim?rows=20&bytes=16").await;
    assert!(
        m.all_text().contains("rows: 20 is outside 1…16; using 4"),
        "{}",
        m.all_text()
    );
}

/// *Next phase* shows the end of the first phase.
async fn first_phase_completes(m: &Mounted) {
    m.click("#widget-netsim .zoom button:nth-child(4)").await;
    assert!(
        m.caption("netsim").contains("phase 1 is complete"),
        "{}",
        m.caption("netsim")
    );
}

#[wasm_bindgen_test]
async fn scatters_gathers_and_permutations_run_as_phases() {
    // A scatter by logp-lev-rec: its supersteps are the phases.
    let m = embed("#/embed/netsim?pattern=scatter&rows=4&cols=4&bytes=16").await;
    let c = m.caption("netsim");
    assert!(c.starts_with("Before the first cycle: "), "{c}");
    first_phase_completes(&m).await;
    drop(m);
    // A gather has no broadcast: a notice, and 1-lev-dir's 15 messages.
    let m =
        embed("#/embed/netsim?pattern=gather&collective=1-lev-our-br&rows=4&cols=4&bytes=16").await;
    assert!(m.all_text().contains("gather: "), "{}", m.all_text());
    assert!(
        m.caption("netsim")
            .starts_with("Before the first cycle: 15 messages"),
        "{}",
        m.caption("netsim")
    );
    drop(m);
    // A redistribution with K = 4 on 16 processors: its steps are phases.
    let m = embed("#/embed/netsim?pattern=redist&k=4&redist=indirect&rows=4&cols=4&bytes=16").await;
    assert!(
        m.all_text().contains("redistribution K"),
        "{}",
        m.all_text()
    );
    first_phase_completes(&m).await;
    drop(m);
    // The hybrid schedule of degree 2 (K = 8 on 16 processors), and a
    // degree beyond its 3 shift steps lowered with a notice.
    let m =
        embed("#/embed/netsim?pattern=redist&k=8&redist=hybrid&degree=2&rows=4&cols=4&bytes=16")
            .await;
    assert!(!m.all_text().contains("degree: "), "{}", m.all_text());
    first_phase_completes(&m).await;
    drop(m);
    let m =
        embed("#/embed/netsim?pattern=redist&k=8&redist=hybrid&degree=9&rows=4&cols=4&bytes=16")
            .await;
    assert!(
        m.all_text()
            .contains("degree: d = 9 is more than the 3 shift steps"),
        "{}",
        m.all_text()
    );
    drop(m);
    let m = embed("#/embed/netsim?net=fattree&pattern=perm&rows=4&cols=4&bytes=16&algo=pex").await;
    // PEX is a complete exchange: the pattern becomes the all-to-all.
    assert!(
        m.all_text().contains("PEX is a complete exchange"),
        "{}",
        m.all_text()
    );
    assert!(
        m.caption("netsim")
            .starts_with("Before the first cycle: 240 messages"),
        "{}",
        m.caption("netsim")
    );
}

#[wasm_bindgen_test]
async fn picking_a_node_or_a_link_shows_its_figures() {
    let m = embed("#/embed/netsim?rows=2&cols=2&bytes=64&step=110").await;
    // From the keyboard: the lists.
    m.change("#netsim-node", "1").await;
    assert!(
        m.all_text().contains("processor (0,1) (P1)"),
        "{}",
        m.all_text()
    );
    assert!(m.all_text().contains("messages it sends"));
    let link = m
        .get("#netsim-link option:nth-child(2)")
        .get_attribute("value")
        .unwrap();
    m.change("#netsim-link", &link).await;
    let t = m.all_text();
    assert!(t.contains("link (0,1)→"), "{t}");
    assert!(
        t.contains("carried so far") && t.contains("buffer at its end"),
        "{t}"
    );
    // With the pointer: a click on processor 0 at the top left.
    let canvas = m.get("#widget-netsim canvas");
    let r = canvas.get_bounding_client_rect();
    let init = web_sys::MouseEventInit::new();
    init.set_client_x((r.left() + r.width() / 4.0) as i32);
    init.set_client_y((r.top() + r.height() / 4.0) as i32);
    init.set_bubbles(true);
    let e = web_sys::MouseEvent::new_with_mouse_event_init_dict("click", &init).unwrap();
    canvas.dispatch_event(&e).unwrap();
    settle().await;
    assert!(
        m.all_text().contains("processor (0,0) (P0)"),
        "{}",
        m.all_text()
    );
    // Zoom doubles the drawn width.
    let before = canvas.get_bounding_client_rect().width();
    m.click("#widget-netsim .zoom button:nth-child(2)").await;
    assert!(
        m.get("#widget-netsim canvas")
            .get_bounding_client_rect()
            .width()
            > 1.5 * before
    );
}

#[wasm_bindgen_test]
async fn report_figures_step_through_their_rows() {
    let m = embed("#/embed/clusters?exp=four").await;
    assert!(
        m.caption("clusters")
            .starts_with("{(0,4),…,(3,7)} on a 32-processor fat tree")
    );
    m.click("#widget-clusters button[aria-label^='Next step']")
        .await;
    assert!(
        m.caption("clusters")
            .starts_with("16 bytes: one message takes"),
        "{}",
        m.caption("clusters")
    );
    drop(m);
    let m = embed("#/embed/pexbex?p=8&bytes=64&step=4").await;
    assert!(
        m.caption("pexbex").starts_with("Step 4: PEX f = "),
        "{}",
        m.caption("pexbex")
    );
    assert_eq!(
        m.root
            .query_selector_all("#widget-pexbex .chart")
            .unwrap()
            .length(),
        2
    );
    drop(m);
    let m = embed("#/embed/predict?net=fattree&rows=2&cols=4&bytes=64&step=1").await;
    assert!(
        m.caption("predict").starts_with("Phase 1: 8 messages"),
        "{}",
        m.caption("predict")
    );
}

#[wasm_bindgen_test]
async fn only_the_settings_that_apply_are_shown() {
    let control = |m: &Mounted, key: &str| m.find(&format!("#netsim-{key}")).is_some();
    let m = embed("#/embed/netsim?pattern=alltoall&rows=2&cols=2&bytes=16&k=8&degree=2").await;
    for key in ["collective", "k", "redist", "degree", "pairs", "d"] {
        assert!(!control(&m, key), "{key} shown for an all-to-all");
    }
    for key in ["algo", "sync", "bytes"] {
        assert!(control(&m, key), "{key} hidden for an all-to-all");
    }
    drop(m);
    let m = embed("#/embed/netsim?pattern=redist&redist=hybrid&k=8&rows=4&cols=4&bytes=16").await;
    for key in ["k", "redist", "degree", "sync"] {
        assert!(control(&m, key), "{key} hidden for a hybrid redistribution");
    }
    for key in ["algo", "collective", "d", "pairs"] {
        assert!(!control(&m, key), "{key} shown for a redistribution");
    }
}

#[wasm_bindgen_test]
async fn a_kary_tree_is_animated_with_its_own_size_and_machine() {
    let control = |m: &Mounted, key: &str| m.find(&format!("#netsim-{key}")).is_some();
    // 8^4 = 4,096 processors is past the cap: 8^3 = 512, said to the reader.
    let m = embed("#/embed/netsim?net=kary&arity=8&levels=4&pattern=perm&bytes=64&step=200").await;
    let t = m.all_text();
    assert!(
        t.contains("and 8^4 = 4096 is more; using 3 levels of arity 8 = 512 processors"),
        "{t}"
    );
    assert!(m.find("#widget-netsim canvas").is_some());
    assert!(
        t.contains("on an InfiniBand EDR cluster as the book models it"),
        "{t}"
    );
    for key in ["arity", "levels"] {
        assert!(control(&m, key), "{key} hidden on the k-ary n-tree");
    }
    for key in ["rows", "cols"] {
        assert!(!control(&m, key), "{key} shown on the k-ary n-tree");
    }
    m.change("#netsim-node", "9").await;
    assert!(
        m.all_text().contains("processor P9 (under switch L1.1.0)"),
        "{}",
        m.all_text()
    );
    drop(m);
    // The other networks keep rows and columns.
    let m = embed("#/embed/netsim?net=fattree&rows=2&cols=4&pattern=perm&bytes=64").await;
    assert!(control(&m, "rows") && !control(&m, "arity"));
}

#[wasm_bindgen_test]
async fn the_hypercube_runs_e_cube_routes_and_corrects_its_size() {
    // 3 × 5 = 15 is no power of two: 2 × 4 = 8, said to the reader.
    let m =
        embed("#/embed/netsim?net=hypercube&rows=3&cols=5&pattern=perm&bytes=64&step=200").await;
    let t = m.all_text();
    assert!(
        t.contains(
            "a hypercube needs a power of two of processors, and 3 × 5 = 15 is not; using 2 × 4 = 8"
        ),
        "{t}"
    );
    assert!(m.find("#widget-netsim canvas").is_some());
    assert!(t.contains("on the iPSC/860 as the book models it"), "{t}");
    // A processor's figures give its binary address; its links name
    // their dimension.
    m.change("#netsim-node", "5").await;
    assert!(
        m.all_text().contains("processor P5 (address 101)"),
        "{}",
        m.all_text()
    );
    let link = m
        .get("#netsim-link option:nth-child(2)")
        .get_attribute("value")
        .unwrap();
    m.change("#netsim-link", &link).await;
    assert!(m.all_text().contains("(dimension "), "{}", m.all_text());
    drop(m);
    // Figure 3 of paper 002 on the simulated hypercube.
    let m = embed("#/embed/randperm?machine=ipsc860&count=20").await;
    computed(&m).await;
    let t = m.all_text();
    assert!(t.contains("iPSC/860 hypercube"), "{t}");
    assert!(
        t.contains("Paper 002 gives no share for the iPSC/860"),
        "{t}"
    );
}

/// A run watched while it is simulated: the player opens before the run
/// ends and says how far it is simulated, a cycle chosen then is kept when
/// the run ends, and the whole run's figures come at the end.
#[wasm_bindgen_test]
async fn a_run_plays_while_it_is_simulated() {
    // 20,592 messages, about 13 M flit moves: many slices of simulation
    // (and under the 20 M from which a film is kept between visits).
    let m = mount("#/embed/netsim?rows=12&cols=12&bytes=256").await;
    until(&m, "the player while the run is simulated", |m| {
        m.find("#widget-netsim input.scrubber").is_some() && m.find("#widget-netsim .job").is_some()
    })
    .await;
    let so_far = position(&m, "netsim");
    assert!(so_far.ends_with(" simulated so far"), "{so_far}");
    assert!(
        m.text("#widget-netsim .busiest-note")
            .contains("once the whole run is simulated")
    );
    m.key("#widget-netsim", "ArrowRight").await;
    assert!(
        m.caption("netsim").starts_with("Cycle 1: "),
        "{}",
        m.caption("netsim")
    );
    computed(&m).await;
    let done = position(&m, "netsim");
    assert!(
        done.starts_with("cycle 1 / ") && !done.contains("so far"),
        "{done}"
    );
    assert!(m.find("#widget-netsim table.busiest").is_some());
}

/// A link's step into a run watched while it is simulated is shown as
/// soon as the run reaches it, before the run ends, and stays.
#[wasm_bindgen_test]
async fn a_links_step_is_shown_once_simulated() {
    let m = mount("#/embed/netsim?rows=12&cols=12&bytes=256&step=40").await;
    until(&m, "cycle 40 while the run is simulated", |m| {
        m.find("#widget-netsim .job").is_some()
            && m.find("#widget-netsim .position").is_some_and(|p| {
                p.text_content()
                    .unwrap_or_default()
                    .starts_with("cycle 40 / ")
            })
    })
    .await;
    assert!(
        m.caption("netsim").starts_with("Cycle 40: "),
        "{}",
        m.caption("netsim")
    );
    computed(&m).await;
    let done = position(&m, "netsim");
    assert!(
        done.starts_with("cycle 40 / ") && !done.contains("so far"),
        "{done}"
    );
    assert!(hash().contains("step=40"), "{}", hash());
}
