#![cfg(not(target_arch = "wasm32"))]
//! NICE (paper 002) and paper 004's irregular schedulers through the CLI:
//! the generators, `schedule` with topology and split, and bad input.

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
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("valid JSON")
}

#[test]
fn generators_make_nice_test_sets() {
    let v = json(&["com", "--gen", "nonuniform", "--n", "8", "--d", "3", "--seed", "2", "--unit", "16", "--max", "4", "--json"]);
    assert_eq!(v["n"], 8);
    let rows = v["sizes"].as_array().unwrap();
    for row in rows {
        let sizes: Vec<u64> = row.as_array().unwrap().iter().map(|x| x.as_u64().unwrap()).collect();
        assert_eq!(sizes.iter().filter(|&&b| b > 0).count(), 3);
        assert!(sizes.iter().all(|&b| b % 16 == 0 && b <= 64));
    }
    let m = json(&["com", "--gen", "mesh", "--n", "16", "--points", "1000", "--json"]);
    assert_eq!(m["sizes"].as_array().unwrap().len(), 16);
}

#[test]
fn every_new_algorithm_returns_phases_and_stats() {
    for algo in ["rs-n", "rs-nl", "rs-nh", "rs-nlh", "ls", "ps", "bs", "gs"] {
        let v = json(&["schedule", "--algo", algo, "--gen", "nonuniform", "--n", "16", "--d", "4", "--json"]);
        assert_eq!(v["algo"], algo);
        let phases = v["phases"].as_array().unwrap();
        assert!(!phases.is_empty());
        let t = &phases[0][0];
        for key in ["src", "dst", "bytes", "offset"] {
            assert!(t.get(key).is_some(), "{algo}: transfer lacks {key}");
        }
        for key in ["phases", "steps", "probes", "messages", "lower_bound"] {
            assert!(v["stats"].get(key).is_some(), "{algo}: stats lack {key}");
        }
        let with_topology = algo == "rs-nl" || algo == "rs-nlh";
        assert_eq!(v.get("topology").is_some(), with_topology, "{algo}");
    }
}

#[test]
fn topology_and_split_are_used() {
    let v = json(&["schedule", "--algo", "rs-nlh", "--gen", "mesh", "--n", "16", "--topology", "mesh:4x4", "--split", "1.5", "--json"]);
    assert_eq!(v["topology"], "mesh:4x4");
    let pieces = v["phases"].as_array().unwrap().iter().flat_map(|p| p.as_array().unwrap().clone());
    assert!(pieces.into_iter().any(|t| t["offset"].as_u64() > Some(0)), "something is split");
    let ft = json(&["schedule", "--algo", "rs-nl", "--gen", "fig7", "--n", "32", "--d", "6", "--json"]);
    assert_eq!(ft["topology"], "fattree:32");
}

#[test]
fn bad_input_exits_2_with_one_line() {
    for args in [
        &["schedule", "--algo", "rs-nl", "--gen", "fig7", "--n", "8", "--d", "2", "--topology", "mesh:2x2"][..],
        &["schedule", "--algo", "rs-nl", "--gen", "fig7", "--n", "8", "--d", "2", "--topology", "ring:8"],
        &["schedule", "--algo", "rs-n", "--gen", "fig7", "--n", "8", "--d", "2", "--topology", "fattree:8"],
        &["schedule", "--algo", "rs-nh", "--gen", "fig7", "--n", "8", "--d", "2", "--split", "0.5"],
        &["schedule", "--algo", "rs-nh", "--gen", "fig7", "--n", "8", "--d", "2", "--split", "lots"],
        &["schedule", "--algo", "gs", "--gen", "fig7", "--n", "8", "--d", "2", "--split", "2"],
        &["schedule", "--algo", "rs-x", "--gen", "fig7", "--n", "8", "--d", "2"],
        &["com", "--gen", "mesh", "--n", "64", "--points", "100"],
        &["com", "--gen", "nonuniform", "--n", "8", "--d", "8"],
        &["com", "--gen", "nonuniform", "--n", "8", "--d", "2", "--max", "0"],
        &["com", "--gen", "mesh", "--n", "8", "--d", "2"],
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("commbook: error: "), "{err}");
    }
    let err = String::from_utf8(run(&["schedule", "--algo", "rs-nl", "--gen", "fig7", "--n", "8", "--d", "2", "--topology", "mesh:2x2"]).stderr).unwrap();
    assert_eq!(err.trim_end(), "commbook: error: topology mesh:2x2 has 4 processors but the matrix has n = 8; they must be equal");
}
