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
//! may *drain* the same way ([`super::drain`]); before its head is out it
//! may *grow* ([`super::grow`]). On the mesh benchmark the streams,
//! growing ones included, make 19.8 M of the 53.3 M flit moves and the
//! drains 19.5 M; the CM-5's 5-flit packets have left their ports before
//! their heads arrive, so on the fat tree only drains apply (7.3 M of
//! its 43.7 M).
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
    pub(super) port: u32,
    /// The first cycle it was moved by the stream.
    pub(super) from: u64,
    /// The cycle at whose start it is settled: the one in which its tail
    /// leaves the port, or an earlier one if a growing stream stops.
    pub(super) until: u64,
    /// The buffers from the port's first link on, written only when
    /// thawed, then the channel the last of them feeds: the ejection
    /// channel, or for a growing stream ([`super::grow`]) the buffer it
    /// pushes a flit into each cycle.
    pub(super) chain: Vec<u32>,
    /// Per element of `chain`, the first cycle in which the channel into
    /// it was moved by the stream (and its buffer, if it is not the last,
    /// no longer written).
    pub(super) since: Vec<u64>,
    /// A growing stream's next flit for its last buffer.
    pub(super) next_in: Option<u16>,
    /// Whether it stops before its tail's cycle (asked again after).
    pub(super) early: bool,
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
    /// Packets in their ports whose heads are in the network: they may
    /// stream as they go ([`super::grow`]).
    pub entered: Vec<(u32, u32)>,
    /// Growing streams in `list`.
    pub growing: usize,
    /// Chains of settled streams, and their cycles, for reuse.
    pub(super) spare: Vec<Vec<u32>>,
    pub(super) spare_since: Vec<Vec<u64>>,
    /// Streams and drains settled so far and the moves they made (for the
    /// tests, which check that the corpus exercises them).
    #[cfg(test)]
    pub made: (u64, u64),
    #[cfg(test)]
    pub drained: (u64, u64),
    /// Growing streams started so far (super::grow), for the same tests.
    #[cfg(test)]
    pub grown: u64,
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
        self.streams.entered.clear();
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
        let port_input = links + p;
        // A growing stream goes on to its ejection channel by itself.
        if held != slot || self.frozen.contains(port_input) {
            return Freeze::Never;
        }
        // Cycles before the tail's: the port gives a flit each.
        let cycles = (pk.flits - next) as u64 - 1;
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
        self.start_stream(p, cycles, chain, None);
        Freeze::Done
    }

    /// Freezes processor `p`'s packet from the next cycle on, for at most
    /// `cycles` cycles, over `chain` (see [`Stream`]).
    pub(super) fn start_stream(
        &mut self,
        p: usize,
        cycles: u64,
        chain: Vec<u32>,
        next_in: Option<u16>,
    ) {
        let links = self.bufs.count();
        self.frozen.insert(links + p);
        for &b in &chain[..chain.len() - 1] {
            self.frozen.insert(b as usize);
        }
        self.streams.rate += chain.len() as u64;
        let until = self.now + 1 + cycles;
        self.streams.due = self.streams.due.min(until);
        let mut since = self.streams.spare_since.pop().unwrap_or_default();
        since.clear();
        since.resize(chain.len(), self.now + 1);
        self.streams.growing += next_in.is_some() as usize;
        #[cfg(test)]
        {
            self.streams.grown += next_in.is_some() as u64;
        }
        self.streams.list.push(Stream {
            port: p as u32,
            from: self.now + 1,
            until,
            chain,
            since,
            next_in,
            early: false,
        });
    }

    /// Asks again whether processor `p`'s packet `slot`, whose stream was
    /// settled before its tail's cycle, may stream from the next cycle.
    fn ask_again(&mut self, p: usize) {
        let slot = self.port[p].0;
        if slot == NONE {
            return;
        }
        // A packet whose head is in the network is asked again when its
        // head next moves (super::grow).
        let pk = self.packets[slot as usize];
        if pk.head_at == NONE {
            self.streams.ejected.push((slot, pk.seq));
        }
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
                let (p, early) = (s.port as usize, s.early);
                self.thaw(s);
                if early {
                    self.ask_again(p);
                }
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
            let p = s.port as usize;
            self.thaw(s);
            self.ask_again(p);
        }
        self.streams.due = u64::MAX;
    }

    /// Drops every stream without writing its state (the machine's state
    /// has just been replaced: a checkpoint restored).
    pub(crate) fn forget_streams(&mut self) {
        while let Some(s) = self.streams.list.pop() {
            self.streams.spare.push(s.chain);
            self.streams.spare_since.push(s.since);
        }
        while let Some(d) = self.streams.drains.pop() {
            self.streams.spare.push(d.into_chain());
        }
        while let Some((_, _, chain)) = self.streams.tailing.pop() {
            self.streams.spare.push(chain);
        }
        self.streams.rate = 0;
        self.streams.growing = 0;
        self.streams.due = u64::MAX;
        self.streams.ejected.clear();
        self.streams.headed.clear();
        self.streams.entered.clear();
        self.frozen.clear();
    }

    /// Writes stream `s`'s state at the start of this cycle and hands its
    /// packet back to the loop.
    fn thaw(&mut self, s: Stream) {
        let now = self.now;
        let t = now - s.from;
        let links = self.bufs.count();
        let p = s.port as usize;
        let (slot, next) = self.port[p];
        let flits = self.packets[slot as usize].flits;
        self.port[p].1 = next + t as u16;
        self.injected_flits += t;
        let last = s.chain.len() - 1;
        for (j, (&c, &since)) in s.chain.iter().zip(&s.since).enumerate() {
            let t = now - since;
            if j < last {
                self.busy[c as usize] += t;
                if t > 0 {
                    self.bufs.advance(c as usize, t as usize, flits, now - 1);
                }
                self.frozen.remove(c as usize);
            } else if s.next_in.is_none() {
                // The ejection channel (a growing stream's last buffer
                // was written, and counted, cycle by cycle).
                self.busy[c as usize] += t;
                self.delivered_flits += t;
            }
        }
        self.frozen.remove(links + p);
        self.streams.rate -= s.chain.len() as u64;
        self.streams.growing -= s.next_in.is_some() as usize;
        #[cfg(test)]
        {
            self.streams.made.0 += 1;
            self.streams.made.1 += s.since.iter().map(|&c| now - c).sum::<u64>();
        }
        self.streams.spare.push(s.chain);
        self.streams.spare_since.push(s.since);
    }
}
