//! [`simulate_with_timeline`](super::simulate_with_timeline) as a step
//! engine, for the browser: the same two runs (a fast one to learn the
//! length and choose the keyframe spacing, then the recorded one), each
//! advanced a batch of cycles per [`Stepper::step`], so a long recording
//! shows a progress bar and can be cancelled.
//!
//! Everything that can refuse the run is checked before the first cycle
//! (the inputs, the estimated events of [`super::timeline_events`]), except
//! the cycle limit, which only the fast run can tell: it is checked between
//! the two runs.

use super::simulator::{SimOutput, Simulator};
use super::{SimConfig, SimError, SimResult, SimView, TIMELINE_MAX_CYCLES, Timeline, Traffic};
use crate::net::TopologySpec;
use crate::step::{Progress, Stepper};
use crate::trace::snapshot_every;

/// Cycles per step of either run: about a millisecond of work in the
/// browser on a busy network.
const BATCH: u64 = 64;

enum Stage {
    Fast(Box<Simulator>),
    Recording(Box<Simulator>),
    Done(Box<Result<(SimResult, Timeline), SimError>>),
}

/// A recorded simulation as a stepper; its output is the run's result and
/// timeline, or why the timeline could not be kept.
pub struct TimelineRun {
    spec: TopologySpec,
    cfg: SimConfig,
    traffic: Traffic,
    weight: usize,
    stage: Option<Stage>,
}

impl TimelineRun {
    /// Checks the inputs and the timeline's size; the runs start on the
    /// first step.
    pub fn new(spec: TopologySpec, cfg: SimConfig, traffic: Traffic) -> Result<Self, SimError> {
        let (fab, _) = super::check(spec, &cfg, &traffic)?;
        super::timeline::check_timeline(&fab, &cfg, &traffic)?;
        let weight = SimView::new(fab.links(), fab.procs(), cfg.buffer as usize, 0).weight()
            + traffic.messages.len();
        let fast = Simulator::new(spec, &cfg, &traffic)?.with_batch(BATCH);
        Ok(TimelineRun {
            spec,
            cfg,
            traffic,
            weight,
            stage: Some(Stage::Fast(Box::new(fast))),
        })
    }

    /// Like [`TimelineRun::new`], but a refusal is the stepper's output
    /// rather than an error now, so the caller always has a stepper.
    pub fn start(spec: TopologySpec, cfg: SimConfig, traffic: Traffic) -> Self {
        TimelineRun::new(spec, cfg, traffic).unwrap_or_else(|e| TimelineRun {
            spec,
            cfg,
            traffic: Traffic::pairs(0, &[], 0),
            weight: 0,
            stage: Some(Stage::Done(Box::new(Err(e)))),
        })
    }

    /// Starts the recorded run once the fast one has told its length.
    fn record(&self, fast: SimOutput) -> Stage {
        let cycles = fast.result.cycles;
        if cycles > TIMELINE_MAX_CYCLES {
            let (what, got, max) = ("cycles", cycles, TIMELINE_MAX_CYCLES);
            return Stage::Done(Box::new(Err(SimError::TimelineTooBig { what, got, max })));
        }
        let every = snapshot_every(cycles as usize, self.weight);
        match Simulator::recording(self.spec, &self.cfg, &self.traffic, every) {
            Ok(sim) => Stage::Recording(Box::new(sim.with_batch(BATCH))),
            Err(e) => Stage::Done(Box::new(Err(e))),
        }
    }
}

impl Stepper for TimelineRun {
    type Output = Result<(SimResult, Timeline), SimError>;

    fn step(&mut self) -> bool {
        let stage = match self.stage.take() {
            Some(Stage::Fast(mut sim)) => {
                if sim.step() {
                    Stage::Fast(sim)
                } else {
                    self.record(sim.finish())
                }
            }
            Some(Stage::Recording(mut sim)) => {
                if sim.step() {
                    Stage::Recording(sim)
                } else {
                    let out = sim.finish();
                    let timeline = out
                        .timeline
                        .expect("a recording simulator yields a timeline");
                    Stage::Done(Box::new(Ok((out.result, timeline))))
                }
            }
            Some(done) => done,
            None => return false,
        };
        let more = !matches!(stage, Stage::Done(_));
        self.stage = Some(stage);
        more
    }

    /// The fast run counts as the first half, the recording as the second.
    fn progress(&self) -> Progress {
        match &self.stage {
            Some(Stage::Fast(s)) => {
                let p = s.progress();
                Progress {
                    done: p.done,
                    total: 2 * p.total.max(1),
                }
            }
            Some(Stage::Recording(s)) => {
                let p = s.progress();
                Progress {
                    done: p.total.max(1) + p.done,
                    total: 2 * p.total.max(1),
                }
            }
            _ => Progress { done: 1, total: 1 },
        }
    }

    fn finish(mut self: Box<Self>) -> Self::Output {
        while self.step() {}
        match self.stage.take() {
            Some(Stage::Done(out)) => *out,
            _ => unreachable!("a finished TimelineRun holds its result"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::step::run;

    #[test]
    fn the_stepper_records_what_simulate_with_timeline_records() {
        let spec = TopologySpec::Mesh { rows: 3, cols: 3 };
        let cfg = SimConfig::delta();
        let pairs: Vec<(usize, usize)> = (0..9).map(|i| (i, 8 - i)).collect();
        let traffic = Traffic::pairs(9, &pairs, 600);
        let (r1, t1) = super::super::simulate_with_timeline(spec, &cfg, &traffic).unwrap();
        let mut stepper = TimelineRun::new(spec, cfg, traffic).unwrap();
        let mut last = 0.0;
        while stepper.step() {
            let f = stepper.progress().fraction();
            assert!(f >= last && f <= 1.0);
            last = f;
        }
        let (r2, t2) = Box::new(stepper).finish().unwrap();
        assert_eq!(r1, r2);
        assert_eq!(t1.cycles(), t2.cycles());
        assert_eq!(t1.final_state(), t2.final_state());
        assert_eq!(
            t2.busiest_link(),
            r2.links.iter().map(|l| l.busy).max().unwrap()
        );
    }

    #[test]
    fn too_big_a_timeline_is_refused_before_any_cycle() {
        let spec = TopologySpec::Mesh { rows: 16, cols: 16 };
        let all: Vec<(usize, usize)> = (0..256)
            .flat_map(|s| (0..256).filter(move |&d| d != s).map(move |d| (s, d)))
            .collect();
        let traffic = Traffic::pairs(256, &all, 1024);
        let err = TimelineRun::new(spec, SimConfig::delta(), traffic.clone()).err();
        assert!(matches!(
            err,
            Some(SimError::TimelineTooBig { what: "events", .. })
        ));
        let refused = run(Box::new(TimelineRun::start(
            spec,
            SimConfig::delta(),
            traffic,
        )));
        assert_eq!(refused.err(), err);
        // A small run completes.
        let t = Traffic::pairs(256, &[(0, 255)], 16);
        let (r, tl) = run(Box::new(
            TimelineRun::new(spec, SimConfig::delta(), t).unwrap(),
        ))
        .unwrap();
        assert_eq!(r.delivered_messages, 1);
        assert_eq!(tl.phase_marks, vec![r.cycles as usize]);
    }

    #[test]
    fn phase_marks_are_the_cycles_phases_complete() {
        use crate::schedule::{Promise, Schedule, Transfer};
        use crate::sim::{SimEvent, Sync};
        let s = Schedule {
            n: 4,
            phases: vec![
                vec![Transfer::whole(0, 1, 64), Transfer::whole(2, 3, 64)],
                vec![],
                vec![Transfer::whole(1, 3, 64)],
            ],
            promise: Promise::default(),
        };
        let spec = TopologySpec::Mesh { rows: 2, cols: 2 };
        let t = Traffic::from_schedule(&s, Sync::Barrier);
        let (_, tl) = run(Box::new(
            TimelineRun::new(spec, SimConfig::delta(), t).unwrap(),
        ))
        .unwrap();
        let done: Vec<usize> = (1..=tl.cycles())
            .filter(|&c| {
                tl.events(c)
                    .iter()
                    .any(|e| matches!(e, SimEvent::PhaseDone { .. }))
            })
            .collect();
        // The empty phase completes with the first; marks are not repeated.
        assert_eq!(tl.phase_marks, done);
        assert_eq!(done.len(), 2);
        assert_eq!(tl.next_phase(0), done[0]);
        assert_eq!(tl.next_phase(done[0]), done[1]);
        assert_eq!(tl.next_phase(done[1]), tl.cycles());
        assert_eq!(tl.prev_phase(done[1]), done[0]);
        assert_eq!(tl.prev_phase(done[0]), 0);
    }
}
