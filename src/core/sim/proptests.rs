//! Property tests: thousands of random permutations and schedules on both
//! topologies. Seeds are fixed, so a failure reproduces on every run.

use super::fabric::Fabric;
use super::tests::random_perm;
use super::*;
use crate::com::fig7::Fig7Config;
use crate::net::TopologySpec;
use crate::rng::Rng;
use crate::verify::verify;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};

pub(super) fn config(cases: u32, seed: u64) -> Config {
    Config {
        cases,
        rng_seed: RngSeed::Fixed(seed),
        failure_persistence: None,
        ..Config::default()
    }
}

/// Everything a finished run must satisfy, whatever the traffic.
fn check_run(spec: TopologySpec, cfg: &SimConfig, t: &Traffic, r: &SimResult) {
    let fab = Fabric::new(spec);
    assert_eq!(r.outcome, Outcome::Completed, "{spec:?} {cfg:?}");
    assert_eq!(r.delivered_messages, t.messages.len());
    let net = t.messages.iter().filter(|m| m.src != m.dst);
    let flits: u64 = net.clone().map(|m| cfg.packet.flits(m.bytes)).sum();
    let moves: u64 = net
        .map(|m| cfg.packet.flits(m.bytes) * (fab.hops(m.src, m.dst) as u64 + 1))
        .sum();
    assert_eq!((r.injected_flits, r.delivered_flits), (flits, flits));
    assert_eq!(r.flit_moves, moves);
    for m in &r.messages {
        let least = if m.src == m.dst {
            0
        } else {
            uncontended_latency(cfg, m.hops, m.bytes)
        };
        assert!(m.latency.is_some_and(|l| l >= least), "{m:?}");
        assert!(m.finished_at.is_some_and(|f| f <= r.cycles));
    }
    assert!(r.links.iter().all(|l| l.busy <= r.cycles));
    assert!(
        r.phases
            .iter()
            .all(|p| p.messages == 0 || p.finished_at.is_some())
    );
}

/// A configuration drawn from small numbers.
pub(super) fn cfg_from(base: SimConfig, v: [u32; 6], seed: u64) -> SimConfig {
    let routing = [UpRouting::Static, UpRouting::Random, UpRouting::Adaptive];
    SimConfig {
        startup: v[0] % 21,
        packet_gap: v[1] % 4,
        buffer: 1 + v[2] % 4,
        send_limit: 1 + v[3] % 3,
        recv_limit: 1 + v[4] % 3,
        up_routing: routing[v[5] as usize % 3],
        seed,
        ..base
    }
}

fn sync_from(k: u32) -> Sync {
    [Sync::Barrier, Sync::Loose, Sync::Free][k as usize % 3]
}

proptest! {
    #![proptest_config(config(1500, 6001))]
    #[test]
    fn random_permutations_complete_on_meshes(
        rows in 1usize..=6, cols in 1usize..=6, seed: u64, bytes in 0u64..=700,
        v in proptest::array::uniform6(0u32..1000),
    ) {
        let spec = TopologySpec::Mesh { rows, cols };
        let n = rows * cols;
        let mut rng = Rng::new(seed);
        let pairs = random_perm(n, &mut rng);
        let cfg = cfg_from(SimConfig::delta(), v, seed);
        let t = Traffic::pairs(n, &pairs, bytes);
        check_run(spec, &cfg, &t, &simulate(spec, &cfg, &t).unwrap());
    }
}

proptest! {
    #![proptest_config(config(1500, 6002))]
    #[test]
    fn random_permutations_complete_on_fat_trees(
        n in 2usize..=80, seed: u64, bytes in 0u64..=200,
        v in proptest::array::uniform6(0u32..1000),
    ) {
        let spec = TopologySpec::FatTree { procs: n };
        let pairs = random_perm(n, &mut Rng::new(seed));
        let cfg = cfg_from(SimConfig::cm5(), v, seed);
        let t = Traffic::pairs(n, &pairs, bytes);
        check_run(spec, &cfg, &t, &simulate(spec, &cfg, &t).unwrap());
    }
}

proptest! {
    #![proptest_config(config(300, 6003))]
    #[test]
    fn schedules_run_phase_by_phase(
        mesh: bool, n in 2usize..=20, d in 1usize..=6, seed: u64, sync in 0u32..3,
        v in proptest::array::uniform6(0u32..1000),
    ) {
        let com = Fig7Config::new(n, d.min(n - 1).max(1), seed).generate().unwrap();
        let schedule = crate::algo::lp::schedule(&com);
        prop_assert_eq!(verify(&com, &schedule, None), Ok(()));
        let (spec, base) = if mesh {
            (TopologySpec::Mesh { rows: 1, cols: n }, SimConfig::delta())
        } else {
            (TopologySpec::FatTree { procs: n }, SimConfig::cm5())
        };
        let cfg = cfg_from(base, v, seed);
        let t = Traffic::from_schedule(&schedule, sync_from(sync));
        check_run(spec, &cfg, &t, &simulate(spec, &cfg, &t).unwrap());
    }
}

proptest! {
    #![proptest_config(config(300, 6004))]
    #[test]
    fn at_most_one_flit_per_link_direction_per_cycle(
        mesh: bool, n in 2usize..=16, seed: u64, bytes in 0u64..=300,
        v in proptest::array::uniform6(0u32..1000),
    ) {
        let (spec, base) = if mesh {
            (TopologySpec::Mesh { rows: 2, cols: n.div_ceil(2) }, SimConfig::delta())
        } else {
            (TopologySpec::FatTree { procs: n }, SimConfig::cm5())
        };
        let procs = spec.procs();
        let pairs = random_perm(procs, &mut Rng::new(seed));
        let cfg = cfg_from(base, v, seed);
        let t = Traffic::pairs(procs, &pairs, bytes);
        let (r, tl) = simulate_with_timeline(spec, &cfg, &t).unwrap();
        prop_assert_eq!(&r, &simulate(spec, &cfg, &t).unwrap());
        let mut into = vec![u64::MAX; tl.fabric().channels()];
        let mut out_of = into.clone();
        for pos in 1..=tl.cycles() {
            for e in tl.events(pos) {
                if let SimEvent::Moved { from, to } = *e {
                    let p = pos as u64;
                    prop_assert!(into[to as usize] != p, "two flits onto {} in cycle {}", to, pos);
                    prop_assert!(out_of[from as usize] != p, "two flits out of {}", from);
                    into[to as usize] = p;
                    out_of[from as usize] = p;
                }
            }
        }
        let end = tl.final_state();
        prop_assert_eq!(end.delivered_flits, r.delivered_flits);
        prop_assert_eq!(end.buffers.total(), 0);
    }
}
