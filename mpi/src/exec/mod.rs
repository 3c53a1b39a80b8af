//! Executing a plan: every rank runs its part phase by phase, then checks
//! every byte it received.
//!
//! A repetition starts after a barrier, from which each rank measures its
//! times (`MPI_Wtime`), so times on different nodes compare as well as a
//! barrier's exit is simultaneous. With `--sync barrier` every phase
//! starts after another barrier; with `--sync loose` a rank starts a phase
//! as soon as its own part of the previous one is done, and waits only for
//! the messages it needs (the simulator's `loose`). The check comes after
//! the last phase, untimed.

pub mod boxes;
pub mod check;
pub mod fault;
pub mod phase;
pub mod problem;
#[cfg(test)]
pub mod replay;
pub mod store;
pub mod wait;

use crate::plan::Plan;
use mpi::topology::SimpleCommunicator;
use phase::{PhaseRules, PhaseTime, run_phase};
use problem::Problem;
use serde::{Deserialize, Serialize};
use store::Store;

/// A barrier between phases, or none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Sync {
    Barrier,
    Loose,
}

impl Sync {
    /// Reads `barrier` or `loose`.
    pub fn parse(s: &str) -> Result<Sync, String> {
        match s {
            "barrier" => Ok(Sync::Barrier),
            "loose" => Ok(Sync::Loose),
            other => Err(format!(
                "sync = {other} is not allowed; expected barrier (a barrier between phases) or loose (none)"
            )),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Sync::Barrier => "barrier",
            Sync::Loose => "loose",
        }
    }
}

/// How to run a plan.
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    pub sync: Sync,
    pub repeat: usize,
    pub phase: PhaseRules,
}

/// What one rank measured and found.
#[derive(Debug, Default)]
pub struct RankRun {
    /// Per repetition, per phase.
    pub times: Vec<Vec<PhaseTime>>,
    /// The problems of the first repetition that had any.
    pub problems: Vec<Problem>,
    /// Problems over all repetitions.
    pub problem_count: u64,
}

/// Runs `plan` `rules.repeat` times on this rank.
pub fn run(world: &SimpleCommunicator, plan: &Plan, rules: &Rules, me: u32) -> RankRun {
    let mut store = Store::new(plan, me);
    let mut out = RankRun::default();
    for rep in 0..rules.repeat {
        store.reset();
        wait::barrier(
            world,
            rules.phase.timeout_s,
            &format!("before repetition {}", rep + 1),
        );
        let t0 = mpi::time();
        let mut times = Vec::with_capacity(plan.phases.len());
        for (k, ph) in plan.phases.iter().enumerate() {
            if rules.sync == Sync::Barrier {
                wait::barrier(
                    world,
                    rules.phase.timeout_s,
                    &format!("before phase {}", k + 1),
                );
            }
            times.push(run_phase(world, &mut store, ph, k + 1, t0, &rules.phase));
        }
        out.times.push(times);
        let problems = check::check(&store);
        out.problem_count += problems.len() as u64;
        if out.problems.is_empty() {
            out.problems = problems;
        }
    }
    out
}
