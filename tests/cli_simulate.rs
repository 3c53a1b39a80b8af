#![cfg(not(target_arch = "wasm32"))]
//! The `simulate` command, run as a user would run it. Command lines are
//! written as one string, split at spaces.

use serde_json::Value;
use std::process::{Command, Output};

fn commbook(line: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_commbook"))
        .args(line.split(' '))
        .output()
        .expect("the binary runs")
}

/// Runs `simulate <line> --json` and parses stdout.
fn json(line: &str) -> Value {
    let out = commbook(&format!("simulate {line} --json"));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{line}: {err}");
    serde_json::from_slice(&out.stdout).expect("stdout is JSON")
}

/// Runs `simulate <line>`, expects exit code 2 and one line on stderr.
fn fails(line: &str) -> String {
    let out = commbook(&format!("simulate {line}"));
    assert_eq!(out.status.code(), Some(2), "{line} should fail");
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
    err
}

#[test]
fn pairs_on_a_fat_tree_give_the_documented_shape() {
    let v = json("--topology fattree:64 --pairs 0:16,1:17 --bytes 64");
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    let shape = [
        "cycles",
        "injected_flits",
        "delivered_flits",
        "delivered_messages",
    ];
    assert_eq!(keys, [&shape[..], &["phases", "links"]].concat());
    // Two messages of 4 CM-5 packets of 5 flits.
    assert_eq!(v["injected_flits"], 40);
    assert_eq!(v["delivered_flits"], 40);
    assert_eq!(v["delivered_messages"], 2);
    let phase = &v["phases"][0];
    assert_eq!(phase["messages"], 2);
    assert_eq!(phase["finished_at"], v["cycles"]);
    let links = v["links"].as_object().unwrap();
    assert!(links.contains_key("P0→L1.0.0") || links.contains_key("P0→L1.0.1"));
    assert!(
        links
            .values()
            .all(|l| l["busy"].is_u64() && l["blocked"].is_u64())
    );
}

#[test]
fn one_message_on_a_mesh_takes_startup_hops_and_flits() {
    // Delta preset: 100 cycles of start-up, (0,0) → (1,1) is 2 hops, 100 bytes
    // are ⌈130 / 16⌉ = 9 flits.
    let v = json("--topology mesh:2x2 --pairs 0:3 --bytes 100");
    assert_eq!(v["cycles"], 111);
    assert_eq!(v["phases"][0]["max_latency"], 111);
    let links = v["links"].as_object().unwrap();
    assert_eq!(links.len(), 2);
    assert_eq!(links["(0,0)→(0,1)"]["busy"], 9);
}

/// LP on a 16-processor Figure 7 matrix of density 3, on a 4×4 mesh.
const LP_ON_MESH: &str = "--topology mesh:4x4 --algo lp --gen fig7 --n 16 --d 3";

#[test]
fn schedules_run_phase_by_phase() {
    let v = json(&format!("{LP_ON_MESH} --sync barrier"));
    assert_eq!(v["delivered_messages"], 48);
    assert_eq!(v["phases"].as_array().unwrap().len(), 15);
    assert_eq!(v["injected_flits"], v["delivered_flits"]);
    let text = commbook(&format!("simulate {LP_ON_MESH}"));
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("48 of 48 messages delivered"), "{text}");
    assert!(text.contains("busiest links:"), "{text}");
}

#[test]
fn bad_input_fails_with_one_line() {
    let e = fails("--topology mesh:4x4 --pairs 0:99");
    assert!(e.contains("outside 0..16"), "{e}");
    for line in [
        "--topology mesh:4x4",
        "--pairs 0:1",
        "--topology ring:4 --pairs 0:1",
        "--topology mesh:4x4 --pairs 0-1",
        "--topology mesh:4x4 --pairs 0:1 --algo lp",
        "--topology mesh:4x4 --pairs 0:1 --buffer 0",
        "--topology mesh:4x4 --pairs 0:1 --sync never",
        "--topology mesh:4x4 --pairs 0:1 --frob 2",
        "--topology mesh:4x4 --algo zz --gen fig7 --n 16 --d 2",
        "--topology mesh:4x4 --algo lp --gen fig7 --n 8 --d 2",
    ] {
        fails(line);
    }
    let e = fails("--topology mesh:4x4 --pairs 0:15 --bytes 1099511627776");
    assert!(e.contains("above the limit"), "{e}");
    // With the largest size that fits, halving the one given (the core's
    // tests check that it fits and twice it does not).
    let fits = e
        .split("with bytes = ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|n| n.parse::<u64>().ok())
        .unwrap_or_else(|| panic!("no size suggested: {e}"));
    assert!(fits.is_power_of_two() && fits < 1 << 40, "{e}");
    let e = fails("--topology mesh:1x4 --pairs 1:0,3:0 --bytes 964 --claim arrival");
    assert!(e.contains("deadlock at cycle"), "{e}");
}

#[test]
fn a_hypercube_routes_e_cube_on_the_ipsc860_preset() {
    // 0 → 7 corrects bits 0, 1, 2 in turn; 1 KB is one circuit of 258
    // flits after the iPSC/860's 85-cycle start-up.
    let v = json("--topology hypercube:8 --pairs 0:7 --bytes 1024");
    assert_eq!(v["cycles"], 85 + 3 + 258);
    let links: Vec<&String> = v["links"].as_object().unwrap().keys().collect();
    assert_eq!(
        links,
        [
            "P0→P1 (dimension 0)",
            "P1→P3 (dimension 1)",
            "P3→P7 (dimension 2)"
        ]
    );
    assert!(v.get("notices").is_none(), "nothing was corrected");
}

#[test]
fn a_hypercube_of_the_wrong_size_is_corrected_with_a_notice() {
    let v = json("--topology hypercube:48 --pairs 0:31 --bytes 16");
    assert_eq!(
        v["notices"][0],
        "hypercube:48: a hypercube's 48 processors must be a power of two; using hypercube:32"
    );
    let out = commbook("simulate --topology hypercube:2048 --pairs 0:1");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("note: hypercube:2048: a hypercube has at most 1024 processors here; using hypercube:1024\n"),
        "{text}"
    );
    // A pair past the corrected size is an error that names it.
    let err = fails("--topology hypercube:48 --pairs 0:40");
    assert!(err.contains("40"), "{err}");
    let err = fails("--topology torus:8 --pairs 0:1");
    assert!(err.contains("hypercube:N"), "{err}");
}

#[test]
fn a_kary_tree_routes_up_and_down_on_the_edr_preset() {
    // 0 → 63 on the 4-ary 3-tree climbs to the top by d-mod-k (63 is 333
    // in base 4: up-port 3 at every switch) and comes down the one way;
    // 1 KB is ⌈(1,024 + 26) / 64⌉ = 17 flits after the EDR start-up.
    let v = json("--topology kary:4:3 --pairs 0:63 --bytes 1024");
    assert_eq!(v["cycles"], 178 + 6 + 17);
    let links: std::collections::BTreeSet<&str> = v["links"]
        .as_object()
        .unwrap()
        .keys()
        .map(|k| k.as_str())
        .collect();
    let route = [
        "P0→L1.0.0",
        "L1.0.0→L2.0.3",
        "L2.0.3→L3.0.15",
        "L3.0.15→L2.3.3",
        "L2.3.3→L1.15.0",
        "L1.15.0→P63",
    ];
    assert_eq!(links, route.into_iter().collect());
    assert!(v.get("notices").is_none(), "nothing was corrected");
    // Another preset by name, and random up-routing: one packet, 20 hops.
    let v = json("--topology kary:2:10 --pairs 0:1023 --bytes 16 --machine cm5 --routing random");
    assert_eq!(v["links"].as_object().unwrap().len(), 20);
}

#[test]
fn a_kary_tree_that_cannot_be_built_is_corrected_with_a_notice() {
    let v = json("--topology kary:4:6 --pairs 0:1 --bytes 16");
    assert_eq!(
        v["notices"][0],
        "kary:4:6: a k-ary n-tree has at most 1024 processors here, the simulator's practical cap, and 4^6 is 4096; using kary:4:5"
    );
    let v = json("--topology kary:1:3 --pairs 0:7 --bytes 16");
    assert_eq!(
        v["notices"][0],
        "kary:1:3: a k-ary n-tree's switches need k ≥ 2 links down (got k = 1); using kary:2:3"
    );
    let err = fails("--topology kary:4 --pairs 0:1");
    assert!(err.contains("kary:K:N (e.g. kary:4:3)"), "{err}");
    let err = fails("--topology kary:2:3 --pairs 0:8");
    assert!(err.contains('8'), "{err}");
    // RS_NL keeps the tree's static routes apart.
    let out = commbook("schedule --algo rs-nl --gen fig7 --n 16 --d 3 --topology kary:2:4 --json");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = commbook("schedule --algo rs-nl --gen fig7 --n 16 --d 3 --topology kary:2:5 --json");
    assert_eq!(out.status.code(), Some(2));
}
