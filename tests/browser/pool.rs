//! The Web Worker pool of the long sweeps (`ui::pool`): what a worker
//! answers, and a job whose workers cannot start (the test runner serves
//! no worker script) finishing on the page's thread with the same result.
//! The workers themselves run in the production build's end-to-end test
//! (`tests/e2e/pool.mjs`).

use crate::support::{document, settle};
use commbook::book::figure::Figure;
use commbook::book::figures::randperm::{Randperm, RandpermKey, RandpermRun};
use commbook::core::step::run;
use commbook::ui::job::{JobState, use_job};
use commbook::ui::pool::{Crew, Remote, Report, answer};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;
use yew::prelude::*;

fn get(o: &JsValue, k: &str) -> JsValue {
    js_sys::Reflect::get(o, &k.into()).unwrap()
}

fn ask(figure: &str, raw: &[(&str, &str)], from: u32, to: u32) -> JsValue {
    let msg = js_sys::Object::new();
    let pairs = js_sys::Array::new();
    for (k, v) in raw {
        pairs.push(&js_sys::Array::of2(&(*k).into(), &(*v).into()));
    }
    js_sys::Reflect::set(&msg, &"sweep".into(), &figure.into()).unwrap();
    js_sys::Reflect::set(&msg, &"raw".into(), &pairs).unwrap();
    js_sys::Reflect::set(&msg, &"from".into(), &from.into()).unwrap();
    js_sys::Reflect::set(&msg, &"to".into(), &to.into()).unwrap();
    answer(&msg).into()
}

const KEY: RandpermKey = RandpermKey {
    machine: commbook::core::cost::machine::Machine::Cm5,
    count: 8,
    p: 32,
    bytes: 64,
    seed: 4,
};

#[wasm_bindgen_test]
fn a_worker_answers_with_the_items_the_page_would_compute() {
    let raw = [("count", "8"), ("bytes", "64"), ("seed", "4")];
    let reply = ask("randperm", &raw, 2, 5);
    assert_eq!(get(&reply, "ok"), JsValue::TRUE);
    assert_eq!(get(&reply, "from").as_f64(), Some(2.0));
    let items = get(&reply, "items").as_string().unwrap();
    let mut page = Randperm::compute(&KEY);
    let mine = page.pool().unwrap().encode(2, 5);
    assert_eq!(items, mine);
    // The page takes them back; the result is the straight run's.
    page.pool().unwrap().accept(2, &items).unwrap();
    assert_eq!(run(page).costs, run(Randperm::compute(&KEY)).costs);
    // A figure that is not a sweep, and one that does not exist.
    for name in ["lp", "nothing"] {
        let reply = ask(name, &[], 0, 1);
        assert_eq!(get(&reply, "ok"), JsValue::FALSE);
        let error = get(&reply, "error").as_string().unwrap();
        assert!(error.contains("is not a sweep"), "{error}");
    }
}

#[derive(Properties, PartialEq)]
struct ProbeProps {
    count: usize,
}

/// A sweep long enough for the job runner to call workers, as a figure
/// does.
#[component]
fn SweepProbe(props: &ProbeProps) -> Html {
    let key = RandpermKey {
        count: props.count,
        bytes: 1024,
        ..KEY
    };
    let remote = Remote {
        figure: "randperm",
        raw: vec![
            ("count".into(), props.count.to_string()),
            ("bytes".into(), "1024".into()),
            ("seed".into(), "4".into()),
        ],
    };
    let job = use_job(key, Some(remote), |k| Randperm::compute(k));
    let workers = use_mut_ref(|| 0usize);
    let text = match &job.state {
        JobState::Running { workers: w, .. } => {
            let most = (*workers.borrow()).max(*w);
            *workers.borrow_mut() = most;
            "running".to_string()
        }
        JobState::Cancelled => "cancelled".into(),
        JobState::Done(r) => {
            let r: &RandpermRun = r;
            format!("done {:?} asked {}", r.costs, workers.borrow())
        }
    };
    html! { <span id="sweep-state">{text}</span> }
}

#[wasm_bindgen_test]
async fn a_sweep_whose_workers_cannot_start_finishes_on_the_page() {
    let root = document().create_element("div").unwrap();
    document().body().unwrap().append_child(&root).unwrap();
    // The tests build the core optimised (Cargo.toml): about 1-2 ms a
    // permutation, so the first slice sees a rest of a second or more,
    // several times the threshold.
    let count = 1000;
    let props = ProbeProps { count };
    let handle = yew::Renderer::<SweepProbe>::with_root_and_props(root.clone(), props).render();
    let state = || root.text_content().unwrap_or_default();
    let t0 = js_sys::Date::now();
    while !state().starts_with("done") && js_sys::Date::now() - t0 < 60_000.0 {
        settle().await;
        yew::platform::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let text = state();
    let want = run(Randperm::compute(&RandpermKey {
        count,
        bytes: 1024,
        ..KEY
    }))
    .costs;
    assert!(text.starts_with(&format!("done {want:?}")), "{text}");
    // The first slice showed the rest to be long: workers were asked for
    // (and failed to start here).
    assert!(!text.ends_with("asked 0"), "{text}");
    handle.destroy();
    root.remove();
}

/// A worker script, as a Blob URL, that takes every message and answers
/// none: a worker that loaded but hangs, or never got its module going.
fn silent_worker() -> String {
    let parts = js_sys::Array::of1(&"self.onmessage = () => {};".into());
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type("text/javascript");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts).unwrap();
    web_sys::Url::create_object_url_with_blob(&blob).unwrap()
}

#[wasm_bindgen_test]
async fn a_crew_whose_workers_fall_silent_is_given_up() {
    let url = silent_worker();
    let heard: Rc<RefCell<Vec<String>>> = Rc::default();
    let report = {
        let heard = heard.clone();
        Rc::new(move |r: Report| {
            heard.borrow_mut().push(match r {
                Report::Items { from, .. } => format!("items from {from}"),
                Report::Failed(why) => why,
            })
        })
    };
    let remote = Remote {
        figure: "randperm",
        raw: vec![("count".into(), "8".into())],
    };
    let crew = Crew::start_at(&url, 300.0, remote, &[(0, 8)], report).unwrap();
    assert!(crew.size() >= 1);
    // Not before its silence has lasted 300 ms...
    yew::platform::time::sleep(std::time::Duration::from_millis(100)).await;
    assert!(heard.borrow().is_empty(), "{:?}", heard.borrow());
    // ...and then once: the job hears why and carries on without it.
    let t0 = js_sys::Date::now();
    while heard.borrow().is_empty() && js_sys::Date::now() - t0 < 10_000.0 {
        yew::platform::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    yew::platform::time::sleep(std::time::Duration::from_millis(1_500)).await;
    assert_eq!(
        *heard.borrow(),
        vec!["the workers stopped answering".to_string()]
    );
    drop(crew);
    web_sys::Url::revoke_object_url(&url).unwrap();
}
