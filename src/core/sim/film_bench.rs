//! Where a seek's time goes on the animator's largest case, the 1,024-node
//! fat tree's all-to-all of 64-byte messages scheduled by LP (the
//! browser bench's 'fat tree 1024 LP 64 B'), and on the Delta mesh's
//! ('mesh 16x32 LP 256 B'). Ignored: run them at full speed with
//! `cargo test -p commbook-core --profile bench-native film_seek -- --ignored --nocapture --test-threads 1`.

use super::Film;
use crate::algo::{self, Algo};
use crate::com::{Com, Message};
use crate::net::TopologySpec;
use crate::rng::Rng;
use crate::sim::{SimConfig, Sync, Traffic};
use std::time::Instant;

/// An all-to-all of `bytes`-byte messages scheduled by LP, as the
/// animator builds it.
fn alltoall(spec: TopologySpec, bytes: u64) -> (TopologySpec, SimConfig, Traffic) {
    let n = spec.procs();
    let all = (0..n)
        .flat_map(|s| (0..n).filter(move |&d| d != s).map(move |d| (s, d)))
        .map(|(src, dst)| Message { src, dst, bytes })
        .collect();
    let com = Com::from_messages(n, all).unwrap();
    let t = Traffic::from_schedule(&algo::run(Algo::Lp, &com, 1).schedule, Sync::Loose);
    let cfg = match spec {
        TopologySpec::Mesh { .. } => SimConfig::delta(),
        _ => SimConfig {
            seed: 1,
            ..SimConfig::cm5()
        },
    };
    (spec, cfg, t)
}

fn pct(xs: &[f64], p: f64) -> f64 {
    let mut s = xs.to_vec();
    // Durations are positive: their bits sort as they do.
    crate::sorting::sort_by_u64(&mut s, |x| x.to_bits());
    s[((p * s.len() as f64) as usize).min(s.len() - 1)]
}

#[test]
#[ignore]
fn film_seek_fat_tree_1024() {
    seeks(TopologySpec::FatTree { procs: 1024 }, 64);
}

/// The largest fat-tree all-to-all the animator takes (866 M moves).
#[test]
#[ignore]
fn film_seek_fat_tree_1024_256b() {
    seeks(TopologySpec::FatTree { procs: 1024 }, 256);
}

#[test]
#[ignore]
fn film_seek_mesh_16x32() {
    seeks(TopologySpec::Mesh { rows: 16, cols: 32 }, 256);
}

fn seeks(spec: TopologySpec, bytes: u64) {
    let (spec, cfg, t) = alltoall(spec, bytes);
    let t0 = Instant::now();
    let f = Film::record(spec, &cfg, &t).unwrap();
    let (count, bytes) = f.checkpoint_use();
    println!(
        "built in {:.0} ms: {} cycles, {} moves, {} messages, {count} checkpoints, {:.0} KB each, {:.1} MB",
        t0.elapsed().as_secs_f64() * 1e3,
        f.cycles(),
        f.replay.borrow().flit_moves(),
        f.messages(),
        bytes as f64 / count as f64 / 1e3,
        bytes as f64 / 1e6
    );
    let sizes: Vec<(usize, usize)> = (0..count).map(|k| f.checkpoint_sizes(k)).collect();
    let key: Vec<usize> = sizes
        .iter()
        .step_by(super::super::checkpoint_store::KEYFRAME_EVERY)
        .map(|s| s.0)
        .collect();
    println!(
        "counters: keyframes {:.1} KB, others {:.1} KB; rest {:.1} KB (mean)",
        key.iter().sum::<usize>() as f64 / key.len() as f64 / 1e3,
        (sizes.iter().map(|s| s.0).sum::<usize>() - key.iter().sum::<usize>()) as f64
            / (count - key.len()).max(1) as f64
            / 1e3,
        sizes.iter().map(|s| s.1).sum::<usize>() as f64 / count as f64 / 1e3,
    );
    // Restoring alone, for every checkpoint.
    let mut restores = Vec::new();
    for k in 0..count {
        let t = Instant::now();
        f.restore(k);
        restores.push(t.elapsed().as_secs_f64() * 1e3);
    }
    println!(
        "restore: median {:.2} ms, max {:.2} ms",
        pct(&restores, 0.5),
        pct(&restores, 1.0)
    );
    // Random seeks, as the browser bench makes them.
    let mut rng = Rng::new(12345);
    let mut seeks = Vec::new();
    for _ in 0..200 {
        let to = rng.below(f.cycles());
        let t = Instant::now();
        let fr = f.frame(to);
        seeks.push(t.elapsed().as_secs_f64() * 1e3);
        assert_eq!(fr.pos, to);
    }
    // The next cycle, from the one on screen (playing): no restore, no
    // replay; what every frame costs besides them. Then sixteen cycles on:
    // a frame of the player at its fastest speed.
    let steps = moves_on(&f, &mut rng, 1);
    let strides = moves_on(&f, &mut rng, 16);
    println!(
        "next frame: median {:.2} ms, max {:.2} ms; 16 cycles on: median {:.2} ms, p95 {:.2} ms",
        pct(&steps, 0.5),
        pct(&steps, 1.0),
        pct(&strides, 0.5),
        pct(&strides, 0.95)
    );
    println!(
        "seek: median {:.1} ms, p95 {:.1} ms, max {:.1} ms",
        pct(&seeks, 0.5),
        pct(&seeks, 0.95),
        pct(&seeks, 1.0)
    );
}

/// Times 50 frames `k` cycles on from a random frame on screen, in ms.
fn moves_on(f: &Film, rng: &mut Rng, k: usize) -> Vec<f64> {
    (0..50)
        .map(|_| {
            let to = rng.below(f.cycles() - k);
            f.frame(to);
            let t = Instant::now();
            f.frame(to + k);
            t.elapsed().as_secs_f64() * 1e3
        })
        .collect()
}

/// Before the first picture: scheduling the 1,024-node all-to-all and
/// setting the simulator up (grouping a million messages by sender and
/// phase).
#[test]
#[ignore]
fn film_setup_fat_tree_1024() {
    let t0 = Instant::now();
    let (spec, cfg, t) = alltoall(TopologySpec::FatTree { procs: 1024 }, 64);
    let t1 = Instant::now();
    let run = crate::sim::FilmRun::new(spec, &cfg, &t).unwrap();
    let t2 = Instant::now();
    let ms = |a: Instant, b: Instant| (b - a).as_secs_f64() * 1e3;
    println!(
        "messages and schedule {:.0} ms, simulator set up {:.0} ms",
        ms(t0, t1),
        ms(t1, t2)
    );
    drop(run);
}
