//! One cycle of a [`Film`](super::Film) as the animator shows it.

use super::super::engine::Engine;
use super::super::view::{SimEvent, SimView};
use super::Film;

/// One cycle as the animator shows it.
#[derive(Clone, Debug)]
pub struct Frame {
    /// Cycles completed.
    pub pos: usize,
    /// The state after cycle `pos`.
    pub view: SimView,
    /// What happened in cycle `pos` (none at 0).
    pub events: Vec<SimEvent>,
    /// Packets in the network after the cycle, as (number, message), by number.
    packets: Vec<(u32, u32)>,
}

impl Frame {
    /// A frame of a run still being simulated: its state only.
    pub fn live(view: SimView) -> Frame {
        Frame {
            pos: view.cycle as usize,
            view,
            events: Vec::new(),
            packets: Vec::new(),
        }
    }

    /// The message a packet in the network belongs to.
    pub fn message_of(&self, packet: u32) -> Option<u32> {
        let i = self.packets.binary_search_by_key(&packet, |p| p.0).ok()?;
        Some(self.packets[i].1)
    }

    /// The packets in the network, as (number, message).
    pub fn packets(&self) -> &[(u32, u32)] {
        &self.packets
    }

    /// The channels the packets of message `msg` hold at this cycle.
    pub fn held_by(&self, msg: u32) -> Vec<u32> {
        let mine: Vec<u32> = self
            .packets
            .iter()
            .filter(|p| p.1 == msg)
            .map(|p| p.0)
            .collect();
        if mine.is_empty() {
            return Vec::new();
        }
        let owner = &self.view.owner;
        (0..owner.len() as u32)
            .filter(|&c| mine.contains(&owner[c as usize]))
            .collect()
    }
}

/// The frame of engine `e` after `pos` cycles.
pub(super) fn frame_of(e: &Engine, pos: usize, view: SimView, events: Vec<SimEvent>) -> Frame {
    let mut packets: Vec<(u32, u32)> = e
        .live_slots()
        .map(|s| (e.packets[s as usize].seq, e.packets[s as usize].msg))
        .collect();
    crate::sorting::sort_by_u64(&mut packets, |p| p.0 as u64);
    Frame {
        pos,
        view,
        events,
        packets,
    }
}

/// A film at one frame, as a caption names things.
struct Shown<'a> {
    pub film: &'a Film,
    pub frame: &'a Frame,
}

impl super::super::timeline::Names for Shown<'_> {
    fn messages(&self) -> usize {
        self.film.messages()
    }
    fn pair(&self, msg: u32) -> String {
        self.film.pair(msg)
    }
    fn latency(&self, msg: u32) -> Option<u64> {
        self.film.latency(msg)
    }
    fn packet_name(&self, packet: u32) -> String {
        self.film.packet_name(self.frame, packet)
    }
    fn describe(&self, channel: u32) -> String {
        self.film.fab.describe(channel)
    }
}

/// A frame in words.
impl Film {
    /// One sentence for the reader about the frame's cycle.
    pub fn caption(&self, f: &Frame) -> String {
        super::super::timeline::caption_of(
            &Shown {
                film: self,
                frame: f,
            },
            f.pos,
            &f.events,
        )
    }

    /// "packet 7 (3→5)", naming the message if the frame knows it.
    pub fn packet_name(&self, f: &Frame, packet: u32) -> String {
        match f.message_of(packet) {
            Some(m) => format!("packet {packet} ({})", self.pair(m)),
            None => format!("packet {packet}"),
        }
    }

    /// Where message `msg` is at frame `f`, in words.
    pub fn whereabouts(&self, f: &Frame, msg: u32) -> String {
        let Some(t) = self.reel.borrow().times.get(msg as usize).copied() else {
            return format!("there is no message {msg}");
        };
        let c = f.pos as u64;
        let pair = self.pair(msg);
        if t.finish() <= c {
            let lat = self.latency(msg).unwrap_or(0);
            format!("{pair} has arrived, {lat} cycles after its release")
        } else if t.started() < c {
            let held = f.held_by(msg).len();
            format!("{pair} is under way; its packets hold {held} channels now")
        } else if t.released() <= c {
            format!("{pair} may start, and waits for its sender or receiver")
        } else {
            format!("{pair} waits for its phase")
        }
    }
}
