#![cfg(not(target_arch = "wasm32"))]
//! NICE (paper 002) and paper 004's irregular schedulers through the CLI:
//! the generators, `schedule` with topology and split, and bad input.

use crate::common;

use common::{bad, json};

#[test]
fn generators_make_nice_test_sets() {
    let v = json("com --gen nonuniform --n 8 --d 3 --seed 2 --unit 16 --max 4 --json");
    assert_eq!(v["n"], 8);
    for row in v["sizes"].as_array().unwrap() {
        let sizes: Vec<u64> = row
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_u64().unwrap())
            .collect();
        assert_eq!(sizes.iter().filter(|&&b| b > 0).count(), 3);
        assert!(sizes.iter().all(|&b| b % 16 == 0 && b <= 64));
    }
    let m = json("com --gen mesh --n 16 --points 1000 --json");
    assert_eq!(m["sizes"].as_array().unwrap().len(), 16);
}

#[test]
fn every_new_algorithm_returns_phases_and_stats() {
    for algo in ["rs-n", "rs-nl", "rs-nh", "rs-nlh", "ls", "ps", "bs", "gs"] {
        let v = json(&format!(
            "schedule --algo {algo} --gen nonuniform --n 16 --d 4 --json"
        ));
        assert_eq!(v["algo"], algo);
        let phases = v["phases"].as_array().unwrap();
        assert!(!phases.is_empty());
        for key in ["src", "dst", "bytes", "offset"] {
            assert!(
                phases[0][0].get(key).is_some(),
                "{algo}: transfer lacks {key}"
            );
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
    let v = json("schedule --algo rs-nlh --gen mesh --n 16 --topology mesh:4x4 --split 1.5 --json");
    assert_eq!(v["topology"], "mesh:4x4");
    let mut pieces = v["phases"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|p| p.as_array().unwrap());
    assert!(
        pieces.any(|t| t["offset"].as_u64() > Some(0)),
        "something is split"
    );
    let ft = json("schedule --algo rs-nl --gen fig7 --n 32 --d 6 --json");
    assert_eq!(ft["topology"], "fattree:32");
}

#[test]
fn bad_input_exits_2_with_one_line() {
    let fig7 = "--gen fig7 --n 8 --d 2";
    assert_eq!(
        bad(&format!("schedule --algo rs-nl {fig7} --topology mesh:2x2")),
        "topology mesh:2x2 has 4 processors but the matrix has n = 8; they must be equal"
    );
    assert_eq!(
        bad(&format!("schedule --algo rs-nh {fig7} --split 0.5")),
        "split factor h must be between 1 and 1000 (got h = 0.5)"
    );
    for line in [
        format!("schedule --algo rs-nl {fig7} --topology ring:8"),
        format!("schedule --algo rs-n {fig7} --topology fattree:8"),
        format!("schedule --algo rs-nh {fig7} --split lots"),
        format!("schedule --algo gs {fig7} --split 2"),
        format!("schedule --algo rs-x {fig7}"),
        "com --gen mesh --n 64 --points 100".into(),
        "com --gen nonuniform --n 8 --d 8".into(),
        "com --gen nonuniform --n 8 --d 2 --max 0".into(),
        "com --gen mesh --n 8 --d 2".into(),
    ] {
        bad(&line);
    }
}
