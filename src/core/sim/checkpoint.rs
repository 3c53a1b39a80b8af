//! Checkpoints of the engine, for replaying any cycle without a record of
//! every event.
//!
//! A [`Checkpoint`] holds what changes from cycle to cycle and is small:
//! the network (buffers, channel owners and connections, round-robin
//! pointers, ports, packets in flight, per-channel counts, the random
//! generator) and the processors' queues and slots, all O(channels +
//! processors + packets in flight). What is O(messages) is not copied.
//! Every message's state at a cycle c follows from three times the finished
//! run knows ([`Times`]: when it was released, started and finished) and
//! the rule by which each is set — a release or a finish happens at a cycle
//! boundary t ≤ c if it happened before c, a start in a cycle < c — except
//! for the counters of the few messages under way at c (at most one per
//! send and receive slot), which the checkpoint keeps ([`Flight`]). So a
//! checkpoint of the 1,024-node fat tree weighs about a megabyte whatever
//! the number of messages, and [`Engine::restore`] rebuilds the rest in one
//! pass over the messages.
//!
//! Whatever only matters inside a cycle is not kept: the arbiters' offers
//! are stamped per cycle, and `blocked_at` is reset, so no stale stamp from
//! a later position can match a cycle replayed again.

use super::bitset::BitSet;
use super::buffers::Buffers;
use super::engine::{Engine, Packet};
use super::fabric::NONE;
use super::source::NEVER;
use super::view::{MsgStatus, Port, SimView, Wait};
use crate::rng::Rng;
#[cfg(test)]
use std::hash::{Hash, Hasher};

/// When a message was released, started and finished in the whole run,
/// as cycle boundaries in 32 bits (a film holds at most
/// [`super::film::FILM_MAX_CYCLES`] cycles; [`u32::MAX`] is "never"): 12
/// bytes a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Times {
    released: u32,
    started: u32,
    finish: u32,
}

fn wide(t: u32) -> u64 {
    if t == u32::MAX { NEVER } else { t as u64 }
}

fn narrow(t: u64) -> u32 {
    if t == NEVER {
        u32::MAX
    } else {
        t.min(u32::MAX as u64 - 1) as u32
    }
}

impl Times {
    pub fn released(&self) -> u64 {
        wide(self.released)
    }
    pub fn started(&self) -> u64 {
        wide(self.started)
    }
    pub fn finish(&self) -> u64 {
        wide(self.finish)
    }
}

/// The counters of a message under way at a checkpoint.
#[derive(Clone, Copy, Debug)]
struct Flight {
    msg: u32,
    next_packet: u32,
    sent_packets: u32,
    delivered_packets: u32,
    holds_slot: bool,
}

/// The engine's state at a cycle boundary, less what [`Times`] restores.
#[derive(Clone, Debug)]
pub(crate) struct Checkpoint {
    /// Cycles completed.
    pub now: u64,
    bufs: Buffers,
    active: BitSet,
    owner: Box<[u32]>,
    conn: Box<[u32]>,
    rr: Box<[u16]>,
    port: Box<[(u32, u16)]>,
    port_free_at: Box<[u64]>,
    packets: Vec<Packet>,
    free_slots: Vec<u32>,
    next_seq: u32,
    rng: Rng,
    busy: Box<[u64]>,
    blocked: Box<[u64]>,
    counts: [u64; 4],
    q_next: Vec<u32>,
    sending: Vec<u32>,
    n_active: Vec<u32>,
    act_rr: Vec<u32>,
    recv_busy: Vec<u32>,
    recv_rr: Vec<u32>,
    holders: Vec<Vec<u32>>,
    startable: BitSet,
    fillable: BitSet,
    delivered: usize,
    phase_marks: Vec<u64>,
    left: Vec<u32>,
    current: usize,
    ptr: Vec<u32>,
    flights: Vec<Flight>,
    awaits: Vec<(u32, u32)>,
}

impl Checkpoint {
    /// Roughly the bytes it holds (for the film's memory budget).
    pub fn weight(&self) -> usize {
        let ch = self.owner.len();
        let procs = self.q_next.len();
        self.bufs.count() * self.bufs.depth() * 8
            + ch * 30
            + procs * 48
            + self.packets.len() * std::mem::size_of::<Packet>()
            + self.flights.len() * 20
            + self.left.len() * 4
    }
}

impl Engine {
    /// The state at this cycle boundary.
    pub(crate) fn checkpoint(&self) -> Checkpoint {
        let s = &self.src;
        let mut flights = Vec::new();
        let mut awaits = Vec::new();
        for (i, m) in s.msgs.iter().enumerate() {
            if m.started != NEVER && m.finish == NEVER {
                flights.push(Flight {
                    msg: i as u32,
                    next_packet: m.next_packet,
                    sent_packets: m.sent_packets,
                    delivered_packets: m.delivered_packets,
                    holds_slot: m.holds_slot,
                });
            } else if m.started == NEVER && m.awaits != NONE {
                awaits.push((i as u32, m.awaits));
            }
        }
        Checkpoint {
            now: self.now,
            bufs: self.bufs.clone(),
            active: self.active.clone(),
            owner: self.owner.clone(),
            conn: self.conn.clone(),
            rr: self.rr.clone(),
            port: self.port.clone(),
            port_free_at: self.port_free_at.clone(),
            packets: self.packets.clone(),
            free_slots: self.free_slots.clone(),
            next_seq: self.next_seq,
            rng: self.rng.clone(),
            busy: self.busy.clone(),
            blocked: self.blocked.clone(),
            counts: [
                self.injected_flits,
                self.delivered_flits,
                self.moved,
                self.live,
            ],
            q_next: s.q_next.clone(),
            sending: s.active.clone(),
            n_active: s.n_active.clone(),
            act_rr: s.act_rr.clone(),
            recv_busy: s.recv_busy.clone(),
            recv_rr: s.recv_rr.clone(),
            holders: s.holders.clone(),
            startable: s.startable.clone(),
            fillable: s.fillable.clone(),
            delivered: s.delivered,
            phase_marks: s.phase_marks.clone(),
            left: s.release.left.clone(),
            current: s.release.current,
            ptr: s.release.ptr.clone(),
            flights,
            awaits,
        }
    }

    /// Puts this engine (built from the same traffic) in the state of
    /// `cp`, given every message's times in the finished run.
    pub(crate) fn restore(&mut self, cp: &Checkpoint, times: &[Times]) {
        let c = cp.now;
        self.now = c;
        self.bufs.clone_from(&cp.bufs);
        self.active.clone_from(&cp.active);
        self.owner.clone_from(&cp.owner);
        self.conn.clone_from(&cp.conn);
        self.rr.clone_from(&cp.rr);
        self.port.clone_from(&cp.port);
        self.port_free_at.clone_from(&cp.port_free_at);
        self.packets.clone_from(&cp.packets);
        self.free_slots.clone_from(&cp.free_slots);
        self.next_seq = cp.next_seq;
        self.rng = cp.rng.clone();
        self.busy.clone_from(&cp.busy);
        self.blocked.clone_from(&cp.blocked);
        self.blocked_at.fill(NEVER);
        [
            self.injected_flits,
            self.delivered_flits,
            self.moved,
            self.live,
        ] = cp.counts;
        let startup = self.cfg.startup as u64;
        let s = &mut self.src;
        s.q_next.clone_from(&cp.q_next);
        s.active.clone_from(&cp.sending);
        s.n_active.clone_from(&cp.n_active);
        s.act_rr.clone_from(&cp.act_rr);
        s.recv_busy.clone_from(&cp.recv_busy);
        s.recv_rr.clone_from(&cp.recv_rr);
        s.holders.clone_from(&cp.holders);
        s.startable.clone_from(&cp.startable);
        s.fillable.clone_from(&cp.fillable);
        s.delivered = cp.delivered;
        s.phase_marks.clone_from(&cp.phase_marks);
        s.fresh.clear();
        let r = &mut s.release;
        r.left.clone_from(&cp.left);
        r.current = cp.current;
        r.ptr.clone_from(&cp.ptr);
        for (i, (m, t)) in s.msgs.iter_mut().zip(times).enumerate() {
            let (released, started, finish) = (t.released(), t.started(), t.finish());
            m.released = if released <= c { released } else { NEVER };
            m.started = if started < c { started } else { NEVER };
            m.ready = if m.started == NEVER {
                NEVER
            } else {
                m.started + startup
            };
            m.finish = if finish <= c { finish } else { NEVER };
            let whole = if m.finish != NEVER && m.src != m.dst {
                m.packets
            } else {
                0
            };
            m.next_packet = whole;
            m.sent_packets = whole;
            m.delivered_packets = whole;
            m.holds_slot = false;
            m.awaits = NONE;
            r.released[i] = m.released != NEVER;
            r.done[i] = m.finish != NEVER;
        }
        for f in &cp.flights {
            let m = &mut s.msgs[f.msg as usize];
            m.next_packet = f.next_packet;
            m.sent_packets = f.sent_packets;
            m.delivered_packets = f.delivered_packets;
            m.holds_slot = f.holds_slot;
        }
        for &(i, by) in &cp.awaits {
            s.msgs[i as usize].awaits = by;
        }
    }

    /// Every message's times so far (the whole run's, once it is over).
    pub(crate) fn times(&self) -> Vec<Times> {
        let t = |m: &super::source::Msg| Times {
            released: narrow(m.released),
            started: narrow(m.started),
            finish: narrow(m.finish),
        };
        self.src.msgs.iter().map(t).collect()
    }

    /// Packet number (in order of injection) of a storage slot.
    fn seq(&self, slot: u32) -> u32 {
        if slot == NONE {
            NONE
        } else {
            self.packets[slot as usize].seq
        }
    }

    /// What the animator draws at this cycle boundary: the same
    /// [`SimView`] a recorded run replays to (the flits moved in the last
    /// cycle aside, which the caller adds from that cycle's events). The
    /// messages' statuses cost a pass over every message, so they are
    /// filled only if `messages`.
    pub(crate) fn view(&self, messages: bool) -> SimView {
        let (links, procs) = (self.bufs.count(), self.port.len());
        let mut v = SimView::new(links, procs, self.bufs.depth(), 0);
        v.cycle = self.now;
        v.buffers = self.bufs.map_packets(|slot| self.seq(slot));
        v.owner = self.owner.iter().map(|&o| self.seq(o)).collect();
        v.load = self.busy.iter().map(|&b| b as u32).collect();
        v.blocked = self.blocked.iter().map(|&b| b as u32).collect();
        v.waits = self
            .live_slots()
            .map(|s| self.packets[s as usize])
            .filter(|p| p.wait.0 != NONE)
            .map(|p| Wait {
                channel: p.wait.0,
                packet: p.seq,
                by: p.wait.1,
                slot: p.wait.2,
            })
            .collect();
        // One wait per packet: (channel, packet) orders them as `Wait` does.
        crate::sorting::sort_by_u64(&mut v.waits, |w| {
            ((w.channel as u64) << 32) | w.packet as u64
        });
        v.ports = self
            .port
            .iter()
            .map(|&(slot, next)| match slot {
                NONE => Port {
                    packet: NONE,
                    next: 0,
                    flits: 0,
                },
                s => Port {
                    packet: self.seq(s),
                    next,
                    flits: self.packets[s as usize].flits,
                },
            })
            .collect();
        v.messages = if !messages {
            Vec::new()
        } else {
            self.src
                .msgs
                .iter()
                .map(|m| {
                    if m.finish != NEVER {
                        MsgStatus::Delivered
                    } else if m.next_packet > 0 {
                        MsgStatus::Sending
                    } else if m.started != NEVER {
                        MsgStatus::Started
                    } else if m.released != NEVER {
                        MsgStatus::Released
                    } else {
                        MsgStatus::Waiting
                    }
                })
                .collect()
        };
        v.injected_flits = self.injected_flits;
        v.delivered_flits = self.delivered_flits;
        v.delivered_messages = self.src.delivered as u64;
        let r = &self.src.release;
        v.phases_done = (0..r.left.len())
            .filter(|&k| r.left[k] == 0 && r.start[k + 1] > r.start[k])
            .count() as u32;
        v
    }

    /// A hash of everything that decides the rest of the run, by part:
    /// two engines with the same hashes run on identically.
    #[cfg(test)]
    pub(crate) fn checksum_parts(&self) -> Vec<(&'static str, u64)> {
        fn of(x: impl Hash) -> u64 {
            let mut h = std::collections::hash_map::DefaultHasher::new();
            x.hash(&mut h);
            h.finish()
        }
        let flits: Vec<_> = (0..self.bufs.count())
            .flat_map(|b| {
                self.bufs
                    .iter(b)
                    .map(move |f| (b, f.packet, f.index, f.tail))
            })
            .collect();
        let words = |set: &BitSet| (0..set.words()).map(|w| set.word(w)).collect::<Vec<_>>();
        let mut free = self.free_slots.clone();
        crate::sorting::sort_by_u64(&mut free, |&s| s as u64);
        let live: Vec<_> = (0..self.packets.len())
            .filter(|&k| free.binary_search(&(k as u32)).is_err())
            .map(|k| {
                let p = self.packets[k];
                (k, p.seq, p.msg, p.flits, p.head_at, p.want, p.wait)
            })
            .collect();
        let s = &self.src;
        let msgs: Vec<_> = s
            .msgs
            .iter()
            .map(|m| {
                let counts = (m.next_packet, m.sent_packets, m.delivered_packets);
                (
                    counts,
                    m.released,
                    m.started,
                    m.ready,
                    m.finish,
                    m.holds_slot,
                    m.awaits,
                )
            })
            .collect();
        let r = &s.release;
        vec![
            ("now", self.now),
            ("buffers", of(flits)),
            ("active", of(words(&self.active))),
            ("channels", of((&self.owner, &self.conn, &self.rr))),
            ("ports", of((&self.port, &self.port_free_at))),
            ("packets", of((free, live, self.next_seq))),
            ("rng", of(format!("{:?}", self.rng))),
            ("counts", of((&self.busy, &self.blocked))),
            (
                "totals",
                of((
                    self.injected_flits,
                    self.delivered_flits,
                    self.moved,
                    self.live,
                )),
            ),
            ("messages", of(msgs)),
            ("queues", of((&s.q_next, &s.active, &s.n_active, &s.act_rr))),
            ("receivers", of((&s.recv_busy, &s.recv_rr, &s.holders))),
            ("sets", of((words(&s.startable), words(&s.fillable)))),
            ("delivered", of((s.delivered, &s.phase_marks))),
            (
                "release",
                of((&r.released, &r.done, &r.left, r.current, &r.ptr)),
            ),
        ]
    }
}
