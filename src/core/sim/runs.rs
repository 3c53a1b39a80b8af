//! Several simulations one after another, as one step engine: the
//! experiments that compare runs (paper 004's cluster sets against a simple
//! send, PEX's steps against BEX's) queue their runs here, and the browser
//! advances them a batch of cycles at a time.

use super::{SimConfig, SimError, SimResult, Simulator, Traffic};
use crate::net::TopologySpec;
use crate::step::{Progress, Stepper};
use std::collections::VecDeque;

/// One run to make.
pub type Job = (TopologySpec, SimConfig, Traffic);

/// Cycles per step.
const BATCH: u64 = 128;

/// The runs, in order; the output has one result per job.
pub struct Runs {
    jobs: VecDeque<Job>,
    current: Option<Box<Simulator>>,
    done: Vec<Result<SimResult, SimError>>,
    total: usize,
}

impl Runs {
    /// Queues `jobs`; nothing runs before the first step.
    pub fn new(jobs: Vec<Job>) -> Runs {
        Runs {
            total: jobs.len(),
            jobs: jobs.into(),
            current: None,
            done: Vec::new(),
        }
    }
}

impl Stepper for Runs {
    type Output = Vec<Result<SimResult, SimError>>;

    fn step(&mut self) -> bool {
        if self.current.is_none() {
            let Some((spec, cfg, traffic)) = self.jobs.pop_front() else {
                return false;
            };
            match Simulator::new(spec, &cfg, &traffic) {
                Ok(s) => self.current = Some(Box::new(s.streaming().with_batch(BATCH))),
                Err(e) => self.done.push(Err(e)),
            }
        } else if let Some(sim) = self.current.as_mut()
            && !sim.step()
        {
            let sim = self.current.take().expect("a current run");
            self.done.push(Ok(sim.finish().result));
        }
        self.done.len() < self.total
    }

    /// Runs done, the current one counted by its delivered flits.
    fn progress(&self) -> Progress {
        let part = self
            .current
            .as_ref()
            .map_or(0.0, |s| s.progress().fraction());
        Progress {
            done: (1000.0 * (self.done.len() as f64 + part)) as u64,
            total: 1000 * self.total.max(1) as u64,
        }
    }

    fn finish(mut self: Box<Self>) -> Self::Output {
        while self.step() {}
        self.done
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::step::run;

    #[test]
    fn runs_match_one_by_one_simulations() {
        let spec = TopologySpec::FatTree { procs: 16 };
        let jobs: Vec<Job> = [(0, 1), (0, 5), (3, 12)]
            .into_iter()
            .map(|p| (spec, SimConfig::cm5(), Traffic::pairs(16, &[p], 512)))
            .collect();
        let expect: Vec<_> = jobs
            .iter()
            .map(|(s, c, t)| super::super::simulate(*s, c, t))
            .collect();
        assert_eq!(run(Box::new(Runs::new(jobs))), expect);
        // A refused job gives its error in its place.
        let bad = vec![(spec, SimConfig::cm5(), Traffic::pairs(8, &[(0, 1)], 16))];
        assert!(run(Box::new(Runs::new(bad)))[0].is_err());
        assert!(run(Box::new(Runs::new(Vec::new()))).is_empty());
    }
}
