//! The k-ary n-tree in the simulator: up*/down* routes hop by hop, minimal
//! whichever way up is taken, the permutations static (d-mod-k) routing
//! carries without contention finishing in the time of one message alone,
//! and random and adaptive up-routing delivering everything.

use super::*;
use crate::net::Network;
use crate::net::kary::KaryTree;
use crate::rng::Rng;

/// The EDR preset with another way up.
fn edr(up_routing: UpRouting, seed: u64) -> SimConfig {
    SimConfig {
        up_routing,
        seed,
        ..SimConfig::edr()
    }
}

#[test]
fn heads_follow_the_static_route() {
    let spec = TopologySpec::KaryTree { k: 4, n: 3 };
    let t = KaryTree::new(4, 3);
    assert_eq!(SimConfig::preset(spec), SimConfig::edr());
    let mut rng = Rng::new(7);
    for _ in 0..40 {
        let (s, d) = (rng.below(64), rng.below(64));
        let r = simulate(spec, &SimConfig::edr(), &Traffic::pairs(64, &[(s, d)], 256)).unwrap();
        let route = t.static_route(s, d);
        for (l, stats) in r.links.iter().enumerate().take(t.links()) {
            assert_eq!(
                stats.busy > 0,
                route.contains(&(l as u64)),
                "{s}→{d}: link {}",
                t.link_label(l as u64)
            );
        }
    }
}

/// Whichever way up a message goes, it crosses 2 × (its ends' common
/// ancestors' level) links and, alone, takes the uncontended time.
#[test]
fn routes_are_minimal_whichever_way_up() {
    let mut rng = Rng::new(3);
    for (k, n) in [(4, 3), (2, 5), (3, 3), (32, 2)] {
        let spec = TopologySpec::KaryTree { k, n };
        let t = KaryTree::new(k, n);
        let p = t.procs();
        for routing in [UpRouting::Static, UpRouting::Random, UpRouting::Adaptive] {
            for _ in 0..12 {
                let s = rng.below(p);
                let d = (s + 1 + rng.below(p - 1)) % p;
                let cfg = edr(routing, rng.next_u64());
                let r = simulate(spec, &cfg, &Traffic::pairs(p, &[(s, d)], 1000)).unwrap();
                let used = r.links[..t.links()].iter().filter(|l| l.busy > 0).count();
                let hops = 2 * t.lca_level(s, d);
                assert_eq!(used, hops, "{spec:?} {routing:?} {s}→{d}");
                assert_eq!(r.messages[0].hops, hops as u64);
                assert_eq!(
                    r.messages[0].latency,
                    Some(uncontended_latency(&cfg, hops as u64, 1000))
                );
            }
        }
    }
}

/// Shifts p → p + s (mod N), under static d-mod-k routes, never put two
/// messages on one link (net/kary.rs: the way down depends on the
/// destination alone, and two sources of one node climb by destinations
/// that differ modulo its size), and each processor sends and receives
/// one message: every message takes exactly its time alone, and the
/// shift the time of its longest route. The same holds for every
/// processor sending to its neighbour under the same level-1 switch.
#[test]
fn a_contention_free_permutation_takes_the_uncontended_time() {
    let small = SimConfig {
        packet: PacketFormat::CM5,
        startup: 10,
        buffer: 2,
        ..SimConfig::edr()
    };
    for (k, n) in [(4, 3), (2, 4), (3, 2)] {
        let spec = TopologySpec::KaryTree { k, n };
        let t = KaryTree::new(k, n);
        let p = t.procs();
        for cfg in [SimConfig::edr(), small] {
            let bytes = 4 * cfg.packet.data_bytes as u64 + 17;
            let mut perms: Vec<Vec<(usize, usize)>> = (1..p)
                .map(|s| (0..p).map(|a| (a, (a + s) % p)).collect())
                .collect();
            perms.push((0..p).map(|a| (a, a - a % k + (a + 1) % k)).collect());
            for pairs in perms {
                let r = simulate(spec, &cfg, &Traffic::pairs(p, &pairs, bytes)).unwrap();
                let alone = |&(a, b): &(usize, usize)| {
                    uncontended_latency(&cfg, 2 * t.lca_level(a, b) as u64, bytes)
                };
                for (m, pair) in r.messages.iter().zip(&pairs) {
                    assert_eq!(m.latency, Some(alone(pair)), "{spec:?} {pair:?}");
                }
                assert_eq!(Some(r.cycles), pairs.iter().map(alone).max());
            }
        }
    }
}

/// Four processors of one level-1 switch sending to destinations equal
/// modulo 4 all take up-port 0 under d-mod-k and queue behind each other;
/// random and adaptive up-routing spread them.
#[test]
fn static_routes_can_contend_where_other_ways_up_do_not() {
    let spec = TopologySpec::KaryTree { k: 4, n: 2 };
    let pairs = [(0, 4), (1, 8), (2, 12), (3, 0)];
    let bytes = 16_384;
    let alone = uncontended_latency(&SimConfig::edr(), 4, bytes);
    let r = simulate(
        spec,
        &SimConfig::edr(),
        &Traffic::pairs(16, &pairs[..3], bytes),
    )
    .unwrap();
    // The one link carries 3 × 260 flits: at least 178 + 780 cycles.
    assert!(r.cycles > alone + 480, "{} vs {alone}", r.cycles);
    let r = simulate(
        spec,
        &edr(UpRouting::Adaptive, 1),
        &Traffic::pairs(16, &pairs[..3], bytes),
    )
    .unwrap();
    // Heads that pick the same free link in one cycle draw again.
    assert!(r.cycles < alone + 10, "{} vs {alone}", r.cycles);
}

/// Random and adaptive up-routing deliver every message of random
/// permutations and all-to-alls, on trees of every shape (k up to 32).
#[test]
fn random_and_adaptive_up_routing_deliver_everything() {
    let mut rng = Rng::new(11);
    for (k, n) in [(4, 3), (2, 6), (32, 2), (8, 2), (5, 1)] {
        let spec = TopologySpec::KaryTree { k, n };
        let p = spec.procs();
        for routing in [UpRouting::Random, UpRouting::Adaptive, UpRouting::Static] {
            let cfg = SimConfig {
                buffer: 1 + rng.below(4) as u32,
                send_limit: 1 + rng.below(3) as u32,
                recv_limit: 1 + rng.below(3) as u32,
                ..edr(routing, rng.next_u64())
            };
            let mut to: Vec<usize> = (0..p).collect();
            rng.shuffle(&mut to);
            let perm: Vec<_> = to.into_iter().enumerate().collect();
            let dense = p.min(16);
            let mut all = bench::xor_alltoall(dense, 300);
            all.n = p;
            for traffic in [Traffic::pairs(p, &perm, 2000), all] {
                let r = simulate(spec, &cfg, &traffic).unwrap();
                assert_eq!(r.outcome, Outcome::Completed, "{spec:?} {routing:?}");
                assert_eq!(r.delivered_messages, traffic.messages.len());
                let flits: u64 = traffic
                    .messages
                    .iter()
                    .filter(|m| m.src != m.dst)
                    .map(|m| cfg.packet.flits(m.bytes))
                    .sum();
                assert_eq!(r.delivered_flits, flits);
            }
        }
    }
}

/// The EDR preset's numbers: a small message between two neighbours under
/// one switch takes about the 1 µs of MPI's published latency, and a long
/// one streams at the link's 12.5 GB/s.
#[test]
fn the_edr_preset_gives_its_sources_figures() {
    let cfg = SimConfig::edr();
    let us = |cycles: u64| cycles as f64 * config::EDR_CYCLE_US;
    let small = us(uncontended_latency(&cfg, 2, 8));
    assert!((0.9..1.0).contains(&small), "{small}");
    // 1 MB: 256 packets of 65 flits, 64 bytes every 5.12 ns.
    let mb = 1 << 20;
    let t = us(uncontended_latency(&cfg, 2, mb)) - us(uncontended_latency(&cfg, 2, 0));
    let gb_s = mb as f64 / t / 1e3;
    assert!((12.0..12.5).contains(&gb_s), "{gb_s} GB/s");
    assert_eq!(
        SimConfig::cycle_us(TopologySpec::KaryTree { k: 4, n: 3 }),
        Some(0.00512)
    );
}
