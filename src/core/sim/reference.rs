//! Today's cycle loop, kept as the reference implementation.
//!
//! This is the engine's evaluate and write of November 2026, unchanged but
//! for the names: every input holding a flit is visited every cycle, a
//! blocked head asks again each cycle, and the moves are gathered and then
//! applied. [`super::engine`] is the rewritten loop that skips inputs which
//! cannot act; the two share the machine's state ([`Engine`]), its
//! processors ([`super::source`]) and its injection ports
//! ([`super::port`]), except that this loop asks every idle port for a
//! packet every cycle (`Engine::refill_ports_all`) where the fast one
//! keeps a calendar. `tests/sim_equality.rs`-style checks in
//! [`super::equality`] run both on a seeded corpus and compare a hash of
//! the whole machine after every cycle; the benchmark times both side by
//! side ([`super::bench`]). Nothing here is tuned: it is the yardstick.

use super::config::UpRouting;
use super::engine::Engine;
use super::fabric::{NONE, Next};
use super::source::emit;
use super::view::SimEvent;

impl Engine {
    /// One cycle of the reference loop (see [`Engine::cycle`] for the
    /// contract); true if anything changed.
    pub(crate) fn cycle_reference(&mut self) -> bool {
        let mut progress = self.src.start(self.now, &mut self.log);
        progress |= self.refill_ports_all();
        if self.live > 0 {
            self.evaluate_ref();
            self.moved += self.moves.len() as u64;
            progress |= !self.moves.is_empty() || !self.arb.contested().is_empty();
            self.write_ref();
        }
        self.end_cycle();
        progress
    }

    /// The channel the head of `slot` at input `i` asks for. The choice is
    /// kept until the head is granted; only an adaptive head whose choice
    /// has been taken looks again.
    fn route_ref(&mut self, i: u32, slot: u32) -> u32 {
        let want = self.packets[slot as usize].want;
        let adaptive = self.cfg.up_routing == UpRouting::Adaptive;
        if want != NONE && (!adaptive || self.owner[want as usize] == NONE) {
            return want;
        }
        let dst = self.src.msgs[self.packets[slot as usize].msg as usize].dst as usize;
        let o = match self.fab.next_reference(i, dst) {
            Next::Fixed(o) => o,
            Next::Up { first, k, pick } => match self.cfg.up_routing {
                UpRouting::Static => first + 2 * pick,
                UpRouting::Random => first + 2 * self.rng.below(k as usize) as u32,
                UpRouting::Adaptive => {
                    // Any of the k up-links (4 at most on the CM-5's
                    // tree, up to 32 on a k-ary n-tree) free this cycle.
                    let owner = &self.owner;
                    let free = (0..k)
                        .map(|c| first + 2 * c)
                        .filter(|&l| owner[l as usize] == NONE);
                    match free.clone().count() {
                        0 if want != NONE => want,
                        0 => first + 2 * self.rng.below(k as usize) as u32,
                        1 => free.clone().next().unwrap_or(first),
                        n => free.clone().nth(self.rng.below(n)).unwrap_or(first),
                    }
                }
            },
        };
        self.packets[slot as usize].want = o;
        o
    }

    fn evaluate_ref(&mut self) {
        self.moves.clear();
        self.heads.clear();
        self.arb.begin();
        for w in 0..self.active.words() {
            let mut bits = self.active.word(w);
            while bits != 0 {
                let i = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                self.request_ref(i);
            }
        }
        for k in 0..self.arb.contested().len() {
            let o = self.arb.contested()[k];
            let i = self.arb.winner(o);
            self.grant_ref(i, o);
            if self.has_room(o) {
                self.moves.push((i, o));
            }
        }
        for k in 0..self.heads.len() {
            let (i, o) = self.heads[k];
            if self.arb.winner(o) != i {
                let f = self.front(i as usize).map_or(NONE, |f| f.packet);
                self.wait_ref(f, o, self.owner[o as usize], false);
            }
        }
    }

    /// Input `i` moves its oldest flit along its connection, or its head
    /// asks for the next channel (or waits for it).
    #[inline(always)]
    fn request_ref(&mut self, i: usize) {
        let Some(f) = self.front(i) else { return };
        let c = self.conn[i];
        if c != NONE {
            if self.has_room(c) {
                self.moves.push((i as u32, c));
            }
            return;
        }
        let o = self.route_ref(i as u32, f.packet);
        let holder = self.owner[o as usize];
        if holder != NONE {
            self.wait_ref(f.packet, o, holder, false);
            return;
        }
        let msg = self.packets[f.packet as usize].msg;
        if o as usize >= self.bufs.count()
            && let Err(by) = self.src.slot_for(msg)
        {
            self.wait_ref(f.packet, o, by, true);
            return;
        }
        let dist = self.fab.rr_distance(i as u32, o, self.rr[o as usize]);
        self.arb.offer(o, i as u32, dist);
        self.heads.push((i as u32, o));
    }

    fn grant_ref(&mut self, i: u32, o: u32) {
        let slot = self.front(i as usize).map_or(NONE, |f| f.packet);
        self.owner[o as usize] = slot;
        self.conn[i as usize] = o;
        self.rr[o as usize] = self.fab.rr_after(i);
        let pk = &mut self.packets[slot as usize];
        pk.want = NONE;
        pk.wait = (NONE, NONE, false);
        let (packet, msg) = (pk.seq, pk.msg);
        if o as usize >= self.bufs.count() {
            self.src.take_slot(msg);
        }
        emit(&mut self.log, SimEvent::Acquired { packet, channel: o });
    }

    /// The head of `slot` waits for channel `o`, held by `by` (a packet
    /// slot, or a message when `slot_wait`).
    fn wait_ref(&mut self, slot: u32, o: u32, by: u32, slot_wait: bool) {
        if self.blocked_at[o as usize] != self.now {
            self.blocked_at[o as usize] = self.now;
            self.blocked[o as usize] += 1;
        }
        // The wait is remembered whether or not the run is recorded, so a
        // run replayed from a checkpoint reports the same waits as a
        // recorded one (see `super::film`).
        let by = if slot_wait {
            by
        } else {
            self.packets[by as usize].seq
        };
        let pk = &mut self.packets[slot as usize];
        if std::mem::replace(&mut pk.wait, (o, by, slot_wait)) == (o, by, slot_wait)
            || self.log.is_off()
        {
            return;
        }
        let packet = pk.seq;
        let e = if slot_wait {
            SimEvent::NoSlot {
                packet,
                channel: o,
                by,
            }
        } else {
            SimEvent::Blocked {
                packet,
                channel: o,
                by,
            }
        };
        emit(&mut self.log, e);
    }

    fn write_ref(&mut self) {
        let links = self.bufs.count();
        for k in 0..self.moves.len() {
            let (i, o) = self.moves[k];
            let f = if (i as usize) < links {
                self.live -= 1;
                let f = self.bufs.pop(i as usize);
                if self.bufs.is_empty(i as usize) {
                    self.active.remove(i as usize);
                }
                f
            } else {
                self.take_from_port(i as usize - links)
            };
            self.busy[o as usize] += 1;
            let pk = self.packets[f.packet as usize];
            if (o as usize) < links {
                self.bufs.push(o as usize, f);
                self.active.insert(o as usize);
                self.live += 1;
                if f.is_head() {
                    self.packets[f.packet as usize].head_at = o;
                }
            } else {
                self.delivered_flits += 1;
                if f.is_head() {
                    self.packets[f.packet as usize].head_at = NONE;
                }
            }
            emit(&mut self.log, SimEvent::Moved { from: i, to: o });
            if f.tail {
                self.owner[o as usize] = NONE;
                self.conn[i as usize] = NONE;
                if o as usize >= links {
                    self.free_slots.push(f.packet);
                    self.src
                        .packet_delivered(pk.msg, self.now + 1, &mut self.log);
                }
            }
        }
    }
}
