//! The simulation as a step engine, with the watchdog and the cycle limit.
//!
//! [`Simulator`] runs a batch of cycles per [`Stepper::step`], so the
//! browser can advance a long run between frames with a progress bar.
//! Stretches in which only start-ups run and the network is empty are
//! skipped in one go (a recorded run still gets one empty step per cycle).
//! A cycle in which nothing happens and no start-up or packet gap is
//! running is a deadlock ([`super::watchdog`]). A run cannot take more
//! than 3·(flit moves) + messages·(start-up + 2) + 64 cycles: every cycle
//! moves a flit, grants a channel, starts or feeds a message, or counts
//! down a start-up; past that bound the run stops with
//! [`Outcome::Timeout`], which would be a simulator bug.

use super::checkpoint::Times;
use super::checkpoint_store::Checkpoints;
use super::engine::Engine;
use super::source::{Log, Sources};
use super::{
    Outcome, SimConfig, SimError, SimResult, SimView, Timeline, Traffic, check, timeline, watchdog,
};
use crate::net::TopologySpec;
use crate::step::{Progress, Stepper};
use crate::trace::Recorder;

/// What a finished [`Simulator`] yields.
#[derive(Clone, Debug)]
pub struct SimOutput {
    /// What the run measured.
    pub result: SimResult,
    /// The recorded cycles, if the run was recorded.
    pub timeline: Option<Timeline>,
}

/// A simulation as a step engine: each step runs a batch of cycles.
pub struct Simulator {
    pub(crate) engine: Engine,
    phases: usize,
    total_flits: u64,
    /// Flit moves the whole run makes (each flit crosses its route's
    /// channels once).
    moves: u64,
    limit: u64,
    batch: u64,
    outcome: Option<Outcome>,
}

impl Simulator {
    /// A run without a timeline (the fast path).
    pub fn new(spec: TopologySpec, cfg: &SimConfig, traffic: &Traffic) -> Result<Self, SimError> {
        Simulator::build(spec, cfg, traffic, None)
    }

    /// The same run on the reference loop ([`super::reference`]): for the
    /// equality tests and the benchmark, never for readers.
    pub fn reference(
        spec: TopologySpec,
        cfg: &SimConfig,
        traffic: &Traffic,
    ) -> Result<Self, SimError> {
        let mut sim = Simulator::build(spec, cfg, traffic, None)?;
        sim.engine.reference = true;
        Ok(sim)
    }

    /// A run that records a timeline with a keyframe every `every` cycles.
    pub fn recording(
        spec: TopologySpec,
        cfg: &SimConfig,
        traffic: &Traffic,
        every: usize,
    ) -> Result<Self, SimError> {
        Simulator::build(spec, cfg, traffic, Some(every))
    }

    fn build(
        spec: TopologySpec,
        cfg: &SimConfig,
        traffic: &Traffic,
        every: Option<usize>,
    ) -> Result<Self, SimError> {
        let (fab, moves) = check(spec, cfg, traffic)?;
        if every.is_some() {
            timeline::check_timeline(&fab, cfg, traffic)?;
        }
        let src = Sources::new(traffic, &fab, cfg);
        let total_flits = src
            .msgs
            .iter()
            .filter(|m| m.src != m.dst)
            .map(|m| cfg.packet.flits(m.bytes))
            .sum();
        let m = traffic.messages.len() as u64;
        let limit = 3 * moves + m * (cfg.startup as u64 + 2) + 64;
        let log = every.map_or(Log::Off, |k| {
            let v = SimView::new(fab.links(), fab.procs(), cfg.buffer as usize, m as usize);
            Log::Record(Box::new(Recorder::new(v, k)))
        });
        Ok(Simulator {
            engine: Engine::new(fab, *cfg, src, log),
            phases: traffic.phases,
            total_flits,
            moves,
            limit,
            batch: 256,
            outcome: None,
        })
    }

    /// The same run with streaming packets moved many cycles at a time
    /// ([`super::stream`]): for runs read only at their end.
    pub fn streaming(mut self) -> Self {
        self.engine.streaming(true);
        self
    }

    /// Sets how many cycles one `step` runs (at least 1).
    pub fn with_batch(mut self, cycles: u64) -> Self {
        self.batch = cycles.max(1);
        self
    }

    /// Puts the run back at checkpoint `k` (see [`super::checkpoint`]).
    pub(crate) fn rewind(&mut self, cps: &Checkpoints, k: usize, times: &[Times]) {
        cps.restore(k, &mut self.engine, times);
        self.outcome = None;
    }

    /// [`Simulator::rewind`] to a checkpoint of a group read from disk,
    /// with its film's block spans.
    pub(crate) fn rewind_spanned(
        &mut self,
        cps: &Checkpoints,
        k: usize,
        times: &[Times],
        spans: &[(u32, u32)],
    ) {
        cps.restore_spanned(k, &mut self.engine, times, spans);
        self.outcome = None;
    }

    /// Flit moves the whole run makes (if it completes).
    pub(crate) fn flit_moves(&self) -> u64 {
        self.moves
    }

    /// How the run ended (completed while it has not stopped otherwise).
    pub(crate) fn outcome(&self) -> Outcome {
        self.outcome.clone().unwrap_or(Outcome::Completed)
    }

    /// Whether the run has stopped (completed, deadlocked or timed out).
    pub(crate) fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Cycles run so far.
    pub fn cycle(&self) -> u64 {
        self.engine.now
    }

    /// Runs one cycle (or skips a stretch in which only start-ups run);
    /// false once the run is over.
    pub(crate) fn advance(&mut self) -> bool {
        self.advance_until(u64::MAX)
    }

    /// [`Simulator::advance`], but a skipped stretch stops at cycle
    /// boundary `stop` (so a replay lands on the cycle it was asked for;
    /// the skipped cycles change nothing, so where a skip stops does not
    /// change the run).
    pub(crate) fn advance_until(&mut self, stop: u64) -> bool {
        let e = &mut self.engine;
        if self.outcome.is_some() {
            return false;
        }
        if e.src.all_done() {
            self.outcome = Some(Outcome::Completed);
            return false;
        }
        if e.now >= self.limit {
            self.outcome = Some(Outcome::Timeout { limit: self.limit });
            return false;
        }
        if e.cycle() {
            return true;
        }
        match e.next_timer(e.now - 1) {
            Some(ready) if e.network_idle() => {
                while e.now < ready.min(stop) {
                    e.end_cycle();
                }
                true
            }
            Some(_) => true,
            None if e.src.all_done() => true,
            None => {
                self.outcome = Some(Outcome::Deadlock(watchdog::explain(e)));
                false
            }
        }
    }
}

impl Stepper for Simulator {
    type Output = SimOutput;

    fn step(&mut self) -> bool {
        for _ in 0..self.batch {
            if !self.advance() {
                return false;
            }
        }
        true
    }

    fn progress(&self) -> Progress {
        Progress {
            done: self.engine.delivered_flits,
            total: self.total_flits,
        }
    }

    fn finish(mut self: Box<Self>) -> SimOutput {
        while self.advance() {}
        self.engine.settle();
        let outcome = self.outcome.take().unwrap_or(Outcome::Completed);
        let result = SimResult::of(&self.engine, self.phases, outcome);
        let timeline = match std::mem::replace(&mut self.engine.log, Log::Off) {
            Log::Record(r) => Some(Timeline::new(
                r.finish(),
                self.engine.fab.clone(),
                result.messages.clone(),
                result.links.clone(),
            )),
            _ => None,
        };
        SimOutput { result, timeline }
    }
}
