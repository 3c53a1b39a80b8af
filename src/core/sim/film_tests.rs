//! The film against a recorded run: every frame's state and events, and
//! the engine's checksum after replaying from a checkpoint against a
//! straight run, on both networks, every release rule, several seeds and
//! configurations.

use super::film::Film;
use super::film_run::{FilmRun, WatchedRun};
use super::simulator::Simulator;
use super::tests::random_perm;
use super::*;
use crate::com::fig7::Fig7Config;
use crate::net::TopologySpec;
use crate::rng::Rng;
use crate::step::{Stepper, run};
use proptest::prelude::*;

/// A film with a checkpoint every `every` cycles (and every 50 moves).
fn film(spec: TopologySpec, cfg: &SimConfig, t: &Traffic, every: u64) -> Film {
    let r = FilmRun::new(spec, cfg, t).unwrap().with_spacing(50, every);
    run(Box::new(r)).unwrap()
}

/// Every frame equals the recorded run's state, and its events the
/// recorded cycle's (the first cycle's also hold the releases made before
/// it, which a film shows at position 0 instead).
fn same_as_recorded(spec: TopologySpec, cfg: &SimConfig, t: &Traffic, every: u64, seed: u64) {
    let (r, tl) = simulate_with_timeline(spec, cfg, t).unwrap();
    let f = film(spec, cfg, t, every);
    frames_as_recorded(&f, &r, &tl, spec, seed);
    // Kept on disk and opened again: the same film, frame for frame.
    let bytes = f.to_bytes().expect("a finished film");
    let again = Film::open(spec, cfg, t, &bytes).unwrap();
    frames_as_recorded(&again, &r, &tl, spec, seed ^ 1);
    assert_eq!(again.checkpoint_use().0, f.checkpoint_use().0);
    assert_eq!(again.to_bytes().unwrap(), bytes);
}

/// [`same_as_recorded`] for a film `f` of the run `r`, `tl`.
fn frames_as_recorded(f: &Film, r: &SimResult, tl: &Timeline, spec: TopologySpec, seed: u64) {
    assert_eq!(f.cycles(), tl.cycles(), "{spec:?}");
    assert_eq!(*f.phase_marks(), tl.phase_marks[..]);
    assert_eq!(*f.links(), r.links[..]);
    assert_eq!(f.delivered(), r.delivered_messages);
    assert_eq!(f.outcome(), Some(r.outcome.clone()));
    let mut order: Vec<usize> = (1..=f.cycles()).collect();
    // Forward, then in a shuffled order (seeks back and forth).
    let mut rng = Rng::new(seed);
    let mut shuffled = order.clone();
    for i in (1..shuffled.len()).rev() {
        shuffled.swap(i, rng.below(i + 1));
    }
    order.extend(shuffled.into_iter().take(40));
    for pos in order {
        let fr = f.frame_full(pos);
        assert_eq!(fr.view, tl.state_at(pos), "{spec:?} cycle {pos}");
        if pos > 1 {
            assert_eq!(fr.events, tl.events(pos), "{spec:?} cycle {pos}");
        }
        let moves = fr
            .events
            .iter()
            .filter(|e| matches!(e, SimEvent::Moved { .. }))
            .count();
        assert_eq!(moves as u32, f.activity(pos));
    }
}

/// The replaying engine's checksum at `pos` equals a straight run's.
fn same_checksums(spec: TopologySpec, cfg: &SimConfig, t: &Traffic, every: u64, seed: u64) {
    let f = film(spec, cfg, t, every);
    let mut rng = Rng::new(seed);
    let cycles = f.cycles() as u64;
    let mut stops: Vec<u64> = (0..12)
        .map(|_| rng.below(cycles as usize + 1) as u64)
        .collect();
    crate::sorting::sort_by_u64(&mut stops, |&c| c);
    let mut straight = Simulator::new(spec, cfg, t).unwrap();
    for &at in &stops {
        while straight.engine.now < at && straight.advance_until(at) {}
        assert_eq!(straight.engine.now, at);
        assert_eq!(
            f.checksum_at(at as usize),
            straight.engine.checksum_parts(),
            "{spec:?} cycle {at}"
        );
    }
    // And backwards, from wherever the replay stands.
    for &at in stops.iter().rev() {
        let mut fresh = Simulator::new(spec, cfg, t).unwrap();
        while fresh.engine.now < at && fresh.advance_until(at) {}
        assert_eq!(f.checksum_at(at as usize), fresh.engine.checksum_parts());
    }
}

fn all_to_all(n: usize, bytes: u64) -> Vec<(usize, usize)> {
    let _ = bytes;
    (0..n)
        .flat_map(|s| (0..n).filter(move |&d| d != s).map(move |d| (s, d)))
        .collect()
}

fn scheduled(n: usize, d: usize, seed: u64, bytes: u64, sync: Sync) -> Traffic {
    let com = Fig7Config::new(n, d, seed).generate().unwrap();
    let m = com
        .messages()
        .map(|m| crate::com::Message { bytes, ..m })
        .collect();
    let com = crate::com::Com::from_messages(n, m).unwrap();
    let s = crate::algo::run(crate::algo::Algo::Lp, &com, seed).schedule;
    Traffic::from_schedule(&s, sync)
}

/// A film watched while its run is simulated, checked as it grows: after
/// every chunk, frames at random cycles up to the one reached equal the
/// recorded run's (seeks back and forth through a film still growing),
/// and the replaying engine at the cycle reached equals the running one;
/// once complete it is checked as a finished film, and its checkpoints
/// are those of a finished film built with the same spacing and budget.
fn watched_as_recorded(
    spec: TopologySpec,
    cfg: &SimConfig,
    t: &Traffic,
    every: u64,
    budget: usize,
    seed: u64,
) {
    let (r, tl) = simulate_with_timeline(spec, cfg, t).unwrap();
    let mut w = WatchedRun::new(spec, cfg, t)
        .unwrap()
        .with_spacing(50, every)
        .with_budget(budget)
        .chunked(1 + seed % 300, 1 + seed % 13)
        .through_bytes(seed.is_multiple_of(2));
    let f = w.film();
    let mut rng = Rng::new(seed);
    let mut chunks = 0;
    while w.step() {
        let n = f.cycles();
        assert!(!f.is_complete() && f.outcome().is_none());
        if n == 0 || n == chunks {
            continue;
        }
        chunks = n;
        for _ in 0..3 {
            let pos = 1 + rng.below(n);
            let fr = f.frame_full(pos);
            assert_eq!(
                fr.view,
                tl.state_at(pos),
                "{spec:?} cycle {pos} of {n} so far"
            );
            if pos > 1 {
                assert_eq!(
                    fr.events,
                    tl.events(pos),
                    "{spec:?} cycle {pos} of {n} so far"
                );
            }
        }
        assert_eq!(f.checksum_at(n), w.engine_checksum(), "{spec:?} at {n}");
    }
    let done = Box::new(w).finish().unwrap();
    assert!(std::rc::Rc::ptr_eq(&done, &f) && f.is_complete());
    frames_as_recorded(&f, &r, &tl, spec, seed);
    let finished = run(Box::new(
        FilmRun::new(spec, cfg, t)
            .unwrap()
            .with_spacing(50, every)
            .with_budget(budget),
    ))
    .unwrap();
    assert_eq!(f.checkpoint_use(), finished.checkpoint_use());
    assert_eq!(f.busiest(8), finished.busiest(8));
    assert_eq!(f.busiest_link(), finished.busiest_link());
}

#[test]
fn frames_match_a_recorded_run_on_both_networks() {
    for seed in 1..=3 {
        for sync in [Sync::Barrier, Sync::Loose, Sync::Free] {
            let t = scheduled(16, 3, seed, 40, sync);
            for spec in [
                TopologySpec::Mesh { rows: 4, cols: 4 },
                TopologySpec::FatTree { procs: 16 },
            ] {
                let cfg = match spec {
                    TopologySpec::Mesh { .. } => SimConfig {
                        startup: 7,
                        ..SimConfig::delta()
                    },
                    _ => SimConfig {
                        seed,
                        startup: 9,
                        ..SimConfig::cm5()
                    },
                };
                same_as_recorded(spec, &cfg, &t, 5 + seed * 7, seed);
                same_checksums(spec, &cfg, &t, 3 + seed, seed);
                watched_as_recorded(spec, &cfg, &t, 4 + seed, 20_000 * seed as usize, seed);
            }
        }
    }
}

#[test]
fn an_all_to_all_replays_exactly_with_local_copies_and_waits() {
    let n = 16;
    let mut pairs = all_to_all(n, 0);
    pairs.extend((0..n).map(|p| (p, p)));
    let t = Traffic::pairs(n, &pairs, 24);
    let spec = TopologySpec::FatTree { procs: n };
    for routing in [UpRouting::Random, UpRouting::Adaptive, UpRouting::Static] {
        let cfg = SimConfig {
            up_routing: routing,
            startup: 3,
            ..SimConfig::cm5()
        };
        same_as_recorded(spec, &cfg, &t, 11, 5);
        same_checksums(spec, &cfg, &t, 4, 5);
    }
    let on_arrival = SimConfig {
        recv_policy: RecvPolicy::OnArrival,
        send_limit: 2,
        recv_limit: 2,
        startup: 2,
        ..SimConfig::delta()
    };
    let spec = TopologySpec::Mesh { rows: 4, cols: 4 };
    let t = Traffic::pairs(n, &all_to_all(n, 0)[..120], 70);
    same_checksums(spec, &on_arrival, &t, 6, 9);
}

proptest! {
    #![proptest_config(super::proptests::config(120, 7207))]
    #[test]
    fn random_runs_replay_exactly_from_checkpoints(
        rows in 1usize..=4, cols in 2usize..=4, fat in any::<bool>(), seed: u64,
        bytes in 0u64..=300, every in 1u64..=40,
        v in proptest::array::uniform6(0u32..1000),
    ) {
        let n = rows * cols;
        let spec = if fat { TopologySpec::FatTree { procs: n } } else { TopologySpec::Mesh { rows, cols } };
        let base = if fat { SimConfig::cm5() } else { SimConfig::delta() };
        let cfg = super::proptests::cfg_from(base, v, seed);
        let mut rng = Rng::new(seed);
        let perm = random_perm(n, &mut rng);
        let mut pairs = perm;
        pairs.extend((0..n).map(|s| (s, rng.below(n))));
        let t = Traffic::pairs(n, &pairs, bytes);
        same_as_recorded(spec, &cfg, &t, every, seed);
        same_checksums(spec, &cfg, &t, every, seed);
        watched_as_recorded(spec, &cfg, &t, every, (v[0] as usize + 1) * 100, seed);
    }
}

#[test]
fn a_followed_message_is_found_where_it_is() {
    // 0 → 2 on a 1 × 3 mesh: two hops, then the ejection channel.
    let spec = TopologySpec::Mesh { rows: 1, cols: 3 };
    let t = Traffic::pairs(3, &[(0, 2), (1, 0)], 200);
    let f = film(spec, &SimConfig::delta(), &t, 7);
    let under_way = (1..f.cycles())
        .map(|c| f.frame(c))
        .find(|fr| !fr.held_by(0).is_empty())
        .expect("message 0 holds channels at some cycle");
    for c in under_way.held_by(0) {
        let p = under_way.view.owner[c as usize];
        assert_eq!(under_way.message_of(p), Some(0));
    }
    assert!(
        f.whereabouts(&under_way, 0)
            .starts_with("0→2 is under way; its packets hold "),
        "{}",
        f.whereabouts(&under_way, 0)
    );
    let end = f.frame(f.cycles());
    let lat = f.latency(0).unwrap();
    assert_eq!(
        f.whereabouts(&end, 0),
        format!("0→2 has arrived, {lat} cycles after its release")
    );
    assert!(end.held_by(0).is_empty());
    assert_eq!(
        f.whereabouts(&f.frame(0), 0),
        "0→2 may start, and waits for its sender or receiver"
    );
}

#[test]
fn bytes_that_are_not_a_chunk_are_refused() {
    let spec = TopologySpec::Mesh { rows: 2, cols: 2 };
    let t = Traffic::pairs(4, &all_to_all(4, 0), 64);
    let (mut r, _) = FilmRun::watched(spec, &SimConfig::delta(), &t).unwrap();
    while r.step() {}
    let whole = r.chunk().to_bytes();
    let back = super::Chunk::from_bytes(&whole).unwrap();
    assert!(back.is_last() && back.cycles() > 0);
    assert_eq!(back.to_bytes(), whole);
    // Cut short anywhere, or followed by more: an error, not a panic.
    for cut in 0..whole.len() {
        assert!(
            super::Chunk::from_bytes(&whole[..cut]).is_err(),
            "cut at {cut}"
        );
    }
    let mut more = whole.clone();
    more.push(0);
    let err = |b: &[u8]| super::Chunk::from_bytes(b).err().unwrap_or_default();
    assert!(err(&more).contains("left over"), "{}", err(&more));
    // A count far past the bytes there are is caught before allocating.
    let huge = [0xff, 0xff, 0xff, 0xff, 0x0f];
    assert!(err(&huge).contains("counts"), "{}", err(&huge));
    let mut rng = Rng::new(4);
    for _ in 0..2000 {
        let junk: Vec<u8> = (0..rng.below(64)).map(|_| rng.below(256) as u8).collect();
        let _ = super::Chunk::from_bytes(&junk);
    }
}

#[test]
fn a_film_kept_on_disk_opens_only_if_whole_and_of_its_run() {
    let spec = TopologySpec::FatTree { procs: 8 };
    let t = Traffic::pairs(8, &all_to_all(8, 0), 96);
    let cfg = SimConfig::cm5();
    let f = film(spec, &cfg, &t, 9);
    let bytes = f.to_bytes().unwrap();
    let again = Film::open(spec, &cfg, &t, &bytes).unwrap();
    let mut rng = Rng::new(17);
    for _ in 0..20 {
        let c = rng.below(f.cycles() + 1);
        assert_eq!(again.checksum_at(c), f.checksum_at(c), "cycle {c}");
    }
    let err = |b: &[u8], t: &Traffic| Film::open(spec, &cfg, t, b).err().unwrap_or_default();
    // A changed byte: refused, by the hash at the end or by the piece it
    // spoils (a film's every reason starts so), and never a panic.
    let mut rng = Rng::new(5);
    for _ in 0..300 {
        let mut damaged = bytes.clone();
        let at = 8 + rng.below(bytes.len() - 8);
        damaged[at] ^= 1 << rng.below(8);
        let why = err(&damaged, &t);
        assert!(why.starts_with("the film"), "byte {at}: {why}");
    }
    assert_eq!(
        err(&bytes[..bytes.len() - 1], &t),
        "the film's file is damaged"
    );
    assert_eq!(err(b"cbfilm0", &t), "the file is not a film of this book");
    assert_eq!(
        err(
            &[b"junk0000"[..].to_vec(), bytes[8..].to_vec()].concat(),
            &t
        ),
        "the file is not a film of this book"
    );
    // Another run's traffic (fewer messages): refused, not replayed.
    let fewer = Traffic::pairs(8, &all_to_all(8, 0)[..10], 96);
    assert!(
        err(&bytes, &fewer).contains("past its 10"),
        "{}",
        err(&bytes, &fewer)
    );
    // Fed a piece at a time, of any sizes (as the page reads the file):
    // the same film, byte for byte; cut anywhere, refused.
    for seed in 0..20 {
        let mut rng = Rng::new(seed);
        let mut opener = super::FilmOpener::new(spec, &cfg, &t).unwrap();
        let mut at = 0;
        while at < bytes.len() {
            let n = (1 + rng.below(if seed % 2 == 0 { 7 } else { 5000 })).min(bytes.len() - at);
            opener.feed(&bytes[at..at + n]).unwrap();
            at += n;
        }
        let opened = opener.finish().unwrap();
        assert_eq!(opened.bytes, bytes.len());
        assert!(opened.folder.is_none());
        assert_eq!(opened.film.to_bytes().unwrap(), bytes);
    }
    for _ in 0..200 {
        let cut = rng.below(bytes.len());
        assert!(
            Film::open(spec, &cfg, &t, &bytes[..cut]).is_err(),
            "cut at {cut}"
        );
    }
    // Bytes after the hash: refused.
    let more = [&bytes[..], &[0]].concat();
    assert_eq!(err(&more, &t), "the film's file is damaged");
    // A film still being simulated has no bytes yet.
    let (mut r, watched) = FilmRun::watched(spec, &cfg, &t).unwrap();
    r.step();
    watched.absorb(r.chunk());
    assert!(watched.to_bytes().is_none());
}
