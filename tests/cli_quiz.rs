#![cfg(not(target_arch = "wasm32"))]
//! The `quiz` command: a chapter's exercises for a seed, as text and as
//! JSON, deterministic, and bad input refused with exit code 2.

use crate::common;

use commbook::book::exercises;
use common::{bad, json, run};
use serde_json::Value;

fn text(line: &str) -> String {
    let out = run(line);
    assert!(out.status.success(), "{line}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn human_output_lists_questions_answers_and_links() {
    let t = text("quiz --chapter cgm --seed 7");
    assert!(
        t.starts_with("Chapter 3. GM and CGM, iteration by iteration: 4 exercises for seed 7\n"),
        "{t}"
    );
    assert!(t.contains("\n1. GM's pairs in iteration"), "{t}");
    assert!(t.contains("[do it yourself, gm-pairs]"), "{t}");
    assert!(t.contains("[numeric, cgm-phases]"), "{t}");
    assert!(t.contains("[choice, breakeven]"), "{t}");
    assert!(t.contains("   Model steps:\n     1. Row "), "{t}");
    assert!(t.contains("   Answer: "), "{t}");
    assert!(t.contains("     (a) LP\n     (b) CGM\n"), "{t}");
    assert!(t.contains("   Why: "), "{t}");
    assert!(t.contains("   Figure: #/chapter/cgm?gmcgm.n="), "{t}");
}

#[test]
fn json_holds_every_question_with_its_answer() {
    for slug in exercises::slugs() {
        let v = json(&format!("quiz --chapter {slug} --seed 12 --json"));
        let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(keys, ["chapter", "title", "seed", "questions"], "{slug}");
        assert_eq!(v["chapter"], slug);
        assert_eq!(v["seed"], 12);
        let qs = v["questions"].as_array().unwrap();
        assert!(qs.len() >= 3, "{slug}");
        for q in qs {
            let keys: Vec<&str> = q.as_object().unwrap().keys().map(String::as_str).collect();
            let kind = q["kind"].as_str().unwrap();
            let mut want = vec!["id", "kind", "title", "text", "instance"];
            if kind == "choice" {
                want.push("choices");
            }
            want.push("answer");
            if q.get("tolerance").is_some() {
                want.push("tolerance");
            }
            want.extend(["explanation", "figure"]);
            if kind == "do-it" {
                want.push("steps");
            }
            assert_eq!(keys, want, "{slug}/{}", q["id"]);
            assert!(q["figure"].as_str().unwrap().starts_with("#/chapter/"));
            match kind {
                "choice" => {
                    let choices = q["choices"].as_array().unwrap();
                    assert!(choices.contains(&q["answer"]), "{q}");
                }
                "numeric" => assert!(q["answer"].is_number(), "{q}"),
                "do-it" => {
                    let steps = q["steps"].as_array().unwrap();
                    let answers = q["answer"].as_array().unwrap();
                    assert_eq!(steps.len(), answers.len());
                    for (s, a) in steps.iter().zip(answers) {
                        let keys: Vec<&str> =
                            s.as_object().unwrap().keys().map(String::as_str).collect();
                        assert_eq!(keys, ["prompt", "answer", "rule", "why"]);
                        assert_eq!(&s["answer"], a);
                    }
                }
                other => panic!("kind {other}"),
            }
        }
    }
}

#[test]
fn json_answers_are_the_generator_s() {
    let v = json("quiz --chapter redistribution --seed 3 --json");
    let list = exercises::generate("redistribution", 3).unwrap();
    for (q, e) in v["questions"].as_array().unwrap().iter().zip(&list) {
        assert_eq!(q["id"], e.id);
        assert_eq!(q["kind"], e.kind().name());
        assert_eq!(q["figure"], e.figure.href());
        match e.grader() {
            Some(g) => {
                let want: Vec<Value> = g.steps().iter().map(|s| s.answer.to_json()).collect();
                assert_eq!(q["answer"], Value::Array(want));
            }
            None => assert_eq!(q["answer"].to_string().trim_matches('"'), e.answer_text()),
        }
    }
}

#[test]
fn the_same_seed_prints_the_same_quiz() {
    let a = run("quiz --chapter nice --seed 99 --json").stdout;
    assert_eq!(a, run("quiz --chapter nice --seed 99 --json").stdout);
    assert_ne!(a, run("quiz --chapter nice --seed 100 --json").stdout);
    // The seed defaults to 1; `--seed=1` is the same option.
    let one = run("quiz --chapter tournament --json").stdout;
    assert_eq!(one, run("quiz --chapter=tournament --seed=1 --json").stdout);
}

#[test]
fn bad_input_exits_2_with_one_line() {
    let all = exercises::slugs().join(", ");
    assert_eq!(
        bad("quiz --chapter glossary --seed 1"),
        format!("unknown chapter 'glossary'; the chapters are {all}")
    );
    assert_eq!(
        bad("quiz --seed 1"),
        format!("chapter is required: one of {all}")
    );
    assert_eq!(
        bad("quiz --chapter cgm --seed abc"),
        "seed must be a whole number (got abc)"
    );
    assert_eq!(
        bad("quiz --chapter cgm --seed -4"),
        "seed must be a whole number ≥ 0 (got -4)"
    );
    assert_eq!(
        bad("quiz --chapter cgm --seed 4294967296"),
        "seed must be between 0 and 4294967295 (got 4294967296)"
    );
    assert!(bad("quiz --chapter cgm --n 4").starts_with("unknown option 'n' for quiz"));
    assert_eq!(bad("quiz --chapter"), "--chapter needs a value");
}

#[test]
fn help_names_the_command() {
    let t = text("help");
    assert!(t.contains("  quiz      a chapter's exercises"), "{t}");
    assert!(t.contains("--chapter SLUG [--seed S]"), "{t}");
}

/// Right answers to every exercise, as a student would give them, with
/// the first `wrong` numeric or choice answers wrong.
fn answers(list: &[exercises::Exercise], wrong: usize) -> Vec<exercises::code::Given> {
    use exercises::code::Given;
    let mut left = wrong;
    list.iter()
        .map(|e| match (Given::model(e), &e.answer) {
            (Given::Number(_), exercises::Answer::Number { value, .. }) if left > 0 => {
                left -= 1;
                Given::Number(exercises::number(value + 1.0))
            }
            (Given::Choice(i), _) if left > 0 => {
                left -= 1;
                Given::Choice((i + 1) % e.choices.len())
            }
            (given, _) => given,
        })
        .collect()
}

#[test]
fn a_completion_code_is_regraded_by_the_cli() {
    let list = exercises::generate("cgm", 42).unwrap();
    let code = exercises::code::encode("cgm", 42, &list, &answers(&list, 1));
    let v = json(&format!("quiz --chapter cgm --check {code} --json"));
    assert_eq!(v["seed"], 42);
    assert_eq!(v["total"], list.len());
    assert_eq!(v["right"], list.len() - 1);
    let wrong = v["exercises"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["correct"] == false)
        .count();
    assert_eq!(wrong, 1);
    let t = text(&format!("quiz --chapter cgm --check {code}"));
    assert!(
        t.starts_with(&format!(
            "Completion code for chapter cgm, seed 42: {} of {} right\n",
            list.len() - 1,
            list.len()
        )),
        "{t}"
    );
    assert!(t.contains(" wrong "), "{t}");
}

#[test]
fn a_bad_code_exits_2_with_one_line() {
    let list = exercises::generate("cgm", 5).unwrap();
    let code = exercises::code::encode("cgm", 5, &list, &answers(&list, 0));
    let e = bad(&format!("quiz --chapter nice --check {code}"));
    assert!(e.contains("is for chapter 'cgm', not 'nice'"), "{e}");
    let e = bad("quiz --chapter cgm --check ABCDE-FGHJK");
    assert!(e.starts_with("completion code: "), "{e}");
    let e = bad(&format!("quiz --chapter cgm --check {code} --grade x.csv"));
    assert!(e.contains("cannot read class file"), "{e}");
}

#[test]
fn a_class_file_is_graded_line_by_line() {
    let dir = std::env::temp_dir().join(format!("commbook-grade-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("class.csv");
    let mut csv = String::from("name,code\n");
    for (name, seed, wrong) in [("Ada", 1u64, 0usize), ("Grace", 2, 1)] {
        let list = exercises::generate("tournament", seed).unwrap();
        let code = exercises::code::encode("tournament", seed, &list, &answers(&list, wrong));
        csv.push_str(&format!("{name},{code}\n"));
    }
    csv.push_str("Mallory,NOT-A-CODE-AT-ALL\n");
    std::fs::write(&file, csv).unwrap();
    let line = format!("quiz --chapter tournament --grade {}", file.display());
    let v = json(&format!("{line} --json"));
    let students = v["students"].as_array().unwrap();
    assert_eq!(students.len(), 3, "{v}");
    assert_eq!(students[0]["right"], students[0]["total"], "{v}");
    assert_eq!(students[1]["seed"], 2, "{v}");
    let why = students[2]["error"].as_str().unwrap_or_default();
    assert!(why.contains("checksum"), "{v}");
    let t = text(&line);
    assert!(t.contains("Ada") && t.contains("not graded: "), "{t}");
    assert!(v["students"][0].get("chapter").is_none(), "{v}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Without `--chapter` a class file may mix chapters: each code is
/// regraded for the chapter it names, which each student's line gives.
#[test]
fn a_class_file_without_a_chapter_is_graded_code_by_code() {
    let dir = std::env::temp_dir().join(format!("commbook-grade-any-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("class.csv");
    let mut csv = String::new();
    for (name, slug, seed, wrong) in [("Ada", "tournament", 1u64, 0usize), ("Grace", "cgm", 2, 1)] {
        let list = exercises::generate(slug, seed).unwrap();
        let code = exercises::code::encode(slug, seed, &list, &answers(&list, wrong));
        csv.push_str(&format!("{name},{code}\n"));
    }
    csv.push_str("Mallory,NOT-A-CODE-AT-ALL\n");
    std::fs::write(&file, csv).unwrap();
    let line = format!("quiz --grade {}", file.display());
    let v = json(&format!("{line} --json"));
    assert!(v["chapter"].is_null(), "{v}");
    let students = v["students"].as_array().unwrap();
    assert_eq!(students[0]["chapter"], "tournament", "{v}");
    assert_eq!(students[0]["right"], students[0]["total"], "{v}");
    assert_eq!(students[1]["chapter"], "cgm", "{v}");
    assert_ne!(students[1]["right"], students[1]["total"], "{v}");
    assert!(
        students[2]["error"]
            .as_str()
            .unwrap_or_default()
            .contains("checksum"),
        "{v}"
    );
    let t = text(&line);
    assert!(t.starts_with("Each code's chapter: 3 students"), "{t}");
    assert!(t.contains("(tournament)") && t.contains("(cgm)"), "{t}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_help_lists_every_chapter_with_exercises() {
    let out = common::run("--help");
    let help =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    let listed = help
        .split("chapters:")
        .nth(1)
        .expect("the quiz's chapters are listed");
    let listed: Vec<&str> = listed
        .split_whitespace()
        .take_while(|w| !w.ends_with("reproduce"))
        .collect();
    for slug in exercises::slugs() {
        assert!(listed.contains(&slug), "{slug} missing from: {listed:?}");
    }
}
