//! Packets that stream: many cycles of one packet's moves in one step,
//! where that is exact (issue 26 §1: "moving an unblocked packet's flits
//! in one step").
//!
//! Once a packet's head has left the network and its tail is still in
//! its processor's injection port, the packet owns every channel from the
//! port to its ejection channel, and the buffers between hold its flits
//! and nothing else: a later packet could only follow it over a channel
//! its tail has crossed, and nothing lies ahead of flits whose head has
//! gone. Each cycle every stage then moves its oldest flit if it holds one
//! and the next buffer had room at the start of the cycle (the ejection
//! channel always has room). If at the start of a cycle the port holds at
//! least one flit and every buffer of the chain holds between 1 and
//! depth − 1 of them, every stage moves: each buffer takes one flit and
//! gives one, so the buffers' lengths stay as they were and the same holds
//! the next cycle, until the port's tail leaves. Nothing else reads or
//! writes that state meanwhile: other heads asking for the packet's
//! channels find them owned and wait (their waits are counted when the
//! channels are released, see [`super::sleep`]), and the only input a pop
//! could wake is the one connected to the buffer, the packet's own.
//!
//! So such a packet is *frozen*: the fast loop stops visiting its inputs,
//! counts its moves into `moved` cycle by cycle (`rate`: one a stage, so
//! the film's activity stays exact), and at the start of the cycle in
//! which the tail leaves the port (a release, done by the loop itself) or
//! whenever the machine is looked at ([`Engine::settle`]), its state is
//! written as those cycles would have left it: each buffer's flits
//! advanced, the port's next flit, the channels' counts, the flits
//! injected and delivered. Once its tail has left the port, the packet
//! may *drain* the same way ([`super::drain`]). On the mesh benchmark the
//! streams make 12.0 M of the 53.3 M flit moves and the drains 11.1 M;
//! the CM-5's 5-flit packets have left their ports before their heads
//! arrive, so the fat tree has neither.
//!
//! Streams are taken only by engines that ask for them
//! ([`Engine::streaming`]); such an engine is settled before its state is
//! read (a recorded cycle, a checkpoint, a view, the result). The
//! equality corpus ([`super::equality`]) runs the fast loop with streams
//! against the reference and compares the whole machine at random cycles
//! after settling, and every cycle's count of moves.

use super::drain::{Drain, Tailing};
use super::engine::Engine;
use super::fabric::NONE;

/// Fewest cycles a packet is frozen for: shorter streams cost more to
/// set up and settle than the loop's visits they save.
const LEAST_CYCLES: u64 = 3;

/// What an attempt to freeze a packet made of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Freeze {
    Done,
    /// Its tail has left the port, or leaves it too soon.
    Never,
    /// Its flits do not stream yet (a buffer full, or empty): asked
    /// again next cycle.
    NotYet,
}

/// A frozen packet.
#[derive(Clone, Debug)]
pub(crate) struct Stream {
    /// Its processor, whose port holds the tail.
    port: u32,
    /// The first cycle it was moved by the stream.
    from: u64,
    /// The cycle in which its tail leaves the port: it is settled at the
    /// start of this cycle, and the loop moves it again.
    until: u64,
    /// The buffers from the port's first link to the last before the
    /// ejection channel, then the ejection channel.
    chain: Vec<u32>,
}

/// The engine's frozen packets.
#[derive(Clone, Debug, Default)]
pub(crate) struct Streams {
    /// Whether this engine freezes packets at all.
    pub on: bool,
    pub list: Vec<Stream>,
    /// Moves the frozen packets make a cycle (one a stage).
    pub rate: u64,
    /// The earliest `until` (u64::MAX when none).
    pub due: u64,
    /// Packets whose heads have left the network and which may stream
    /// (slot and number: a slot is reused once its packet is delivered).
    pub ejected: Vec<(u32, u32)>,
    /// Packets whose heads left the network in this cycle after their
    /// tails had left the port: they may drain ([`super::drain`]).
    pub headed: Vec<(u32, u32)>,
    /// Draining packets ([`super::drain`]), and those that may drain.
    pub drains: Vec<Drain>,
    pub tailing: Vec<Tailing>,
    /// Chains of settled streams, for reuse.
    pub(super) spare: Vec<Vec<u32>>,
    /// Streams and drains settled so far and the moves they made (for the
    /// tests, which check that the corpus exercises them).
    #[cfg(test)]
    pub made: (u64, u64),
    #[cfg(test)]
    pub drained: (u64, u64),
}

impl Streams {
    /// No streams, and none taken until [`Engine::streaming`] asks.
    pub fn new() -> Streams {
        Streams {
            due: u64::MAX,
            ..Streams::default()
        }
    }
}

impl Engine {
    /// Whether this engine freezes streaming packets (off by default: an
    /// engine whose state is read between cycles must call
    /// [`Engine::settle`] first).
    pub(crate) fn streaming(&mut self, on: bool) {
        self.settle();
        self.streams.ejected.clear();
        self.streams.headed.clear();
        self.streams.tailing.clear();
        self.streams.on = on;
    }

    /// Freezes the packets whose heads left the network in this cycle and
    /// that stream from the next one (see the module's comment).
    pub(super) fn freeze_ejected(&mut self) {
        let mut k = 0;
        while k < self.streams.ejected.len() {
            let (slot, seq) = self.streams.ejected[k];
            let same = self.packets[slot as usize].seq == seq;
            if same && self.try_freeze(slot) == Freeze::NotYet {
                k += 1;
            } else {
                self.streams.ejected.swap_remove(k);
            }
        }
    }

    /// Freezes packet `slot` if it streams from the next cycle on.
    fn try_freeze(&mut self, slot: u32) -> Freeze {
        let links = self.bufs.count();
        let pk = self.packets[slot as usize];
        let p = self.src.msgs[pk.msg as usize].src as usize;
        let (held, next) = self.port[p];
        if held != slot {
            return Freeze::Never;
        }
        // Cycles before the tail's: the port gives a flit each.
        let cycles = (pk.flits - next) as u64 - 1;
        let port_input = links + p;
        if cycles < LEAST_CYCLES {
            return Freeze::Never;
        }
        if self.asleep.contains(port_input) {
            return Freeze::NotYet;
        }
        let mut chain = self.streams.spare.pop().unwrap_or_default();
        chain.clear();
        let mut c = self.conn[port_input];
        while c != NONE && (c as usize) < links {
            let b = c as usize;
            if !self.streams_through(b, slot) {
                self.streams.spare.push(chain);
                return Freeze::NotYet;
            }
            chain.push(c);
            c = self.conn[b];
        }
        if c == NONE || chain.is_empty() {
            self.streams.spare.push(chain);
            return Freeze::Never;
        }
        chain.push(c);
        self.frozen.insert(port_input);
        for &b in &chain[..chain.len() - 1] {
            self.frozen.insert(b as usize);
        }
        self.streams.rate += chain.len() as u64;
        let until = self.now + 1 + cycles;
        self.streams.due = self.streams.due.min(until);
        self.streams.list.push(Stream {
            port: p as u32,
            from: self.now + 1,
            until,
            chain,
        });
        Freeze::Done
    }

    /// Whether buffer `b` passes packet `slot`'s flits on unchanged each
    /// cycle: its oldest flit is the packet's, it is not full (so it takes
    /// one as it gives one) and its input is awake.
    pub(super) fn streams_through(&self, b: usize, slot: u32) -> bool {
        self.bufs.front(b).is_some_and(|f| f.packet == slot)
            && self.bufs.len(b) < self.bufs.depth()
            && !self.asleep.contains(b)
    }

    /// Settles the streams due at the start of this cycle.
    pub(super) fn settle_due(&mut self) {
        let now = self.now;
        let mut k = 0;
        let mut due = u64::MAX;
        while k < self.streams.list.len() {
            if self.streams.list[k].until <= now {
                let s = self.streams.list.swap_remove(k);
                self.thaw(s);
            } else {
                due = due.min(self.streams.list[k].until);
                k += 1;
            }
        }
        self.streams.due = due;
    }

    /// Writes every frozen packet's state as the cycles run so far left it
    /// (a no-op without streams): the machine can then be read, recorded,
    /// copied or run by the other loops.
    pub(crate) fn settle(&mut self) {
        while let Some(d) = self.streams.drains.pop() {
            self.thaw_drain(d);
        }
        while let Some(s) = self.streams.list.pop() {
            // Settled before its tail's cycle, it may stream on from the
            // next cycle (the loop asks again).
            let slot = self.port[s.port as usize].0;
            self.thaw(s);
            let seq = self.packets[slot as usize].seq;
            self.streams.ejected.push((slot, seq));
        }
        self.streams.due = u64::MAX;
    }

    /// Drops every stream without writing its state (the machine's state
    /// has just been replaced: a checkpoint restored).
    pub(crate) fn forget_streams(&mut self) {
        while let Some(s) = self.streams.list.pop() {
            self.streams.spare.push(s.chain);
        }
        while let Some(d) = self.streams.drains.pop() {
            self.streams.spare.push(d.into_chain());
        }
        while let Some((_, _, chain)) = self.streams.tailing.pop() {
            self.streams.spare.push(chain);
        }
        self.streams.rate = 0;
        self.streams.due = u64::MAX;
        self.streams.ejected.clear();
        self.streams.headed.clear();
        self.frozen.clear();
    }

    /// Writes stream `s`'s state at the start of this cycle and hands its
    /// packet back to the loop.
    fn thaw(&mut self, s: Stream) {
        let t = self.now - s.from;
        let links = self.bufs.count();
        let p = s.port as usize;
        let (slot, next) = self.port[p];
        let flits = self.packets[slot as usize].flits;
        self.port[p].1 = next + t as u16;
        self.injected_flits += t;
        self.delivered_flits += t;
        let (buffers, _) = s.chain.split_at(s.chain.len() - 1);
        if t > 0 {
            for &b in buffers {
                self.bufs
                    .advance(b as usize, t as usize, flits, self.now - 1);
            }
        }
        for &c in &s.chain {
            self.busy[c as usize] += t;
        }
        self.frozen.remove(links + p);
        for &b in buffers {
            self.frozen.remove(b as usize);
        }
        self.streams.rate -= s.chain.len() as u64;
        #[cfg(test)]
        {
            self.streams.made.0 += 1;
            self.streams.made.1 += t * s.chain.len() as u64;
        }
        self.streams.spare.push(s.chain);
    }
}
