//! [`FilmRun`]: the run that builds a [`Film`], a batch of cycles per
//! step, checkpointing as it goes (see [`super::film`] for the spacing and
//! the budget).

use super::checkpoint_store::Checkpoints;
use super::film::{
    BUDGET_PER_MESSAGE, CHECKPOINT_BUDGET, CHECKPOINT_CYCLES, CHECKPOINT_MOVES, FILM_MAX_CYCLES,
    Film,
};
use super::simulator::Simulator;
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
    failed: Option<SimError>,
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
        })
    }

    /// Sets the least spacing of checkpoints, in moves, and the first, in
    /// cycles (the tests make them dense).
    pub fn with_spacing(mut self, moves: u64, cycles: u64) -> Self {
        self.every_moves = moves.max(1);
        self.least_moves = self.every_moves;
        self.every_cycles = cycles.max(1);
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
            self.activity.resize(e.now as usize, 0);
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
        more
    }

    /// Takes a checkpoint now, thinning the old ones if over budget, and
    /// sets the spacing to the next one.
    fn keep(&mut self) {
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
