#![cfg(not(target_arch = "wasm32"))]
//! The `schedule` and `com` commands of the native CLI, end to end: JSON
//! shapes on good input, exit code 2 and one line on stderr on bad input.

use serde_json::Value;
use std::process::Command;

fn commbook(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_commbook"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn json(args: &[&str]) -> Value {
    let (code, out, err) = commbook(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).expect("stdout is JSON")
}

/// Bad input: exit code 2, nothing on stdout, one line on stderr containing `want`.
fn refused(args: &[&str], want: &str) {
    let (code, out, err) = commbook(args);
    assert_eq!(code, 2, "{args:?} should fail: {out}");
    assert!(out.is_empty(), "{args:?} printed {out}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert!(err.contains(want), "{args:?}: {err} lacks {want}");
}

#[test]
fn every_paper_000_algorithm_gives_the_documented_shape() {
    for algo in ["ac", "lp", "gm", "cgm"] {
        let v = json(&[
            "schedule", "--algo", algo, "--gen", "fig7", "--n", "16", "--d", "4", "--seed", "3",
            "--json",
        ]);
        assert_eq!(v["algo"], algo);
        assert_eq!(v["n"], 16);
        let phases = v["phases"].as_array().unwrap();
        let total: usize = phases.iter().map(|p| p.as_array().unwrap().len()).sum();
        assert_eq!(total, 64, "{algo}: every message once");
        let t = &phases[0][0];
        for key in ["src", "dst", "bytes", "offset"] {
            assert!(t[key].is_u64(), "{algo}: transfer lacks {key}");
        }
        let st = &v["stats"];
        for key in [
            "phases",
            "steps",
            "probes",
            "lower_bound",
            "messages",
            "busy_phases",
        ] {
            assert!(st[key].is_u64(), "{algo}: stats lack {key}");
        }
        assert_eq!(st["phases"].as_u64().unwrap() as usize, phases.len());
        assert_eq!(
            st["phase_max_bytes"].as_array().unwrap().len(),
            phases.len()
        );
        assert!(st["predicted_us"].as_f64().unwrap() > 0.0);
        assert_eq!(st["machine"], "cm5");
        assert_eq!(st["lower_bound"], 4);
    }
}

#[test]
fn lp_takes_31_steps_on_32_and_cgm_is_near_d() {
    let lp = json(&[
        "schedule", "--algo", "lp", "--gen", "fig7", "--n", "32", "--d", "4", "--json",
    ]);
    assert_eq!(lp["stats"]["phases"], 31);
    let cgm = json(&[
        "schedule", "--algo", "cgm", "--gen", "fig7", "--n", "32", "--d", "4", "--json",
    ]);
    let p = cgm["stats"]["phases"].as_u64().unwrap();
    assert!((4..=8).contains(&p), "{p}");
    assert_eq!(
        json(&[
            "schedule", "--algo", "ac", "--gen", "random", "--n", "9", "--d", "2", "--json"
        ])["stats"]["probes"],
        0
    );
}

#[test]
fn options_reach_the_algorithms() {
    let base = [
        "schedule", "--algo", "gm", "--gen", "fig7", "--n", "12", "--d", "3", "--json",
    ];
    let zero = json(&base);
    let mut after = base.to_vec();
    after.extend(["--scan", "after-row", "--machine", "t3d"]);
    let after = json(&after);
    assert_eq!(after["stats"]["machine"], "t3d");
    assert_ne!(zero["stats"]["probes"], after["stats"]["probes"]);
    let mut seeded = base.to_vec();
    seeded.extend(["--seed", "99"]);
    assert_ne!(zero["phases"], json(&seeded)["phases"]);
}

#[test]
fn com_random_and_a_matrix_file() {
    let v = json(&[
        "com", "--gen", "random", "--n", "6", "--d", "2", "--seed", "4", "--json",
    ]);
    assert_eq!(v["n"], 6);
    let rows = v["sizes"].as_array().unwrap();
    assert_eq!(rows.len(), 6);
    for (i, r) in rows.iter().enumerate() {
        let r = r.as_array().unwrap();
        assert_eq!(r.len(), 6);
        assert_eq!(r.iter().filter(|x| x.as_u64() > Some(0)).count(), 2);
        assert_eq!(r[i], 0, "no self-message");
    }
    let path = std::env::temp_dir().join(format!("commbook-cli-{}.csv", std::process::id()));
    std::fs::write(&path, "0,5,0\n0,0,7\n3,0,0\n").unwrap();
    let file = path.to_str().unwrap();
    let v = json(&["schedule", "--algo", "cgm", "--com", file, "--json"]);
    assert_eq!(v["stats"]["messages"], 3);
    assert_eq!(v["stats"]["phases"], 1);
    let (code, text, _) = commbook(&["schedule", "--algo", "gm", "--com", file]);
    assert_eq!(code, 0);
    assert!(text.starts_with("gm: 1 phases"), "{text}");
    std::fs::write(&path, "0,1\n1\n").unwrap();
    refused(
        &["schedule", "--algo", "cgm", "--com", file],
        "row 1 has 1 entries",
    );
    std::fs::write(&path, "0,-4\n1,0\n").unwrap();
    refused(&["schedule", "--algo", "lp", "--com", file], "negative");
    std::fs::remove_file(&path).ok();
}

#[test]
fn bad_input_is_refused_with_one_line() {
    let fig7 = |algo: &'static str, n: &'static str, d: &'static str| {
        vec![
            "schedule", "--algo", algo, "--gen", "fig7", "--n", n, "--d", d,
        ]
    };
    refused(&fig7("cgm", "0", "1"), "n must be between 1");
    refused(
        &fig7("gm", "8", "8"),
        "d must be below n (got d = 8, n = 8)",
    );
    refused(&fig7("cgm", "8", "0"), "d must be between 1");
    refused(
        &fig7("xyz", "8", "2"),
        "unknown algorithm 'xyz'; available: ac, lp, gm, cgm",
    );
    refused(&fig7("cgm", "9000", "2"), "n must be between 1 and 8192");
    refused(&fig7("cgm", "8192", "1000"), "d ≤ 512 for n = 8192");
    refused(&fig7("cgm", "-3", "2"), "n must be a whole number ≥ 0");
    let mut m = fig7("lp", "8", "2");
    m.extend(["--machine", "vax"]);
    refused(&m, "unknown machine 'vax'");
    let mut s = fig7("gm", "8", "2");
    s.extend(["--scan", "sideways"]);
    refused(&s, "unknown scan 'sideways'; available: zero, after-row");
    let mut s = fig7("cgm", "8", "2");
    s.extend(["--scan", "zero"]);
    refused(&s, "unknown option 'scan'");
    refused(
        &["schedule", "--gen", "fig7", "--n", "8", "--d", "2"],
        "algo is required",
    );
    refused(&["schedule", "--algo", "cgm"], "say which matrix");
    refused(
        &["com", "--gen", "random", "--n", "5", "--d", "5"],
        "d must be below n",
    );
    refused(
        &["com", "--gen", "nope", "--n", "5", "--d", "1"],
        "unknown generator 'nope'",
    );
    refused(
        &["schedule", "--algo", "cgm", "--com", "/no/such/file.csv"],
        "cannot read matrix file",
    );
}

/// A machine measured by `commbook-mpi calibrate` (a `commbook-machine/1`
/// preset) prices the schedule: LP's phases are permutations, so each
/// costs τ plus φ per byte of its largest message (τ alone if empty).
#[test]
fn a_measured_machine_preset_prices_the_schedule() {
    let dir = std::env::temp_dir().join(format!("commbook-cli-preset-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("machine.json");
    let preset = serde_json::json!({
        "schema": "commbook-machine/1", "name": "custom", "title": "a test cluster",
        "tau_us": 10.0, "phi_us_per_byte": 0.001, "bandwidth_mb_s": 1000.0,
        "source": "written by a test", "points": [],
        "advisor": "#/embed/advisor?machine=custom&tau=10&bw=1000"
    });
    std::fs::write(&file, preset.to_string()).unwrap();
    let path = file.to_str().unwrap();
    let v = json(&[
        "schedule",
        "--algo",
        "lp",
        "--gen",
        "fig7",
        "--n",
        "8",
        "--d",
        "2",
        "--seed",
        "1",
        "--machine",
        path,
        "--json",
    ]);
    let st = &v["stats"];
    assert_eq!(st["machine"], "custom");
    let phases = st["phases"].as_f64().unwrap();
    let bytes: f64 = st["phase_max_bytes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b.as_f64().unwrap())
        .sum();
    let want = 10.0 * phases + 0.001 * bytes;
    let got = st["predicted_us"].as_f64().unwrap();
    assert!((got - want).abs() < 1e-6 * want, "{got} against {want}");
    // A file that is not a preset, and one that is not there.
    let bad = dir.join("bad.json");
    std::fs::write(&bad, r#"{"schema": "x"}"#).unwrap();
    let lp = [
        "schedule",
        "--algo",
        "lp",
        "--gen",
        "fig7",
        "--n",
        "8",
        "--d",
        "2",
        "--machine",
    ];
    let mut m = lp.to_vec();
    m.push(bad.to_str().unwrap());
    refused(&m, "is not a machine preset");
    let mut m = lp.to_vec();
    m.push("/nonexistent/m.json");
    refused(&m, "cannot read preset file /nonexistent/m.json");
    std::fs::remove_dir_all(&dir).unwrap();
}
