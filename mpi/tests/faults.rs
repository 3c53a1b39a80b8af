//! Bad input and faults: the wrong number of ranks, bad options, a
//! corrupted byte, a phase that never completes. No hang, no silent
//! success.

mod common;

use common::{mpirun, mpirun_within};
use std::time::Duration;

#[test]
fn a_wrong_rank_count_names_the_np_needed_on_every_rank() {
    let o = mpirun_within(
        4,
        &["exchange", "--algo", "pex", "--p", "8"],
        Duration::from_secs(30),
    );
    assert_eq!(o.status, Some(2), "{o:#?}");
    let lines: Vec<&str> = o
        .stderr
        .lines()
        .filter(|l| l.contains("run it with mpirun -np 8"))
        .collect();
    assert_eq!(lines.len(), 4, "one line per rank: {o:#?}");
    for r in 0..4 {
        assert!(
            lines
                .iter()
                .any(|l| l.contains(&format!("(rank {r} of 4)"))),
            "{o:#?}"
        );
    }
    assert!(o.elapsed < Duration::from_secs(20), "took {:?}", o.elapsed);
    // The matrix decides the processors of a schedule.
    let o = mpirun(
        8,
        &[
            "schedule", "--algo", "lp", "--gen", "fig7", "--n", "4", "--d", "2",
        ],
    );
    assert_eq!(o.status, Some(2));
    assert!(
        o.stderr
            .contains("is for 4 processors but 8 ranks were started; run it with mpirun -np 4"),
        "{o:#?}"
    );
}

#[test]
fn bad_options_get_the_clis_messages() {
    let o = mpirun(4, &["exchange", "--algo", "zex", "--p", "4"]);
    assert_eq!(o.status, Some(2));
    assert!(
        o.stderr
            .contains("commbook-mpi: error: unknown exchange 'zex'; available: lex, pex, rex, bex"),
        "{o:#?}"
    );
    let o = mpirun(
        4,
        &["exchange", "--algo", "pex", "--p", "4", "--bites", "8"],
    );
    assert_eq!(o.status, Some(2));
    assert!(
        o.stderr.contains("unknown option 'bites' for exchange"),
        "{o:#?}"
    );
    let o = mpirun(
        4,
        &["exchange", "--algo", "pex", "--p", "4", "--sync", "maybe"],
    );
    assert_eq!(o.status, Some(2));
    assert!(o.stderr.contains("expected barrier"), "{o:#?}");
    // Printed once, by rank 0.
    assert_eq!(o.stderr.matches("commbook-mpi: error").count(), 1, "{o:#?}");
}

#[test]
fn a_corrupted_byte_is_reported_with_rank_phase_source_and_offset() {
    let args = [
        "exchange",
        "--algo",
        "pex",
        "--p",
        "8",
        "--bytes",
        "4096",
        "--corrupt",
        "3:2",
        "--json",
    ];
    let o = mpirun(8, &args);
    assert_eq!(o.status, Some(1), "{o:#?}");
    let t = o.json();
    common::check_timeline(&t, 8);
    assert_eq!(t["verified"], false);
    assert_eq!(t["problem_count"], 1);
    // PEX step 2 pairs 3 with 3 ⊕ 2 = 1; the middle byte of 4096 is 2048.
    let p = &t["problems"][0];
    assert_eq!(p["kind"], "corrupt");
    assert_eq!(
        (&p["rank"], &p["phase"], &p["from"], &p["offset"]),
        (&1.into(), &2.into(), &3.into(), &2048.into())
    );
    assert!(
        p["text"]
            .as_str()
            .unwrap()
            .starts_with("rank 1, phase 2: corrupt byte from rank 3: offset 2048 of message 3 → 1")
    );
    // The human summary says so too, and a relayed block is caught where
    // it is first seen and where it ends.
    let o = mpirun(
        4,
        &[
            "exchange",
            "--algo",
            "rex",
            "--p",
            "4",
            "--bytes",
            "64",
            "--corrupt",
            "0:1",
        ],
    );
    assert_eq!(o.status, Some(1), "{o:#?}");
    assert!(o.stdout.contains("NOT VERIFIED: 2 problems"), "{o:#?}");
    assert!(
        o.stdout.contains("from rank 2, which relayed it: offset"),
        "{o:#?}"
    );
}

#[test]
fn a_stuck_phase_aborts_with_the_phase_and_the_ranks_waiting() {
    // Rank 3 sits out PEX's last step, where it meets rank 0; ranks 1 and
    // 2 finish, so rank 0 is the one rank left waiting, and says so.
    let args = [
        "exchange",
        "--algo",
        "pex",
        "--p",
        "4",
        "--stall",
        "3:3",
        "--timeout",
        "2",
    ];
    let o = mpirun_within(4, &args, Duration::from_secs(60));
    assert_eq!(o.status, Some(3), "{o:#?}");
    assert!(
        o.stderr.contains(
            "commbook-mpi: timeout: phase 3 did not complete within 2 s on rank 0: still waiting to receive from rank 3"
        ),
        "{o:#?}"
    );
    assert!(o.elapsed < Duration::from_secs(30), "took {:?}", o.elapsed);
}
