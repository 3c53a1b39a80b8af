//! Every algorithm of every subcommand on small cases, over MPI with 4 and
//! 8 ranks: every byte verified, the timeline whole.

mod common;

use commbook_core::mesh::algo::Op;
use common::verified;

/// Every algorithm the core has for `op`, by name: a new one is tested
/// without a line here.
fn names(op: Op) -> Vec<&'static str> {
    op.algos().iter().map(|a| a.name()).collect()
}

#[test]
fn every_scheduler_on_8_ranks() {
    let algos = [
        "ac", "lp", "gm", "cgm", "rs-n", "rs-nl", "rs-nh", "rs-nlh", "ls", "ps", "bs", "gs",
    ];
    for algo in algos {
        let t = verified(
            8,
            &[
                "schedule", "--algo", algo, "--gen", "fig7", "--n", "8", "--d", "3", "--seed", "1",
            ],
        );
        assert_eq!(t["algo"], algo);
        assert_eq!(t["model"]["machine"], "cm5");
    }
}

#[test]
fn split_messages_and_matrix_files_on_4_ranks() {
    // RS_NLH splits large messages (CPT offsets), on a 2x2 mesh's links.
    verified(
        4,
        &[
            "schedule",
            "--algo",
            "rs-nlh",
            "--gen",
            "nonuniform",
            "--n",
            "4",
            "--d",
            "3",
            "--seed",
            "2",
            "--topology",
            "mesh:2x2",
        ],
    );
    let dir = std::env::temp_dir().join(format!("commbook-mpi-com-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("com.csv");
    std::fs::write(&file, "0,100,0,7\n30,0,5,0\n0,0,9,4000\n1,2,3,0\n").unwrap();
    let t = verified(
        4,
        &[
            "schedule",
            "--algo",
            "gs",
            "--com",
            file.to_str().unwrap(),
            "--machine",
            "sp2",
        ],
    );
    assert_eq!(t["messages"], 9);
    assert_eq!(t["options"]["com"], file.to_str().unwrap());
    assert_eq!(t["model"]["machine"], "sp2");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_exchange_on_4_and_8_ranks() {
    // Paper 004's four and chapter 14's three.
    for np in [4usize, 8] {
        let p = np.to_string();
        for algo in ["lex", "pex", "rex", "bex", "bruck", "shift", "linear"] {
            let t = verified(
                np,
                &[
                    "exchange", "--algo", algo, "--p", &p, "--bytes", "1000", "--sync", "barrier",
                ],
            );
            let n = (np * (np - 1)) as u64;
            assert_eq!(t["messages"], n);
            assert_eq!(t["message_bytes"], n * 1000);
        }
    }
}

#[test]
fn every_collective_on_8_ranks() {
    let scatter = names(Op::Scatter);
    for &algo in &scatter {
        verified(
            8,
            &[
                "collective",
                "--op",
                "scatter",
                "--algo",
                algo,
                "--mesh",
                "2x4",
                "--root",
                "5",
                "--bytes",
                "100",
            ],
        );
        if !algo.contains("-br") {
            verified(
                8,
                &[
                    "collective",
                    "--op",
                    "gather",
                    "--algo",
                    algo,
                    "--mesh",
                    "2x4",
                    "--root",
                    "2",
                    "--bytes",
                    "100",
                ],
            );
        }
    }
    let alltoall = names(Op::AllToAll);
    for &algo in &alltoall {
        verified(
            8,
            &[
                "collective",
                "--op",
                "alltoall",
                "--algo",
                algo,
                "--mesh",
                "2x4",
                "--bytes",
                "64",
            ],
        );
    }
    verified(
        4,
        &[
            "collective",
            "--op",
            "alltoall",
            "--algo",
            "2-lev-sq",
            "--mesh",
            "2x2",
            "--bytes",
            "64",
        ],
    );
}

#[test]
fn every_redistribution_on_4_and_8_ranks() {
    for schedule in ["direct", "indirect", "hybrid:1", "multiphase"] {
        verified(
            8,
            &[
                "redist",
                "--k",
                "4",
                "--p",
                "8",
                "--schedule",
                schedule,
                "--x",
                "2",
                "--n",
                "200",
            ],
        );
    }
    verified(
        8,
        &[
            "redist",
            "--k",
            "4",
            "--p",
            "8",
            "--schedule",
            "indirect",
            "--direction",
            "down",
        ],
    );
    verified(
        4,
        &[
            "redist",
            "--k",
            "6",
            "--p",
            "4",
            "--schedule",
            "indirect",
            "--x",
            "3",
            "--n",
            "150",
        ],
    );
}
