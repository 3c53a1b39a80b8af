//! The exercises in the chapters' pages (issue 16): a seed in the link
//! gives the native generator's instance; one exercise of each kind done
//! by keyboard (type, Enter) with its verdicts, a wrong step explained and
//! its model step shown; the progress kept over a reload, shown in the
//! contents and reset; a bad seed a notice; a new instance in the link.

use crate::support::*;
use commbook::book::exercises::{Answer, Exercise, Verdict, number, permutations};
use wasm_bindgen_test::wasm_bindgen_test;

/// Clears every chapter's stored progress now and when dropped, so other
/// tests see none whatever happens here.
struct CleanStorage;

impl CleanStorage {
    fn new() -> Self {
        clear_progress();
        CleanStorage
    }
}

impl Drop for CleanStorage {
    fn drop(&mut self) {
        clear_progress();
    }
}

fn storage() -> web_sys::Storage {
    web_sys::window().unwrap().local_storage().unwrap().unwrap()
}

fn clear_progress() {
    for slug in commbook::book::exercises::slugs() {
        storage()
            .remove_item(&format!("commbook.progress.{slug}"))
            .unwrap();
    }
}

fn stored(slug: &str) -> Option<String> {
    storage()
        .get_item(&format!("commbook.progress.{slug}"))
        .unwrap()
}

/// Mounts chapter 1 at `hash` and waits for its exercises.
async fn chapter_one(hash: &str) -> Mounted {
    let m = mount(hash).await;
    until(&m, "the exercises", |m| m.find("#ex-lp-partners").is_some()).await;
    m
}

fn exercise<'a>(all: &'a [Exercise], id: &str) -> &'a Exercise {
    all.iter()
        .find(|e| e.id == id)
        .expect("an exercise of the chapter")
}

/// Every card shows its exercise's question as the generator wrote it.
fn assert_instance(m: &Mounted, seed: u64) {
    let all = permutations::generate(seed);
    assert_eq!(
        m.root
            .query_selector_all("#widget-ex .exercise")
            .unwrap()
            .length() as usize,
        all.len()
    );
    for e in &all {
        assert_eq!(
            m.text(&format!("#ex-{} .ex-text", e.id)),
            e.text,
            "{}",
            e.id
        );
    }
    assert!(
        m.text("#widget-ex .ex-intro")
            .contains(&format!("drawn from seed {seed}")),
        "{}",
        m.text("#widget-ex .ex-intro")
    );
}

/// A text answer typed into `field` and sent with Enter.
async fn answer(m: &Mounted, field: &str, text: &str) {
    m.type_into(field, text).await;
    m.key(field, "Enter").await;
}

#[wasm_bindgen_test]
async fn a_seed_in_the_link_gives_the_generators_instance() {
    let _clean = CleanStorage::new();
    let m = chapter_one("#/chapter/permutations?ex.seed=7").await;
    assert_instance(&m, 7);
    assert!(m.find("#widget-ex .notices").is_none());
    assert!(
        m.text("#widget-ex .widget-title")
            .contains("Exercises for chapter 1")
    );
    // Another seed, another instance.
    let m = chapter_one("#/chapter/permutations?ex.seed=8").await;
    assert_instance(&m, 8);
    assert_ne!(permutations::generate(7), permutations::generate(8));
    // The chapters of the other modules' figures too (all hosted here).
    let m = mount("#/chapter/redistribution?ex.seed=5").await;
    let all = commbook::book::exercises::redistribution::generate(5);
    let first = format!("#ex-{}", all[0].id);
    until(&m, "chapter 9's exercises", |m| m.find(&first).is_some()).await;
    for e in &all {
        assert_eq!(m.text(&format!("#ex-{} .ex-text", e.id)), e.text);
    }
}

#[wasm_bindgen_test]
async fn a_bad_seed_is_a_notice_and_the_default_stands() {
    let _clean = CleanStorage::new();
    for (seed, why) in [
        ("banana", "'banana' is not a whole number"),
        ("4294967296", "is outside"),
    ] {
        let m = chapter_one(&format!("#/chapter/permutations?ex.seed={seed}")).await;
        let notes = m.text("#widget-ex .notices");
        assert!(notes.contains("ex.seed") && notes.contains(why), "{notes}");
        assert_instance(&m, 1);
    }
}

#[wasm_bindgen_test]
async fn a_new_instance_goes_to_the_link() {
    let _clean = CleanStorage::new();
    let m = chapter_one("#/chapter/permutations").await;
    assert_instance(&m, 1);
    // A seed typed in.
    m.change("#ex-seed", "42").await;
    until(&m, "seed 42", |m| {
        m.text("#widget-ex .ex-intro").contains("seed 42.")
    })
    .await;
    assert_instance(&m, 42);
    assert!(hash().contains("ex.seed=42"), "{}", hash());
    // New instance: another seed, in the link.
    m.click("#widget-ex .ex-new").await;
    // "seed 42." with its full stop: a new seed may begin with 42.
    until(&m, "a new seed", |m| {
        !m.text("#widget-ex .ex-intro").contains("seed 42.")
    })
    .await;
    let h = hash();
    let seed: u64 = h
        .split("ex.seed=")
        .nth(1)
        .and_then(|s| s.split('&').next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no seed in {h}"));
    assert_ne!(seed, 42);
    assert_instance(&m, seed);
}

#[wasm_bindgen_test]
async fn one_exercise_of_each_kind_by_keyboard_then_reload_and_reset() {
    let _clean = CleanStorage::new();
    let link = "#/chapter/permutations?ex.seed=7";
    let all = permutations::generate(7);
    let m = chapter_one(link).await;
    assert!(m.find(".toc-progress").is_none(), "no progress yet");
    assert!(
        m.text("#widget-ex .ex-summary")
            .contains("0 of 4 exercises correct, 0 answered"),
        "{}",
        m.text("#widget-ex .ex-summary")
    );

    // Do it yourself: a right step, then a wrong one explained.
    let doit = exercise(&all, "lp-partners");
    let g = doit.grader().expect("a do-it-yourself exercise");
    let field = "#ex-lp-partners-answer";
    assert!(m.text("#ex-lp-partners label").starts_with("Step 1 of 7:"));
    answer(&m, field, &g.steps()[0].answer.to_string()).await;
    let verdict = m.text("#ex-lp-partners .ex-verdict");
    assert!(verdict.starts_with("Correct."), "{verdict}");
    assert!(verdict.contains(&g.steps()[0].why), "{verdict}");
    assert!(m.text("#ex-lp-partners label").starts_with("Step 2 of 7:"));
    assert!(
        m.text("#ex-lp-partners .ex-steps")
            .contains(&g.steps()[0].prompt)
    );
    let wrong = ["none", "0", "1", "2", "3"]
        .into_iter()
        .find(|t| {
            g.parse(1, t)
                .is_ok_and(|a| g.check(1, &a) != Verdict::Correct)
        })
        .expect("a wrong answer");
    let Verdict::Wrong { rule, yours, model } = g.check(1, &g.parse(1, wrong).unwrap()) else {
        panic!("wrong expected");
    };
    answer(&m, field, wrong).await;
    let verdict = m.text("#ex-lp-partners .ex-verdict");
    assert!(verdict.starts_with("Not yet."), "{verdict}");
    assert!(verdict.contains(&yours[1..]), "{verdict} / {yours}");
    assert!(m.text("#ex-lp-partners .ex-rule").contains(&rule));
    assert!(m.find("#ex-lp-partners .ex-model").is_none());
    m.click("#ex-lp-partners .ex-result button").await;
    let shown = m.text("#ex-lp-partners .ex-model");
    assert!(
        shown.contains(&model.answer.to_string()) && shown.contains(&model.why),
        "{shown}"
    );
    // Going on with the model step: it is done for the reader, listed as
    // such, and the next step is asked for.
    m.click("#ex-lp-partners .ex-result button").await;
    assert!(m.text("#ex-lp-partners label").starts_with("Step 3 of 7:"));
    let done = m.text("#ex-lp-partners .ex-steps");
    assert!(
        done.contains(&format!("{} (the model step)", model.answer)),
        "{done}"
    );
    // Something that is no answer at all is said so, not judged.
    answer(&m, field, "P-x").await;
    assert!(
        m.text("#ex-lp-partners .ex-verdict")
            .starts_with("Not read."),
        "{}",
        m.text("#ex-lp-partners .ex-verdict")
    );
    // Start over: step 1 again.
    m.click("#ex-lp-partners .ex-again button").await;
    assert!(m.text("#ex-lp-partners label").starts_with("Step 1 of 7:"));
    assert!(m.find("#ex-lp-partners .ex-result p").is_none());

    // Numeric: the core's number, by keyboard.
    let numeric = exercise(&all, "lp-idle");
    let Answer::Number { value, .. } = numeric.answer else {
        panic!("a numeric exercise");
    };
    answer(&m, "#ex-lp-idle-answer", &number(value)).await;
    let verdict = m.text("#ex-lp-idle .ex-verdict");
    assert!(verdict.starts_with("Correct."), "{verdict}");
    assert_eq!(m.text("#ex-lp-idle .ex-why"), numeric.explanation);
    let href = m
        .get("#ex-lp-idle .ex-link a")
        .get_attribute("href")
        .unwrap();
    assert!(href.starts_with(&numeric.figure.href()), "{href}");

    // Choice: a wrong choice picked from the keyboard (Enter on the radio).
    let choice = exercise(&all, "lp-steps");
    let Answer::Choice { index } = choice.answer else {
        panic!("a choice exercise");
    };
    let other = (index + 1) % choice.choices.len();
    let radio = format!("#ex-lp-steps input[value='{other}']");
    m.click(&radio).await;
    m.key(&radio, "Enter").await;
    let verdict = m.text("#ex-lp-steps .ex-verdict");
    assert!(verdict.starts_with("Not yet."), "{verdict}");
    assert!(verdict.contains(&choice.choices[index]), "{verdict}");
    assert_eq!(m.text("#ex-lp-steps .ex-why"), choice.explanation);

    // The progress: kept, counted and shown in the contents.
    let summary = "1 of 4 exercises correct, 3 answered";
    assert!(m.text("#widget-ex .ex-summary").contains(summary));
    let saved = stored("permutations").expect("progress stored");
    for id in ["lp-partners", "lp-idle", "phase-cost", "lp-steps"] {
        assert!(saved.contains(&format!("\"{id}\"")), "{saved}");
    }
    assert!(
        saved.contains(r#""lp-idle":{"answered":true,"correct":true}"#),
        "{saved}"
    );
    assert!(
        saved.contains(r#""phase-cost":{"answered":false,"correct":false}"#),
        "{saved}"
    );
    let badge = ".toc a[href='#/chapter/permutations'] .toc-progress";
    assert_eq!(m.text(badge), "1/4 (1 of 4 exercises correct)");

    // A reload: the same link mounted afresh keeps it.
    drop(m);
    let m = chapter_one(link).await;
    assert!(m.text("#widget-ex .ex-summary").contains(summary));
    assert_eq!(m.text(badge), "1/4 (1 of 4 exercises correct)");
    assert_eq!(m.text("#ex-lp-idle .ex-status"), "Progress: correct.");
    assert_eq!(
        m.text("#ex-lp-steps .ex-status"),
        "Progress: answered, not yet correct."
    );
    assert_eq!(
        m.text("#ex-phase-cost .ex-status"),
        "Progress: not answered yet."
    );

    // A do-it-yourself exercise finished alone counts as correct.
    for s in g.steps() {
        answer(&m, field, &s.answer.to_string()).await;
    }
    assert!(
        m.text("#ex-lp-partners .ex-finished")
            .starts_with("Done: all 7 steps are yours."),
        "{}",
        m.all_text()
    );
    assert_eq!(m.text("#ex-lp-partners .ex-why"), doit.explanation);
    assert!(
        m.text("#widget-ex .ex-summary")
            .contains("2 of 4 exercises correct")
    );
    assert_eq!(m.text(badge), "2/4 (2 of 4 exercises correct)");

    // Reset: nothing kept, nothing shown.
    m.click("#widget-ex .ex-reset").await;
    assert!(
        m.text("#widget-ex .ex-summary")
            .contains("0 of 4 exercises correct, 0 answered")
    );
    assert_eq!(stored("permutations"), None);
    assert!(m.find(badge).is_none());
    assert!(m.find("#ex-lp-partners .ex-steps").is_none());
    assert_eq!(
        m.text("#ex-lp-idle .ex-status"),
        "Progress: not answered yet."
    );
}

#[wasm_bindgen_test]
async fn the_cover_shows_the_progress_too() {
    let _clean = CleanStorage::new();
    storage()
        .set_item(
            "commbook.progress.cgm",
            r#"{"gm-pairs":{"answered":true,"correct":true},"cgm-pairs":{"answered":true,"correct":false},"cgm-phases":{"answered":false,"correct":false},"breakeven":{"answered":false,"correct":false}}"#,
        )
        .unwrap();
    let m = mount("#/").await;
    until(&m, "the cover", |m| m.find(".cover").is_some()).await;
    assert_eq!(
        m.text(".cover a[href='#/chapter/cgm'] + .toc-progress"),
        "1/4 (1 of 4 exercises correct)"
    );
    assert!(
        m.find(".cover a[href='#/chapter/permutations'] + .toc-progress")
            .is_none()
    );
    // Damaged storage counts as nothing, and breaks nothing.
    storage()
        .set_item("commbook.progress.cgm", "{not json")
        .unwrap();
    drop(m);
    let m = mount("#/chapter/cgm?ex.seed=3").await;
    until(&m, "chapter 3's exercises", |m| {
        m.find("#ex-gm-pairs").is_some()
    })
    .await;
    assert!(m.find(".toc-progress").is_none());
    assert!(
        m.text("#widget-ex .ex-summary")
            .contains("0 of 4 exercises correct")
    );
    // The hint names the form the step's answer takes.
    let g = commbook::book::exercises::cgm::generate(3);
    let form = g[0].grader().unwrap().steps()[0].answer.form();
    assert!(m.text("#ex-gm-pairs .ex-hint").contains(form));
}

/// Every exercise of chapter 1 answered on the page (one of them wrong):
/// the completion code appears, holds exactly those answers
/// (`code::encode` of them, which `tests/cli_quiz.rs` regrades through the
/// CLI) and regrades to all but one right.
#[wasm_bindgen_test]
async fn a_finished_chapter_gives_a_completion_code_that_regrades() {
    use commbook::book::exercises::code::{Given, encode, regrade};
    let _clean = CleanStorage::new();
    let all = permutations::generate(11);
    let m = chapter_one("#/chapter/permutations?ex.seed=11").await;
    assert!(m.text("#widget-ex .ex-code-pending").contains("to go"));
    let mut given = Vec::new();
    for (k, e) in all.iter().enumerate() {
        let field = format!("#ex-{}-answer", e.id);
        match &e.answer {
            Answer::Number { value, .. } => {
                // The first numeric answer is wrong on purpose.
                let text = if k
                    == all
                        .iter()
                        .position(|e| matches!(e.answer, Answer::Number { .. }))
                        .unwrap()
                {
                    number(value + 1.0)
                } else {
                    number(*value)
                };
                answer(&m, &field, &text).await;
                given.push(Given::Number(text));
            }
            Answer::Choice { index } => {
                let radio = format!("#ex-{} input[value='{index}']", e.id);
                m.click(&radio).await;
                m.key(&radio, "Enter").await;
                given.push(Given::Choice(*index));
            }
            Answer::Steps(g) => {
                for s in g.steps() {
                    answer(&m, &field, &s.answer.to_string()).await;
                }
                given.push(Given::Steps(
                    g.steps()
                        .iter()
                        .map(|s| (s.answer.clone(), false))
                        .collect(),
                ));
            }
        }
    }
    let code = m.text("#widget-ex .ex-code-text");
    assert_eq!(code, encode("permutations", 11, &all, &given));
    let report = regrade("permutations", &code).unwrap();
    assert_eq!((report.seed, report.right()), (11, all.len() - 1));
    assert!(
        m.text("#widget-ex .ex-code")
            .contains("commbook quiz --chapter permutations --check")
    );
}
