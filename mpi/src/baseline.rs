//! The baseline a user would otherwise reach for: the same messages moved
//! by one `MPI_Alltoallv` (non-blocking, so it too is bounded by the
//! timeout), or, for a complete exchange of equal blocks, by Open MPI's
//! own `MPI_Alltoall` with its algorithm forced ([`crate::tuned`]); timed
//! the same way and checked byte by byte.
//!
//! Every rank's outgoing messages already lie end to end in its outbox in
//! the order of their destinations, and its inbox is laid out by origin,
//! so the two buffers are Alltoallv's send and receive buffers as they
//! stand: counts and displacements come from their indexes.

use crate::exec::boxes::Boxes;
use crate::exec::problem::Problem;
use crate::exec::store::Store;
use crate::exec::wait;
use crate::pattern;
use crate::plan::Plan;
use mpi::datatype::{Partition, PartitionMut};
use mpi::topology::SimpleCommunicator;
use mpi::traits::*;

/// Runs the baseline `repeat` times: the seconds of each, and the
/// problems of the first repetition that had any.
pub fn alltoallv(
    world: &SimpleCommunicator,
    plan: &Plan,
    repeat: usize,
    timeout_s: f64,
) -> (Vec<f64>, Vec<Problem>) {
    let me = world.rank() as u32;
    let mut store = Store::new(plan, me);
    let (send_counts, send_displs) = layout(&store.out, plan.p);
    let (recv_counts, recv_displs) = layout(&store.inbox, plan.p);
    let mut seconds = Vec::with_capacity(repeat);
    let mut problems = Vec::new();
    for rep in 0..repeat {
        store.reset();
        wait::barrier(
            world,
            timeout_s,
            &format!("before MPI_Alltoallv {}", rep + 1),
        );
        let t0 = mpi::time();
        {
            let Store { out, inbox, .. } = &mut store;
            let send = Partition::new(&out.buf[..], &send_counts[..], &send_displs[..]);
            let mut recv =
                PartitionMut::new(&mut inbox.buf[..], &recv_counts[..], &recv_displs[..]);
            mpi::request::scope(|scope| {
                let req = world.immediate_all_to_all_varcount_into(scope, &send, &mut recv);
                wait::wait_one(world, req, t0, timeout_s, "MPI_Alltoallv");
            });
        }
        seconds.push(mpi::time() - t0);
        if problems.is_empty() {
            problems = check(&store);
        }
    }
    (seconds, problems)
}

/// Runs `MPI_Alltoall` `repeat` times on a complete exchange of equal
/// blocks (checked when the options were read): the seconds of each, and
/// the problems of the first repetition that had any. `MPI_Alltoall` is
/// blocking, because Open MPI's `tuned` component, whose algorithm the
/// baseline forces, has only the blocking collective; a barrier bounded by
/// the timeout comes before each repetition.
pub fn alltoall(
    world: &SimpleCommunicator,
    plan: &Plan,
    repeat: usize,
    timeout_s: f64,
) -> (Vec<f64>, Vec<Problem>) {
    let me = world.rank() as u32;
    let p = plan.p;
    let block = plan.messages.first().map_or(0, |m| m.bytes) as usize;
    let mut store = Store::new(plan, me);
    // The send buffer in rank order, this rank's own block left empty.
    let mut send = vec![0u8; p * block];
    for (&peer, &(start, bytes)) in &store.out.index {
        let (at, n) = (peer as usize * block, bytes as usize);
        send[at..at + n].copy_from_slice(&store.out.buf[start..start + n]);
    }
    let mut recv = vec![0u8; p * block];
    let mut seconds = Vec::with_capacity(repeat);
    let mut problems = Vec::new();
    for rep in 0..repeat {
        store.reset();
        recv.fill(0);
        wait::barrier(
            world,
            timeout_s,
            &format!("before MPI_Alltoall {}", rep + 1),
        );
        let t0 = mpi::time();
        world.all_to_all_into(&send[..], &mut recv[..]);
        seconds.push(mpi::time() - t0);
        let Store { inbox, .. } = &mut store;
        for (&origin, &(start, bytes)) in &inbox.index {
            let (at, n) = (origin as usize * block, bytes as usize);
            inbox.buf[start..start + n].copy_from_slice(&recv[at..at + n]);
        }
        if problems.is_empty() {
            problems = check(&store);
        }
    }
    (seconds, problems)
}

/// Counts and displacements of a box's messages, by rank.
fn layout(b: &Boxes, p: usize) -> (Vec<i32>, Vec<i32>) {
    let mut counts = vec![0i32; p];
    let mut displs = vec![0i32; p];
    for (&peer, &(start, bytes)) in &b.index {
        counts[peer as usize] = bytes as i32;
        displs[peer as usize] = start as i32;
    }
    (counts, displs)
}

/// Every message of the inbox against the pattern.
fn check(store: &Store) -> Vec<Problem> {
    let me = store.rank;
    store
        .inbox
        .index
        .iter()
        .filter_map(|(&origin, &(start, bytes))| {
            let got = &store.inbox.buf[start..start + bytes as usize];
            let i = pattern::first_mismatch(origin, me, 0, got)?;
            Some(Problem::Corrupt {
                rank: me,
                phase: 1,
                from: origin,
                origin,
                dest: me,
                offset: i as u64,
                expected: pattern::byte(origin, me, i as u64),
                got: got[i],
                bad_bytes: 1,
            })
        })
        .collect()
}
