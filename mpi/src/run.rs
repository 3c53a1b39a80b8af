//! A run on every rank: check the rank count, execute, gather, report.

use crate::exec;
use crate::options::{RunJob, Settings};
use crate::plan::Plan;
use crate::timeline::{self, RankReport, Timeline};
use crate::tuned::{self, BaselineKind};
use crate::{EXIT_USAGE, EXIT_WRONG, baseline, human, share};
use mpi::collective::SystemOperation;
use mpi::topology::SimpleCommunicator;
use mpi::traits::*;

/// Refuses a schedule for another number of processors, on every rank,
/// naming the `-np` it needs.
pub fn check_ranks(world: &SimpleCommunicator, plan: &Plan) -> Result<(), i32> {
    let size = world.size() as usize;
    if plan.p == size {
        return Ok(());
    }
    crate::say(&format!(
        "commbook-mpi: error (rank {} of {size}): this {} {} schedule is for {} processors but {size} rank{} started; run it with mpirun -np {}",
        world.rank(),
        plan.command,
        plan.algo,
        plan.p,
        if size == 1 { " was" } else { "s were" },
        plan.p
    ));
    Err(EXIT_USAGE)
}

/// Runs a job on this rank; rank 0 prints the result. Returns the exit
/// status (the same on every rank).
pub fn run(world: &SimpleCommunicator, job: &RunJob) -> i32 {
    if let Err(code) = check_ranks(world, &job.plan) {
        crate::together(world);
        return code;
    }
    // A forced MPI_Alltoall must really be forced: every rank reads Open
    // MPI's settings back (the same environment gives the same answer).
    if let Some(BaselineKind::Alltoall(f)) = job.settings.baseline
        && let Err(e) = tuned::check(f)
    {
        if world.rank() == 0 {
            crate::say(&format!("commbook-mpi: error: {e}"));
        }
        crate::together(world);
        return EXIT_USAGE;
    }
    match execute(world, &job.plan, &job.settings) {
        Some(t) => {
            if job.settings.json {
                println!(
                    "{}",
                    serde_json::to_string(&t).expect("timelines serialise")
                );
            } else {
                print!("{}", human::render(&t));
            }
            let baseline_ok = t.baseline.as_ref().is_none_or(|b| b.verified);
            status(world, t.verified && baseline_ok)
        }
        None => status(world, true),
    }
}

/// Runs `plan` on every rank and returns its timeline on rank 0.
pub fn execute(world: &SimpleCommunicator, plan: &Plan, settings: &Settings) -> Option<Timeline> {
    let me = world.rank() as u32;
    let out = exec::run(world, plan, &settings.rules(), me);
    let baseline = settings.baseline.map(|kind| match kind {
        BaselineKind::Alltoallv => {
            baseline::alltoallv(world, plan, settings.repeat, settings.timeout_s)
        }
        BaselineKind::Alltoall(_) => {
            baseline::alltoall(world, plan, settings.repeat, settings.timeout_s)
        }
    });
    let report = RankReport {
        host: mpi::environment::processor_name().unwrap_or_default(),
        times: RankReport::times_of(&out.times),
        problems: out.problems,
        problem_count: out.problem_count,
        baseline,
    };
    share::gather(world, &report).map(|all| timeline::build(plan, settings, &all))
}

/// Exit status from rank 0's verdict, agreed on by every rank.
pub fn status(world: &SimpleCommunicator, verified_here: bool) -> i32 {
    let bad = i32::from(!verified_here);
    let mut any = 0i32;
    world.all_reduce_into(&bad, &mut any, SystemOperation::max());
    if any > 0 { EXIT_WRONG } else { 0 }
}
