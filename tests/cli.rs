//! The `commbook` command line as DESIGN.md documents it: JSON on stdout,
//! one-line errors on stderr with exit code 2.
#![cfg(not(target_arch = "wasm32"))]

use serde_json::Value;
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_commbook"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn json(args: &[&str]) -> Value {
    let out = run(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("stdout is JSON")
}

fn fails(args: &[&str]) -> String {
    let out = run(args);
    assert_eq!(out.status.code(), Some(2), "{args:?} should exit 2");
    assert!(out.stdout.is_empty(), "{args:?} printed on stdout");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        err.trim_end().lines().count(),
        1,
        "{args:?}: error is one line: {err}"
    );
    err
}

#[test]
fn com_prints_the_matrix() {
    let v = json(&[
        "com", "--gen", "fig7", "--n", "8", "--d", "3", "--seed", "5", "--json",
    ]);
    assert_eq!(v["n"], 8);
    let rows = v["sizes"].as_array().unwrap();
    assert_eq!(rows.len(), 8);
    for r in rows {
        let r = r.as_array().unwrap();
        assert_eq!(r.len(), 8);
        assert_eq!(r.iter().filter(|x| x.as_u64() > Some(0)).count(), 3);
    }
    // The same seed gives the same matrix.
    assert_eq!(
        v,
        json(&[
            "com", "--gen", "fig7", "--n", "8", "--d", "3", "--seed", "5", "--json"
        ])
    );
}

#[test]
fn schedule_lp_prints_phases_and_stats() {
    let v = json(&[
        "schedule", "--algo", "lp", "--gen", "fig7", "--n", "32", "--d", "4", "--json",
    ]);
    assert_eq!(v["algo"], "lp");
    let phases = v["phases"].as_array().unwrap();
    assert_eq!(phases.len(), 31);
    let sent: usize = phases.iter().map(|p| p.as_array().unwrap().len()).sum();
    assert_eq!(sent, 128);
    let t = &phases
        .iter()
        .find(|p| !p.as_array().unwrap().is_empty())
        .unwrap()[0];
    for key in ["src", "dst", "bytes", "offset"] {
        assert!(t.get(key).is_some(), "transfer lacks {key}");
    }
    for key in [
        "phases",
        "steps",
        "probes",
        "lower_bound",
        "messages",
        "predicted_us",
    ] {
        assert!(v["stats"].get(key).is_some(), "stats lack {key}");
    }
    assert_eq!(v["stats"]["phases"], 31);
}

#[test]
fn schedule_reads_a_matrix_file() {
    let dir = std::env::temp_dir().join(format!("commbook-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let csv = dir.join("m.csv");
    std::fs::write(&csv, "0 10 0\n5 0 0\n0 0 0\n").unwrap();
    let v = json(&[
        "schedule",
        "--algo",
        "lp",
        "--com",
        csv.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(v["n"], 3);
    assert_eq!(v["stats"]["messages"], 2);
    let bad = dir.join("bad.csv");
    std::fs::write(&bad, "0 1\n-2 0\n").unwrap();
    let e = fails(&["schedule", "--algo", "lp", "--com", bad.to_str().unwrap()]);
    assert!(e.contains("negative"), "{e}");
    let e = fails(&[
        "schedule",
        "--algo",
        "lp",
        "--com",
        dir.join("none.csv").to_str().unwrap(),
    ]);
    assert!(e.contains("cannot read matrix file"), "{e}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_input_is_one_line_and_exit_code_2() {
    let e = fails(&["com", "--gen", "fig7", "--n", "0", "--d", "1"]);
    assert!(e.contains("n must be between 1 and"), "{e}");
    let e = fails(&["com", "--gen", "fig7", "--n", "8", "--d", "8"]);
    assert!(e.contains("d must be below n (got d = 8, n = 8)"), "{e}");
    let e = fails(&["com", "--gen", "fig7", "--n", "8"]);
    assert!(e.contains("d is required"), "{e}");
    let e = fails(&[
        "schedule", "--algo", "zz", "--gen", "fig7", "--n", "8", "--d", "2",
    ]);
    assert!(e.contains("unknown algorithm 'zz'"), "{e}");
    let e = fails(&["schedule", "--gen", "fig7", "--n", "8", "--d", "2"]);
    assert!(e.contains("algo is required"), "{e}");
    let e = fails(&[
        "com", "--gen", "fig7", "--n", "8", "--d", "2", "--colour", "red",
    ]);
    assert!(e.contains("unknown option 'colour'"), "{e}");
    let e = fails(&[
        "com",
        "--gen",
        "fig7",
        "--n",
        "99999999999999999999",
        "--d",
        "2",
    ]);
    assert!(e.contains("whole number"), "{e}");
    fails(&["frobnicate"]);
    fails(&["--n", "3"]);
    fails(&["com", "--n"]);
    fails(&["com", "n", "3"]);
}

#[test]
fn help_and_human_output() {
    let out = run(&[]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("usage: commbook"));
    let out = run(&[
        "schedule", "--algo", "lp", "--gen", "fig7", "--n", "4", "--d", "1",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("lp: 3 phases"), "{text}");
}

#[test]
fn a_closed_pipe_is_not_a_panic() {
    use std::io::Read;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_commbook"))
        .args(["com", "--gen", "fig7", "--n", "2000", "--d", "3", "--json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Read a little, then hang up, as `| head -c 10` would.
    let mut first = [0u8; 10];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn figures_lists_the_catalogue() {
    let v = json(&["figures", "--json"]);
    let figures = v["figures"].as_array().unwrap();
    assert_eq!(figures.len(), commbook::book::figures::CATALOGUE.len());
    let lp = figures.iter().find(|f| f["name"] == "lp").unwrap();
    assert_eq!(lp["embed"], "#/embed/lp");
    assert_eq!(lp["chapter"], "permutations");
    assert_eq!(lp["module"], "main");
    let n = &lp["settings"][0];
    assert_eq!(
        (n["key"].as_str(), n["kind"].as_str()),
        (Some("n"), Some("int"))
    );
    assert_eq!(
        (n["min"].as_u64(), n["max"].as_u64()),
        (Some(2), Some(1024))
    );
    let one = json(&["figures", "--name", "netsim", "--json"]);
    assert_eq!(one["figures"].as_array().unwrap().len(), 1);
    assert_eq!(one["figures"][0]["module"], "sim");
    let err = fails(&["figures", "--name", "nope"]);
    assert!(err.contains("there is no figure called 'nope'"), "{err}");
    let text = String::from_utf8(run(&["figures"]).stdout).unwrap();
    assert!(text.contains("lp: Linear permutation"), "{text}");
}
