//! One phase on one rank, timed by `MPI_Wtime`: pack the payloads, post
//! every receive and then every send (non-blocking, tagged with the
//! phase), wait for all of them with a timeout, unpack, make the local
//! copies. Payloads between two ranks are posted in the plan's order on
//! both sides, and MPI keeps them in that order, so each lands in the slot
//! meant for it.

use super::boxes::carve;
use super::fault::{At, flip};
use super::store::{Payload, Slot, Store};
use super::wait::{Pending, wait_all};
use crate::plan::{Phase, Send};
use mpi::topology::SimpleCommunicator;
use mpi::traits::*;

/// What one rank did in one phase: seconds since the run's start, and the
/// bytes it put on and took off the network.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PhaseTime {
    pub start: f64,
    pub end: f64,
    pub sent: u64,
    pub received: u64,
}

/// The faults to inject and the time allowed.
#[derive(Clone, Copy, Debug)]
pub struct PhaseRules {
    pub timeout_s: f64,
    pub corrupt: Option<At>,
    pub stall: Option<At>,
}

/// Runs phase `k` (from 1) of the plan on this rank; `t0` is the run's
/// start.
pub fn run_phase(
    world: &SimpleCommunicator,
    store: &mut Store,
    phase: &Phase,
    k: usize,
    t0: f64,
    rules: &PhaseRules,
) -> PhaseTime {
    let me = store.rank;
    let start = mpi::time();
    if rules.stall.is_some_and(|a| a.is(me, k)) {
        // Sit the phase out; the ranks waiting on this one time out and
        // abort the run long before this ends.
        while mpi::time() - start < 10.0 * rules.timeout_s {
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
    }
    let sends: Vec<&Send> = phase
        .sends
        .iter()
        .filter(|s| s.src == me && !s.is_local())
        .collect();
    let receives: Vec<&Send> = phase
        .sends
        .iter()
        .filter(|s| s.dst == me && !s.is_local())
        .collect();
    let mut problems = Vec::new();
    let mut payloads: Vec<Payload> = sends
        .iter()
        .map(|s| store.payload(k, s, &mut problems))
        .collect();
    for s in &sends {
        store.note_departures(k, s);
    }
    if rules.corrupt.is_some_and(|a| a.is(me, k))
        && let Some(first) = payloads.first_mut()
    {
        let mut bytes = store.payload_bytes(first).to_vec();
        flip(&mut bytes);
        crate::say(&format!(
            "commbook-mpi: rank {me} corrupts byte {} of its payload to rank {} in phase {k} (--corrupt)",
            bytes.len() / 2,
            sends[0].dst
        ));
        *first = Payload::Packed(bytes);
    }
    let slots = store.slots(&receives);
    let mut staging: Vec<Vec<u8>> = slots
        .iter()
        .map(|s| match *s {
            Slot::Staging { len } => vec![0; len],
            Slot::Inbox { .. } => Vec::new(),
        })
        .collect();
    let counts = transfer(
        world,
        store,
        &sends,
        &payloads,
        &receives,
        &slots,
        &mut staging,
        k,
        start,
        rules,
    );
    store.problems.append(&mut problems);
    for (((s, slot), data), count) in receives.iter().zip(&slots).zip(staging).zip(&counts) {
        store.accept(k, s, *slot, data, *count);
    }
    for s in phase.sends.iter().filter(|s| s.src == me && s.is_local()) {
        store.copy_local(k, s);
    }
    let end = mpi::time();
    PhaseTime {
        start: start - t0,
        end: end - t0,
        sent: sends.iter().map(|s| s.bytes()).sum(),
        received: receives.iter().map(|s| s.bytes()).sum(),
    }
}

/// Posts the receives and the sends and waits for them; returns the bytes
/// each receive got.
#[allow(clippy::too_many_arguments)]
fn transfer(
    world: &SimpleCommunicator,
    store: &mut Store,
    sends: &[&Send],
    payloads: &[Payload],
    receives: &[&Send],
    slots: &[Slot],
    staging: &mut [Vec<u8>],
    k: usize,
    start: f64,
    rules: &PhaseRules,
) -> Vec<usize> {
    // The receives that land in the inbox get disjoint slices of it, cut in
    // increasing order; the others their own buffers.
    let mut direct: Vec<(usize, usize, usize)> = slots
        .iter()
        .enumerate()
        .filter_map(|(i, s)| match *s {
            Slot::Inbox { start, len } => Some((i, start, len)),
            Slot::Staging { .. } => None,
        })
        .collect();
    commbook_core::sorting::sort_by_u64(&mut direct, |d| d.1 as u64);
    let ranges: Vec<(usize, usize)> = direct.iter().map(|d| (d.1, d.2)).collect();
    let Store { out, inbox, .. } = store;
    let mut targets: Vec<Option<&mut [u8]>> =
        staging.iter_mut().map(|v| Some(&mut v[..])).collect();
    for ((i, _, _), slice) in direct.iter().zip(carve(&mut inbox.buf, &ranges)) {
        targets[*i] = Some(slice);
    }
    let bytes: Vec<&[u8]> = payloads
        .iter()
        .map(|p| match p {
            Payload::Out { start, len } => &out.buf[*start..start + len],
            Payload::Packed(v) => &v[..],
        })
        .collect();
    let tag = (k % 32_768) as i32;
    mpi::request::scope(|scope| {
        let mut pending = Vec::with_capacity(receives.len() + sends.len());
        for (s, target) in receives.iter().zip(targets) {
            let buf = target.expect("every receive has a target");
            let proc = world.process_at_rank(s.src as i32);
            pending.push(Pending {
                req: Some(proc.immediate_receive_into_with_tag(scope, buf, tag)),
                peer: s.src,
                receive: true,
                count: 0,
            });
        }
        for (s, buf) in sends.iter().zip(bytes) {
            let proc = world.process_at_rank(s.dst as i32);
            pending.push(Pending {
                req: Some(proc.immediate_send_with_tag(scope, buf, tag)),
                peer: s.dst,
                receive: false,
                count: 0,
            });
        }
        wait_all(
            world,
            &mut pending,
            start,
            rules.timeout_s,
            &format!("phase {k}"),
        );
        pending
            .iter()
            .filter(|p| p.receive)
            .map(|p| p.count)
            .collect()
    })
}
