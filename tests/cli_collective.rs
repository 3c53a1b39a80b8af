#![cfg(not(target_arch = "wasm32"))]
//! The `collective` command end to end: the binary, its JSON and its errors.
//! Arguments are written as one string, split at spaces.

use serde_json::Value;
use std::process::{Command, Output};

fn commbook(args: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_commbook"))
        .arg("collective")
        .args(args.split_whitespace())
        .output()
        .expect("the commbook binary runs")
}

fn json(args: &str) -> Value {
    let out = commbook(&format!("{args} --json"));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("stdout is JSON")
}

/// Bad input: exit code 2, nothing on stdout, one line on stderr.
fn refused(args: &str) -> String {
    let out = commbook(args);
    assert_eq!(out.status.code(), Some(2), "{args}");
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    err
}

#[test]
fn scatter_json_shape() {
    let v = json("--op scatter --algo 3-lev-sq --mesh 16x16 --bytes 16");
    assert_eq!(v["setups"], 21);
    let steps = v["supersteps"].as_array().unwrap();
    assert_eq!(steps.len(), 3);
    let first = &steps[0][0];
    for key in ["src", "dst", "bytes", "messages", "origins"] {
        assert!(!first[key].is_null(), "{key}");
    }
    assert_eq!(first["bytes"], 16 * 16);
    assert_eq!(first["messages"].as_array().unwrap().len(), 16);
    assert!(v["max_load"].as_u64().unwrap() >= 1);
    assert!(v["sum_load"].as_u64().unwrap() >= 3);
    assert!(v.get("permutations").is_none());
    assert_eq!(v["root"], 0);
}

#[test]
fn gamma_in_the_name_and_gather_below_one_half() {
    let v = json("--op scatter --algo logp-lev-rec(0.75) --mesh 16x16");
    assert_eq!(v["algo"], "logp-lev-rec(0.75)");
    assert_eq!(v["setups"], 16);
    let g = json("--op gather --algo logp-lev-rec --gamma 0.3 --mesh 4x8 --root 13");
    assert_eq!(g["root"], 13);
    let steps = g["supersteps"].as_array().unwrap();
    let last = steps.last().unwrap().as_array().unwrap();
    assert!(last.iter().all(|s| s["dst"] == 13));
}

#[test]
fn alltoall_permutations() {
    let v = json("--op alltoall --algo 1-lev-bal --mesh 8x8");
    let perms = v["permutations"].as_array().unwrap();
    assert_eq!(perms.len(), 64);
    assert!(perms.iter().all(|p| p.as_array().unwrap().len() == 64));
    assert_eq!(v["max_load"], 2);
    assert_eq!(v["sum_load"], 128);
    assert!(v["root"].is_null());
    let dir = json("--op alltoall --algo 1-lev-dir --mesh 2x3");
    assert_eq!(dir["permutations"].as_array().unwrap().len(), 0);
    let xor = json("--op alltoall --algo 1-lev-xor --mesh 1x3");
    let dests: Vec<&Value> = xor["permutations"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|p| p.as_array().unwrap())
        .collect();
    assert!(dests.iter().any(|&d| d == -1));
}

#[test]
fn human_summary() {
    let out = commbook("--op gather --algo 2-lev-rec --mesh 4x4");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("gather by 2-lev-rec on a 4x4 mesh to P0"),
        "{text}"
    );
}

#[test]
fn bad_input_is_refused_in_one_line() {
    let base = "--op scatter --algo 1-lev-dir --mesh 4x4";
    let cases = [
        ("--algo 1-lev-dir --mesh 4x4", "op is required"),
        ("--op broadcast --algo 1-lev-dir --mesh 4x4", "unknown op"),
        (
            "--op scatter --algo 1-lev-xor --mesh 4x4",
            "not a scatter algorithm",
        ),
        ("--op scatter --algo 1-lev-dir --mesh 4by4", "is not RxC"),
        (
            "--op scatter --algo 1-lev-dir --mesh 1x1",
            "at least 2 processors",
        ),
        (
            "--op alltoall --algo 1-lev-dir --mesh 64x64",
            "at most 1024",
        ),
        (
            "--op scatter --algo logp-lev-rec --gamma 0.3 --mesh 4x4",
            "at least 0.5",
        ),
        (
            "--op scatter --algo 2-lev-rec --gamma 0.5 --mesh 4x4",
            "only to logp-lev-rec",
        ),
        (
            "--op gather --algo 1-lev-dir --mesh 4x4 --root 16",
            "root must be",
        ),
        (&format!("{base} --bytes 0"), "bytes (the message size L)"),
        (&format!("{base} --sizes 3"), "unknown option"),
        (
            "--op scatter --algo logp-lev-rec(x) --mesh 4x4",
            "unknown algorithm",
        ),
        (
            "--op gather --algo logp-lev-rec(0.5) --gamma 0.6 --mesh 4x4",
            "given twice",
        ),
        (
            "--op gather --algo logp-lev-rec --gamma nan --mesh 4x4",
            "gamma must",
        ),
    ];
    for (args, needle) in cases {
        let err = refused(args);
        assert!(err.contains(needle), "{args}: {err}");
    }
}
