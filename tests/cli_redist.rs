#![cfg(not(target_arch = "wasm32"))]
//! The `redist` command end to end: the binary on good and bad input.

use serde_json::Value;
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_commbook"))
        .arg("redist")
        .args(args)
        .output()
        .expect("the binary runs")
}

fn json(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.push("--json");
    let out = run(&all);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("stdout is JSON")
}

#[test]
fn the_papers_example_as_json() {
    let v = json(&["--k", "6", "--p", "9", "--schedule", "indirect"]);
    let names = ["S", "P", "S1", "Sp", "Ps", "Ds", "Pr", "Dr", "Rp", "R"];
    let tables = v["tables"].as_object().unwrap();
    assert_eq!(tables.keys().collect::<Vec<_>>(), names);
    for name in names {
        let rows = tables[name].as_array().unwrap();
        assert_eq!(rows.len(), 6, "{name}");
        assert!(
            rows.iter().all(|r| r.as_array().unwrap().len() == 9),
            "{name}"
        );
    }
    // Figure 11 / §3.4: row 0 of Ps.
    assert_eq!(
        v["tables"]["Ps"][0],
        serde_json::json!([0, 6, 3, 2, 8, 5, 1, 7, 4])
    );
    let steps = v["steps"].as_array().unwrap();
    assert_eq!(v["n_steps"], 4);
    assert_eq!(steps.len(), 4);
    for step in steps {
        let mut senders = Vec::new();
        for m in step.as_array().unwrap() {
            let obj = m.as_object().unwrap();
            assert_eq!(obj.keys().collect::<Vec<_>>(), ["src", "dst", "blocks"]);
            assert!(
                obj["blocks"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .all(|b| b.as_u64() < Some(54))
            );
            senders.push(obj["src"].as_u64().unwrap());
        }
        senders.dedup();
        assert_eq!(
            senders.len(),
            step.as_array().unwrap().len(),
            "one message per sender"
        );
    }
    for key in ["sp2", "t3d", "modern"] {
        assert!(v["predicted_us"][key].as_f64().unwrap() > 0.0, "{key}");
    }
}

#[test]
fn step_counts_of_every_schedule() {
    for (schedule, steps) in [
        ("direct", 6),
        ("indirect", 4),
        ("hybrid:1", 4),
        ("multiphase", 5),
    ] {
        let v = json(&["--k", "6", "--p", "9", "--schedule", schedule]);
        assert_eq!(v["n_steps"], steps, "{schedule}");
        assert_eq!(v["schedule"], schedule);
    }
    // K = 31, P = 64 (§1): 6 steps instead of 31; the dual and a real array.
    let v = json(&[
        "--k",
        "31",
        "--p",
        "64",
        "--schedule",
        "indirect",
        "--direction",
        "down",
        "--x",
        "4",
        "--n",
        "20000",
    ]);
    assert_eq!(
        (v["n_steps"].as_u64(), v["direction"].as_str()),
        (Some(6), Some("down"))
    );
}

#[test]
fn human_output_shows_the_table() {
    let out = run(&["--k", "6", "--p", "9", "--schedule", "hybrid:1"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("ℜ(K = 6, P = 9)"), "{text}");
    assert!(
        text.contains("hybrid:1 schedule, 4 communication steps"),
        "{text}"
    );
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let cases = [
        ("--k 0 --p 9 --schedule direct", "K must be at least 1"),
        ("--k 6 --p 0 --schedule direct", "P must be at least 1"),
        ("--k 99999999 --p 9 --schedule direct", "above the limit"),
        ("--k 1000 --p 1000 --schedule direct", "superblock"),
        (
            "--k 6 --p 9 --x 4 --n 10 --schedule direct",
            "multiple of x",
        ),
        (
            "--k 6 --p 9 --x 0 --schedule direct",
            "x must be at least 1",
        ),
        (
            "--k 6 --p 9 --n 99999999999 --schedule direct",
            "above the limit",
        ),
        ("--k 6 --p 9 --schedule hybrid:9", "at most 3"),
        ("--k 6 --p 9 --schedule fast", "unknown schedule"),
        ("--k 6 --p 9", "schedule is required"),
        (
            "--k 6 --p 9 --schedule direct --direction sideways",
            "unknown direction 'sideways'; available: up, down",
        ),
        (
            "--k 6 --p 9 --schedule direct --seed 1",
            "unknown option 'seed'",
        ),
        ("--k -3 --p 9 --schedule direct", "whole number"),
        ("--p 9 --schedule direct", "k is required"),
    ];
    for (line, expected) in cases {
        let args: Vec<&str> = line.split_whitespace().collect();
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{line}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{line}: {err}");
        assert!(err.contains(expected), "{line}: {err}");
        assert!(out.stdout.is_empty(), "{line}");
    }
}
