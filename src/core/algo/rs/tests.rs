use super::*;
use crate::com::fig7::Fig7Config;
use crate::com::nonuniform::NonuniformConfig;
use crate::net::{StaticRouting, TopologySpec};
use crate::trace::Replay;
use crate::verify::verify;
use expect_test::expect;

const ALL: [RsVariant; 4] = [RsVariant::N, RsVariant::Nl, RsVariant::Nh, RsVariant::Nlh];

/// One line per step: its number and caption.
fn render(trace: &Trace<RsState>) -> String {
    (1..=trace.len())
        .map(|k| format!("{k:>2}: {}\n", caption(trace.events(k))))
        .collect()
}

fn check(com: &Com, cfg: &RsConfig) -> Schedule {
    let (s, t) = trace(com, cfg).unwrap();
    let fast = schedule(com, cfg).unwrap();
    assert_eq!(fast.schedule, s, "the fast path and the traced run agree");
    let net = cfg.topology(com.n()).map(|spec| spec.build());
    let routing = net.as_deref().map(StaticRouting);
    assert_eq!(verify(com, &s, routing.as_ref().map(|r| r as _)), Ok(()));
    // Replaying the trace rebuilds every phase table.
    let mut issued = Vec::new();
    for pos in 1..=t.len() {
        if let Some(RsEvent::PhaseEnd { phase }) = t.events(pos).last() {
            let st = t.state_at(pos);
            assert_eq!(st.phases_done, *phase);
            issued.push(st.transfers);
        }
    }
    assert_eq!(issued, s.phases);
    let last = t.final_state();
    assert_eq!(last.active(), 0);
    assert_eq!(last.bytes_sent, com.total_bytes());
    assert_eq!(last.probes, fast.probes);
    s
}

#[test]
fn all_variants_verify_and_replay() {
    let com = NonuniformConfig::new(16, 4, 3).generate().unwrap();
    for v in ALL {
        let s = check(&com, &RsConfig::new(v, 11));
        assert!(s.len() >= 4, "{v:?}");
    }
    let mesh = RsConfig {
        topology: Some(TopologySpec::Mesh { rows: 4, cols: 4 }),
        ..RsConfig::new(RsVariant::Nlh, 2)
    };
    check(&com, &mesh);
}

#[test]
fn phases_near_d_plus_log_d() {
    // §3.3: about d + log d phases for d random messages per processor.
    let com = Fig7Config::new(64, 8, 1).generate().unwrap();
    let mut total = 0;
    for seed in 0..10 {
        total += schedule(&com, &RsConfig::new(RsVariant::N, seed))
            .unwrap()
            .schedule
            .len();
    }
    let mean = total as f64 / 10.0;
    assert!((8.0..=13.0).contains(&mean), "mean phases {mean}");
}

#[test]
fn equal_sizes_are_never_split() {
    let com = Fig7Config::new(16, 5, 4).generate().unwrap();
    let n = schedule(&com, &RsConfig::new(RsVariant::N, 9)).unwrap();
    let nh = schedule(&com, &RsConfig::new(RsVariant::Nh, 9)).unwrap();
    assert_eq!(n.schedule.phases, nh.schedule.phases);
}

#[test]
fn splitting_evens_out_phases() {
    let com = NonuniformConfig {
        max: 50,
        ..NonuniformConfig::new(32, 6, 8)
    }
    .generate()
    .unwrap();
    let spread = |s: &Schedule| -> f64 {
        // Mean over phases of (largest − smallest) / largest.
        let v: Vec<f64> = s
            .phases
            .iter()
            .map(|p| {
                let hi = p.iter().map(|t| t.bytes).max().unwrap_or(1) as f64;
                let lo = p.iter().map(|t| t.bytes).min().unwrap_or(1) as f64;
                (hi - lo) / hi
            })
            .collect();
        v.iter().sum::<f64>() / v.len() as f64
    };
    let n = check(&com, &RsConfig::new(RsVariant::N, 1));
    let nh = check(&com, &RsConfig::new(RsVariant::Nh, 1));
    assert!(
        spread(&nh) < spread(&n),
        "{} vs {}",
        spread(&nh),
        spread(&n)
    );
    assert!(nh.len() > n.len());
    let loose = RsConfig {
        split: Some(3.0),
        ..RsConfig::new(RsVariant::Nh, 1)
    };
    assert!(check(&com, &loose).len() < nh.len());
}

#[test]
fn link_variant_on_a_mesh_sees_link_conflicts() {
    // A 1×4 line: 0 → 3 crosses every eastward link, so 1 → 2 cannot join
    // its phase although both of 1 → 2's ports are free.
    let com = Com::from_rows(&[
        vec![0, 0, 0, 8],
        vec![0, 0, 8, 0],
        vec![0, 0, 0, 0],
        vec![0, 0, 0, 0],
    ])
    .unwrap();
    let cfg = RsConfig {
        topology: Some(TopologySpec::Mesh { rows: 1, cols: 4 }),
        ..RsConfig::new(RsVariant::Nl, 0)
    };
    let s = check(&com, &cfg);
    assert_eq!(s.len(), 2);
    assert_eq!(check(&com, &RsConfig::new(RsVariant::N, 0)).len(), 1);
}

#[test]
fn golden_trace_rs_nl() {
    let com = Com::from_rows(&[
        vec![5, 0, 0, 8],
        vec![0, 0, 8, 0],
        vec![0, 0, 0, 8],
        vec![8, 0, 0, 0],
    ])
    .unwrap();
    let cfg = RsConfig {
        topology: Some(TopologySpec::Mesh { rows: 1, cols: 4 }),
        ..RsConfig::new(RsVariant::Nl, 2)
    };
    let (_, t) = trace(&com, &cfg).unwrap();
    expect![[r#"
         1: Phase 1 begins: send and receive are cleared and the random start is row 0; 1 local copy is done in place.
         2: Row 0 tries 3 (free), so 0 → 3 joins the phase (8 bytes).
         3: Row 1 tries 2 (link (0,1)→(0,2) used by 0 → 3), so row 1 sends nothing this phase.
         4: Row 2 tries 3 (receiving from 0), so row 2 sends nothing this phase.
         5: Row 3 tries 0 (free), so 3 → 0 joins the phase (8 bytes).
         6: Phase 1 is issued: 2 transfers, the largest 8 bytes.
         7: Phase 2 begins: send and receive are cleared and the random start is row 2.
         8: Row 2 tries 3 (free), so 2 → 3 joins the phase (8 bytes).
         9: Row 1 tries 2 (free), so 1 → 2 joins the phase (8 bytes).
        10: Phase 2 is issued: 2 transfers, the largest 8 bytes.
    "#]]
    .assert_eq(&render(&t));
}

#[test]
fn golden_trace_rs_nh() {
    let com = Com::from_rows(&[
        vec![6, 0, 0, 0, 5],
        vec![0, 1, 0, 0, 7],
        vec![0, 7, 0, 4, 0],
        vec![5, 0, 1, 0, 0],
        vec![0, 0, 3, 7, 0],
    ])
    .unwrap();
    let (_, t) = trace(&com, &RsConfig::new(RsVariant::Nh, 0)).unwrap();
    expect![[r#"
         1: Phase 1 begins: send and receive are cleared and the random start is row 2; 2 local copies are done in place.
         2: Row 2 tries 1 (free), so 2 → 1 joins the phase (7 bytes) and column 1 moves into hole 0.
         3: Row 3 tries 0 (free), so 3 → 0 joins the phase (5 bytes) and column 1 moves into hole 0.
         4: Row 4 tries 3 (free), so 4 → 3 joins the phase (7 bytes) and column 1 moves into hole 0.
         5: Row 0 tries 4 (free), so 0 → 4 joins the phase (5 bytes).
         6: Row 1 tries 4 (receiving from 0), so row 1 sends nothing this phase.
         7: Phase 1 is issued: 4 transfers, the largest 6 bytes; the cap is 6 bytes (mean 6), so 2 messages are cut (2 → 1 sends 6 bytes, 1 to follow).
         8: Phase 2 begins: send and receive are cleared and the random start is row 3.
         9: Row 3 tries 2 (free), so 3 → 2 joins the phase (1 byte).
        10: Row 4 tries 2 (receiving from 3), 3 (free), so 4 → 3 joins the phase (1 byte).
        11: Row 1 tries 4 (free), so 1 → 4 joins the phase (7 bytes).
        12: Row 2 tries 3 (receiving from 4), 1 (free), so 2 → 1 joins the phase (1 byte).
        13: Phase 2 is issued: 4 transfers, the largest 3 bytes; the cap is 3 bytes (mean 2), so 1 message is cut (1 → 4 sends 3 bytes, 4 to follow).
        14: Phase 3 begins: send and receive are cleared and the random start is row 4.
        15: Row 4 tries 2 (free), so 4 → 2 joins the phase (3 bytes).
        16: Row 1 tries 4 (free), so 1 → 4 joins the phase (4 bytes).
        17: Row 2 tries 3 (free), so 2 → 3 joins the phase (4 bytes).
        18: Phase 3 is issued: 3 transfers, the largest 4 bytes; the cap is 4 bytes (mean 3), so no message is cut.
        19: Done: the phases' largest transfers add up to 13 bytes, against 17 without splitting, so the split schedule is kept.
    "#]].assert_eq(&render(&t));
}

#[test]
fn state_follows_the_events() {
    let com = NonuniformConfig::new(8, 3, 2).generate().unwrap();
    let (_, t) = trace(&com, &RsConfig::new(RsVariant::Nh, 4)).unwrap();
    let mut st = t.initial().clone();
    for pos in 1..=t.len() {
        for e in t.events(pos) {
            st.apply(e);
            if let RsEvent::Chose { src, dst, .. } = e {
                assert_eq!(st.send[*src], Some(*dst));
                assert_eq!(st.receive[*dst], Some(*src));
            }
        }
        assert_eq!(st, t.state_at(pos));
    }
}

#[test]
fn refuses_bad_configurations() {
    let com = Com::empty(6).unwrap();
    let wrong = RsConfig {
        topology: Some(TopologySpec::Mesh { rows: 2, cols: 2 }),
        ..RsConfig::new(RsVariant::Nl, 0)
    };
    assert_eq!(
        schedule(&com, &wrong)
            .err()
            .map(|e| e.to_string())
            .as_deref(),
        Some("topology mesh:2x2 has 4 processors but the matrix has n = 6; they must be equal")
    );
    let unused = RsConfig {
        topology: Some(TopologySpec::FatTree { procs: 6 }),
        ..RsConfig::new(RsVariant::N, 0)
    };
    assert!(matches!(
        unused.validate(&com),
        Err(RsError::TopologyUnused { .. })
    ));
    let h = RsConfig {
        split: Some(0.5),
        ..RsConfig::new(RsVariant::Nh, 0)
    };
    assert_eq!(
        h.validate(&com).unwrap_err().to_string(),
        "split factor h must be between 1 and 1000 (got h = 0.5)"
    );
    let nan = RsConfig {
        split: Some(f64::NAN),
        ..RsConfig::new(RsVariant::Nlh, 0)
    };
    assert!(nan.validate(&com).is_err());
    assert!(
        RsConfig {
            split: Some(2.0),
            ..RsConfig::new(RsVariant::N, 0)
        }
        .validate(&com)
        .is_err()
    );
    let full = Com::from_messages(
        400,
        (0..400 * 400)
            .map(|k| crate::com::Message {
                src: k / 400,
                dst: k % 400,
                bytes: 1,
            })
            .collect(),
    )
    .unwrap();
    let line = Com::from_messages(
        4096,
        (0..4096 * 3)
            .map(|k| crate::com::Message {
                src: k / 3,
                dst: (k / 3 + 2048 + k % 3) % 4096,
                bytes: 1,
            })
            .collect(),
    )
    .unwrap();
    let thin = RsConfig {
        topology: Some(TopologySpec::Mesh {
            rows: 1,
            cols: 4096,
        }),
        ..RsConfig::new(RsVariant::Nl, 0)
    };
    assert!(matches!(
        thin.validate(&line),
        Err(RsError::RoutesTooLong { links, .. }) if links > MAX_ROUTE_LINKS
    ));
    assert!(matches!(
        schedule(&full, &RsConfig::new(RsVariant::Nlh, 0)),
        Err(RsError::TooManyMessages {
            messages: 160000,
            ..
        })
    ));
}

#[test]
fn empty_and_local_only_matrices() {
    for v in ALL {
        let s = check(&Com::empty(5).unwrap(), &RsConfig::new(v, 0));
        assert_eq!(s.len(), 0);
        let local = Com::from_rows(&[vec![3, 0], vec![0, 4]]).unwrap();
        let s = check(&local, &RsConfig::new(v, 0));
        assert_eq!(s.len(), 1);
        assert_eq!(s.phases[0].len(), 2);
    }
}

/// Paper 002 §3.3: on non-uniform sizes RS_NH makes a phase as long as
/// its typical message, not its largest, so the sum over phases of each
/// phase's largest transfer (the cost of loosely synchronous phases) is
/// smaller than RS_N's, while every byte still arrives: over seeded
/// matrices of NICE's test set 1, with sizes of 1 to 10 units.
#[test]
fn rs_nh_shortens_the_phases_of_non_uniform_matrices() {
    use crate::com::nonuniform::NonuniformConfig;
    use crate::verify::verify;
    let (mut cases, mut shorter) = (0, 0);
    for n in [8, 16, 32, 64] {
        for d in [2, 4, 8] {
            if d >= n {
                continue;
            }
            for seed in 0..12 {
                let com = NonuniformConfig::new(n, d, seed).generate().unwrap();
                let run = |v| schedule(&com, &RsConfig::new(v, seed)).unwrap().schedule;
                let (n_, nh) = (run(RsVariant::N), run(RsVariant::Nh));
                for s in [&n_, &nh] {
                    assert_eq!(verify(&com, s, None), Ok(()), "n {n} d {d} seed {seed}");
                }
                let total =
                    |s: &crate::schedule::Schedule| s.phase_max_network_bytes().iter().sum::<u64>();
                assert!(total(&nh) <= total(&n_), "n {n} d {d} seed {seed}");
                if total(&nh) < total(&n_) {
                    shorter += 1;
                } else {
                    assert_eq!(nh, n_, "n {n} d {d} seed {seed}: kept the unsplit schedule");
                }
                cases += 1;
            }
        }
    }
    assert_eq!(cases, 4 * 3 * 12 - 12);
    // Splitting pays on all but a few matrices with few messages each.
    assert!(shorter * 10 >= cases * 9, "{shorter} of {cases}");
}
