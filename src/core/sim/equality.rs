//! The fast loop against the reference loop ([`super::reference`]): a
//! seeded corpus of runs, each stepped on both engines with a hash of the
//! whole machine ([`Engine::checksum_parts`](super::engine::Engine)) compared
//! after every step, then their results; and a property test that draws
//! more runs. "Faster" may never mean "different".

use super::fabric::Fabric;
use super::proptests::config;
use super::*;
use crate::algo::cm5::exchange::{Exchange, ExchangePlan};
use crate::algo::{self, Algo};
use crate::com::{Com, Message};
use crate::net::TopologySpec;
use crate::rng::Rng;
use crate::step::Stepper;
use proptest::prelude::*;

/// Most flit moves one corpus run makes (the tests run unoptimised and
/// hash every message after every cycle).
const MOVES: u64 = 60_000;

/// Runs `traffic` on both engines, comparing the machine's hash after
/// every step and the results at the end; returns the cycles run. With
/// `stream`, the fast loop moves streaming packets many cycles at a time
/// ([`super::stream`]): its count of moves is compared after every step,
/// and the whole machine, settled, after one step in eight drawn at random
/// (settling every step would leave no stream longer than a cycle).
pub(super) fn assert_same(
    spec: TopologySpec,
    cfg: &SimConfig,
    traffic: &Traffic,
    what: &str,
    stream: bool,
) -> u64 {
    let mut fast = Simulator::new(spec, cfg, traffic).expect("corpus runs are valid");
    if stream {
        fast = fast.streaming();
    }
    let mut slow = Simulator::reference(spec, cfg, traffic).expect("corpus runs are valid");
    let mut draw = Rng::new(traffic.messages.len() as u64);
    loop {
        let (a, b) = (fast.advance(), slow.advance());
        if stream {
            let (fa, fb) = (&fast.engine, &slow.engine);
            assert_eq!(
                (fa.now, fa.moved),
                (fb.now, fb.moved),
                "{what}: moves differ"
            );
            if draw.below(8) != 0 && a {
                continue;
            }
            fast.engine.settle();
        }
        let (ha, hb) = (fast.engine.checksum_parts(), slow.engine.checksum_parts());
        if ha != hb {
            let part = ha.iter().zip(&hb).find(|(x, y)| x != y).map(|(x, _)| x.0);
            panic!(
                "{what}: the engines differ at cycle {} in {part:?}",
                slow.cycle()
            );
        }
        assert_eq!(a, b, "{what}: one engine stopped first");
        if !a {
            break;
        }
    }
    let cycles = slow.cycle();
    fast.engine.settle();
    STREAMED.with(|s| {
        let (n, m) = fast.engine.streams.made;
        let (dn, dm) = fast.engine.streams.drained;
        let (a, b, c, d, e) = s.get();
        s.set((a + n, b + m, c + dn, d + dm, e + fast.engine.streams.grown));
    });
    let (a, b) = (Box::new(fast).finish(), Box::new(slow).finish());
    assert!(a.result == b.result, "{what}: results differ");
    cycles
}

thread_local! {
    /// Streams and drains settled over the runs of this thread, their
    /// moves, and the growing streams started.
    static STREAMED: std::cell::Cell<(u64, u64, u64, u64, u64)> = const { std::cell::Cell::new((0, 0, 0, 0, 0)) };
}

/// A matrix of `n` processors: each pair with probability `density`
/// percent, sizes below `max` bytes (a size of 0 is an empty message).
fn random_com(n: usize, density: usize, max: u64, rng: &mut Rng) -> Com {
    let mut msgs = Vec::new();
    for src in 0..n {
        for dst in 0..n {
            if src != dst && rng.below(100) < density {
                let bytes = rng.below(max as usize + 1) as u64;
                msgs.push(Message { src, dst, bytes });
            }
        }
    }
    Com::from_messages(n, msgs).expect("sizes and ends are in range")
}

/// Corpus run `k`: a network, a machine and a traffic pattern, all drawn
/// from seed `k`, with message sizes halved until the run is small.
pub(super) fn corpus_run(k: u64) -> (TopologySpec, SimConfig, Traffic, String) {
    let mut rng = Rng::new(0xC0FF_EE00 + k);
    let spec = match k % 6 {
        5 => {
            let (k, n) = [(2, 1), (2, 3), (4, 2), (3, 3), (4, 3), (2, 6), (8, 2)][rng.below(7)];
            TopologySpec::KaryTree { k, n }
        }
        4 => TopologySpec::Hypercube {
            procs: [2, 4, 8, 16, 32, 64][rng.below(6)],
        },
        0 => TopologySpec::Mesh {
            rows: 1 + rng.below(6),
            cols: 1 + rng.below(6),
        },
        1 => TopologySpec::FatTree {
            procs: 2 + rng.below(63),
        },
        2 => TopologySpec::Mesh { rows: 8, cols: 8 },
        _ => TopologySpec::FatTree {
            procs: [16, 64, 128][rng.below(3)],
        },
    };
    let n = Fabric::new(spec).procs();
    let base = if rng.below(4) == 0 {
        // Another machine's packets now and then.
        [
            SimConfig::cm5(),
            SimConfig::delta(),
            SimConfig::ipsc860(),
            SimConfig::edr(),
        ][rng.below(4)]
    } else {
        SimConfig::preset(spec)
    };
    let routing = [UpRouting::Static, UpRouting::Random, UpRouting::Adaptive];
    let cfg = SimConfig {
        startup: [0, 1, 7, 100, 320][rng.below(5)],
        packet_gap: rng.below(5) as u32,
        buffer: 1 + rng.below(8) as u32,
        send_limit: 1 + rng.below(3) as u32,
        recv_limit: 1 + rng.below(3) as u32,
        up_routing: routing[rng.below(3)],
        recv_policy: if rng.below(6) == 0 {
            RecvPolicy::OnArrival
        } else {
            RecvPolicy::Reserve
        },
        seed: k,
        ..base
    };
    let sync = [Sync::Barrier, Sync::Loose, Sync::Free][rng.below(3)];
    // The whole machine is hashed after every cycle, every message
    // included: the dense patterns run among at most 16 processors (the
    // others idle), so a run has a few hundred messages at most.
    let dense = n.min(16);
    let max = [1u64, 16, 100, 482, 1024, 4096][rng.below(6)];
    let (traffic, pattern) = match (k / 6) % 5 {
        0 => {
            let mut dst: Vec<usize> = (0..n).collect();
            rng.shuffle(&mut dst);
            let pairs: Vec<_> = (0..n).zip(dst).collect();
            (
                Traffic::pairs(n, &pairs, max),
                "a random permutation".to_string(),
            )
        }
        1 => {
            let mut t = bench::xor_alltoall(dense, max);
            t.n = n;
            (t, format!("an XOR all-to-all among {dense}"))
        }
        2 => {
            let a = Algo::ALL[(k as usize / 30) % Algo::ALL.len()];
            let com = random_com(dense, 5 + rng.below(40), max, &mut rng);
            let mut s = algo::run(a, &com, k).schedule;
            s.n = n;
            (
                Traffic::from_schedule(&s, sync),
                format!("{} on a random matrix", a.name()),
            )
        }
        3 => {
            let com = random_com(dense, 5 + rng.below(60), max, &mut rng);
            let mut t = Traffic::free(&com);
            t.n = n;
            (t, format!("AC on a random matrix among {dense}"))
        }
        _ => {
            let p = dense.next_power_of_two() / if dense.is_power_of_two() { 1 } else { 2 };
            let ex = [Exchange::Lex, Exchange::Pex, Exchange::Rex, Exchange::Bex][rng.below(4)];
            let s = ExchangePlan::new(ex, p.max(2)).map(|x| x.schedule(max));
            match s {
                Ok(mut s) if p >= 2 => {
                    s.n = n;
                    (
                        Traffic::from_schedule(&s, sync),
                        format!("{} exchange of {p}", ex.name()),
                    )
                }
                _ => {
                    let mut t = bench::xor_alltoall(dense, max);
                    t.n = n;
                    (t, format!("an XOR all-to-all among {dense}"))
                }
            }
        }
    };
    let traffic = shrink(spec, &cfg, traffic);
    let what = format!("run {k}: {pattern} on {spec:?}, {cfg:?}");
    (spec, cfg, traffic, what)
}

/// Halves every message until the run makes at most [`MOVES`] flit moves.
fn shrink(spec: TopologySpec, cfg: &SimConfig, mut t: Traffic) -> Traffic {
    while check(spec, cfg, &t).is_ok_and(|(_, m)| m > MOVES) {
        t.messages.iter_mut().for_each(|m| m.bytes /= 2);
    }
    t
}

#[test]
fn the_corpus_runs_identically_on_both_engines() {
    let mut cycles = 0;
    for k in 0..360 {
        let (spec, cfg, traffic, what) = corpus_run(k);
        let t = std::time::Instant::now();
        // Every network comes with and without streams.
        let stream = (k / 12) % 2 == 1;
        cycles += assert_same(spec, &cfg, &traffic, &what, stream);
        if std::env::var_os("EQ_TIMES").is_some() {
            eprintln!(
                "{k}: {:?} {} msgs {what}",
                t.elapsed(),
                traffic.messages.len()
            );
        }
    }
    // The corpus is not trivially small, and streams move in it.
    assert!(cycles > 200_000, "{cycles}");
    let (streams, moves, drains, drained, grown) = STREAMED.with(|s| s.get());
    eprintln!(
        "{streams} streams ({grown} growing), {moves} moves; {drains} drains, {drained} moves"
    );
    assert!(grown > 1_000, "{grown} growing streams");
    assert!(
        streams > 1_000 && moves > 100_000,
        "{streams} streams, {moves} moves"
    );
    assert!(
        drains > 1_000 && drained > 20_000,
        "{drains} drains, {drained} moves"
    );
}

#[test]
fn the_mesh_benchmark_streams_and_drains_to_the_same_result() {
    // The mesh case at a quarter of its size (one 18-flit packet a
    // message): most of its packets stream from their ports and drain.
    let w = bench::mesh_xor_alltoall();
    let mut traffic = w.traffic.clone();
    traffic.messages.iter_mut().for_each(|m| m.bytes /= 4);
    let mut fast = Simulator::new(w.spec, &w.cfg, &traffic)
        .unwrap()
        .streaming();
    while fast.advance() {}
    fast.engine.settle();
    let (streams, drains) = (fast.engine.streams.made, fast.engine.streams.drained);
    assert!(
        streams.1 > 1_000_000 && drains.1 > 1_000_000 && fast.engine.streams.grown > 10_000,
        "{streams:?} {drains:?} {}",
        fast.engine.streams.grown
    );
    let a = Box::new(fast).finish().result;
    let b = simulate_reference(w.spec, &w.cfg, &traffic).unwrap();
    assert!(a == b, "the results differ");
}

#[test]
fn the_benchmark_cases_give_the_same_results() {
    // Whole-state hashes are compared on the corpus; here the two long
    // cases, whose results cover every message and channel.
    for w in [bench::fattree_alltoall(), bench::mesh_xor_alltoall()] {
        let small = Traffic {
            messages: w
                .traffic
                .messages
                .iter()
                .map(|m| SimMessage {
                    bytes: m.bytes / 16,
                    ..*m
                })
                .collect(),
            ..w.traffic.clone()
        };
        let a = simulate(w.spec, &w.cfg, &small).unwrap();
        let b = simulate_reference(w.spec, &w.cfg, &small).unwrap();
        assert!(a == b, "{}: results differ", w.name);
    }
}

proptest! {
    #![proptest_config(config(48, 2611))]
    #[test]
    fn drawn_runs_are_identical_on_both_engines(k in 1_000u64..u64::MAX / 2, stream: bool) {
        let (spec, cfg, traffic, what) = corpus_run(k);
        assert_same(spec, &cfg, &traffic, &what, stream);
    }
}
