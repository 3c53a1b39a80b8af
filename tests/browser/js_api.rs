//! The JavaScript API's commands return plain objects and readable errors
//! (called here directly; the end-to-end test calls them through the worker).

use commbook::ui::js_api::call;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

fn obj(json: &str) -> JsValue {
    js_sys::JSON::parse(json).unwrap()
}

fn get(v: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(v, &JsValue::from_str(key)).unwrap()
}

#[wasm_bindgen_test]
fn com_and_schedule_return_plain_objects() {
    let m = call("com", obj(r#"{"gen":"fig7","n":8,"d":2,"seed":3}"#)).unwrap();
    assert_eq!(get(&m, "n").as_f64(), Some(8.0));
    assert_eq!(js_sys::Array::from(&get(&m, "sizes")).length(), 8);
    let s = call("schedule", obj(r#"{"algo":"lp","gen":"fig7","n":8,"d":2}"#)).unwrap();
    assert_eq!(get(&s, "algo").as_string().as_deref(), Some("lp"));
    assert_eq!(js_sys::Array::from(&get(&s, "phases")).length(), 7);
    let stats = get(&s, "stats");
    assert_eq!(get(&stats, "phases").as_f64(), Some(7.0));
    let r = call("schedule", obj(r#"{"algo":"lp","com":[[0,5],[3,0]]}"#)).unwrap();
    assert_eq!(js_sys::Array::from(&get(&r, "phases")).length(), 1);
}

#[wasm_bindgen_test]
fn every_command_is_callable() {
    let x = call("exchange", obj(r#"{"algo":"bex","p":8}"#)).unwrap();
    assert_eq!(js_sys::Array::from(&get(&x, "steps")).length(), 7);
    let r = call("redist", obj(r#"{"k":6,"p":9,"schedule":"indirect"}"#)).unwrap();
    assert_eq!(get(&r, "n_steps").as_f64(), Some(4.0));
    let c = call(
        "collective",
        obj(r#"{"op":"scatter","algo":"logp-lev-sq","mesh":"4x4"}"#),
    )
    .unwrap();
    assert!(get(&c, "setups").as_f64().is_some());
    let s = call(
        "simulate",
        obj(r#"{"topology":"mesh:2x2","pairs":"0:3","bytes":64}"#),
    )
    .unwrap();
    assert_eq!(get(&s, "delivered_messages").as_f64(), Some(1.0));
    let b = call(
        "bench",
        obj(r#"{"case":"cgm-512-511","runs":1,"warmup":0}"#),
    )
    .unwrap();
    assert!(get(&b, "median_ms").as_f64().is_some());
    let f = call("figures", obj(r#"{"name":"lp"}"#)).unwrap();
    let lp = js_sys::Array::from(&get(&f, "figures")).get(0);
    assert_eq!(get(&lp, "embed").as_string().as_deref(), Some("#/embed/lp"));
    assert_eq!(
        get(&lp, "chapter").as_string().as_deref(),
        Some("permutations")
    );
}

#[wasm_bindgen_test]
fn bad_calls_give_the_cli_messages() {
    let e = call("com", obj(r#"{"gen":"fig7","n":8,"d":9}"#)).unwrap_err();
    assert_eq!(e, "d must be below n (got d = 9, n = 8); try d = 7");
    let e = call(
        "schedule",
        obj(r#"{"algo":"nope","gen":"fig7","n":8,"d":2}"#),
    )
    .unwrap_err();
    assert!(e.starts_with("unknown algorithm 'nope'"), "{e}");
    let e = call("com", obj(r#"{"gen":"fig7","n":5000,"d":2}"#)).unwrap_err();
    assert!(e.contains("too large for the browser"), "{e}");
    let e = call("com", JsValue::from_f64(3.0)).unwrap_err();
    assert!(e.starts_with("options must be an object"), "{e}");
    let e = call("teleport", JsValue::NULL).unwrap_err();
    assert!(e.starts_with("unknown command 'teleport'"), "{e}");
    let e = call("schedule", obj(r#"{"algo":"lp","com":[[0,-1],[0,0]]}"#)).unwrap_err();
    assert!(e.contains("negative"), "{e}");
    let e = call("bench", obj(r#"{"case":"nope"}"#)).unwrap_err();
    assert!(e.starts_with("unknown case 'nope'"), "{e}");
}

#[wasm_bindgen_test]
fn a_hypercube_of_the_wrong_size_is_corrected_with_the_cli_notice() {
    let s = call(
        "simulate",
        obj(r#"{"topology":"hypercube:12","pairs":"0:7","bytes":64}"#),
    )
    .unwrap();
    assert_eq!(get(&s, "delivered_messages").as_f64(), Some(1.0));
    let notices = js_sys::Array::from(&get(&s, "notices"));
    assert_eq!(
        notices.get(0).as_string().as_deref(),
        Some("hypercube:12: a hypercube's 12 processors must be a power of two; using hypercube:8")
    );
    let e = call(
        "simulate",
        obj(r#"{"topology":"hypercube:12","pairs":"0:9"}"#),
    )
    .unwrap_err();
    assert!(e.contains('9'), "{e}");
}

#[wasm_bindgen_test]
fn a_kary_tree_runs_on_the_edr_preset_and_is_corrected_with_the_cli_notice() {
    let s = call(
        "simulate",
        obj(r#"{"topology":"kary:4:3","pairs":"0:63","bytes":1024}"#),
    )
    .unwrap();
    assert_eq!(get(&s, "delivered_messages").as_f64(), Some(1.0));
    assert_eq!(get(&s, "cycles").as_f64(), Some((178 + 6 + 17) as f64));
    let s = call(
        "simulate",
        obj(r#"{"topology":"kary:2:11","pairs":"0:7","bytes":64}"#),
    )
    .unwrap();
    let notices = js_sys::Array::from(&get(&s, "notices"));
    assert_eq!(
        notices.get(0).as_string().as_deref(),
        Some(
            "kary:2:11: a k-ary n-tree has at most 1024 processors here, the simulator's practical cap, and 2^11 is 2048; using kary:2:10"
        )
    );
}
