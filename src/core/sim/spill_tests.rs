//! Checkpoints on disk against a recorded run: a film fed by a worker's
//! run that writes groups of checkpoints to a "disk" (a list of files
//! here), read back whenever a seek wants one, shows every cycle exactly
//! as the recorded run (state and events), its replaying engine's
//! checksum equals a straight run's, and damaged, cut, foreign or
//! missing files are refused and the seek is made from memory.

use super::film::Film;
use super::film_job::FilmWork;
use super::film_run::FilmRun;
use super::simulator::Simulator;
use super::spill::SpillHead;
use super::*;
use crate::net::TopologySpec;
use crate::rng::Rng;

/// A run in a "worker" whose memory checkpoints lie `mem` moves apart and
/// whose disk checkpoints lie `disk` moves apart, chunked every `chunk`
/// moves, and the film the page fills from it, with the files written.
struct Rig {
    work: FilmWork,
    film: Film,
    files: Vec<Vec<u8>>,
}

impl Rig {
    fn new(
        spec: TopologySpec,
        cfg: &SimConfig,
        t: &Traffic,
        mem: u64,
        disk: u64,
        chunk: u64,
    ) -> Rig {
        let run = FilmRun::journaled(spec, cfg, t)
            .unwrap()
            .with_spacing(mem, u64::MAX / 4);
        let mut work = FilmWork::of(run).chunked(chunk, 1_000);
        work.spill_every(disk);
        let film = Film::watched(spec, Simulator::new(spec, cfg, t).unwrap());
        film.disk_worth(disk / 4);
        Rig {
            work,
            film,
            files: Vec::new(),
        }
    }

    /// One step: groups written (heads to the film before the chunk, as
    /// the worker sends them), then the chunk; whether a chunk came.
    fn step(&mut self) -> bool {
        let Some(chunk) = self.work.step() else {
            return false;
        };
        while let Some((head, bytes)) = self.work.next_group() {
            assert_eq!(head.group as usize, self.files.len());
            assert_eq!(head.bytes as usize, bytes.len());
            self.film.spilled(&head.to_bytes()).unwrap();
            self.files.push(bytes);
        }
        self.film
            .absorb(Chunk::from_bytes(&chunk.to_bytes()).unwrap());
        true
    }

    /// The frame at `pos`, after reading every group the film asks for
    /// (as the page does), through `read`.
    fn frame(&self, pos: usize, read: &Read) -> Frame {
        let mut asked = 0;
        while let Some(g) = self.film.disk_wanted(pos) {
            asked += 1;
            assert!(asked < 3, "a group is asked for again");
            self.film.disk_reading(g);
            let _ = self.film.disk_read(g, read(g, &self.files));
        }
        self.film.frame_full(pos)
    }
}

/// How a test reads a group's file from the "disk".
type Read = dyn Fn(u32, &[Vec<u8>]) -> Result<Vec<u8>, String>;

fn plain(g: u32, files: &[Vec<u8>]) -> Result<Vec<u8>, String> {
    Ok(files[g as usize].clone())
}

/// The 16-node fat tree's all-to-all, and the 4 × 4 mesh's.
fn cases() -> Vec<(TopologySpec, SimConfig, Traffic)> {
    let n = 16;
    let pairs: Vec<(usize, usize)> = (0..n)
        .flat_map(|s| (0..n).filter(move |&d| d != s).map(move |d| (s, d)))
        .collect();
    let mut loose = Traffic::pairs(n, &pairs, 96);
    loose.sync = Sync::Loose;
    vec![
        (
            TopologySpec::FatTree { procs: n },
            SimConfig {
                up_routing: UpRouting::Adaptive,
                startup: 5,
                seed: 3,
                ..SimConfig::cm5()
            },
            Traffic::pairs(n, &pairs, 128),
        ),
        (
            TopologySpec::Mesh { rows: 4, cols: 4 },
            SimConfig {
                startup: 4,
                ..SimConfig::delta()
            },
            loose,
        ),
    ]
}

#[test]
fn seeks_through_checkpoints_on_disk_show_the_recorded_run() {
    for (i, (spec, cfg, t)) in cases().into_iter().enumerate() {
        let (r, tl) = simulate_with_timeline(spec, &cfg, &t).unwrap();
        let disk = [300, 100][i];
        let mut rig = Rig::new(spec, &cfg, &t, 4_000, disk, 900 + 500 * i as u64);
        let mut rng = Rng::new(11 + i as u64);
        // While the run goes on: random cycles up to the one reached.
        while !rig.work.is_over() {
            if !rig.step() {
                continue;
            }
            let n = rig.film.cycles();
            for _ in 0..4 {
                let pos = 1 + rng.below(n);
                let fr = rig.frame(pos, &plain);
                assert_eq!(fr.view, tl.state_at(pos), "{spec:?} cycle {pos} of {n}");
                if pos > 1 {
                    assert_eq!(fr.events, tl.events(pos), "{spec:?} cycle {pos} of {n}");
                }
            }
        }
        let f = &rig.film;
        assert!(f.is_complete());
        let used = f.disk_use();
        assert!(used.checkpoints > 2 * spill::GROUP, "{spec:?}: {used:?}");
        assert_eq!(
            used.bytes,
            rig.files.iter().map(|b| b.len() as u64).sum::<u64>()
        );
        assert!(used.reads > 4, "{spec:?}: seeks read groups back: {used:?}");
        assert_eq!(*f.links(), r.links[..]);
        assert_eq!(f.delivered(), r.delivered_messages);
        // Once complete: 60 seeks back and forth, and the engine's
        // checksum at 12 cycles against a straight run's.
        let before = f.disk_use().reads;
        for _ in 0..60 {
            let pos = 1 + rng.below(f.cycles());
            let fr = rig.frame(pos, &plain);
            assert_eq!(fr.view, tl.state_at(pos), "{spec:?} cycle {pos}");
            if pos > 1 {
                assert_eq!(fr.events, tl.events(pos), "{spec:?} cycle {pos}");
            }
        }
        assert!(f.disk_use().reads > before);
        let mut straight = Simulator::new(spec, &cfg, &t).unwrap();
        let mut stops: Vec<u64> = (0..12).map(|_| rng.below(f.cycles()) as u64).collect();
        crate::sorting::sort_by_u64(&mut stops, |&c| c);
        for &at in stops.iter().rev().chain(&stops) {
            let _ = rig.frame(at as usize + 1, &plain);
            let mut fresh = Simulator::new(spec, &cfg, &t).unwrap();
            while fresh.engine.now < at && fresh.advance_until(at) {}
            assert_eq!(f.checksum_at(at as usize), fresh.engine.checksum_parts());
        }
        for &at in &stops {
            while straight.engine.now < at && straight.advance_until(at) {}
            assert_eq!(f.checksum_at(at as usize), straight.engine.checksum_parts());
        }
        // The disk's checkpoints shorten the longest replay.
        // (A checkpoint is taken at the end of the cycle that reaches the
        // spacing: a cycle moves at most one flit per channel.)
        let most = disk + f.fabric().links() as u64 * 2;
        assert!(
            f.longest_replay() <= most,
            "{spec:?}: {}",
            f.longest_replay()
        );
    }
}

#[test]
fn a_run_that_spills_simulates_what_it_would_without() {
    for (spec, cfg, t) in cases() {
        let mut with = Rig::new(spec, &cfg, &t, 4_000, 250, 700);
        while !with.work.is_over() {
            with.step();
        }
        let without = crate::step::run(Box::new(WatchedRun::new(spec, &cfg, &t).unwrap())).unwrap();
        assert!(with.film.disk_use().checkpoints > 0);
        assert_eq!(*with.film.links(), *without.links());
        assert_eq!(with.film.cycles(), without.cycles());
        assert_eq!(with.film.busiest(8), without.busiest(8));
        let last = with.film.cycles();
        assert_eq!(with.film.checksum_at(last), without.checksum_at(last));
    }
}

#[test]
fn bad_files_are_refused_and_the_seek_made_from_memory() {
    let (spec, cfg, t) = cases().remove(0);
    let (_, tl) = simulate_with_timeline(spec, &cfg, &t).unwrap();
    let mut rig = Rig::new(spec, &cfg, &t, 4_000, 300, 800);
    while !rig.work.is_over() {
        rig.step();
    }
    let groups = rig.files.len() as u32;
    assert!(groups > 3);
    // Each group's file spoiled a different way: damaged, cut, another
    // group's, empty, unreadable.
    let spoil = |g: u32, files: &[Vec<u8>]| -> Result<Vec<u8>, String> {
        let mut b = files[g as usize].clone();
        match g % 5 {
            0 => {
                let mid = b.len() / 2;
                b[mid] ^= 0x40;
                Ok(b)
            }
            1 => Ok(b[..b.len() - 3].to_vec()),
            2 => Ok(files[(g as usize + 1) % files.len()].clone()),
            3 => Ok(Vec::new()),
            _ => Err("NotFoundError".into()),
        }
    };
    let mut rng = Rng::new(5);
    for _ in 0..40 {
        let pos = 1 + rng.below(rig.film.cycles());
        let fr = rig.frame(pos, &spoil);
        assert_eq!(fr.view, tl.state_at(pos), "cycle {pos}");
        if pos > 1 {
            assert_eq!(fr.events, tl.events(pos), "cycle {pos}");
        }
    }
    assert_eq!(rig.film.disk_use().reads, 0);
    // Every group refused is never asked for again.
    for pos in 1..=rig.film.cycles() {
        if let Some(g) = rig.film.disk_wanted(pos) {
            rig.film.disk_reading(g);
            assert!(rig.film.disk_read(g, spoil(g, &rig.files)).is_err());
            assert_eq!(rig.film.disk_wanted(pos), None);
        }
    }
    // A group of another run is refused too.
    let (_, other, t2) = cases().remove(1);
    let mut foreign = Rig::new(
        TopologySpec::Mesh { rows: 4, cols: 4 },
        &other,
        &t2,
        4_000,
        300,
        800,
    );
    while !foreign.work.is_over() {
        foreign.step();
    }
    let fresh = Rig::new(spec, &cfg, &t, 4_000, 300, 800);
    let head = SpillHead::from_bytes(&{
        let mut w = Vec::new();
        w.extend(
            SpillHead {
                group: 0,
                bytes: foreign.files[0].len() as u64,
                cycles: vec![1],
            }
            .to_bytes(),
        );
        w
    })
    .unwrap();
    fresh.film.spilled(&head.to_bytes()).unwrap();
    assert!(
        fresh
            .film
            .disk_read(0, Ok(foreign.files[0].clone()))
            .is_err()
    );
}

#[test]
fn heads_that_are_not_in_order_or_not_heads_are_refused() {
    let (spec, cfg, t) = cases().remove(0);
    let rig = Rig::new(spec, &cfg, &t, 4_000, 300, 800);
    let head = |group, cycles: Vec<u64>| {
        SpillHead {
            group,
            bytes: 10,
            cycles,
        }
        .to_bytes()
    };
    assert!(
        rig.film.spilled(&head(1, vec![5])).is_err(),
        "group 1 before 0"
    );
    rig.film.spilled(&head(0, vec![5, 9])).unwrap();
    assert!(
        rig.film.spilled(&head(1, vec![9, 12])).is_err(),
        "cycle 9 again"
    );
    assert!(rig.film.spilled(&head(1, vec![])).is_err(), "no checkpoint");
    assert!(rig.film.spilled(&head(1, vec![20; 9])).is_err(), "nine");
    assert!(rig.film.spilled(b"junk").is_err());
    let good = head(1, vec![10, 30]);
    for cut in 0..good.len() {
        assert!(SpillHead::from_bytes(&good[..cut]).is_err(), "cut at {cut}");
    }
    rig.film.spilled(&good).unwrap();
    assert_eq!(rig.film.disk_use().checkpoints, 4);
    assert!(rig.film.disk_read(7, Ok(Vec::new())).is_err(), "no group 7");
}

#[test]
fn a_refused_disk_stops_the_checkpoints_and_the_run_goes_on() {
    let (spec, cfg, t) = cases().remove(0);
    let (r, _) = simulate_with_timeline(spec, &cfg, &t).unwrap();
    let mut rig = Rig::new(spec, &cfg, &t, 4_000, 300, 800);
    while rig.files.len() < 2 {
        assert!(!rig.work.is_over());
        rig.step();
    }
    rig.work.stop_spill();
    rig.film.disk_refused("QuotaExceededError".into());
    let written = rig.files.len();
    while !rig.work.is_over() {
        rig.step();
    }
    assert_eq!(rig.files.len(), written, "no group after the refusal");
    assert_eq!(*rig.film.links(), r.links[..]);
    assert_eq!(
        rig.film.disk_use().refused.as_deref(),
        Some("QuotaExceededError")
    );
}

#[test]
fn a_film_stops_writing_at_its_cap_and_says_so_once() {
    let (spec, cfg, t) = cases().remove(0);
    let mut rig = Rig::new(spec, &cfg, &t, 4_000, 300, 800);
    rig.work.run_mut().spill.as_mut().unwrap().cap = 3_000;
    let mut told = Vec::new();
    while !rig.work.is_over() {
        rig.step();
        told.extend(rig.work.spill_full());
    }
    let written: u64 = rig.files.iter().map(|f| f.len() as u64).sum();
    assert!(
        written >= 3_000 && written < 3_000 + rig.files[0].len() as u64 * 2,
        "{written}"
    );
    assert_eq!(told.len(), 1, "{told:?}");
    assert!(
        told[0].starts_with("this film has written the 0.0 GB"),
        "{}",
        told[0]
    );
}

/// The folder a test film's checkpoints on disk are "in".
struct Named(&'static str);

impl DiskFolder for Named {
    fn name(&self) -> String {
        self.0.into()
    }
}

#[test]
fn a_kept_film_opens_with_its_checkpoints_on_disk() {
    for (i, (spec, cfg, t)) in cases().into_iter().enumerate() {
        let (_, tl) = simulate_with_timeline(spec, &cfg, &t).unwrap();
        let mut rig = Rig::new(spec, &cfg, &t, 4_000, 200, 800);
        rig.film
            .set_disk_folder(std::rc::Rc::new(Named("f-spill-1")));
        while !rig.work.is_over() {
            rig.step();
        }
        let bytes = rig.film.to_bytes().unwrap();
        let used = rig.film.disk_use();
        // Opened from pieces of the page's reads: the folder and every
        // group's head come back, and seeks read the same files.
        let mut opener = FilmOpener::new(spec, &cfg, &t).unwrap();
        for piece in bytes.chunks(1000 + 3000 * i) {
            opener.feed(piece).unwrap();
        }
        let opened = opener.finish().unwrap();
        assert_eq!(opened.folder.as_deref(), Some("f-spill-1"));
        let again = Rig {
            film: opened.film,
            ..rig
        };
        again.film.disk_worth(50);
        let now = again.film.disk_use();
        assert_eq!((now.checkpoints, now.bytes), (used.checkpoints, used.bytes));
        assert!(now.checkpoints > 2 * spill::GROUP, "{now:?}");
        let mut rng = Rng::new(40 + i as u64);
        for _ in 0..40 {
            let pos = 1 + rng.below(again.film.cycles());
            let fr = again.frame(pos, &plain);
            assert_eq!(fr.view, tl.state_at(pos), "{spec:?} cycle {pos}");
        }
        assert!(
            again.film.disk_use().reads >= 3,
            "{:?}",
            again.film.disk_use()
        );
        // Without its folder (the disk deleted by the reader), a film
        // keeps no heads: the opened one seeks from memory.
        again.film.forget_disk();
        let plain_bytes = again.film.to_bytes().unwrap();
        let opened = Film::open(spec, &cfg, &t, &plain_bytes).unwrap();
        assert_eq!(opened.disk_use().checkpoints, 0);
        assert!(plain_bytes.len() < bytes.len());
    }
}
