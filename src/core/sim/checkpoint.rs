//! Checkpoints of the engine, for replaying any cycle without a record of
//! every event: what a checkpoint need not hold.
//!
//! A checkpoint ([`super::checkpoint_store`], encoded by
//! [`super::checkpoint_codec`]) holds what changes from cycle to cycle:
//! the network (buffers, channel owners and connections, round-robin
//! pointers, ports, packets in flight, per-channel counts, the random
//! generator) and the processors' queues and slots, all O(channels +
//! processors + packets in flight). What is O(messages) is not copied.
//! Every message's state at a cycle c follows from three times the finished
//! run knows ([`Times`]: when it was released, started and finished) and
//! the rule by which each is set — a release or a finish happens at a cycle
//! boundary t ≤ c if it happened before c, a start in a cycle < c — except
//! for the counters of the few messages under way at c (at most one per
//! send and receive slot) and the receivers awaited by messages not
//! started, which the checkpoint keeps. [`Engine::restore_messages`]
//! rebuilds the rest in one pass over the messages.
//!
//! Whatever only matters inside a cycle is not kept: the arbiters' offers
//! are stamped per cycle, and `blocked_at` is reset, so no stale stamp from
//! a later position can match a cycle replayed again.

#[cfg(test)]
use super::bitset::BitSet;
use super::checkpoint_codec::Messages;
use super::engine::Engine;
use super::fabric::NONE;
use super::source::{Msg, NEVER};
use super::view::{MsgStatus, Port, SimView, Wait};
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

#[inline(always)]
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
    /// A message none of whose times is known yet.
    pub const UNKNOWN: Times = Times {
        released: u32::MAX,
        started: u32::MAX,
        finish: u32::MAX,
    };

    /// The three times as stored ("never" is [`u32::MAX`]).
    pub fn raw(&self) -> [u32; 3] {
        [self.released, self.started, self.finish]
    }

    /// What [`Times::raw`] gave.
    pub fn from_raw([released, started, finish]: [u32; 3]) -> Times {
        Times {
            released,
            started,
            finish,
        }
    }

    #[inline(always)]
    pub fn released(&self) -> u64 {
        wide(self.released)
    }
    #[inline(always)]
    pub fn started(&self) -> u64 {
        wide(self.started)
    }
    #[inline(always)]
    pub fn finish(&self) -> u64 {
        wide(self.finish)
    }
}

/// Messages per block of [`block_spans`] (fewer in the tests, whose
/// runs have a few hundred messages, so that blocks are skipped there).
pub(crate) const BLOCK: usize = if cfg!(test) { 16 } else { 256 };

/// The earliest and the latest time ("never" left out) of each block of
/// [`BLOCK`] consecutive messages. Messages are numbered in phase order,
/// so a block's times cluster in a stretch of the run, and a restore
/// reads only the blocks whose stretch meets the cycles it crosses.
pub(crate) fn block_spans(times: &[Times]) -> Vec<(u32, u32)> {
    times
        .chunks(BLOCK)
        .map(|ts| ts.iter().fold((u32::MAX, 0), widen))
        .collect()
}

/// A block's span `(first, last)` with a message's finite times taken in
/// (`(u32::MAX, 0)` is the span of no time).
pub(crate) fn widen((first, last): (u32, u32), t: &Times) -> (u32, u32) {
    [t.released, t.started, t.finish]
        .into_iter()
        .filter(|&x| x != u32::MAX)
        .fold((first, last), |(a, b), x| (a.min(x), b.max(x)))
}

/// Message `m`'s state at cycle boundary `c` by its times `t` in the
/// finished run (the counters of one under way aside); whether it is
/// released and done, for the release rule's own flags.
#[inline(always)]
fn rebuild(m: &mut Msg, t: &Times, c: u64) -> (bool, bool) {
    let (released, started, finish) = (t.released(), t.started(), t.finish());
    m.released = if released <= c { released } else { NEVER };
    m.started = if started < c { started } else { NEVER };
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
    (m.released != NEVER, m.finish != NEVER)
}

impl Engine {
    /// The messages whose state at this cycle boundary does not follow
    /// from their times alone: those under way (started and injecting, or
    /// with a packet in the network; their packet counters) and each
    /// processor's next message (it may await a receiver).
    pub(super) fn in_play(&self) -> Vec<u32> {
        let s = &self.src;
        let mut v: Vec<u32> = s.active.iter().copied().filter(|&m| m != NONE).collect();
        v.extend(self.live_slots().map(|k| self.packets[k as usize].msg));
        v.extend(
            (0..s.procs)
                .filter(|&p| s.q_next[p] < s.q_end[p])
                .map(|p| s.queue[s.q_next[p] as usize]),
        );
        v
    }

    /// Rebuilds every message's state at cycle boundary `self.now` (the
    /// rest of the engine already restored) from the finished run's
    /// `times`, the counters of the messages under way and the awaited
    /// receivers a checkpoint kept, and the run's phase marks so far.
    ///
    /// The engine stood at boundary `from` with `in_play` (see
    /// [`Engine::in_play`]) before: every other message whose three times
    /// all lie outside the cycles between `from` and now is already as it
    /// must be, so only the others are rebuilt — a read of the times
    /// instead of a write of every message, and only of the blocks whose
    /// `spans` ([`block_spans`]) meet those cycles.
    pub(super) fn restore_messages(
        &mut self,
        kept: &Messages,
        marks: &[u64],
        times: &[Times],
        from: u64,
        in_play: &[u32],
        spans: &[(u32, u32)],
    ) {
        let c = self.now;
        self.blocked_at.fill(NEVER);
        let s = &mut self.src;
        s.phase_marks.clear();
        s.phase_marks.extend_from_slice(&marks[..kept.phase_marks]);
        s.fresh.clear();
        let r = &mut s.release;
        // Cycles fit in 32 bits ("never" is u32::MAX, above any window).
        // Plain comparisons and a forced-inline helper, no closures: at
        // opt-level "z" (the book) closures here are calls, a million
        // of them a seek.
        let lo = narrow(from.min(c));
        let span = narrow(from.max(c)).wrapping_sub(lo);
        let hi = lo + span;
        for b in 0..times.len().div_ceil(BLOCK) {
            // A block whose times all lie outside the window is skipped
            // whole (without spans every message is looked at).
            if let Some(&(first, last)) = spans.get(b)
                && (first > hi || last < lo)
            {
                continue;
            }
            let end = ((b + 1) * BLOCK).min(times.len());
            for (i, t) in (b * BLOCK..end).zip(&times[b * BLOCK..end]) {
                if t.released.wrapping_sub(lo) <= span
                    || t.started.wrapping_sub(lo) <= span
                    || t.finish.wrapping_sub(lo) <= span
                {
                    (r.released[i], r.done[i]) = rebuild(&mut s.msgs[i], t, c);
                }
            }
        }
        for &i in in_play {
            let i = i as usize;
            (r.released[i], r.done[i]) = rebuild(&mut s.msgs[i], &times[i], c);
        }
        for f in &kept.flights {
            let m = &mut s.msgs[f.msg as usize];
            m.next_packet = f.next_packet;
            m.sent_packets = f.sent_packets;
            m.delivered_packets = f.delivered_packets;
            m.holds_slot = f.holds_slot;
        }
        for &(i, by) in &kept.awaits {
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

    /// The messages whose times changed since `known` was brought up to
    /// date, as (message, times); `known` is brought up to date.
    pub(crate) fn times_since(&self, known: &mut [Times]) -> Vec<(u32, Times)> {
        let mut changed = Vec::new();
        for (i, (m, k)) in self.src.msgs.iter().zip(known.iter_mut()).enumerate() {
            let t = Times {
                released: narrow(m.released),
                started: narrow(m.started),
                finish: narrow(m.finish),
            };
            if t != *k {
                *k = t;
                changed.push((i as u32, t));
            }
        }
        changed
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
        v.blocked = self.blocked_counts().map(|b| b as u32).collect();
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
            (
                "counts",
                of((&self.busy, self.blocked_counts().collect::<Vec<_>>())),
            ),
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
