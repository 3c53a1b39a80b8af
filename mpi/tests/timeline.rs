//! The timeline's schema and contents, the baseline, the calibrated
//! preset and the table.

mod common;

use common::{mpirun, verified};

#[test]
fn the_timeline_holds_every_phase_rank_and_repetition() {
    let t = verified(
        4,
        &[
            "exchange",
            "--algo",
            "pex",
            "--p",
            "4",
            "--bytes",
            "512",
            "--repeat",
            "3",
            "--baseline",
            "alltoallv",
        ],
    );
    assert_eq!(t["command"], "exchange");
    assert_eq!(t["options"]["bytes"], "512");
    assert_eq!(t["sync"], "loose");
    assert_eq!(t["repeat"], 3);
    assert_eq!(t["total"]["all_s"].as_array().unwrap().len(), 3);
    assert_eq!(t["phases"].as_array().unwrap().len(), 3);
    assert_eq!(t["total_bytes"], 4 * 3 * 512);
    // Every rank sends and receives one block in every PEX step.
    for ph in t["phases"].as_array().unwrap() {
        for r in ph["ranks"].as_array().unwrap() {
            assert_eq!(
                (&r["bytes_sent"], &r["bytes_received"]),
                (&512.into(), &512.into())
            );
        }
    }
    let model: f64 = t["phases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["model_us"].as_f64().unwrap())
        .sum();
    assert!((model - t["model"]["total_us"].as_f64().unwrap()).abs() < 1e-6);
    assert_eq!(t["baseline"]["name"], "MPI_Alltoallv");
    assert_eq!(t["baseline"]["verified"], true);
    assert_eq!(t["baseline"]["total"]["all_s"].as_array().unwrap().len(), 3);
}

#[test]
fn calibrate_writes_a_preset_the_model_reads() {
    // Two sizes, so the fit goes through both points. Timing is at the
    // mercy of the machine: with other work on its two cores a ping-pong
    // has been timed so unevenly that no τ ≥ 0 fits, which calibrate
    // refuses, telling the user to measure more round trips; so does the
    // test, and only that refusal is forgiven.
    let dir = std::env::temp_dir().join(format!("commbook-mpi-cal-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("machine.json");
    let f = file.to_str().unwrap();
    let mut o = None;
    for repeat in ["5", "50", "500"] {
        let run = mpirun(
            2,
            &[
                "calibrate",
                "--sizes",
                "8,1048576",
                "--repeat",
                repeat,
                "--out",
                f,
                "--json",
            ],
        );
        let done = run.status == Some(0);
        assert!(
            done || run.stderr.contains(
                "which no model can use; measure more sizes (--sizes) or round trips (--repeat)"
            ),
            "{run:#?}"
        );
        o = Some(run);
        if done {
            break;
        }
    }
    let o = o.expect("calibrate ran");
    assert_eq!(o.status, Some(0), "{o:#?}");
    let p = o.json();
    assert_eq!(p["schema"], "commbook-machine/1");
    assert_eq!(p["name"], "custom");
    assert_eq!(p["points"].as_array().unwrap().len(), 2);
    assert!(p["tau_us"].as_f64().unwrap() > 0.0 && p["bandwidth_mb_s"].as_f64().unwrap() > 0.0);
    assert!(
        p["advisor"]
            .as_str()
            .unwrap()
            .starts_with("#/embed/advisor?machine=custom&tau=")
    );
    let written: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(written, p);
    let t = verified(4, &["exchange", "--algo", "bex", "--p", "4", "--preset", f]);
    assert_eq!(t["model"]["machine"], "custom");
    let t = verified(
        4,
        &[
            "redist",
            "--k",
            "2",
            "--p",
            "4",
            "--schedule",
            "direct",
            "--preset",
            f,
        ],
    );
    assert_eq!(t["model"]["machine"], "custom");
    // The book's machine or a measured one, not both.
    let o = mpirun(
        4,
        &[
            "schedule",
            "--algo",
            "lp",
            "--gen",
            "fig7",
            "--n",
            "4",
            "--d",
            "2",
            "--machine",
            "sp2",
            "--preset",
            f,
        ],
    );
    assert_eq!(o.status, Some(2));
    assert!(o.stderr.contains("not both"), "{o:#?}");
    let o = mpirun(
        4,
        &["table", "--bytes", "64", "--repeat", "2", "--preset", f],
    );
    assert_eq!(o.status, Some(0), "{o:#?}");
    for row in [
        "| 64 | LEX |",
        "| 64 | PEX |",
        "| 64 | REX |",
        "| 64 | BEX |",
        "| L (bytes) | PEX median | MPI_Alltoallv median",
    ] {
        assert!(o.stdout.contains(row), "{row}: {o:#?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn calibrate_needs_two_ranks() {
    let o = mpirun(1, &["calibrate"]);
    assert_eq!(o.status, Some(2));
    assert!(
        o.stderr.contains("calibrate needs at least 2 ranks"),
        "{o:#?}"
    );
}
