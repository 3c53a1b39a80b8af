//! The fast cycle: evaluation and writing fused into one pass.
//!
//! The reference loop ([`super::reference`]) first gathers every move of
//! the cycle, reading only the state at its start, then applies them. Here
//! a connected input's flit moves the moment its input is visited, which
//! saves a second pass over the moves; what that would let a later visit
//! see of this cycle is kept out of its sight:
//! - the inputs to visit are fixed at the start (`scan`), so a flit pushed
//!   into an empty buffer, or an input woken, waits for the next cycle;
//! - a buffer had room at the start if it has room now counting a flit
//!   that left it in this cycle ([`super::buffers::Buffers::popped_at`]):
//!   only its own input pops it, and only the input connected to it
//!   pushes;
//! - an input finding its next buffer full sleeps only if that buffer's
//!   flit has not already left in this cycle (it would miss its wake);
//! - a tail's release of its channel (owner, connection, delivery) waits
//!   until every head has asked and been granted, as in the reference.
//!
//! Those releases then run in the order their moves were made, before the
//! granted heads move (body and tail, one move at a time), as the
//! reference's write does; the few effects whose order differs (a body
//! moved before an earlier tail's release) touch disjoint state. A
//! recorded cycle takes the gathered path (`Engine::evaluate` and
//! `Engine::write`) instead, so its events come in the reference's order.
//! The equality corpus ([`super::equality`]) checks the whole machine
//! after every cycle against the reference.

use super::buffers::Flit;
use super::engine::Engine;
use super::fabric::NONE;

impl Engine {
    /// Runs this cycle's evaluation and writes (the network holds flits
    /// and nothing is recorded); true if anything moved or was granted.
    pub(super) fn step_fused(&mut self) -> bool {
        let links = self.bufs.count();
        let moved = self.moved;
        self.heads.clear();
        self.moves.clear();
        self.tails.clear();
        self.arb.begin();
        let mut scan = std::mem::take(&mut self.scan);
        scan.clear();
        scan.extend(
            (0..self.active.words())
                .map(|w| self.active.word(w) & !self.asleep.word(w) & !self.frozen.word(w)),
        );
        for (w, &word) in scan.iter().enumerate() {
            // The connected inputs first, then the heads: the two never
            // touch the same state in this pass (a head reads its own
            // buffer's front, which no move of this pass takes, and the
            // owners and receive slots, which change only after it), so
            // only the order within each run counts, and it is kept. (Two
            // runs of like inputs, not one asking at each input which it
            // is: a branch the predictor guessed wrong one time in four on
            // the fat tree.)
            let linked = self.linked.word(w);
            let mut bits = word & linked;
            while bits != 0 {
                let i = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                self.visit_linked(i, links);
            }
            let mut bits = word & !linked;
            while bits != 0 {
                let i = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                self.request_head(i);
            }
        }
        self.scan = scan;
        for k in 0..self.arb.contested().len() {
            let o = self.arb.contested()[k];
            let i = self.arb.winner(o);
            self.grant(i, o);
            if self.had_room(o, links) {
                self.moves.push((i, o));
            }
        }
        self.losers_wait();
        if !self.streams.drains.is_empty() {
            self.run_drains();
        }
        for k in 0..self.tails.len() {
            let (i, o, slot) = self.tails[k];
            self.release(i, o, slot, links);
        }
        for k in 0..self.moves.len() {
            let (i, o) = self.moves[k];
            let f = self.carry(i as usize, o, links);
            if f.tail {
                self.release(i, o, f.packet, links);
            }
        }
        // The frozen packets moved a flit at each of their stages.
        self.moved += self.streams.rate;
        if self.streams.growing > 0 {
            self.run_growing();
        }
        if !self.streams.ejected.is_empty() {
            self.freeze_ejected();
        }
        if !self.streams.headed.is_empty() {
            self.walk_headed();
        }
        if !self.streams.tailing.is_empty() {
            self.freeze_tailing();
        }
        if !self.streams.entered.is_empty() {
            self.freeze_entered();
        }
        self.moved > moved || !self.arb.contested().is_empty()
    }

    /// Connected input `i` moves its oldest flit, or sleeps.
    #[inline(always)]
    fn visit_linked(&mut self, i: usize, links: usize) {
        let c = self.conn[i];
        if i < links {
            self.link_move(i, c as usize, links);
        } else if !self.had_room(c, links) {
            self.sleep_full(i, c);
        } else {
            let f = self.carry(i, c, links);
            if f.tail {
                self.tails.push((i as u32, c, f.packet));
                if self.streams.on {
                    self.tail_left_port(f.packet, c);
                }
            }
        }
    }

    /// Link input `i`, connected to channel `c`, moves its oldest flit if
    /// `c` had room at the start of the cycle, or sleeps: [`Engine::carry`]
    /// and [`Engine::sleep_full`] for the case of almost every move, with
    /// the link-or-ejection test made once and without a branch on
    /// whether the buffer emptied.
    #[inline(always)]
    fn link_move(&mut self, i: usize, c: usize, links: usize) {
        let f = if c < links {
            let popped = self.bufs.popped_at(c) == self.now;
            if self.bufs.len(c) + popped as usize >= self.bufs.depth() {
                self.sleep_full(i, c as u32);
                return;
            }
            let f = self.pop_link(i);
            self.bufs.push(c, f);
            self.active.insert(c);
            if f.is_head() {
                self.packets[f.packet as usize].head_at = c as u32;
                if self.streams.on {
                    self.head_moved(f.packet);
                }
            }
            f
        } else {
            let f = self.pop_link(i);
            self.live -= 1;
            self.delivered_flits += 1;
            if f.is_head() {
                self.head_out(f.packet);
            }
            f
        };
        self.busy[c] += 1;
        self.moved += 1;
        if f.tail {
            self.tails.push((i as u32, c as u32, f.packet));
        }
    }

    /// Takes the oldest flit of link buffer `i` (its count of live flits
    /// is the caller's).
    #[inline(always)]
    fn pop_link(&mut self, i: usize) -> Flit {
        let (f, left) = self.bufs.pop_at(i, self.now);
        self.active.remove_if(i, left == 0);
        self.wake_full(i);
        f
    }

    /// True if channel `c` could take a flit at the start of this cycle.
    #[inline(always)]
    fn had_room(&self, c: u32, links: usize) -> bool {
        let c = c as usize;
        c >= links
            || self.bufs.len(c) + ((self.bufs.popped_at(c) == self.now) as usize)
                < self.bufs.depth()
    }

    /// Moves input `i`'s oldest flit over channel `c` (its release, if a
    /// tail, is the caller's).
    #[inline(always)]
    fn carry(&mut self, i: usize, c: u32, links: usize) -> Flit {
        let f = if i < links {
            self.live -= 1;
            self.pop_link(i)
        } else {
            self.take_from_port(i - links)
        };
        let c = c as usize;
        self.busy[c] += 1;
        self.moved += 1;
        if c < links {
            self.bufs.push(c, f);
            self.active.insert(c);
            self.live += 1;
            if f.is_head() {
                self.packets[f.packet as usize].head_at = c as u32;
                if self.streams.on {
                    self.head_moved(f.packet);
                }
            }
        } else {
            self.delivered_flits += 1;
            if f.is_head() {
                self.head_out(f.packet);
            }
        }
        f
    }

    /// The head of packet `slot` left the network: a packet that may
    /// stream from the next cycle on (see super::stream).
    #[inline(always)]
    fn head_out(&mut self, slot: u32) {
        self.packets[slot as usize].head_at = NONE;
        if self.streams.on {
            let pk = self.packets[slot as usize];
            let p = self.src.msgs[pk.msg as usize].src as usize;
            if self.port[p].0 == slot {
                self.streams.ejected.push((slot, pk.seq));
            } else {
                // Its tail had already left the port: it may drain.
                self.streams.headed.push((slot, pk.seq));
            }
        }
    }

    /// The tail of packet `slot` crossed channel `o` from input `i`: both
    /// are free again, and at the ejection channel the packet is delivered.
    #[inline(always)]
    fn release(&mut self, i: u32, o: u32, slot: u32, links: usize) {
        self.owner[o as usize] = NONE;
        self.wake_waiters(o);
        self.conn[i as usize] = NONE;
        self.linked.remove(i as usize);
        if o as usize >= links {
            self.free_slots.push(slot);
            let msg = self.packets[slot as usize].msg;
            self.src.packet_delivered(msg, self.now + 1, &mut self.log);
        }
    }
}
