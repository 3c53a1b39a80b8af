//! [`FilmRun`]: the run that builds a [`Film`], a batch of cycles per
//! step, checkpointing as it goes (see [`super::film`] for the spacing and
//! the budget).
//!
//! A run may also be watched while it is simulated ([`FilmRun::watched`]):
//! then the film is a second, empty [`Film`] with its own replaying
//! engine, and every so often the run hands it a [`Chunk`] of what it did
//! since the last one (the checkpoints it took or dropped, the flit moves
//! of each cycle, the message times it set, the phases it finished), so
//! the film can replay any cycle the run has reached while the run goes
//! on. The checkpoints go over as the same operations in the same order,
//! so the film's store ends equal to the run's.

use super::checkpoint::Times;
use super::checkpoint_store::Checkpoints;
use super::film::{
    BUDGET_PER_MESSAGE, CHECKPOINT_BUDGET, CHECKPOINT_CYCLES, CHECKPOINT_MOVES, Chunk, Ending,
    FILM_MAX_CYCLES, Film,
};
use super::film_job::FilmWork;
use super::simulator::Simulator;
use super::spill::Spiller;
use super::view::SimView;
use super::{SimConfig, SimError, Traffic};
use crate::net::TopologySpec;
use crate::step::{Progress, Stepper};

/// Cycles the building run advances per step.
const BATCH: u64 = 32;

/// Builds a [`Film`]: runs the simulation a batch of cycles per step,
/// checkpointing as it goes. Its progress is the flits delivered.
pub struct FilmRun {
    spec: TopologySpec,
    sim: Simulator,
    checkpoints: Checkpoints,
    activity: Vec<u16>,
    every_moves: u64,
    least_moves: u64,
    every_cycles: u64,
    last: (u64, u64),
    budget: usize,
    pub(super) failed: Option<SimError>,
    /// While watched: each message's times as the film last heard them,
    /// the cycles whose activity went over (the first of `activity`), and
    /// the phase marks that did.
    watch: Option<Watch>,
    /// Checkpoints for disk, in a film worker that can write them
    /// ([`super::spill`]).
    pub(super) spill: Option<Spiller>,
}

/// What a watched run has handed over so far.
struct Watch {
    known: Vec<Times>,
    cycles_sent: usize,
    marks_sent: usize,
}

impl FilmRun {
    /// Checks the inputs; the run starts on the first step.
    pub fn new(
        spec: TopologySpec,
        cfg: &SimConfig,
        traffic: &Traffic,
    ) -> Result<FilmRun, SimError> {
        let sim = Simulator::new(spec, cfg, traffic)?;
        Ok(FilmRun {
            spec,
            checkpoints: Checkpoints::new(&sim.engine),
            sim,
            activity: Vec::new(),
            every_moves: CHECKPOINT_MOVES,
            least_moves: CHECKPOINT_MOVES,
            every_cycles: CHECKPOINT_CYCLES,
            last: (0, 0),
            budget: CHECKPOINT_BUDGET
                .saturating_sub(BUDGET_PER_MESSAGE * traffic.messages.len())
                .max(CHECKPOINT_BUDGET / 4),
            failed: None,
            watch: None,
            spill: None,
        })
    }

    /// A run watched while it is simulated: the run, and the film that
    /// its [`FilmRun::chunk`]s fill (a second engine replays it: the
    /// memory of two simulators).
    pub fn watched(
        spec: TopologySpec,
        cfg: &SimConfig,
        traffic: &Traffic,
    ) -> Result<(FilmRun, Film), SimError> {
        let run = FilmRun::journaled(spec, cfg, traffic)?;
        Ok((
            run,
            Film::watched(spec, Simulator::new(spec, cfg, traffic)?),
        ))
    }

    /// A run that hands what it does over in [`FilmRun::chunk`]s, for a
    /// film elsewhere (on the page, when the run is in a worker).
    pub fn journaled(
        spec: TopologySpec,
        cfg: &SimConfig,
        traffic: &Traffic,
    ) -> Result<FilmRun, SimError> {
        let mut run = FilmRun::new(spec, cfg, traffic)?;
        run.checkpoints.keep_journal();
        // Read only through its chunks and checkpoints, which settle it
        // first, the run may move packets many cycles at a time (a run on
        // the page's own thread is also drawn as it stands, so it does not).
        run.sim.engine.streaming(true);
        run.watch = Some(Watch {
            known: vec![Times::UNKNOWN; traffic.messages.len()],
            cycles_sent: 0,
            marks_sent: 0,
        });
        Ok(run)
    }

    /// What the run did since the last chunk (a pass over the messages:
    /// take one every few hundred thousand flit moves, not every step),
    /// for [`Film::absorb`]; with the run's figures once it is over.
    /// Empty for a run that is not watched.
    pub fn chunk(&mut self) -> Chunk {
        self.sim.engine.settle();
        let e = &self.sim.engine;
        let mut chunk = Chunk {
            ops: self.checkpoints.drain(),
            activity: Vec::new(),
            times: Vec::new(),
            marks: Vec::new(),
            peak: e.busy[..e.fab.links()].iter().copied().max().unwrap_or(0),
            end: None,
        };
        let Some(w) = &mut self.watch else {
            return chunk;
        };
        chunk.activity = std::mem::take(&mut self.activity);
        w.cycles_sent += chunk.activity.len();
        chunk.times = e.times_since(&mut w.known);
        chunk.marks = e.src.phase_marks[w.marks_sent..].to_vec();
        w.marks_sent = e.src.phase_marks.len();
        if self.sim.is_over() && self.failed.is_none() {
            chunk.end = Some(Ending::of(&self.sim));
        }
        chunk
    }

    /// Flit moves the whole run makes.
    pub fn flit_moves(&self) -> u64 {
        self.sim.flit_moves()
    }

    /// Flit moves so far.
    pub fn moved(&self) -> u64 {
        self.sim.engine.moved
    }

    /// Sets the least spacing of checkpoints, in moves, and the first, in
    /// cycles (the tests make them dense).
    pub fn with_spacing(mut self, moves: u64, cycles: u64) -> Self {
        self.set_spacing(moves, cycles);
        self
    }

    fn set_spacing(&mut self, moves: u64, cycles: u64) {
        self.every_moves = moves.max(1);
        self.least_moves = self.every_moves;
        self.every_cycles = cycles.max(1);
    }

    /// Keeps the checkpoints under `bytes` (the tests thin them often).
    #[cfg(test)]
    pub fn with_budget(mut self, bytes: usize) -> Self {
        self.budget = bytes;
        self
    }

    /// The state of the network now, for a picture while the run goes on.
    pub fn preview(&self) -> SimView {
        self.sim.engine.view(false)
    }

    /// Cycles simulated so far.
    pub fn cycle(&self) -> u64 {
        self.sim.engine.now
    }

    /// Runs one cycle (or an idle stretch) and books it.
    fn advance(&mut self) -> bool {
        let (now, moved) = (self.sim.engine.now, self.sim.engine.moved);
        let more = self.sim.advance();
        let e = &self.sim.engine;
        if e.now > now {
            // A channel moves at most one flit a cycle, and no network has
            // 65,535 channels (the 1,024-node fat tree has 10,240).
            self.activity
                .push((e.moved - moved).min(u16::MAX as u64) as u16);
            // A watched run hands its activity over chunk by chunk.
            let sent = self.watch.as_ref().map_or(0, |w| w.cycles_sent);
            self.activity.resize(e.now as usize - sent, 0);
        }
        if e.now > FILM_MAX_CYCLES {
            let (what, got, max) = ("cycles", e.now, FILM_MAX_CYCLES);
            self.failed = Some(SimError::TimelineTooBig { what, got, max });
            return false;
        }
        if more
            && (e.moved - self.last.1 >= self.every_moves
                || e.now - self.last.0 >= self.every_cycles)
        {
            self.keep();
        }
        if more {
            self.spill();
        }
        more
    }

    /// Takes a checkpoint for disk if the last one of either kind lies
    /// [`Spiller::every`] moves back and those in memory lie farther
    /// apart than that (runs whose memory holds checkpoints close enough
    /// write nothing).
    fn spill(&mut self) {
        let Some(s) = &mut self.spill else {
            return;
        };
        let since = self.sim.engine.moved - self.last.1.max(s.last_moved);
        if self.every_moves <= s.every() || since < s.every() || s.is_stopped() {
            return;
        }
        self.sim.engine.settle();
        if s.take(&self.sim.engine) {
            // From the first one on, memory keeps half as many checkpoints
            // (the page's memory goes to the groups read back).
            self.budget = (self.budget / 2).max(CHECKPOINT_BUDGET / 4);
        }
    }

    /// Hands the open group of checkpoints for disk over (the run is over).
    pub(super) fn flush_spill(&mut self) {
        if let Some(s) = &mut self.spill {
            s.flush();
        }
    }

    /// Takes a checkpoint now, thinning the old ones if over budget, and
    /// sets the spacing to the next one.
    fn keep(&mut self) {
        self.sim.engine.settle();
        let cps = &mut self.checkpoints;
        let e = &self.sim.engine;
        cps.take(e);
        self.last = (e.now, e.moved);
        if cps.weight() > self.budget && cps.len() > 2 {
            cps.thin();
            self.least_moves *= 2;
            self.every_cycles *= 2;
        }
        // What is left of nine tenths of the budget, spread evenly over the
        // moves left at the recent checkpoints' size: the run's checkpoints
        // fill the budget instead of landing anywhere between half of it
        // and all of it (thinning stays for runs that outgrow the guess).
        let aim = self.budget / 10 * 9;
        let left = aim.saturating_sub(cps.weight()).max(1) as u128;
        let moves_left = self.sim.flit_moves().saturating_sub(e.moved) as u128;
        let pace = moves_left * cps.recent_size() as u128 / left;
        self.every_moves = self.least_moves.max(pace.min(u64::MAX as u128) as u64);
    }
}

impl Stepper for FilmRun {
    type Output = Result<Film, SimError>;

    fn step(&mut self) -> bool {
        for _ in 0..BATCH {
            if !self.advance() {
                return false;
            }
        }
        true
    }

    fn progress(&self) -> Progress {
        self.sim.progress()
    }

    fn finish(mut self: Box<Self>) -> Result<Film, SimError> {
        while self.advance() {}
        // The film replays on this engine, reading it between cycles.
        self.sim.engine.streaming(false);
        if let Some(e) = self.failed.take() {
            return Err(e);
        }
        Ok(Film::new(
            self.spec,
            self.sim,
            self.checkpoints,
            self.activity,
        ))
    }
}

/// Flit moves between two chunks of a watched run (about 5 ms of
/// simulation natively; a pass over the messages costs far less).
pub const CHUNK_MOVES: u64 = 200_000;
/// Cycles between two chunks at most, for stretches in which little moves.
pub const CHUNK_CYCLES: u64 = 4_000;

/// A run watched while it is simulated, as a stepper: [`WatchedRun::film`]
/// plays every cycle simulated so far while the steps go on, and the
/// output is that same film, complete (or why the run failed). The run is
/// the [`FilmWork`] a worker would do, on the page's thread.
pub struct WatchedRun {
    work: FilmWork,
    film: std::rc::Rc<Film>,
    /// Whether chunks go over as bytes, as from a worker (the tests).
    #[cfg(test)]
    bytes: bool,
}

impl WatchedRun {
    /// Checks the inputs; the first step hands the film its first cycles.
    pub fn new(spec: TopologySpec, cfg: &SimConfig, traffic: &Traffic) -> Result<Self, SimError> {
        let (run, film) = FilmRun::watched(spec, cfg, traffic)?;
        Ok(WatchedRun {
            work: FilmWork::of(run),
            film: std::rc::Rc::new(film),
            #[cfg(test)]
            bytes: false,
        })
    }

    /// Hands every chunk over as bytes, as a worker does.
    #[cfg(test)]
    pub fn through_bytes(mut self, bytes: bool) -> Self {
        self.bytes = bytes;
        self
    }

    /// Chunks every `moves` flit moves or `cycles` cycles (the tests hand
    /// the film a few cycles at a time).
    pub fn chunked(mut self, moves: u64, cycles: u64) -> Self {
        self.work = self.work.chunked(moves, cycles);
        self
    }

    /// See [`FilmRun::with_budget`].
    #[cfg(test)]
    pub fn with_budget(mut self, bytes: usize) -> Self {
        self.work.run_mut().budget = bytes;
        self
    }

    /// The running engine's checksum (for the tests).
    #[cfg(test)]
    pub(crate) fn engine_checksum(&mut self) -> Vec<(&'static str, u64)> {
        let e = &mut self.work.run_mut().sim.engine;
        e.settle();
        e.checksum_parts()
    }

    /// With checkpoints every `moves` flit moves or `cycles` cycles (the
    /// tests make them dense).
    pub fn with_spacing(mut self, moves: u64, cycles: u64) -> Self {
        self.work.run_mut().set_spacing(moves, cycles);
        self
    }

    /// The film, as far as the run has come.
    pub fn film(&self) -> std::rc::Rc<Film> {
        self.film.clone()
    }

    /// Cycles simulated so far.
    pub fn cycle(&self) -> u64 {
        self.work.run().cycle()
    }

    /// Flit moves the whole run makes.
    pub fn flit_moves(&self) -> u64 {
        self.work.flit_moves()
    }
}

impl Stepper for WatchedRun {
    type Output = Result<std::rc::Rc<Film>, SimError>;

    fn step(&mut self) -> bool {
        if let Some(chunk) = self.work.step() {
            #[cfg(test)]
            let chunk = match self.bytes {
                true => Chunk::from_bytes(&chunk.to_bytes()).expect("a chunk reads back"),
                false => chunk,
            };
            self.film.absorb(chunk);
        }
        !self.work.is_over()
    }

    fn progress(&self) -> Progress {
        self.work.progress()
    }

    fn finish(mut self: Box<Self>) -> Self::Output {
        while self.step() {}
        match self.work.failure() {
            Some(e) => Err(e),
            None => Ok(self.film),
        }
    }
}
