//! Waiting without hanging: every wait is a loop of `MPI_Test` against
//! `MPI_Wtime`, and a wait that outlives the timeout prints what it was
//! waiting for and calls `MPI_Abort`, which ends every rank with exit
//! status 3. A rank that makes no progress yields its core, which matters
//! when ranks outnumber cores (`--oversubscribe`).

use mpi::datatype::Equivalence;
use mpi::request::{Request, Scope};
use mpi::topology::SimpleCommunicator;
use mpi::traits::*;
use std::io::Write;

/// Exit status of a run aborted by a timeout.
pub const EXIT_TIMEOUT: i32 = 3;

/// One posted operation of a phase.
pub struct Pending<'a, S: Scope<'a>> {
    pub req: Option<Request<'a, [u8], S>>,
    /// The rank at the other end.
    pub peer: u32,
    pub receive: bool,
    /// Bytes received, once complete.
    pub count: usize,
}

/// Waits until every operation is complete, or aborts after `timeout_s`
/// seconds since `since`, naming `what` (the phase) and the ranks still
/// awaited.
pub fn wait_all<'a, S: Scope<'a>>(
    world: &SimpleCommunicator,
    pending: &mut [Pending<'a, S>],
    since: f64,
    timeout_s: f64,
    what: &str,
) {
    loop {
        let mut open = 0;
        let mut progressed = false;
        for p in pending.iter_mut() {
            let Some(r) = p.req.take() else { continue };
            match r.test() {
                Ok(status) => {
                    if p.receive {
                        p.count =
                            usize::try_from(status.count(u8::equivalent_datatype())).unwrap_or(0);
                    }
                    progressed = true;
                }
                Err(r) => {
                    p.req = Some(r);
                    open += 1;
                }
            }
        }
        if open == 0 {
            return;
        }
        if mpi::time() - since > timeout_s {
            let list = |receive: bool| {
                let v: Vec<String> = pending
                    .iter()
                    .filter(|p| p.req.is_some() && p.receive == receive)
                    .map(|p| p.peer.to_string())
                    .collect();
                v.join(", ")
            };
            let (from, to) = (list(true), list(false));
            let mut waiting = Vec::new();
            if !from.is_empty() {
                waiting.push(format!("to receive from rank {from}"));
            }
            if !to.is_empty() {
                waiting.push(format!("to send to rank {to}"));
            }
            abort(
                world,
                &format!(
                    "{what} did not complete within {timeout_s} s on rank {}: still waiting {}",
                    world.rank(),
                    waiting.join(" and ")
                ),
            );
        }
        if !progressed {
            std::thread::yield_now();
        }
    }
}

/// Waits for one request (a collective), or aborts after `timeout_s`
/// seconds since `since`, naming `what`.
pub fn wait_one<'a, D: ?Sized, S: Scope<'a>>(
    world: &SimpleCommunicator,
    mut req: Request<'a, D, S>,
    since: f64,
    timeout_s: f64,
    what: &str,
) {
    loop {
        match req.test() {
            Ok(_) => return,
            Err(r) => req = r,
        }
        if mpi::time() - since > timeout_s {
            abort(
                world,
                &format!(
                    "{what} did not complete within {timeout_s} s on rank {}",
                    world.rank()
                ),
            );
        }
        std::thread::yield_now();
    }
}

/// A barrier that aborts after `timeout_s` seconds, naming `what`.
pub fn barrier(world: &SimpleCommunicator, timeout_s: f64, what: &str) {
    let since = mpi::time();
    wait_one(
        world,
        world.immediate_barrier(),
        since,
        timeout_s,
        &format!("the barrier {what} (some rank never arrived)"),
    );
}

/// Prints the reason and ends every rank with [`EXIT_TIMEOUT`].
pub fn abort(world: &SimpleCommunicator, why: &str) -> ! {
    crate::say(&format!(
        "commbook-mpi: timeout: {why}; aborting every rank (exit status {EXIT_TIMEOUT})"
    ));
    let _ = std::io::stderr().flush();
    world.abort(EXIT_TIMEOUT)
}
