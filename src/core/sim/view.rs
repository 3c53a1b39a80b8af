//! The timeline's events and the state the animator draws.
//!
//! One trace step is one cycle. Its events are the cycle's deltas: flits
//! moving (a tail frees the channel it crosses), heads acquiring channels,
//! heads starting to wait (with the packet in the way), messages being released, started,
//! packetised and delivered; a final [`SimEvent::Tick`] closes the cycle.
//! [`SimView`] is what a frame needs at any cycle: every link buffer's
//! flits, who holds each channel, the load so far, who waits for what, and
//! each message's status. Channel ids are those of [`super::fabric`]: links
//! first, then one ejection channel (as an output) or injection port (as an
//! input) per processor.

use super::buffers::{Buffers, Flit};
use super::fabric::NONE;

/// What happened during a cycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SimEvent {
    /// Message `msg` may start: its phase has begun for both its ends.
    Released { msg: u32 },
    /// Message `msg` cannot start: every receive slot of its destination is
    /// held, one of them by message `by`.
    AwaitsReceiver { msg: u32, by: u32 },
    /// Message `msg` holds its slots; its start-up runs until cycle `ready`.
    Started { msg: u32, ready: u32 },
    /// Packet `packet` (numbered from 0 in order of injection) of message
    /// `msg` enters processor `node`'s injection port with `flits` flits.
    Injected {
        packet: u32,
        msg: u32,
        node: u16,
        flits: u16,
    },
    /// The head of `packet` acquired `channel`.
    Acquired { packet: u32, channel: u32 },
    /// The head of `packet` waits for `channel`, held by packet `by`.
    Blocked { packet: u32, channel: u32, by: u32 },
    /// The head of `packet` waits at ejection `channel` for a receive slot,
    /// held by message `by`.
    NoSlot { packet: u32, channel: u32, by: u32 },
    /// A flit moved from input `from` to output `to`; a tail frees `to`.
    Moved { from: u32, to: u32 },
    /// All of message `msg` has arrived.
    Delivered { msg: u32 },
    /// Every message of `phase` has arrived.
    PhaseDone { phase: u32 },
    /// The cycle ends.
    Tick,
}

/// A head that waits, and for what.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Wait {
    /// The channel waited for.
    pub channel: u32,
    /// The waiting packet.
    pub packet: u32,
    /// The packet holding the channel, or (when `slot`) the message holding
    /// the receive slot.
    pub by: u32,
    /// True for a wait for a receive slot.
    pub slot: bool,
}

/// The packet a processor's injection port is sending.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Port {
    /// Packet number, [`NONE`] when idle.
    pub packet: u32,
    /// Next flit to leave.
    pub next: u16,
    /// Flits of the packet.
    pub flits: u16,
}

/// Where a message is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MsgStatus {
    /// Its phase has not begun.
    Waiting,
    /// Released, not yet started.
    Released,
    /// Holds its slots, paying its start-up.
    Started,
    /// At least one packet has entered the network.
    Sending,
    /// Every flit has arrived.
    Delivered,
}

/// What the animator draws at one cycle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SimView {
    /// Cycles completed.
    pub cycle: u64,
    /// Number of links (channel ids below it are links).
    pub links: usize,
    /// The flits in each link's input buffer (packet numbers).
    pub buffers: Buffers,
    /// Packet holding each channel, or [`NONE`].
    pub owner: Vec<u32>,
    /// Flits that crossed each channel so far.
    pub load: Vec<u32>,
    /// Cycles in which some head waited for each channel, so far.
    pub blocked: Vec<u32>,
    /// Heads waiting now, sorted by channel.
    pub waits: Vec<Wait>,
    /// The flits that moved in the last cycle: (flit, from, to).
    pub moves: Vec<(Flit, u32, u32)>,
    pending: Vec<(Flit, u32, u32)>,
    /// Each processor's injection port.
    pub ports: Vec<Port>,
    /// Each message's status (empty in a film's frames, which read them
    /// from the run's times instead).
    pub messages: Vec<MsgStatus>,
    /// Flits that have left injection ports so far.
    pub injected_flits: u64,
    /// Flits that have arrived so far.
    pub delivered_flits: u64,
    /// Messages that have arrived so far.
    pub delivered_messages: u64,
    /// Phases whose messages have all arrived.
    pub phases_done: u32,
}

impl SimView {
    /// The state before the first cycle.
    pub fn new(links: usize, procs: usize, depth: usize, messages: usize) -> SimView {
        let idle = Port {
            packet: NONE,
            next: 0,
            flits: 0,
        };
        SimView {
            cycle: 0,
            links,
            buffers: Buffers::new(links, depth),
            owner: vec![NONE; links + procs],
            load: vec![0; links + procs],
            blocked: vec![0; links + procs],
            waits: Vec::new(),
            moves: Vec::new(),
            pending: Vec::new(),
            ports: vec![idle; procs],
            messages: vec![MsgStatus::Waiting; messages],
            injected_flits: 0,
            delivered_flits: 0,
            delivered_messages: 0,
            phases_done: 0,
        }
    }

    /// Roughly the bytes a clone copies (for keyframe spacing).
    pub fn weight(&self) -> usize {
        let flit = std::mem::size_of::<Flit>();
        flit * self.buffers.count() * self.buffers.depth()
            + 12 * self.owner.len()
            + 8 * self.ports.len()
            + self.messages.len()
    }

    /// Sets a message's status, if the view keeps them (a film's frames of
    /// a million messages do not: see [`super::film`]).
    fn set_status(&mut self, msg: u32, st: MsgStatus) {
        if let Some(m) = self.messages.get_mut(msg as usize) {
            *m = st;
        }
    }

    fn set_wait(&mut self, w: Wait) {
        self.waits.retain(|x| x.packet != w.packet);
        let at = self.waits.partition_point(|x| x < &w);
        self.waits.insert(at, w);
    }

    fn take_flit(&mut self, from: u32) -> Flit {
        let from = from as usize;
        if from < self.links {
            return self.buffers.pop(from);
        }
        let port = &mut self.ports[from - self.links];
        let f = Flit {
            packet: port.packet,
            index: port.next,
            tail: port.next + 1 >= port.flits,
        };
        port.next += 1;
        if f.tail {
            // Idle, as the engine's port is (a replayed view compares equal).
            *port = Port {
                packet: NONE,
                next: 0,
                flits: 0,
            };
        }
        self.injected_flits += 1;
        f
    }
}

impl crate::trace::Replay for SimView {
    type Event = SimEvent;

    fn apply(&mut self, e: &SimEvent) {
        match *e {
            SimEvent::Released { msg } => self.set_status(msg, MsgStatus::Released),
            SimEvent::AwaitsReceiver { .. } => {}
            SimEvent::Started { msg, .. } => self.set_status(msg, MsgStatus::Started),
            SimEvent::Injected {
                packet,
                msg,
                node,
                flits,
            } => {
                self.ports[node as usize] = Port {
                    packet,
                    next: 0,
                    flits,
                };
                self.set_status(msg, MsgStatus::Sending);
            }
            SimEvent::Acquired { packet, channel } => {
                self.waits.retain(|w| w.packet != packet);
                self.owner[channel as usize] = packet;
            }
            SimEvent::Blocked {
                packet,
                channel,
                by,
            }
            | SimEvent::NoSlot {
                packet,
                channel,
                by,
            } => self.set_wait(Wait {
                channel,
                packet,
                by,
                slot: matches!(e, SimEvent::NoSlot { .. }),
            }),
            SimEvent::Moved { from, to } => {
                let f = self.take_flit(from);
                if (to as usize) < self.links {
                    self.buffers.push(to as usize, f);
                } else {
                    self.delivered_flits += 1;
                }
                self.load[to as usize] += 1;
                if f.tail {
                    self.owner[to as usize] = NONE;
                }
                self.pending.push((f, from, to));
            }
            SimEvent::Delivered { msg } => {
                self.set_status(msg, MsgStatus::Delivered);
                self.delivered_messages += 1;
            }
            SimEvent::PhaseDone { .. } => self.phases_done += 1,
            SimEvent::Tick => {
                let mut last = NONE;
                for w in &self.waits {
                    if w.channel != last {
                        self.blocked[w.channel as usize] += 1;
                        last = w.channel;
                    }
                }
                self.cycle += 1;
                self.moves.clear();
                std::mem::swap(&mut self.moves, &mut self.pending);
            }
        }
    }
}
