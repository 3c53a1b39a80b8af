//! The JavaScript API returns plain objects and throws readable errors.

use commbook::ui::js_api;
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
    let m = js_api::com(obj(r#"{"gen":"fig7","n":8,"d":2,"seed":3}"#)).unwrap();
    assert_eq!(get(&m, "n").as_f64(), Some(8.0));
    assert_eq!(js_sys::Array::from(&get(&m, "sizes")).length(), 8);
    let s = js_api::schedule(obj(r#"{"algo":"lp","gen":"fig7","n":8,"d":2}"#)).unwrap();
    assert_eq!(get(&s, "algo").as_string().as_deref(), Some("lp"));
    assert_eq!(js_sys::Array::from(&get(&s, "phases")).length(), 7);
    let stats = get(&s, "stats");
    assert_eq!(get(&stats, "phases").as_f64(), Some(7.0));
    let r = js_api::run("schedule", obj(r#"{"algo":"lp","com":[[0,5],[3,0]]}"#)).unwrap();
    assert_eq!(js_sys::Array::from(&get(&r, "phases")).length(), 1);
}

fn message(e: wasm_bindgen::JsError) -> String {
    let v: JsValue = e.into();
    js_sys::Error::from(v).message().into()
}

#[wasm_bindgen_test]
fn exchange_and_redist_are_callable() {
    let x = js_api::exchange(obj(r#"{"algo":"bex","p":8}"#)).unwrap();
    assert_eq!(js_sys::Array::from(&get(&x, "steps")).length(), 7);
    let r = js_api::redist(obj(r#"{"k":6,"p":9,"schedule":"indirect"}"#)).unwrap();
    assert_eq!(get(&r, "n_steps").as_f64(), Some(4.0));
}

#[wasm_bindgen_test]
fn bad_calls_throw_the_cli_messages() {
    let e = js_api::com(obj(r#"{"gen":"fig7","n":8,"d":9}"#)).unwrap_err();
    assert_eq!(
        message(e),
        "d must be below n (got d = 9, n = 8); try d = 7"
    );
    let e = js_api::schedule(obj(r#"{"algo":"nope","gen":"fig7","n":8,"d":2}"#)).unwrap_err();
    assert!(message(e).starts_with("unknown algorithm 'nope'"));
    let e = js_api::com(obj(r#"{"gen":"fig7","n":5000,"d":2}"#)).unwrap_err();
    assert!(
        message(e).contains("too large for the browser"),
        "the browser caps n"
    );
    let e = js_api::com(JsValue::from_f64(3.0)).unwrap_err();
    assert!(message(e).starts_with("options must be an object"));
    let e = js_api::run("teleport", JsValue::NULL).unwrap_err();
    assert!(message(e).starts_with("unknown command 'teleport'"));
    let e = js_api::schedule(obj(r#"{"algo":"lp","com":[[0,-1],[0,0]]}"#)).unwrap_err();
    assert!(
        message(e).contains("negative"),
        "{}",
        "negative sizes are refused"
    );
}
