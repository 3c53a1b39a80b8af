//! Packets that drain: the second kind of stream ([`super::stream`]), once
//! the tail has left the port.
//!
//! When a packet's tail leaves its port while its head is already out of
//! the network, or its head leaves the network after its tail has left
//! the port, the packet holds every channel from the buffer its tail is
//! in to its ejection channel. (In the second case that chain is walked
//! back from the ejection channel, through the input each channel was
//! last granted to, `Engine::feeder`, while the packet still holds it.)
//! The buffer holding the tail may take a later packet's flits behind it
//! (its channel is free again), so that buffer is kept exact: each cycle
//! the drain pops its oldest flit itself, as the loop would, with the same
//! stamp and the same wake of the input feeding it. The buffers after it
//! hold this packet's flits alone; if each holds between 1 and depth − 1
//! of them, each gives one flit and takes one every cycle, so their
//! lengths stay as they are and they need not be touched: only their
//! flits' numbers advance, written when they are thawed. When the tail leaves the exact buffer, its
//! release goes to the loop's list of tails (after the heads' grants, as
//! the loop's own), that buffer is handed back to the loop, and the next
//! one is written and becomes the exact one; when that is the last before
//! the ejection channel, the loop takes the packet back, so that its
//! tail's delivery (which frees a packet slot, in the loop's order) is the
//! loop's. The ejection channel's count, the flits delivered and the flits
//! in the network change every cycle as the loop would change them.

use super::engine::Engine;
use super::fabric::NONE;
use super::stream::Freeze;

/// Fewest buffers a drain starts with: shorter ones cost more to set up
/// than the visits they save.
const LEAST_BUFFERS: usize = 3;

/// A draining packet.
#[derive(Clone, Debug)]
pub(crate) struct Drain {
    slot: u32,
    /// The first cycle it was moved by the drain.
    from: u64,
    /// The buffers from the one holding the tail when it was frozen to the
    /// last before the ejection channel, then the ejection channel.
    chain: Vec<u32>,
    /// Where in `chain` the buffer holding the tail is: it is exact, the
    /// buffers after it are written when thawed.
    at: usize,
}

impl Drain {
    /// Its channels, for reuse.
    pub(super) fn into_chain(self) -> Vec<u32> {
        self.chain
    }
}

/// A packet whose tail has left its port with its head out: its slot,
/// number and channels from the buffer it entered.
pub(crate) type Tailing = (u32, u32, Vec<u32>);

impl Engine {
    /// The tail of packet `slot` left its port for buffer `b` in this
    /// cycle: a packet that may drain from the next cycle on, if its head
    /// is out (its channels are walked now, while they are all its own).
    pub(super) fn tail_left_port(&mut self, slot: u32, b: u32) {
        let pk = self.packets[slot as usize];
        if pk.head_at != NONE {
            return;
        }
        let links = self.bufs.count() as u32;
        let mut chain = self.streams.spare.pop().unwrap_or_default();
        chain.clear();
        let mut c = b;
        while c != NONE && c < links {
            chain.push(c);
            c = self.conn[c as usize];
        }
        if c == NONE {
            self.streams.spare.push(chain);
            return;
        }
        chain.push(c);
        self.streams.tailing.push((slot, pk.seq, chain));
    }

    /// The packets whose heads left the network in this cycle, after
    /// their tails had left their ports, may drain from the next cycle on:
    /// their channels are walked back from the ejection channel to the
    /// buffer holding the tail (the first whose channel the packet no
    /// longer holds).
    pub(super) fn walk_headed(&mut self) {
        let links = self.bufs.count() as u32;
        while let Some((slot, seq)) = self.streams.headed.pop() {
            let pk = self.packets[slot as usize];
            if pk.seq != seq {
                continue;
            }
            let ej = links + pk.dst;
            if self.owner[ej as usize] != slot {
                continue;
            }
            let mut chain = self.streams.spare.pop().unwrap_or_default();
            chain.clear();
            chain.push(ej);
            let mut c = ej;
            let found = loop {
                let b = self.feeder[c as usize];
                if b >= links || self.conn[b as usize] != c || chain.len() > links as usize {
                    break false;
                }
                chain.push(b);
                if self.owner[b as usize] != slot {
                    break true;
                }
                c = b;
            };
            if found {
                chain.reverse();
                self.streams.tailing.push((slot, seq, chain));
            } else {
                self.streams.spare.push(chain);
            }
        }
    }

    /// Freezes the packets of [`Engine::tail_left_port`] that drain from
    /// the next cycle on; those whose buffers are not steady yet are asked
    /// again next cycle.
    pub(super) fn freeze_tailing(&mut self) {
        let mut k = 0;
        while k < self.streams.tailing.len() {
            match self.try_drain(k) {
                Freeze::NotYet => k += 1,
                Freeze::Done => {
                    self.streams.tailing.swap_remove(k);
                }
                Freeze::Never => {
                    let (_, _, chain) = self.streams.tailing.swap_remove(k);
                    self.streams.spare.push(chain);
                }
            }
        }
    }

    fn try_drain(&mut self, k: usize) -> Freeze {
        let (slot, seq, ref chain) = self.streams.tailing[k];
        if self.packets[slot as usize].seq != seq {
            return Freeze::Never;
        }
        let n = chain.len() - 1;
        // The buffer holding the tail: the first whose oldest flit is the
        // packet's (those before it have been left).
        let Some(u) = (0..n).find(|&j| {
            self.bufs
                .front(chain[j] as usize)
                .is_some_and(|f| f.packet == slot)
        }) else {
            return Freeze::Never;
        };
        if n - u < LEAST_BUFFERS {
            return Freeze::Never;
        }
        let steady = !self.asleep.contains(chain[u] as usize)
            && chain[u + 1..n]
                .iter()
                .all(|&b| self.streams_through(b as usize, slot));
        if !steady {
            return Freeze::NotYet;
        }
        let (_, _, mut chain) = std::mem::take(&mut self.streams.tailing[k]);
        chain.drain(..u);
        for &b in &chain[..chain.len() - 1] {
            self.frozen.insert(b as usize);
        }
        self.streams.drains.push(Drain {
            slot,
            from: self.now + 1,
            chain,
            at: 0,
        });
        Freeze::Done
    }

    /// This cycle's moves of every draining packet (after the heads'
    /// grants: a tail's release joins the loop's).
    pub(super) fn run_drains(&mut self) {
        let now = self.now;
        let mut k = 0;
        while k < self.streams.drains.len() {
            let d = &self.streams.drains[k];
            let (slot, at, from) = (d.slot, d.at, d.from);
            let b = d.chain[at] as usize;
            let out = d.chain[at + 1];
            let ej = d.chain[d.chain.len() - 1] as usize;
            let stages = (d.chain.len() - 1 - at) as u64;
            let (f, left) = self.bufs.pop_at(b, now);
            self.active.remove_if(b, left == 0);
            self.wake_full(b);
            self.busy[out as usize] += 1;
            self.busy[ej] += 1;
            self.delivered_flits += 1;
            self.live -= 1;
            self.moved += stages;
            #[cfg(test)]
            {
                self.streams.drained.1 += stages;
            }
            if !f.tail {
                k += 1;
                continue;
            }
            // The tail left the exact buffer: it goes back to the loop, and
            // the next buffer becomes the exact one.
            self.tails.push((b as u32, out, slot));
            self.frozen.remove(b);
            let flits = self.packets[slot as usize].flits;
            let t = (now + 1 - from) as usize;
            self.bufs.advance(out as usize, t, flits, now);
            let d = &mut self.streams.drains[k];
            d.at += 1;
            let (at, len) = (d.at, d.chain.len());
            if len - 1 - at > 1 {
                // The next channel's count goes from lazy to per cycle.
                let next = d.chain[at + 1] as usize;
                self.busy[next] += t as u64;
                k += 1;
            } else {
                // Only the last buffer is left: its tail's delivery is the
                // loop's.
                let d = self.streams.drains.swap_remove(k);
                self.frozen.remove(d.chain[at] as usize);
                self.count_drain();
                self.streams.spare.push(d.chain);
            }
        }
    }

    /// Writes drain `d`'s lazy buffers and counts at the start of this
    /// cycle and hands its packet back to the loop (to drain again from
    /// the next cycle, if it still may).
    pub(super) fn thaw_drain(&mut self, d: Drain) {
        let t = self.now - d.from;
        let flits = self.packets[d.slot as usize].flits;
        let n = d.chain.len() - 1;
        for j in d.at + 1..n {
            let b = d.chain[j] as usize;
            if t > 0 {
                self.bufs.advance(b, t as usize, flits, self.now - 1);
            }
            if j + 1 < n {
                self.busy[d.chain[j + 1] as usize] += t;
            }
        }
        for &b in &d.chain[d.at..n] {
            self.frozen.remove(b as usize);
        }
        self.count_drain();
        let mut chain = d.chain;
        chain.drain(..d.at);
        let seq = self.packets[d.slot as usize].seq;
        self.streams.tailing.push((d.slot, seq, chain));
    }

    /// Counts a finished drain for the tests.
    fn count_drain(&mut self) {
        #[cfg(test)]
        {
            self.streams.drained.0 += 1;
        }
    }
}
