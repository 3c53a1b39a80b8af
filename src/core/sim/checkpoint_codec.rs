//! The compact encoding of a checkpoint ([`super::checkpoint_store`]):
//! the engine's state at a cycle boundary in about 50 KB where a plain
//! copy of the 1,024-node fat tree takes 800 KB (before deflate, which
//! the store applies).
//!
//! The state splits in two.
//! - *Counters* ([`counters`]): arrays of a fixed length whose entries
//!   change little between checkpoints — each channel's flits carried and
//!   cycles blocked and its round-robin pointer, each processor's queue
//!   position, round-robin pointers and receive slots in use, each phase's
//!   messages left, and the run's totals. The film stores them as
//!   differences from the previous checkpoint with runs of zeros collapsed
//!   ([`Writer::diffs`]), from zero at a keyframe (see
//!   [`super::checkpoint_store`]).
//! - *The rest* ([`encode`]), written whole, listing only what is there:
//!   the messages under way and those awaiting a receiver, the live packet
//!   slots (the free ones as a list, in the order the engine reuses
//!   them), the busy injection ports, the occupied buffers as runs of
//!   consecutive flits of one packet (a flit's `tail` follows from its
//!   packet's length), the channels owned and connected, and each
//!   processor's started messages and receive-slot holders, named by
//!   their place among the messages under way. The inputs holding a flit
//!   (`Engine::active`) follow from the buffers and ports and are not
//!   stored; the phase marks are a prefix of the latest list, so only
//!   their number is.
//!
//! Every number is a LEB128 varint ([`super::varint`]); NONE is written
//! as 0. The round trip is exact: the tests compare the engine's checksum
//! after decoding with the encoded engine's, on both networks.

use super::engine::{Engine, Packet};
use super::fabric::NONE;
use super::source::NEVER;
use super::varint::{Reader, Writer};

/// The counters of a message under way at a checkpoint.
#[derive(Clone, Copy, Debug)]
pub(super) struct Flight {
    pub msg: u32,
    pub next_packet: u32,
    pub sent_packets: u32,
    pub delivered_packets: u32,
    pub holds_slot: bool,
}

/// The engine's counters, in a fixed order (see the module docs): first
/// those that only grow (see [`rising`]), then the others.
pub(super) fn counters(e: &Engine) -> Vec<u64> {
    let (s, r) = (&e.src, &e.src.release);
    let mut v = Vec::with_capacity(2 * e.busy.len() + 5 * s.procs + r.left.len() + r.ptr.len() + 7);
    v.extend_from_slice(&e.busy);
    v.extend(e.blocked_counts());
    for a in [&s.q_next, &r.ptr] {
        v.extend(a.iter().map(|&x| x as u64));
    }
    v.extend([
        e.injected_flits,
        e.delivered_flits,
        e.moved,
        e.next_seq as u64,
        s.delivered as u64,
        r.current as u64,
    ]);
    for a in [&s.act_rr, &s.recv_busy, &s.recv_rr, &r.left] {
        v.extend(a.iter().map(|&x| x as u64));
    }
    v.push(e.live);
    v
}

/// How many of the [`counters`] only grow (their differences are written
/// without a sign bit: a channel's tens of flits in one byte).
pub(super) fn rising(e: &Engine) -> usize {
    2 * e.busy.len() + e.src.q_next.len() + e.src.release.ptr.len() + 6
}

/// Puts counters taken by [`counters`] back.
pub(super) fn set_counters(e: &mut Engine, v: &[u64]) {
    // Slices copied whole: a closure handing out one value at a time is a
    // call per counter at opt-level "z".
    let mut at = 0;
    let mut take = |n: usize| {
        at += n;
        &v[at - n..at]
    };
    e.busy.copy_from_slice(take(e.busy.len()));
    e.blocked.copy_from_slice(take(e.blocked.len()));
    let s = &mut e.src;
    for a in [&mut s.q_next, &mut s.release.ptr] {
        let n = a.len();
        a.iter_mut().zip(take(n)).for_each(|(x, &y)| *x = y as u32);
    }
    let totals = take(6);
    e.injected_flits = totals[0];
    e.delivered_flits = totals[1];
    e.moved = totals[2];
    e.next_seq = totals[3] as u32;
    s.delivered = totals[4] as usize;
    s.release.current = totals[5] as usize;
    for a in [
        &mut s.act_rr,
        &mut s.recv_busy,
        &mut s.recv_rr,
        &mut s.release.left,
    ] {
        let n = a.len();
        a.iter_mut().zip(take(n)).for_each(|(x, &y)| *x = y as u32);
    }
    e.live = take(1)[0];
}

/// Names a message under way by its place among `flights` (one or two
/// bytes instead of three); any other message by its number after them.
fn put_msg(w: &mut Writer, flights: &[Flight], msg: u32) {
    match flights.binary_search_by_key(&msg, |f| f.msg) {
        Ok(k) => w.u(k as u64),
        Err(_) => w.u(flights.len() as u64 + msg as u64),
    }
}

fn get_msg(r: &mut Reader, flights: &[Flight]) -> u32 {
    let v = r.u();
    match flights.get(v as usize) {
        Some(f) => f.msg,
        None => (v - flights.len() as u64) as u32,
    }
}

/// Channels whose entry is not NONE, as (gap from the last, entry).
fn put_sparse(w: &mut Writer, a: &[u32]) {
    w.u(a.iter().filter(|&&v| v != NONE).count() as u64);
    let mut prev = 0;
    for (k, &v) in a.iter().enumerate() {
        if v != NONE {
            w.u((k - prev) as u64);
            w.u(v as u64);
            prev = k;
        }
    }
}

fn get_sparse(r: &mut Reader, a: &mut [u32]) {
    a.fill(NONE);
    let mut k = 0;
    for _ in 0..r.u() {
        k += r.u() as usize;
        a[k] = r.u32();
    }
}

/// The channels' round-robin pointers: below a router's inputs (at most
/// eight on either network), so two to a byte when all are below 16 —
/// half the bytes of their differences from the last checkpoint, since
/// most channels have been granted since.
fn put_pointers(w: &mut Writer, rr: &[u16]) {
    let small = rr.iter().all(|&x| x < 16);
    w.u(small as u64);
    if small {
        w.bytes.extend(
            rr.chunks(2)
                .map(|p| (p[0] | p.get(1).map_or(0, |&x| x << 4)) as u8),
        );
    } else {
        rr.iter().for_each(|&x| w.u(x as u64));
    }
}

fn get_pointers(r: &mut Reader, rr: &mut [u16]) {
    if r.u() == 1 {
        for (k, pair) in rr.chunks_mut(2).enumerate() {
            let b = r.byte(k) as u16;
            pair[0] = b & 15;
            if let Some(x) = pair.get_mut(1) {
                *x = b >> 4;
            }
        }
        r.skip(rr.len().div_ceil(2));
    } else {
        rr.iter_mut().for_each(|x| *x = r.u() as u16);
    }
}

/// Everything but the counters, the random generator and the cycle.
pub(super) fn encode(e: &Engine) -> Vec<u8> {
    let mut w = Writer::default();
    let s = &e.src;
    // The messages under way and those awaiting a receiver are among
    // those in play (no pass over every message).
    let mut play = e.in_play();
    crate::sorting::sort_by_u64(&mut play, |&m| m as u64);
    play.dedup();
    let mut flights = Vec::new();
    let mut awaits = Vec::new();
    for i in play {
        let m = &s.msgs[i as usize];
        if m.started != NEVER && m.finish == NEVER {
            flights.push(Flight {
                msg: i,
                next_packet: m.next_packet,
                sent_packets: m.sent_packets,
                delivered_packets: m.delivered_packets,
                holds_slot: m.holds_slot,
            });
        } else if m.started == NEVER && m.awaits != NONE {
            awaits.push((i, m.awaits));
        }
    }
    // Packets handed out ≥ sent ≥ delivered: the differences are small.
    w.u(flights.len() as u64);
    let mut prev = 0u32;
    for f in &flights {
        w.u(((f.msg - prev) as u64) << 1 | f.holds_slot as u64);
        w.u(f.next_packet as u64);
        w.u(f.next_packet.wrapping_sub(f.sent_packets) as u64);
        w.u(f.sent_packets.wrapping_sub(f.delivered_packets) as u64);
        prev = f.msg;
    }
    w.u(awaits.len() as u64);
    let mut prev = 0u32;
    for &(i, by) in &awaits {
        w.u((i - prev) as u64);
        w.u(by as u64);
        prev = i;
    }
    w.u(s.phase_marks.len() as u64);

    // Packet slots: the free ones in the engine's order, then the others'
    // contents (packet numbers as distances back from the next one).
    let n = e.packets.len();
    w.u(n as u64);
    w.u(e.free_slots.len() as u64);
    let mut free = vec![false; n];
    let mut prev = 0i64;
    for &f in &e.free_slots {
        w.i(f as i64 - prev);
        prev = f as i64;
        free[f as usize] = true;
    }
    for (slot, p) in e.packets.iter().enumerate() {
        if free[slot] {
            continue;
        }
        w.u(e.next_seq.wrapping_sub(p.seq) as u64);
        put_msg(&mut w, &flights, p.msg);
        w.u(p.flits as u64);
        w.opt(p.head_at);
        w.opt(p.want);
        w.opt(p.wait.0);
        if p.wait.0 != NONE {
            w.opt(p.wait.1);
            w.u(p.wait.2 as u64);
        }
    }

    for (p, &(slot, next)) in e.port.iter().enumerate() {
        w.opt(slot);
        if slot != NONE {
            w.u(next as u64);
        }
        w.i(e.port_free_at[p].wrapping_sub(e.now) as i64);
    }

    // Buffers: (gap from the last occupied one, flits), then runs of
    // consecutive flits of one packet as (slot, first index, length).
    let b = &e.bufs;
    w.u((0..b.count()).filter(|&k| !b.is_empty(k)).count() as u64);
    let mut prev = 0;
    for k in (0..b.count()).filter(|&k| !b.is_empty(k)) {
        w.u((k - prev) as u64);
        w.u(b.len(k) as u64);
        prev = k;
        let mut it = b.iter(k).peekable();
        while let Some(f) = it.next() {
            let mut last = f;
            let mut run = 1;
            while let Some(&g) = it.peek() {
                if g.packet != f.packet || last.tail || g.index != last.index + 1 {
                    break;
                }
                last = g;
                run += 1;
                it.next();
            }
            w.u(f.packet as u64);
            w.u(f.index as u64);
            w.u(run);
        }
    }
    put_sparse(&mut w, &e.owner);
    put_sparse(&mut w, &e.conn);
    put_pointers(&mut w, &e.rr);

    for p in 0..s.procs {
        let n = s.n_active[p] as usize;
        w.u(n as u64);
        for &m in &s.active[p * s.send_limit..p * s.send_limit + n] {
            put_msg(&mut w, &flights, m);
        }
        w.u(s.holders[p].len() as u64);
        for &m in &s.holders[p] {
            put_msg(&mut w, &flights, m);
        }
    }
    for set in [&s.startable, &s.fillable] {
        (0..set.words()).for_each(|k| w.u(set.word(k)));
    }
    w.bytes
}

/// What [`decode`] leaves to the pass over every message.
pub(super) struct Messages {
    pub flights: Vec<Flight>,
    pub awaits: Vec<(u32, u32)>,
    pub phase_marks: usize,
}

/// Puts what [`encode`] wrote back into `e`, whose counters and cycle are
/// already restored; the messages' own state is left to the caller.
pub(super) fn decode(e: &mut Engine, bytes: &[u8]) -> Messages {
    let mut r = Reader::new(bytes);
    let mut flights = Vec::with_capacity(r.u() as usize);
    let mut msg = 0u32;
    for _ in 0..flights.capacity() {
        let head = r.u();
        msg += (head >> 1) as u32;
        let next_packet = r.u32();
        let sent_packets = next_packet.wrapping_sub(r.u32());
        flights.push(Flight {
            msg,
            next_packet,
            sent_packets,
            delivered_packets: sent_packets.wrapping_sub(r.u32()),
            holds_slot: head & 1 == 1,
        });
    }
    let mut awaits = Vec::with_capacity(r.u() as usize);
    let mut msg = 0u32;
    for _ in 0..awaits.capacity() {
        msg += r.u32();
        awaits.push((msg, r.u32()));
    }
    let phase_marks = r.u() as usize;

    let n = r.u() as usize;
    let blank = Packet {
        seq: 0,
        msg: 0,
        dst: 0,
        flits: 0,
        head_at: NONE,
        want: NONE,
        wait: (NONE, NONE, false),
    };
    e.packets.clear();
    e.packets.resize(n, blank);
    e.free_slots.clear();
    let mut free = vec![false; n];
    let mut prev = 0i64;
    for _ in 0..r.u() {
        prev += r.i();
        e.free_slots.push(prev as u32);
        free[prev as usize] = true;
    }
    for (slot, p) in e.packets.iter_mut().enumerate() {
        if free[slot] {
            continue;
        }
        p.seq = e.next_seq.wrapping_sub(r.u32());
        p.msg = get_msg(&mut r, &flights);
        p.dst = e.src.msgs[p.msg as usize].dst;
        p.flits = r.u() as u16;
        p.head_at = r.opt();
        p.want = r.opt();
        let ch = r.opt();
        if ch != NONE {
            p.wait = (ch, r.opt(), r.u() == 1);
        }
    }

    let links = e.bufs.count();
    e.active.clear();
    for p in 0..e.port.len() {
        let slot = r.opt();
        let next = if slot == NONE { 0 } else { r.u() as u16 };
        e.port[p] = (slot, next);
        if slot != NONE {
            e.active.insert(links + p);
        }
        e.port_free_at[p] = e.now.wrapping_add(r.i() as u64);
    }

    e.bufs.clear();
    let mut k = 0;
    for _ in 0..r.u() {
        k += r.u() as usize;
        e.active.insert(k);
        let len = r.u() as usize;
        while e.bufs.len(k) < len {
            let packet = r.u32();
            let first = r.u() as u16;
            let flits = e.packets[packet as usize].flits;
            for index in first..first + r.u() as u16 {
                let tail = index + 1 >= flits;
                e.bufs.push(
                    k,
                    super::buffers::Flit {
                        packet,
                        index,
                        tail,
                    },
                );
            }
        }
    }
    get_sparse(&mut r, &mut e.owner);
    get_sparse(&mut r, &mut e.conn);
    get_pointers(&mut r, &mut e.rr);

    let s = &mut e.src;
    s.active.fill(NONE);
    for p in 0..s.procs {
        let n = r.u() as usize;
        s.n_active[p] = n as u32;
        for k in 0..n {
            s.active[p * s.send_limit + k] = get_msg(&mut r, &flights);
        }
        let held = &mut s.holders[p];
        held.clear();
        for _ in 0..r.u() {
            held.push(get_msg(&mut r, &flights));
        }
    }
    for set in [&mut s.startable, &mut s.fillable] {
        for k in 0..set.words() {
            set.set_word(k, r.u());
        }
    }
    Messages {
        flights,
        awaits,
        phase_marks,
    }
}
