//! Every algorithm of every command, built as the runner builds it and
//! executed in memory ([`crate::exec::replay`]): every byte must arrive in
//! place, exactly once, and a corrupted byte must be reported.

use crate::exec::problem::Problem;
use crate::exec::replay::replay;
use crate::options::build;
use crate::plan::Plan;
use commbook_api::Args;
use commbook_core::mesh::algo::Op;
use serde_json::Value;

/// Every algorithm the core has for `op`, by name: a new one is tested
/// without a line here.
fn names(op: Op) -> Vec<&'static str> {
    op.algos().iter().map(|a| a.name()).collect()
}

fn plan(command: &str, opts: &[(&str, &str)]) -> Plan {
    let mut args = Args::default();
    for (k, v) in opts {
        args.insert(k, Value::String(v.to_string())).unwrap();
    }
    let plan = build(command, &args, None).unwrap_or_else(|e| panic!("{command} {opts:?}: {e}"));
    args.finish(command).unwrap();
    plan
}

/// Checks a plan end to end and returns it.
fn runs(command: &str, opts: &[(&str, &str)]) -> Plan {
    let p = plan(command, opts);
    assert_eq!(p.model.phase_us.len(), p.phases.len(), "{command} {opts:?}");
    assert!(p.model.total_us() >= 0.0);
    let problems = replay(&p, None);
    assert!(problems.is_empty(), "{command} {opts:?}: {problems:#?}");
    p
}

#[test]
fn every_scheduler_delivers_every_byte() {
    let algos = [
        "ac", "lp", "gm", "cgm", "rs-n", "rs-nl", "rs-nh", "rs-nlh", "ls", "ps", "bs", "gs",
    ];
    for algo in algos {
        for (generator, n, d) in [
            ("fig7", "8", "3"),
            ("random", "6", "2"),
            ("nonuniform", "8", "4"),
        ] {
            runs(
                "schedule",
                &[
                    ("algo", algo),
                    ("gen", generator),
                    ("n", n),
                    ("d", d),
                    ("seed", "3"),
                ],
            );
        }
        runs(
            "schedule",
            &[("algo", algo), ("gen", "mesh"), ("n", "8"), ("seed", "2")],
        );
    }
}

#[test]
fn split_messages_land_at_their_offsets() {
    // RS_NH cuts a message to the phase's cap; the pieces must reassemble.
    let p = runs(
        "schedule",
        &[
            ("algo", "rs-nh"),
            ("gen", "nonuniform"),
            ("n", "8"),
            ("d", "5"),
            ("seed", "1"),
            ("split", "1"),
        ],
    );
    let pieces = p
        .phases
        .iter()
        .flat_map(|ph| &ph.sends)
        .filter(|s| s.pieces[0].offset > 0);
    assert!(
        pieces.count() > 0,
        "the test matrix should make RS_NH split"
    );
}

#[test]
fn a_matrix_file_and_its_diagonal() {
    // Diagonal entries are local copies; they must arrive too.
    let com = r#"{"n": 4, "sizes": [[5,10,0,0],[0,0,7,0],[3,0,2,0],[0,1,0,0]]}"#;
    let p = runs("schedule", &[("algo", "lp"), ("com", com)]);
    assert!(p.message(0, 0).is_some() && p.message(2, 2).is_some());
    assert_eq!(p.messages.len(), 6);
}

#[test]
fn every_exchange_delivers_every_block() {
    for p in ["2", "4", "8", "16"] {
        for algo in ["lex", "pex", "rex", "bex"] {
            for bytes in ["0", "1", "256", "1000"] {
                runs("exchange", &[("algo", algo), ("p", p), ("bytes", bytes)]);
            }
        }
    }
    for algo in ["lex", "pex", "bex"] {
        runs("exchange", &[("algo", algo), ("p", "6"), ("bytes", "64")]);
    }
    // REX relays: p/2 blocks per send, lg p phases.
    let rex = runs("exchange", &[("algo", "rex"), ("p", "8"), ("bytes", "16")]);
    assert_eq!(rex.phases.len(), 3);
    assert!(
        rex.phases
            .iter()
            .all(|ph| ph.sends.iter().all(|s| s.pieces.len() == 4))
    );
}

#[test]
fn every_collective_delivers_every_message() {
    let scatter = names(Op::Scatter);
    let alltoall = names(Op::AllToAll);
    for mesh in ["2x2", "2x4", "4x4"] {
        for &algo in &scatter {
            runs(
                "collective",
                &[
                    ("op", "scatter"),
                    ("algo", algo),
                    ("mesh", mesh),
                    ("root", "1"),
                    ("bytes", "32"),
                ],
            );
            if !algo.contains("-br") {
                runs(
                    "collective",
                    &[
                        ("op", "gather"),
                        ("algo", algo),
                        ("mesh", mesh),
                        ("root", "2"),
                        ("bytes", "32"),
                    ],
                );
            }
        }
        for &algo in &alltoall {
            runs(
                "collective",
                &[
                    ("op", "alltoall"),
                    ("algo", algo),
                    ("mesh", mesh),
                    ("bytes", "24"),
                ],
            );
        }
    }
}

#[test]
fn every_redistribution_puts_every_element_home() {
    for (k, p) in [("2", "4"), ("6", "9"), ("4", "8"), ("3", "2"), ("8", "4")] {
        for schedule in ["direct", "indirect", "hybrid:1", "multiphase"] {
            for direction in ["up", "down"] {
                for (x, n) in [("1", None), ("3", Some("30")), ("2", Some("50"))] {
                    let mut o = vec![
                        ("k", k),
                        ("p", p),
                        ("schedule", schedule),
                        ("direction", direction),
                        ("x", x),
                    ];
                    if let Some(n) = n {
                        o.push(("n", n));
                    }
                    runs("redist", &o);
                }
            }
        }
    }
}

#[test]
fn corruption_is_reported_with_rank_phase_source_and_offset() {
    let p = plan("exchange", &[("algo", "pex"), ("p", "4"), ("bytes", "100")]);
    let problems = replay(&p, Some((2, 1)));
    assert_eq!(problems.len(), 1, "{problems:?}");
    // PEX step 1 pairs 2 with 2 ⊕ 1 = 3.
    let Problem::Corrupt {
        rank,
        phase,
        from,
        origin,
        dest,
        offset,
        bad_bytes,
        ..
    } = problems[0]
    else {
        panic!("{problems:?}");
    };
    assert_eq!(
        (rank, phase, from, origin, dest, offset, bad_bytes),
        (3, 1, 2, 2, 3, 50, 1)
    );
    // A relayed block is reported where it is first seen and where it ends.
    let rex = plan("exchange", &[("algo", "rex"), ("p", "8"), ("bytes", "8")]);
    let problems = replay(&rex, Some((0, 1)));
    assert!(problems.len() >= 2, "{problems:?}");
    assert!(
        problems
            .iter()
            .all(|p| matches!(p, Problem::Corrupt { .. }))
    );
    let text = problems[0].to_string();
    assert!(text.contains("phase") && text.contains("offset"), "{text}");
}

#[test]
fn bad_options_get_the_clis_messages() {
    let mut args = Args::default();
    args.insert("algo", Value::String("pex".into())).unwrap();
    args.insert("p", Value::String("1".into())).unwrap();
    let e = build("exchange", &args, None).unwrap_err().0;
    assert_eq!(e, "p must be between 2 and 1024 (got 1)");
    let mut args = Args::default();
    args.insert("algo", Value::String("nope".into())).unwrap();
    args.insert("gen", Value::String("fig7".into())).unwrap();
    assert!(
        build("schedule", &args, None)
            .unwrap_err()
            .0
            .contains("unknown algorithm")
    );
}
