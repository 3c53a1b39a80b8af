//! A run kept as checkpoints and replayed on demand: the animator at the
//! papers' scale.
//!
//! A [`Timeline`](super::Timeline) stores every event (one per flit move),
//! which caps it near 4 M events: a 16 × 16 all-to-all does not fit. A
//! [`Film`] stores none. [`FilmRun`] runs the simulation once, taking a
//! checkpoint (`checkpoint_store.rs`) every so many flit moves or
//! cycles, and counts the flit moves of every cycle (so idle stretches
//! can be skipped and the activity drawn). To show cycle `pos`,
//! [`Film::frame`] restores the nearest checkpoint at or before
//! `pos − 1`, runs the engine on to `pos − 1`
//! unrecorded, and runs cycle `pos` recorded: the frame's state and the
//! cycle's events are exactly those of a recorded run (the tests compare
//! them with a [`Timeline`](super::Timeline) cycle by cycle, and the
//! engine's checksums with a straight run). Playing forward continues
//! from the cycle on screen instead of restoring.
//!
//! Memory: a checkpoint is encoded compactly and deflated
//! (`checkpoint_codec.rs`, `checkpoint_store.rs`): the
//! 1,024-node fat tree's takes about 32 KB where a plain copy took 800 KB,
//! and restoring one takes 1 to 2 ms natively (only the messages whose
//! times lie between the replaying engine's cycle and the checkpoint's
//! are rebuilt). Checkpoints are spaced by at least
//! [`CHECKPOINT_MOVES`] flit moves (a replay of about 9 ms natively) and
//! at most [`CHECKPOINT_CYCLES`] cycles; after each one the spacing is set
//! so that the moves left in the run, at the recent checkpoints' size,
//! fill nine tenths of their budget ([`CHECKPOINT_BUDGET`], less a little
//! per message). Should they pass it all the same, every other one is
//! dropped and the spacing doubled, so a long run keeps a fixed memory and
//! its seeks grow slower instead. The fat tree's all-to-all of 64-byte
//! messages (217 M moves) keeps 952 checkpoints, one every 228,000 moves,
//! in about 30 MB of its 32 MB: a seek replays 114,000 moves on average.

use super::checkpoint::Times;
use super::checkpoint_store::Checkpoints;
use super::fabric::Fabric;
pub use super::film_chunk::{Chunk, Ending};
use super::simulator::Simulator;
use super::source::Log;
use super::source::NEVER;
use super::stats::LinkStats;
use super::{Outcome, SimConfig, SimError, Traffic};
use crate::net::TopologySpec;
use crate::trace::Replay;
use std::cell::{Ref, RefCell};

/// Flit moves between checkpoints, at least (at first; a run that would
/// pass the budget spaces them wider, see the module docs).
pub const CHECKPOINT_MOVES: u64 = 200_000;
/// A restore costs about as much as replaying this many flit moves
/// (1-2 ms natively, a few in the browser): a seek forward of the engine
/// restores a newer checkpoint only when that saves more replay.
pub const RESTORE_MOVES: u64 = 100_000;
/// Cycles between checkpoints, at most (at first).
pub const CHECKPOINT_CYCLES: u64 = 20_000;
/// Bytes the checkpoints may hold together (encoded: what they take in
/// memory), less [`BUDGET_PER_MESSAGE`] for each message (the engine
/// holds about 100 bytes a message, so a film of a million messages keeps
/// 32 MB of checkpoints: the 1,024-node all-to-all of 256 B took 178 MB of
/// wasm memory in all), and never less than a quarter of it.
pub const CHECKPOINT_BUDGET: usize = 48 << 20;
/// See [`CHECKPOINT_BUDGET`].
pub const BUDGET_PER_MESSAGE: usize = 16;
/// Most cycles a film records (its activity costs 2 bytes a cycle).
pub const FILM_MAX_CYCLES: u64 = 16_000_000;

/// Messages of one processor by where they are.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub delivered: usize,
    pub under_way: usize,
    pub not_started: usize,
}

/// A run replayable at any cycle: a finished one, or one being simulated
/// while it is watched ([`Film::absorb`]), replayable up to the cycle the
/// simulation has reached.
pub struct Film {
    spec: TopologySpec,
    fab: Fabric,
    replay: RefCell<Simulator>,
    reel: RefCell<Reel>,
    /// Checkpoints on disk, written by a film worker (`film_disk.rs`).
    disk: RefCell<disk::Disk>,
}

/// What a film knows of its run: all of it, or, while the run is watched
/// as it is simulated, its first [`Film::cycles`] cycles.
struct Reel {
    /// Every message's times: the whole run's once it is over, before that
    /// those set so far ("never" for the others, whose times lie later).
    times: Vec<Times>,
    checkpoints: Checkpoints,
    activity: Vec<u16>,
    /// Cycles after which a phase had all its messages delivered, sorted,
    /// without repeats.
    phase_marks: Vec<usize>,
    /// The most flits a link has carried so far.
    peak: u64,
    /// The run's figures, once it is over.
    end: Option<Ending>,
}

impl Film {
    /// The film of a finished run: its figures, the messages' times, and
    /// the engine rewound to the first checkpoint for replaying.
    pub(super) fn new(
        spec: TopologySpec,
        mut sim: Simulator,
        mut checkpoints: Checkpoints,
        activity: Vec<u16>,
    ) -> Film {
        let end = Ending::of(&sim);
        let e = &sim.engine;
        let mut phase_marks: Vec<usize> = e.src.phase_marks.iter().map(|&m| m as usize).collect();
        crate::sorting::sort_by_u64(&mut phase_marks, |&m| m as u64);
        phase_marks.dedup();
        let times = e.times();
        checkpoints.close(&times);
        sim.rewind(&checkpoints, 0, &times);
        let peak = end
            .by_load
            .first()
            .map_or(0, |&c| end.links[c as usize].busy);
        Film {
            spec,
            fab: sim.engine.fab.clone(),
            replay: RefCell::new(sim),
            reel: RefCell::new(Reel {
                times,
                checkpoints,
                activity,
                phase_marks,
                peak,
                end: Some(end),
            }),
            disk: RefCell::default(),
        }
    }

    /// An empty film of the run that `replay` (a fresh simulator of it)
    /// will replay, filled by [`Film::absorb`] as the run is simulated.
    pub fn watched(spec: TopologySpec, replay: Simulator) -> Film {
        let messages = replay.engine.src.msgs.len();
        Film {
            spec,
            fab: replay.engine.fab.clone(),
            reel: RefCell::new(Reel {
                times: vec![Times::UNKNOWN; messages],
                checkpoints: Checkpoints::empty(messages),
                activity: Vec::new(),
                phase_marks: Vec::new(),
                peak: 0,
                end: None,
            }),
            replay: RefCell::new(replay),
            disk: RefCell::default(),
        }
    }

    /// Takes in what the run simulated since the last chunk: the film can
    /// then show every cycle up to the one the run has reached. The
    /// replaying engine stays where it is: everything it relies on (the
    /// times of the cycles it has passed) is already known.
    pub fn absorb(&self, chunk: Chunk) {
        let mut reel = self.reel.borrow_mut();
        let r = &mut *reel;
        for op in chunk.ops {
            r.checkpoints.apply(op);
        }
        r.activity.extend_from_slice(&chunk.activity);
        for (i, t) in chunk.times {
            r.times[i as usize] = t;
            r.checkpoints.widen(i as usize, &t);
        }
        for m in chunk.marks {
            let m = m as usize;
            if let Err(at) = r.phase_marks.binary_search(&m) {
                r.phase_marks.insert(at, m);
            }
        }
        r.peak = r.peak.max(chunk.peak);
        if let Some(end) = chunk.end {
            r.checkpoints.close(&r.times);
            r.end = Some(end);
        }
    }

    /// Whether the whole run is in the film (not still being simulated).
    pub fn is_complete(&self) -> bool {
        self.reel.borrow().end.is_some()
    }

    /// The `k` links that carry the most flits over the whole run,
    /// busiest first (sorted once, when the run ended; none before).
    pub fn busiest(&self, k: usize) -> Vec<u32> {
        let reel = self.reel.borrow();
        let by_load = reel.end.as_ref().map_or(&[][..], |e| &e.by_load[..]);
        by_load[..k.min(by_load.len())].to_vec()
    }

    /// Each channel's figures over the whole run (none before its end).
    pub fn links(&self) -> Ref<'_, [LinkStats]> {
        Ref::map(self.reel.borrow(), |r| {
            r.end.as_ref().map_or(&[][..], |e| &e.links[..])
        })
    }

    /// How the run ended, once it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.reel.borrow().end.as_ref().map(|e| e.outcome.clone())
    }

    /// Messages delivered by the end of the run (so far, while it runs).
    pub fn delivered(&self) -> usize {
        let reel = self.reel.borrow();
        match &reel.end {
            Some(e) => e.delivered,
            None => reel.times.iter().filter(|t| t.finish() != NEVER).count(),
        }
    }

    /// Cycles after which a phase had all its messages delivered (so far).
    pub fn phase_marks(&self) -> Ref<'_, [usize]> {
        Ref::map(self.reel.borrow(), |r| &r.phase_marks[..])
    }

    /// Runs `traffic` to the end and keeps it (the native path; the
    /// browser steps a [`FilmRun`]).
    pub fn record(
        spec: TopologySpec,
        cfg: &SimConfig,
        traffic: &Traffic,
    ) -> Result<Film, SimError> {
        crate::step::run(Box::new(super::FilmRun::new(spec, cfg, traffic)?))
    }

    /// Cycles recorded; positions run from 0 to `cycles()`.
    pub fn cycles(&self) -> usize {
        self.reel.borrow().activity.len()
    }

    /// Flit moves in cycle `pos` (1-based; 0 at position 0).
    pub fn activity(&self, pos: usize) -> u32 {
        pos.checked_sub(1)
            .and_then(|i| self.reel.borrow().activity.get(i).copied())
            .map_or(0, |m| m as u32)
    }

    /// The first cycle after `pos` in which a flit moves (the end if none).
    pub fn next_active(&self, pos: usize) -> usize {
        let reel = self.reel.borrow();
        let a = &reel.activity;
        // Cycle c is a[c - 1].
        (pos.min(a.len())..a.len())
            .find(|&i| a[i] > 0)
            .map_or(a.len(), |i| i + 1)
    }

    /// The network.
    pub fn spec(&self) -> TopologySpec {
        self.spec
    }

    /// The fabric the run used (channel names, routers).
    pub fn fabric(&self) -> &Fabric {
        &self.fab
    }

    /// Messages in the run.
    pub fn messages(&self) -> usize {
        self.reel.borrow().times.len()
    }

    /// Sender and receiver of a message.
    pub fn ends(&self, msg: u32) -> Option<(usize, usize)> {
        let sim = self.replay.try_borrow().ok()?;
        let m = sim.engine.src.msgs.get(msg as usize)?;
        Some((m.src as usize, m.dst as usize))
    }

    /// "3→5" for a message.
    pub fn pair(&self, msg: u32) -> String {
        match self.ends(msg) {
            Some((s, d)) => format!("{s}→{d}"),
            None => format!("message {msg}"),
        }
    }

    /// Cycles from a message's release to its arrival.
    pub fn latency(&self, msg: u32) -> Option<u64> {
        let t = *self.reel.borrow().times.get(msg as usize)?;
        (t.finish() != NEVER).then(|| t.finish() - t.released())
    }

    /// The most flits any link carried over the run, or so far while it
    /// is simulated (at least 1).
    pub fn busiest_link(&self) -> u64 {
        self.reel.borrow().peak.max(1)
    }

    /// The phase stop after `pos` (the end of the run if none is left).
    pub fn next_phase(&self, pos: usize) -> usize {
        let marks = self.phase_marks();
        let i = marks.partition_point(|&m| m <= pos);
        marks.get(i).copied().unwrap_or(self.cycles())
    }

    /// The phase stop before `pos` (0 if none).
    pub fn prev_phase(&self, pos: usize) -> usize {
        let marks = self.phase_marks();
        let i = marks.partition_point(|&m| m < pos);
        if i == 0 { 0 } else { marks[i - 1] }
    }

    /// The most flit moves a seek replays: the longest stretch between
    /// two checkpoints, or from the last one to the last cycle reached
    /// (a pass over the run's activity).
    pub fn longest_replay(&self) -> u64 {
        let disk = self.disk_cycles();
        let reel = self.reel.borrow();
        let cps = &reel.checkpoints;
        let mut ends: Vec<u64> = (0..cps.len()).map(|k| cps.now(k)).collect();
        if !disk.is_empty() {
            ends.extend(disk);
            crate::sorting::sort_by_u64(&mut ends, |&c| c);
        }
        ends.push(reel.activity.len() as u64);
        let mut from = 0;
        let mut most = 0;
        for at in ends {
            most = most.max(reel.moves(from, at));
            from = at;
        }
        most
    }

    /// Checkpoints kept, and their bytes together.
    pub fn checkpoint_use(&self) -> (usize, usize) {
        let reel = self.reel.borrow();
        (reel.checkpoints.len(), reel.checkpoints.weight())
    }

    /// Puts the replaying engine at cycle boundary `at`, from the nearest
    /// checkpoint unless it is already between that checkpoint and `at`.
    fn seek(&self, sim: &mut Simulator, at: u64) {
        let reel = self.reel.borrow();
        let k = reel.checkpoints.nearest(at);
        let now = sim.engine.now;
        let mut from = reel.checkpoints.now(k);
        // A checkpoint read back from disk, if one lies nearer.
        let disk = self.disk_nearer(at, from);
        if let Some((c, ..)) = &disk {
            from = *c;
        }
        // Forward of the engine, restoring the newer checkpoint pays only
        // when it saves more replay than a restore costs: a player moving
        // a few cycles a frame goes on from where it is, though checkpoints
        // now lie a few hundred cycles apart.
        let moves = |from: u64| reel.moves(from, at);
        let ahead = now >= from || moves(now) <= moves(from) + RESTORE_MOVES;
        if now > at || !ahead {
            match &disk {
                Some((_, group, j)) => {
                    let spans = reel.checkpoints.spans();
                    sim.rewind_spanned(group, *j, &reel.times, spans)
                }
                None => sim.rewind(&reel.checkpoints, k, &reel.times),
            }
        }
        drop(reel);
        while sim.engine.now < at && sim.advance_until(at) {}
    }

    /// The state after `pos` cycles (clamped to the run), with that cycle's
    /// events; the messages' statuses are left out (see [`Film::tally`]).
    pub fn frame(&self, pos: usize) -> Frame {
        self.frame_with(pos, false)
    }

    /// [`Film::frame`] with every message's status in the view (a pass
    /// over all messages: for small runs and the tests).
    pub fn frame_full(&self, pos: usize) -> Frame {
        self.frame_with(pos, true)
    }

    fn frame_with(&self, pos: usize, messages: bool) -> Frame {
        let pos = pos.min(self.cycles());
        let mut sim = self.replay.borrow_mut();
        if pos == 0 {
            self.seek(&mut sim, 0);
            return frame_of(&sim.engine, 0, sim.engine.view(messages), Vec::new());
        }
        self.seek(&mut sim, pos as u64 - 1);
        let mut view = sim.engine.view(messages);
        sim.engine.log = Log::Collect(Vec::new());
        while sim.engine.now < pos as u64 && sim.advance_until(pos as u64) {}
        let events = match std::mem::replace(&mut sim.engine.log, Log::Off) {
            Log::Collect(events) => events,
            _ => Vec::new(),
        };
        // The view before the cycle, advanced by the cycle's events: what a
        // recorded run shows, without copying a state.
        for e in &events {
            view.apply(e);
        }
        frame_of(&sim.engine, pos, view, events)
    }

    /// What processor `p` sends and receives after `pos` cycles, counted
    /// from the run's times (local copies aside).
    pub fn tally(&self, pos: usize, p: usize) -> (Tally, Tally) {
        let (mut sends, mut recvs) = (Tally::default(), Tally::default());
        let Ok(sim) = self.replay.try_borrow() else {
            return (sends, recvs);
        };
        let c = pos as u64;
        let reel = self.reel.borrow();
        for (m, t) in sim.engine.src.msgs.iter().zip(&reel.times) {
            let (s, d) = (m.src as usize, m.dst as usize);
            if s == d || (s != p && d != p) {
                continue;
            }
            let tally = if s == p { &mut sends } else { &mut recvs };
            if t.finish() <= c {
                tally.delivered += 1;
            } else if t.started() < c {
                tally.under_way += 1;
            } else {
                tally.not_started += 1;
            }
        }
        (sends, recvs)
    }

    /// Bytes of checkpoint `k` (for the tests).
    #[cfg(test)]
    pub(crate) fn checkpoint_sizes(&self, k: usize) -> (usize, usize) {
        self.reel.borrow().checkpoints.sizes(k)
    }

    /// Restores checkpoint `k` into the replaying engine (for the tests).
    #[cfg(test)]
    pub(crate) fn restore(&self, k: usize) {
        let reel = self.reel.borrow();
        self.replay
            .borrow_mut()
            .rewind(&reel.checkpoints, k, &reel.times);
    }

    /// The replaying engine's checksum after `pos` cycles (for the tests).
    #[cfg(test)]
    pub(crate) fn checksum_at(&self, pos: usize) -> Vec<(&'static str, u64)> {
        let mut sim = self.replay.borrow_mut();
        self.seek(&mut sim, pos as u64);
        sim.engine.checksum_parts()
    }
}

impl Reel {
    /// Flit moves in cycles `from + 1 ..= to` (the run's activity).
    fn moves(&self, from: u64, to: u64) -> u64 {
        let (a, b) = (from as usize, (to as usize).min(self.activity.len()));
        self.activity
            .get(a..b)
            .map_or(0, |s| s.iter().map(|&m| m as u64).sum())
    }
}

#[cfg(test)]
#[path = "film_bench.rs"]
mod bench;

#[path = "film_frame.rs"]
mod frame;
pub use frame::Frame;
use frame::frame_of;

#[path = "film_keep.rs"]
mod keep;
pub use keep::{FilmOpener, FilmPieces, Opened};

#[path = "film_disk.rs"]
mod disk;
pub use disk::{DiskFolder, DiskUse};
