//! `commbook-mpi`: the book's schedules on a real cluster, over MPI.
//!
//! Rank 0 reads the options exactly as the book's CLI does, builds the
//! schedule with the core (`commbook_api`, which verifies it) and turns it
//! into a [`plan::Plan`]: phases of sends whose payloads are pieces of
//! messages. Every rank receives the plan, fills its messages with a
//! pattern that encodes (origin, destination, offset) ([`pattern`]), runs
//! its part phase by phase with non-blocking MPI and a timeout
//! ([`exec`]), places what it receives at the pieces' offsets (NICE's
//! communication phase table for split messages), relays what is not for
//! it, and checks every byte. Rank 0 gathers the times into a timeline
//! beside the book's model ([`timeline`], [`model`]).
//!
//! `calibrate` fits the book's τ + Mφ to a ping-pong and writes a machine
//! preset ([`preset`]) that the model and chapter 11's advisor read;
//! `table` measures the complete exchanges against the model and
//! `MPI_Alltoallv`. See `mpi/README.md`.

pub mod baseline;
pub mod calibrate;
pub mod exec;
pub mod human;
pub mod model;
pub mod options;
pub mod pattern;
pub mod plan;
pub mod preset;
pub mod run;
pub mod share;
pub mod table;
pub mod timeline;
pub mod tuned;
pub mod usage;

use mpi::topology::SimpleCommunicator;
use mpi::traits::*;
use options::Job;

/// Exit status when a byte is wrong, missing or doubled.
pub const EXIT_WRONG: i32 = 1;
/// Exit status for bad input, a wrong number of ranks included.
pub const EXIT_USAGE: i32 = 2;
pub use exec::wait::EXIT_TIMEOUT;

/// Writes one line on stderr in a single write, so the lines of ranks
/// that speak at once do not interleave in mpirun's output.
pub fn say(line: &str) {
    use std::io::Write;
    let _ = std::io::stderr().write_all(format!("{line}\n").as_bytes());
}

/// Waits until every rank is here, so that whatever rank 0 (or every rank)
/// printed is out before any rank exits: mpirun stops the other ranks as
/// soon as one exits with a non-zero status.
pub fn together(world: &SimpleCommunicator) {
    exec::wait::barrier(world, 30.0, "before exiting");
}

/// Runs the command line `argv` (without the program name) on this rank
/// and returns its exit status.
pub fn main(world: &SimpleCommunicator, argv: &[String]) -> i32 {
    let job = share::broadcast(world, (world.rank() == 0).then(|| options::job(argv)));
    let root = world.rank() == 0;
    match job {
        Job::Help(text) => {
            if root {
                println!("{text}");
            }
            0
        }
        Job::Fail(e) => {
            if root {
                crate::say(&format!("commbook-mpi: error: {e}"));
            }
            together(world);
            EXIT_USAGE
        }
        Job::Run(job) => run::run(world, &job),
        Job::Calibrate(c) => calibrate::run(world, &c),
        Job::Table(t) => table::run(world, &t),
    }
}
