//! The selected schedule on the network, for the lab's animator: the same
//! run as its row's simulated cycles ([`super::compare::traffic_of`]),
//! kept as a [`Film`](crate::core::sim::Film) to play and seek (chapter
//! 10's `netsim` shows the same [`SimRun`]).

use super::compare::{Candidate, traffic_of};
use crate::book::figures::netsim::{Filming, SimRun};
use crate::core::com::Com;
use crate::core::net::TopologySpec;
use crate::core::schedule::Schedule;
use crate::core::sim::SimConfig;
use crate::core::step::{Progress, Stepper};

/// Simulates `schedule` on `spec`, a batch of cycles a step (watched while
/// it is simulated, as chapter 10's animator does).
pub struct Animate {
    run: Option<Result<Filming, String>>,
}

/// The run, or why the simulator refuses it (its limits).
pub fn animate(
    c: &Candidate,
    com: &Com,
    schedule: &Schedule,
    spec: TopologySpec,
    seed: u64,
) -> Animate {
    let traffic = traffic_of(c, com, schedule);
    let run =
        Filming::new(spec, &SimConfig::seeded(spec, seed), &traffic).map_err(|e| e.to_string());
    Animate { run: Some(run) }
}

impl Stepper for Animate {
    type Output = SimRun;

    fn step(&mut self) -> bool {
        match &mut self.run {
            Some(Ok(r)) => r.step(),
            _ => false,
        }
    }

    fn progress(&self) -> Progress {
        match &self.run {
            Some(Ok(r)) => r.progress(),
            _ => Progress { done: 1, total: 1 },
        }
    }

    fn preview(&self) -> Option<SimRun> {
        match &self.run {
            Some(Ok(r)) => r.preview(),
            _ => None,
        }
    }

    fn elsewhere(&self) -> bool {
        matches!(&self.run, Some(Ok(r)) if r.elsewhere())
    }

    fn finish(mut self: Box<Self>) -> SimRun {
        while self.step() {}
        match self.run.take() {
            Some(Ok(r)) => r.finish(),
            Some(Err(why)) => SimRun::Refused(why),
            None => SimRun::Refused("the run stopped before it began".into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::lab::compare::candidates;
    use crate::book::lab::matrix::{Gen, generate};

    #[test]
    fn the_film_has_the_rows_cycles() {
        let com = generate(Gen::Nonuniform, 8, 2, 64, 1).unwrap();
        let c = candidates(&com)[1];
        let run = crate::api::schedule_matrix(
            c.name,
            &com,
            &crate::core::algo::RunOptions::new(1),
            Default::default(),
            "cm5",
            crate::core::cost::machine::Machine::Cm5.cost(),
        )
        .unwrap();
        let s = Schedule {
            n: 8,
            phases: run.phases,
            promise: Default::default(),
        };
        let spec = TopologySpec::FatTree { procs: 8 };
        let SimRun::Ready(r) = crate::core::step::run(Box::new(animate(&c, &com, &s, spec, 1)))
        else {
            panic!("a film")
        };
        let cycles = crate::core::sim::simulate(
            spec,
            &SimConfig::seeded(spec, 1),
            &traffic_of(&c, &com, &s),
        )
        .unwrap()
        .cycles;
        assert_eq!(r.film.cycles() as u64, cycles);
    }
}
