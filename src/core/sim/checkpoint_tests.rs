//! The checkpoints' encoding against the engine it encodes: restoring
//! each checkpoint (in a shuffled order, so the message pass starts from
//! every kind of earlier state) gives the engine that was encoded —
//! the same checksum, the same counters, the same bytes encoded again —
//! on both networks, every release rule, several seeds and slot limits,
//! before and after the store drops every other checkpoint.

use super::super::bench::xor_alltoall;
use super::super::checkpoint_codec::{counters, encode};
use super::super::simulator::Simulator;
use super::super::tests::random_perm;
use super::super::{RecvPolicy, SimConfig, Sync, Traffic};
use super::{Checkpoints, KEYFRAME_EVERY};
use crate::net::TopologySpec;
use crate::rng::Rng;

/// What a checkpoint must give back.
struct Taken {
    sums: Vec<(&'static str, u64)>,
    counters: Vec<u64>,
    rest: Vec<u8>,
}

fn taken(sim: &Simulator) -> Taken {
    Taken {
        sums: sim.engine.checksum_parts(),
        counters: counters(&sim.engine),
        rest: encode(&sim.engine),
    }
}

fn restores_exactly(spec: TopologySpec, cfg: &SimConfig, t: &Traffic, seed: u64) {
    let mut rng = Rng::new(seed);
    let mut sim = Simulator::new(spec, cfg, t).unwrap();
    let mut store = Checkpoints::new(&sim.engine);
    let mut want = vec![taken(&sim)];
    while sim.advance() {
        if rng.below(3) == 0 {
            store.take(&sim.engine);
            want.push(taken(&sim));
        }
    }
    assert!(
        store.len() > KEYFRAME_EVERY + 1,
        "{spec:?}: {}",
        store.len()
    );
    let times = sim.engine.times();
    // The replaying engine starts where a film's does: at the run's end.
    let check = |store: &Checkpoints, replay: &mut Simulator, k: usize, w: &Taken| {
        store.restore(k, &mut replay.engine, &times);
        let e = &replay.engine;
        assert_eq!(e.checksum_parts(), w.sums, "{spec:?} checkpoint {k}");
        assert_eq!(counters(e), w.counters, "{spec:?} checkpoint {k}");
        assert_eq!(encode(e), w.rest, "{spec:?} checkpoint {k}");
    };
    let mut order: Vec<usize> = (0..store.len()).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i + 1));
    }
    for &k in &order {
        check(&store, &mut sim, k, &want[k]);
        // Run on a little, as a seek does, before the next restore.
        for _ in 0..rng.below(30) {
            sim.advance();
        }
    }
    // Thinned, and closed: the message pass skips blocks by their spans.
    store.thin();
    store.close(&times);
    assert_eq!(store.len(), want.len().div_ceil(2));
    for &k in order.iter().filter(|&&k| k < store.len()) {
        check(&store, &mut sim, k, &want[2 * k]);
    }
}

fn configs(spec: TopologySpec, seed: u64) -> Vec<SimConfig> {
    let base = match spec {
        TopologySpec::Mesh { .. } => SimConfig::delta(),
        _ => SimConfig {
            seed,
            ..SimConfig::cm5()
        },
    };
    vec![
        SimConfig { startup: 5, ..base },
        SimConfig {
            startup: 2,
            send_limit: 2,
            recv_limit: 2,
            buffer: 3,
            recv_policy: RecvPolicy::OnArrival,
            ..base
        },
    ]
}

#[test]
fn checkpoints_restore_the_engine_they_encode() {
    for seed in 1..=3 {
        for spec in [
            TopologySpec::Mesh { rows: 4, cols: 4 },
            TopologySpec::FatTree { procs: 16 },
        ] {
            for sync in [Sync::Barrier, Sync::Loose, Sync::Free] {
                let mut t = xor_alltoall(16, 24 * seed);
                t.sync = sync;
                restores_exactly(spec, &configs(spec, seed)[0], &t, seed);
            }
            // Permutations and local copies, two slots a processor,
            // receive slots taken on arrival.
            let mut rng = Rng::new(seed);
            let mut pairs = random_perm(16, &mut rng);
            pairs.extend((0..48).map(|_| (rng.below(16), rng.below(16))));
            let t = Traffic::pairs(16, &pairs, 100);
            for cfg in configs(spec, seed) {
                restores_exactly(spec, &cfg, &t, seed + 10);
            }
        }
    }
}
