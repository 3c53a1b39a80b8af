//! The processors' injection ports.
//!
//! A port holds one packet at a time and lets one flit leave per cycle,
//! onto the first link of the packet's route. When a packet's tail has
//! left, the port stays idle for the configured packet gap (the software
//! cost of handing the next packet to the network interface), then takes
//! the next packet of one of its processor's started messages
//! ([`super::source::Sources::next_packet`]). Packets get their numbers
//! here, in the order they enter a port.

use super::buffers::Flit;
use super::engine::{Engine, Packet};
use super::fabric::NONE;
use super::source::emit;
use super::view::SimEvent;
use std::cmp::Reverse;

impl Engine {
    /// The next cycle after `now` at which a start-up or a port's packet
    /// gap ends, if any is running.
    pub fn next_timer(&self, now: u64) -> Option<u64> {
        let gaps = (0..self.port.len())
            .filter(|&p| self.port[p].0 == NONE && self.port_free_at[p] > now)
            .map(|p| self.port_free_at[p])
            .min();
        match (self.src.next_ready(now), gaps) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Fills every idle port that has a ready packet; true if any did.
    ///
    /// Only the ports on the calendar are asked
    /// ([`super::source::Sources::due`]): a port is due when it becomes
    /// fillable (its packet's tail left, or a message of its processor
    /// started), and one whose answer is a cycle to wait for is due again
    /// at that cycle (asking it earlier would change nothing: its gap
    /// and its messages' start-ups are as they were). The reference loop
    /// asks every fillable port every cycle ([`Engine::refill_ports_all`]).
    /// On the fat tree's benchmark the calendar asks 2.2 M times, about
    /// twice a packet (once as its tail leaves, answered at once with the
    /// gap's end, and once at that end), where the cache it replaced (one
    /// cycle for all ports, the earliest any might take a packet) asked
    /// 20.5 M times: with 256 ports, some port's gap ends in almost every
    /// cycle.
    pub(crate) fn refill_ports(&mut self) -> bool {
        while let Some(&Reverse((t, p))) = self.src.timers.peek() {
            if t > self.now {
                break;
            }
            self.src.timers.pop();
            self.src.due.insert(p as usize);
        }
        let mut any = false;
        for w in 0..self.src.due.words() {
            let mut bits = self.src.due.word(w) & self.src.fillable.word(w);
            self.src.due.set_word(w, 0);
            while bits != 0 {
                let p = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                match self.refill(p) {
                    Ok(()) => any = true,
                    Err(Some(t)) => self.src.timers.push(Reverse((t, p as u32))),
                    Err(None) => {}
                }
            }
        }
        any
    }

    /// The reference loop's refill: every fillable port is asked every
    /// cycle (the calendar is neither read nor kept).
    pub(crate) fn refill_ports_all(&mut self) -> bool {
        let mut any = false;
        for w in 0..self.src.fillable.words() {
            let mut bits = self.src.fillable.word(w);
            while bits != 0 {
                let p = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                any |= self.refill(p).is_ok();
            }
        }
        any
    }

    /// Gives processor `p`'s idle port its next packet, if one is ready;
    /// else the cycle from which it may take one (`None`: not before a
    /// message of `p` starts).
    fn refill(&mut self, p: usize) -> Result<(), Option<u64>> {
        if self.port[p].0 != NONE {
            self.src.fillable.remove(p);
            return Err(None);
        }
        if self.port_free_at[p] > self.now {
            return Err(Some(self.port_free_at[p]));
        }
        let (msg, k) = match self.src.next_packet(p, self.now) {
            Ok(next) => next,
            Err(Some(at)) => {
                self.port_free_at[p] = at;
                return Err(Some(at));
            }
            Err(None) => {
                self.src.fillable.remove(p);
                return Err(None);
            }
        };
        let (bytes, dst) = (
            self.src.msgs[msg as usize].bytes,
            self.src.msgs[msg as usize].dst,
        );
        let flits = self.cfg.packet.packet_flits(bytes, k as u64) as u16;
        let pk = Packet {
            seq: self.next_seq,
            msg,
            dst,
            flits,
            head_at: (self.fab.links() + p) as u32,
            want: NONE,
            wait: (NONE, NONE, false),
        };
        self.next_seq += 1;
        let slot = match self.free_slots.pop() {
            Some(s) => {
                self.packets[s as usize] = pk;
                s
            }
            None => {
                self.packets.push(pk);
                (self.packets.len() - 1) as u32
            }
        };
        self.port[p] = (slot, 0);
        self.active.insert(self.bufs.count() + p);
        self.src.fillable.remove(p);
        self.live += 1;
        let (packet, node) = (pk.seq, p as u16);
        emit(
            &mut self.log,
            SimEvent::Injected {
                packet,
                msg,
                node,
                flits,
            },
        );
        Ok(())
    }

    /// Takes the next flit out of processor `p`'s port.
    pub(crate) fn take_from_port(&mut self, p: usize) -> Flit {
        let (slot, next) = self.port[p];
        let pk = self.packets[slot as usize];
        let tail = next + 1 >= pk.flits;
        self.injected_flits += 1;
        if tail {
            self.port[p] = (NONE, 0);
            self.port_free_at[p] = self.now + 1 + self.cfg.packet_gap as u64;
            self.active.remove(self.bufs.count() + p);
            self.src.fillable.insert(p);
            self.src.due.insert(p);
            self.live -= 1;
            self.src.packet_sent(pk.msg);
        } else {
            self.port[p].1 += 1;
        }
        Flit {
            packet: slot,
            index: next,
            tail,
        }
    }
}
