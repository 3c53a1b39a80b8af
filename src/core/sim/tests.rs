//! Unit and golden tests of the simulator; property tests are in
//! `proptests.rs`, the paper's experiments in `repro004.rs`.

use super::fabric::Fabric;
use super::*;
use crate::com::fig7::Fig7Config;
use crate::net::TopologySpec;
use crate::rng::Rng;
use crate::trace::Replay;
use expect_test::expect;

/// A tiny packet format so that golden traces stay short: 4 data bytes and
/// a 2-byte header in 2-byte flits.
pub(super) fn tiny() -> SimConfig {
    SimConfig {
        packet: PacketFormat {
            data_bytes: 4,
            header_bytes: 2,
            flit_bytes: 2,
        },
        startup: 1,
        packet_gap: 0,
        buffer: 2,
        ..SimConfig::delta()
    }
}

fn short(f: &Fabric, c: u32) -> String {
    if (c as usize) < f.links() {
        f.label(c)
    } else {
        format!("[{}]", f.node_name(c as usize - f.links()))
    }
}

/// One line per cycle: the cycle's events, flits shown as packet.index.
pub(super) fn render(tl: &Timeline) -> String {
    let f = tl.fabric();
    let mut state = tl.trace().initial().clone();
    let mut out = String::new();
    for pos in 1..=tl.cycles() {
        let mut parts = Vec::new();
        for e in tl.events(pos) {
            state.apply(e);
            parts.push(match *e {
                SimEvent::Released { msg } => format!("release m{msg}"),
                SimEvent::AwaitsReceiver { msg, by } => format!("m{msg} awaits m{by}"),
                SimEvent::Started { msg, ready } => format!("start m{msg} ready@{ready}"),
                SimEvent::Injected {
                    packet, msg, flits, ..
                } => {
                    format!("p{packet}=m{msg}:{flits}f")
                }
                SimEvent::Acquired { packet, channel } => {
                    format!("p{packet} takes {}", short(f, channel))
                }
                SimEvent::Blocked {
                    packet,
                    channel,
                    by,
                } => {
                    format!("p{packet} waits {} (p{by})", short(f, channel))
                }
                SimEvent::NoSlot {
                    packet,
                    channel,
                    by,
                } => {
                    format!("p{packet} no slot {} (m{by})", short(f, channel))
                }
                SimEvent::Delivered { msg } => format!("m{msg} done"),
                SimEvent::PhaseDone { phase } => format!("phase {phase} done"),
                SimEvent::Moved { .. } | SimEvent::Tick => continue,
            });
        }
        for &(flit, _, to) in &state.moves {
            parts.push(format!("{}.{}>{}", flit.packet, flit.index, short(f, to)));
        }
        out.push_str(&format!("{pos:>2}: {}\n", parts.join(", ")));
    }
    out
}

#[test]
fn golden_two_messages_share_a_link() {
    // (0,0) and (0,1) both send 6 bytes (two packets: 3 + 2 flits) to (0,2).
    let spec = TopologySpec::Mesh { rows: 1, cols: 3 };
    let traffic = Traffic::pairs(3, &[(0, 2), (1, 2)], 6);
    let (r, tl) = simulate_with_timeline(spec, &tiny(), &traffic).unwrap();
    expect![[r#"
         1: release m0, release m1, start m0 ready@1
         2: m1 awaits m0, p0=m0:3f, p0 takes (0,0)→(0,1), 0.0>(0,0)→(0,1)
         3: p0 takes (0,1)→(0,2), 0.1>(0,0)→(0,1), 0.0>(0,1)→(0,2)
         4: p0 takes [(0,2)], 0.1>(0,1)→(0,2), 0.2>(0,0)→(0,1), 0.0>[(0,2)]
         5: p1=m0:2f, p1 takes (0,0)→(0,1), 0.2>(0,1)→(0,2), 0.1>[(0,2)], 1.0>(0,0)→(0,1)
         6: p1 takes (0,1)→(0,2), 0.2>[(0,2)], 1.1>(0,0)→(0,1), 1.0>(0,1)→(0,2)
         7: p1 takes [(0,2)], 1.1>(0,1)→(0,2), 1.0>[(0,2)]
         8: m0 done, 1.1>[(0,2)]
         9: start m1 ready@9
        10: p2=m1:3f, p2 takes (0,1)→(0,2), 2.0>(0,1)→(0,2)
        11: p2 takes [(0,2)], 2.1>(0,1)→(0,2), 2.0>[(0,2)]
        12: 2.1>[(0,2)], 2.2>(0,1)→(0,2)
        13: p3=m1:2f, p3 takes (0,1)→(0,2), 2.2>[(0,2)], 3.0>(0,1)→(0,2)
        14: p3 takes [(0,2)], 3.1>(0,1)→(0,2), 3.0>[(0,2)]
        15: m1 done, phase 0 done, 3.1>[(0,2)]
    "#]]
    .assert_eq(&render(&tl));
    assert_eq!(r.outcome, Outcome::Completed);
    // 0→2 alone: 1 + 2 hops + 5 flits; 1→2 starts at 8: 8 + 1 + 1 + 5.
    assert_eq!(r.messages[0].latency, Some(8));
    assert_eq!(r.cycles, 15);
}

#[test]
fn captions_explain_each_cycle() {
    let spec = TopologySpec::Mesh { rows: 1, cols: 3 };
    let traffic = Traffic::pairs(3, &[(0, 2), (1, 2)], 6);
    let (_, tl) = simulate_with_timeline(spec, &tiny(), &traffic).unwrap();
    let expected = [
        (0, "Before the first cycle: 2 messages wait to be sent."),
        (
            1,
            "Cycle 1: no flit moves; message 0→2 starts, sending from cycle 2.",
        ),
        (
            2,
            "Cycle 2: 1 flit moves; 1 head takes a channel; message 1→2 waits for its receiver, busy with message 0→2.",
        ),
        (4, "Cycle 4: 3 flits move; 1 head takes a channel."),
        (
            15,
            "Cycle 15: 1 flit moves; message 1→2 arrives after 15 cycles; phase 1 is complete.",
        ),
    ];
    for (pos, text) in expected {
        assert_eq!(caption(&tl, pos), text);
    }
}

#[test]
fn captions_name_the_packet_in_the_way() {
    // 0→2 and 1→3 on a 1×4 mesh both need link (0,1)→(0,2); 1→3 starts
    // next to it and takes it first.
    let spec = TopologySpec::Mesh { rows: 1, cols: 4 };
    let traffic = Traffic::pairs(4, &[(0, 2), (1, 3)], 6);
    let (_, tl) = simulate_with_timeline(spec, &tiny(), &traffic).unwrap();
    let first_wait = (1..=tl.cycles())
        .map(|pos| caption(&tl, pos))
        .find(|c| c.contains("waits for link"));
    assert_eq!(
        first_wait.as_deref(),
        Some(
            "Cycle 3: 3 flits move; 1 head takes a channel; packet 0 (0→2) waits for link (0,1)→(0,2), held by packet 1 (1→3)."
        )
    );
}

/// Random distinct pairs s ≠ d on n processors.
pub(super) fn random_perm(n: usize, rng: &mut Rng) -> Vec<(usize, usize)> {
    let mut dst: Vec<usize> = (0..n).collect();
    rng.shuffle(&mut dst);
    (0..n).zip(dst).filter(|(s, d)| s != d).collect()
}

#[test]
fn a_message_alone_takes_startup_plus_hops_plus_flits() {
    let mut rng = Rng::new(11);
    for spec in [
        "mesh:4x5",
        "mesh:1x7",
        "fattree:64",
        "fattree:37",
        "hypercube:64",
        "kary:4:3",
        "kary:3:2",
    ] {
        let spec = TopologySpec::parse(spec).unwrap();
        let fab = Fabric::new(spec);
        for base in [
            SimConfig::delta(),
            SimConfig::cm5(),
            SimConfig::ipsc860(),
            SimConfig::edr(),
            tiny(),
        ] {
            for routing in [UpRouting::Static, UpRouting::Random, UpRouting::Adaptive] {
                for bytes in [0, 1, 16, 17, 100, 482, 483, 1024, 3000] {
                    let (s, d) = loop {
                        let (s, d) = (rng.below(fab.procs()), rng.below(fab.procs()));
                        if s != d {
                            break (s, d);
                        }
                    };
                    let cfg = SimConfig {
                        up_routing: routing,
                        buffer: 2 + rng.below(4) as u32,
                        seed: rng.next_u64(),
                        ..base
                    };
                    let r = simulate(spec, &cfg, &Traffic::pairs(fab.procs(), &[(s, d)], bytes))
                        .unwrap();
                    let want = uncontended_latency(&cfg, fab.hops(s, d) as u64, bytes);
                    assert_eq!(
                        r.messages[0].latency,
                        Some(want),
                        "{spec:?} {s}→{d} {bytes} B"
                    );
                    assert_eq!(r.cycles, want);
                }
            }
        }
    }
}

#[test]
fn replaying_the_timeline_reproduces_the_run() {
    let com = Fig7Config::new(16, 5, 3).generate().unwrap();
    let traffic = Traffic::from_schedule(&crate::algo::lp::schedule(&com), Sync::Loose);
    for (spec, cfg) in [
        (TopologySpec::Mesh { rows: 4, cols: 4 }, tiny()),
        (
            TopologySpec::FatTree { procs: 16 },
            SimConfig {
                startup: 7,
                ..SimConfig::cm5()
            },
        ),
    ] {
        let fast = simulate(spec, &cfg, &traffic).unwrap();
        let (slow, tl) = simulate_with_timeline(spec, &cfg, &traffic).unwrap();
        assert_eq!(fast, slow, "recording must not change the run");
        // The estimate counts exactly the events other than waits, phase
        // ends and cycle ends.
        let counted = tl
            .trace()
            .all_events()
            .iter()
            .filter(|e| {
                !matches!(
                    e,
                    SimEvent::Tick
                        | SimEvent::Blocked { .. }
                        | SimEvent::NoSlot { .. }
                        | SimEvent::AwaitsReceiver { .. }
                        | SimEvent::PhaseDone { .. }
                )
            })
            .count();
        assert_eq!(
            counted as u64,
            timeline_events(&Fabric::new(spec), &cfg, &traffic)
        );
        let end = tl.final_state();
        let busy: Vec<u32> = slow.links.iter().map(|l| l.busy as u32).collect();
        let blocked: Vec<u32> = slow.links.iter().map(|l| l.blocked as u32).collect();
        assert_eq!(end.load, busy);
        assert_eq!(end.blocked, blocked);
        assert!(
            slow.links.iter().any(|l| l.blocked > 0),
            "the example has contention"
        );
        assert_eq!(end.delivered_flits, slow.delivered_flits);
        assert_eq!(end.injected_flits, slow.injected_flits);
        assert_eq!(end.delivered_messages as usize, com.len());
        assert_eq!(end.buffers.total(), 0);
        assert!(end.owner.iter().all(|&o| o == fabric::NONE) && end.waits.is_empty());
        assert!(end.messages.iter().all(|&m| m == MsgStatus::Delivered));
        assert_eq!(end.cycle, slow.cycles);
        // Seeking backwards gives the same state as replaying forwards.
        let mid = tl.cycles() / 2;
        let mut linear = tl.trace().initial().clone();
        for pos in 1..=mid {
            tl.events(pos).iter().for_each(|e| linear.apply(e));
        }
        assert_eq!(tl.state_at(tl.cycles()), end);
        assert_eq!(tl.state_at(mid), linear);
    }
}

#[test]
fn the_stepper_runs_in_slices() {
    let spec = TopologySpec::FatTree { procs: 16 };
    let cfg = SimConfig::cm5();
    let pairs = random_perm(16, &mut Rng::new(5));
    let traffic = Traffic::pairs(16, &pairs, 300);
    let whole = simulate(spec, &cfg, &traffic).unwrap();
    let mut sim = Box::new(Simulator::new(spec, &cfg, &traffic).unwrap().with_batch(7));
    let mut last = 0.0;
    let mut steps = 0;
    while crate::step::Stepper::step(sim.as_mut()) {
        let f = crate::step::Stepper::progress(sim.as_ref()).fraction();
        assert!(f >= last);
        last = f;
        steps += 1;
    }
    assert!(steps > 10);
    assert_eq!(sim.cycle(), whole.cycles);
    assert_eq!(crate::step::Stepper::finish(sim).result, whole);
}

#[test]
fn a_seed_fixes_the_run() {
    let spec = TopologySpec::FatTree { procs: 64 };
    let pairs = random_perm(64, &mut Rng::new(9));
    let traffic = Traffic::pairs(64, &pairs, 2000);
    let run = |seed| {
        simulate(
            spec,
            &SimConfig {
                seed,
                ..SimConfig::cm5()
            },
            &traffic,
        )
        .unwrap()
    };
    assert_eq!(run(1), run(1));
    assert_ne!(
        run(1).links,
        run(2).links,
        "random up-links follow the seed"
    );
}

#[test]
fn barrier_waits_for_the_slowest_and_free_ignores_phases() {
    let com = Fig7Config::new(16, 6, 2).generate().unwrap();
    let schedule = crate::algo::lp::schedule(&com);
    let spec = TopologySpec::Mesh { rows: 4, cols: 4 };
    let run = |sync| simulate(spec, &tiny(), &Traffic::from_schedule(&schedule, sync)).unwrap();
    let (barrier, loose, free) = (run(Sync::Barrier), run(Sync::Loose), run(Sync::Free));
    for r in [&barrier, &loose, &free] {
        assert_eq!(r.outcome, Outcome::Completed);
        assert_eq!(r.delivered_messages, com.len());
    }
    assert!(barrier.cycles >= loose.cycles);
    // Under a barrier a busy phase starts exactly when the previous busy one ends.
    let busy: Vec<&PhaseStats> = barrier.phases.iter().filter(|p| p.messages > 0).collect();
    for w in busy.windows(2) {
        assert_eq!(w[1].released_at, w[0].finished_at);
    }
    assert!(free.messages.iter().all(|m| m.released_at == Some(0)));
}

#[test]
fn the_watchdog_explains_a_deadlock() {
    // Receive slots taken on arrival: 1→0's first packet takes (0,0)'s only
    // slot; 3→0's packet wins the link (0,1)→(0,0) between 1→0's packets and
    // then waits for that slot, while 1→0's second packet waits for the link.
    let spec = TopologySpec::Mesh { rows: 1, cols: 4 };
    let cfg = SimConfig {
        recv_policy: RecvPolicy::OnArrival,
        ..tiny()
    };
    let r = simulate(spec, &cfg, &Traffic::pairs(4, &[(1, 0), (3, 0)], 6)).unwrap();
    let Outcome::Deadlock(d) = &r.outcome else {
        panic!("expected a deadlock, got {:?}", r.outcome);
    };
    assert_eq!(
        d.to_string(),
        "deadlock at cycle 8: packet 1 (3→0) waits for a receive slot at (0,0), held by message 1→0 whose next packet is packet 2 (1→0); packet 2 (1→0) waits for link (0,1)→(0,0), held by packet 1 (3→0)"
    );
    assert!(r.delivered_messages < 2);
    // Reserving the slot before starting cannot deadlock.
    let ok = simulate(spec, &tiny(), &Traffic::pairs(4, &[(1, 0), (3, 0)], 6)).unwrap();
    assert_eq!(ok.outcome, Outcome::Completed);
}

#[test]
fn bad_input_is_refused_with_a_reason() {
    let spec = TopologySpec::Mesh { rows: 2, cols: 2 };
    let cfg = SimConfig::delta();
    let err = |t: &Traffic| simulate(spec, &cfg, t).unwrap_err().to_string();
    assert_eq!(
        err(&Traffic::pairs(8, &[(0, 1)], 8)),
        "the traffic is for 8 processors but the network has 4; use a topology with 8 processors"
    );
    assert_eq!(
        err(&Traffic::pairs(4, &[(0, 9)], 8)),
        "message 0 → 9 names a processor outside 0..4"
    );
    assert!(err(&Traffic::pairs(4, &[(0, 3)], 1 << 40)).contains("flit moves, above the limit"));
    let big = Traffic::pairs(4, &[(0, 3), (1, 2)], 20_000_000);
    let e = simulate_with_timeline(spec, &cfg, &big)
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("recording every cycle would take"), "{e}");
    let bad = SimConfig {
        send_limit: 0,
        ..cfg
    };
    assert_eq!(
        simulate(spec, &bad, &Traffic::pairs(4, &[(0, 1)], 8))
            .unwrap_err()
            .to_string(),
        "send limit must be between 1 and 16 (got 0)"
    );
}

#[test]
fn events_stay_small() {
    // The timeline's memory budget counts 16 bytes per event, and a 16×16
    // all-to-all of 16-byte messages fits in a timeline.
    assert_eq!(std::mem::size_of::<SimEvent>(), 16);
    let spec = TopologySpec::Mesh { rows: 16, cols: 16 };
    let t = bench::xor_alltoall(256, 16);
    let events = timeline_events(&Fabric::new(spec), &SimConfig::delta(), &t);
    assert!(
        (3_000_000..TIMELINE_MAX_EVENTS).contains(&events),
        "{events}"
    );
}

#[test]
fn local_copies_and_empty_traffic_take_no_time() {
    let spec = TopologySpec::FatTree { procs: 4 };
    let r = simulate(spec, &SimConfig::cm5(), &Traffic::pairs(4, &[(2, 2)], 64)).unwrap();
    assert_eq!(
        (r.cycles, r.delivered_messages, r.delivered_flits),
        (0, 1, 0)
    );
    assert_eq!(r.messages[0].latency, Some(0));
    let none = simulate(spec, &SimConfig::cm5(), &Traffic::pairs(4, &[], 64)).unwrap();
    assert_eq!((none.cycles, none.outcome), (0, Outcome::Completed));
}

#[test]
fn a_refusal_names_the_largest_size_that_fits() {
    let spec = TopologySpec::FatTree { procs: 16 };
    let cfg = SimConfig::cm5();
    // Sizes as multiples of one setting (a block), as the figures make them.
    let block = 1u64 << 34;
    let t = |size: u64| {
        let mut t = Traffic::pairs(16, &[(0, 15), (3, 4), (7, 7)], size);
        t.messages[1].bytes = 3 * size;
        t.messages[2].bytes = 5 * size;
        t
    };
    assert!(matches!(
        check(spec, &cfg, &t(block)),
        Err(SimError::TooMuchTraffic { .. })
    ));
    let b = fitting_size(spec, &cfg, &t(block), block).unwrap();
    assert!(b.is_power_of_two() && b < block, "{b}");
    // It fits, and twice it does not.
    assert!(check(spec, &cfg, &t(b)).is_ok());
    assert!(matches!(
        check(spec, &cfg, &t(2 * b)),
        Err(SimError::TooMuchTraffic { .. })
    ));
    // A setting of one byte has no smaller size to offer.
    assert_eq!(fitting_size(spec, &cfg, &t(1), 1), None);
}
