//! Growing streams: a packet frozen while its head is still in the
//! network (the third kind of stream, after [`super::stream`] and
//! [`super::drain`]).
//!
//! While a packet's tail is in its processor's injection port, the
//! packet owns every channel from the port to its head, and the buffers
//! between hold its flits alone, as for a stream. Those that hold between
//! 1 and depth − 1 of them, and whose inputs are connected onwards (their
//! oldest flit is not the head), give a flit and take one every cycle for
//! as long as the buffer each feeds had room at the start of the cycle.
//! So the buffers from the port's first link up to the first that does
//! not pass the packet on unchanged are frozen as a stream's are (written
//! only when thawed), and that first buffer, the *front*, stays exact:
//! the loop moves its flits on, as it moves the head, and the stream
//! pushes into it, each cycle, the flit the last frozen buffer gives.
//! After each cycle the stream takes in the front if it now passes the
//! packet on unchanged (the head has gone on), and so grows behind the
//! head; once it reaches the ejection channel it is a stream like any
//! other. If at the end of a cycle the front is full, the next cycle's
//! push would not happen: the stream is settled at the start of that
//! cycle, and the loop moves the packet until it may freeze again.
//!
//! On the mesh benchmark most flit moves before the head arrives are of
//! this kind: a 32-flit packet stretches over its whole route. The
//! CM-5's 5-flit packets leave their ports too soon for it to pay.

use super::buffers::Flit;
use super::engine::Engine;
use super::fabric::NONE;
use super::stream::Freeze;

/// Fewest cycles before the tail's for which a packet grows as a stream:
/// a growing stream costs a little every cycle, and is set up again
/// after every stop.
const LEAST_GROW_CYCLES: u64 = 8;

impl Engine {
    /// The head of packet `slot` entered a link's buffer in this cycle:
    /// the packet may grow as a stream from the next cycle on. (Asked only
    /// then: a head that does not move leaves its packet as it was, or
    /// piles its flits up behind it.)
    #[inline(always)]
    pub(super) fn head_moved(&mut self, slot: u32) {
        let pk = self.packets[slot as usize];
        if pk.flits as u64 > LEAST_GROW_CYCLES {
            self.streams.entered.push((slot, pk.seq));
        }
    }

    /// Freezes the packets of [`Engine::head_moved`] that grow as streams
    /// from the next cycle on.
    pub(super) fn freeze_entered(&mut self) {
        while let Some((slot, seq)) = self.streams.entered.pop() {
            if self.packets[slot as usize].seq == seq {
                self.try_grow(slot);
            }
        }
    }

    /// Freezes packet `slot` as a growing stream if it may be one from
    /// the next cycle on.
    fn try_grow(&mut self, slot: u32) -> Freeze {
        let links = self.bufs.count();
        let pk = self.packets[slot as usize];
        let p = self.src.msgs[pk.msg as usize].src as usize;
        let (held, next) = self.port[p];
        let port_input = links + p;
        // A packet whose head is out streams (or not) as a whole.
        if held != slot || pk.head_at == NONE || self.frozen.contains(port_input) {
            return Freeze::Never;
        }
        let cycles = (pk.flits - next) as u64 - 1;
        if cycles < LEAST_GROW_CYCLES {
            return Freeze::Never;
        }
        let c = self.conn[port_input];
        if c == NONE || self.asleep.contains(port_input) {
            return Freeze::NotYet;
        }
        let mut chain = self.streams.spare.pop().unwrap_or_default();
        chain.clear();
        let mut c = c as usize;
        while c < links && self.conn[c] != NONE && self.streams_through(c, slot) {
            chain.push(c as u32);
            c = self.conn[c] as usize;
        }
        let Some(&last) = chain.last() else {
            self.streams.spare.push(chain);
            return Freeze::NotYet;
        };
        if c >= links || self.bufs.len(c) >= self.bufs.depth() {
            self.streams.spare.push(chain);
            return Freeze::NotYet;
        }
        let next_in = self.bufs.front(last as usize).map_or(0, |f| f.index);
        chain.push(c as u32);
        self.start_stream(p, cycles, chain, Some(next_in));
        Freeze::Done
    }

    /// This cycle's last move of every growing stream (after the loop's
    /// moves, which it does not touch: the front is pushed only by the
    /// stream, and popped only by the loop), then its growth, and its stop
    /// at the next cycle's start if its front is full.
    pub(super) fn run_growing(&mut self) {
        let links = self.bufs.count();
        let depth = self.bufs.depth();
        let now = self.now;
        for k in 0..self.streams.list.len() {
            let s = &self.streams.list[k];
            let Some(index) = s.next_in else { continue };
            let mut x = s.chain[s.chain.len() - 1] as usize;
            let slot = self.port[s.port as usize].0;
            let flits = self.packets[slot as usize].flits;
            self.bufs.push(
                x,
                Flit {
                    packet: slot,
                    index,
                    tail: index + 1 >= flits,
                },
            );
            self.active.insert(x);
            self.busy[x] += 1;
            self.live += 1;
            let mut next_in = Some(index + 1);
            loop {
                let y = self.conn[x];
                if y == NONE || !self.streams_through(x, slot) {
                    break;
                }
                // The front passes the packet on unchanged from the next
                // cycle: it is frozen, and the buffer it feeds is the
                // front (or the stream is a stream like any other).
                next_in = self.bufs.front(x).map(|f| f.index);
                self.frozen.insert(x);
                self.streams.rate += 1;
                let s = &mut self.streams.list[k];
                let last = s.since.len() - 1;
                s.since[last] = now + 1;
                s.chain.push(y);
                s.since.push(now + 1);
                if y as usize >= links {
                    next_in = None;
                    self.streams.growing -= 1;
                    break;
                }
                x = y as usize;
            }
            let s = &mut self.streams.list[k];
            s.next_in = next_in;
            if next_in.is_some() && self.bufs.len(x) >= depth {
                s.until = now + 1;
                s.early = true;
                self.streams.due = now + 1;
            }
        }
    }
}
