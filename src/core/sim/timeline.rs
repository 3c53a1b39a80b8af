//! The recorded run: a trace of every event of every cycle, with captions.
//! The animator shows a [`Film`](super::Film), which records no event;
//! a timeline is what the film is checked against, on small runs.
//!
//! A [`Timeline`] is a [`Trace`] whose steps are cycles: keyframes (full
//! [`SimView`] snapshots) every K cycles plus each cycle's events as
//! deltas. Seeking to any cycle, forwards or backwards, replays at most K
//! cycles from the nearest keyframe; playing forward applies one cycle's
//! events to the state already on screen.
//!
//! Memory policy: K comes from [`snapshot_every`]: about √cycles, and
//! never so small that the keyframes weigh more than about 16 MB together
//! ([`SimView::weight`] counts bytes). Events cost 16 bytes each: one per
//! flit move, one per hop of each packet's head, a few per message and one
//! per cycle (waits come on top, one per change of what a head waits for).
//! Each cycle also costs 16 bytes of index (8 on wasm32). A timeline is
//! refused when [`timeline_events`] exceeds [`TIMELINE_MAX_EVENTS`] or the
//! run exceeds [`TIMELINE_MAX_CYCLES`] cycles, which bounds it near 100 MB
//! (64 MB of events, 16 MB of cycle index, 16 MB of keyframes); the
//! statistics of larger runs come from the fast path, without a timeline.
//! For scale: a 16×16 mesh all-to-all of 16-byte messages (65 280
//! messages of 3 flits on the Delta preset) needs about 3.3 M events.
//!
//! [`snapshot_every`]: crate::trace::snapshot_every

use super::fabric::{Fabric, NONE};
use super::stats::{LinkStats, MessageStats};
use super::view::{SimEvent, SimView};
use super::{SimConfig, SimError, Traffic};
use crate::trace::Trace;
use crate::words::plural;

/// Most events (estimated by [`timeline_events`]) a timeline records.
pub const TIMELINE_MAX_EVENTS: u64 = 4_000_000;
/// Most cycles a timeline records.
pub const TIMELINE_MAX_CYCLES: u64 = 1_000_000;

/// The events a recorded run of `traffic` will hold, waits and cycles
/// aside: per message released, started, delivered; per packet injected;
/// per flit and hop a move; per packet and hop an acquisition.
pub fn timeline_events(fab: &Fabric, cfg: &SimConfig, traffic: &Traffic) -> u64 {
    traffic
        .messages
        .iter()
        .map(|m| {
            if m.src == m.dst {
                return 2;
            }
            let hops = fab.hops(m.src, m.dst) as u64 + 1;
            let (flits, packets) = (cfg.packet.flits(m.bytes), cfg.packet.packets(m.bytes));
            3 + packets * (hops + 1) + flits.saturating_mul(hops)
        })
        .fold(0u64, u64::saturating_add)
}

/// Refuses a timeline whose events would pass [`TIMELINE_MAX_EVENTS`].
pub fn check_timeline(fab: &Fabric, cfg: &SimConfig, traffic: &Traffic) -> Result<(), SimError> {
    let events = timeline_events(fab, cfg, traffic);
    if events > TIMELINE_MAX_EVENTS {
        let (what, got, max) = ("events", events, TIMELINE_MAX_EVENTS);
        return Err(SimError::TimelineTooBig { what, got, max });
    }
    Ok(())
}

/// A recorded run.
#[derive(Clone, Debug)]
pub struct Timeline {
    trace: Trace<SimView>,
    fab: Fabric,
    /// Message of each packet, by packet number.
    pub packet_msg: Vec<u32>,
    /// The run's messages, with their figures.
    pub messages: Vec<MessageStats>,
    /// Each channel's figures over the whole run.
    pub links: Vec<LinkStats>,
    /// Cycles after which a phase had all its messages delivered, sorted,
    /// without repeats: the stops of "jump to the next phase". (A phase
    /// without messages completes with the phase before it.)
    pub phase_marks: Vec<usize>,
}

impl Timeline {
    pub(crate) fn new(
        trace: Trace<SimView>,
        fab: Fabric,
        messages: Vec<MessageStats>,
        links: Vec<LinkStats>,
    ) -> Self {
        // Events come cycle by cycle, each cycle closed by a Tick, so the
        // cycles with a PhaseDone come out sorted.
        let (mut packet_msg, mut phase_marks) = (Vec::new(), Vec::new());
        let mut cycle = 1;
        for e in trace.all_events() {
            match *e {
                SimEvent::Injected { msg, .. } => packet_msg.push(msg),
                SimEvent::PhaseDone { .. } if phase_marks.last() != Some(&cycle) => {
                    phase_marks.push(cycle)
                }
                SimEvent::Tick => cycle += 1,
                _ => {}
            }
        }
        Timeline {
            trace,
            fab,
            packet_msg,
            messages,
            links,
            phase_marks,
        }
    }

    /// Cycles recorded; positions run from 0 (before the first cycle) to
    /// `cycles()` (after the last).
    pub fn cycles(&self) -> usize {
        self.trace.len()
    }

    /// The state after `pos` cycles.
    pub fn state_at(&self, pos: usize) -> SimView {
        self.trace.state_at(pos)
    }

    /// The state after the last cycle.
    pub fn final_state(&self) -> SimView {
        self.trace.final_state()
    }

    /// The events of cycle `pos` (1-based; none at 0).
    pub fn events(&self, pos: usize) -> &[SimEvent] {
        self.trace.events(pos)
    }

    /// The underlying trace.
    pub fn trace(&self) -> &Trace<SimView> {
        &self.trace
    }

    /// The fabric the run used (channel names, routers).
    pub fn fabric(&self) -> &Fabric {
        &self.fab
    }

    /// "packet 7 (3→5)".
    pub fn packet_name(&self, packet: u32) -> String {
        match self.packet_msg.get(packet as usize) {
            Some(&m) => format!("packet {packet} ({})", self.pair(m)),
            None => format!("packet {packet}"),
        }
    }

    /// "3→5" for a message.
    pub fn pair(&self, msg: u32) -> String {
        match self.messages.get(msg as usize) {
            Some(m) => format!("{}→{}", m.src, m.dst),
            None => format!("message {msg}"),
        }
    }
}

/// What a caption needs to name: messages, packets and channels.
pub trait Names {
    /// Messages in the run.
    fn messages(&self) -> usize;
    /// "3→5" for a message.
    fn pair(&self, msg: u32) -> String;
    /// Cycles from a message's release to its arrival.
    fn latency(&self, msg: u32) -> Option<u64>;
    /// "packet 7 (3→5)".
    fn packet_name(&self, packet: u32) -> String;
    /// A channel's name.
    fn describe(&self, channel: u32) -> String;
}

impl Names for Timeline {
    fn messages(&self) -> usize {
        self.messages.len()
    }
    fn pair(&self, msg: u32) -> String {
        Timeline::pair(self, msg)
    }
    fn latency(&self, msg: u32) -> Option<u64> {
        self.messages.get(msg as usize).and_then(|s| s.latency)
    }
    fn packet_name(&self, packet: u32) -> String {
        Timeline::packet_name(self, packet)
    }
    fn describe(&self, channel: u32) -> String {
        self.fab.describe(channel)
    }
}

/// One sentence for the reader about cycle `pos` of a timeline.
pub fn caption(tl: &Timeline, pos: usize) -> String {
    caption_of(tl, pos, tl.events(pos))
}

/// One sentence about cycle `pos`, whose events are `events`.
pub fn caption_of<N: Names + ?Sized>(tl: &N, pos: usize, events: &[SimEvent]) -> String {
    if pos == 0 {
        return format!(
            "Before the first cycle: {} to be sent.",
            plural(tl.messages(), "message waits", "messages wait")
        );
    }
    let count = |p: fn(&SimEvent) -> bool| events.iter().filter(|e| p(e)).count();
    let moves = count(|e| matches!(e, SimEvent::Moved { .. }));
    let takes = count(|e| matches!(e, SimEvent::Acquired { .. }));
    let mut parts = vec![if moves == 0 {
        "no flit moves".to_string()
    } else {
        plural(moves, "flit moves", "flits move")
    }];
    if takes > 0 {
        parts.push(format!(
            "{} a channel",
            plural(takes, "head takes", "heads take")
        ));
    }
    let mut more = |(one, many): (&str, &str), n: usize, first: String| {
        if n > 0 {
            let rest = if n > 1 {
                format!(" (and {})", plural(n - 1, one, many))
            } else {
                String::new()
            };
            parts.push(first + &rest);
        }
    };
    let delivered: Vec<u32> = events
        .iter()
        .filter_map(|e| match *e {
            SimEvent::Delivered { msg } => Some(msg),
            _ => None,
        })
        .collect();
    if let Some(&m) = delivered.first() {
        let lat = tl.latency(m);
        let lat = lat.map_or(String::new(), |l| format!(" after {l} cycles"));
        more(
            ("more message", "more messages"),
            delivered.len(),
            format!("message {} arrives{lat}", tl.pair(m)),
        );
    }
    let mut starts = events.iter().filter_map(|e| match *e {
        SimEvent::Started { msg, ready } => Some((msg, ready)),
        _ => None,
    });
    if let Some((m, ready)) = starts.next() {
        let s = format!(
            "message {} starts, sending from cycle {}",
            tl.pair(m),
            ready + 1
        );
        more(("more message", "more messages"), 1 + starts.count(), s);
    }
    let mut waits = events.iter().filter_map(|e| match *e {
        SimEvent::Blocked {
            packet,
            channel,
            by,
        } => Some(format!(
            "{} waits for {}, held by {}",
            tl.packet_name(packet),
            tl.describe(channel),
            tl.packet_name(by)
        )),
        SimEvent::NoSlot {
            packet,
            channel,
            by,
        } => Some(format!(
            "{} waits at {} for a receive slot, held by message {}",
            tl.packet_name(packet),
            tl.describe(channel),
            tl.pair(by)
        )),
        SimEvent::AwaitsReceiver { msg, by } if by != NONE => Some(format!(
            "message {} waits for its receiver, busy with message {}",
            tl.pair(msg),
            tl.pair(by)
        )),
        _ => None,
    });
    if let Some(first) = waits.next() {
        more(("more wait", "more waits"), 1 + waits.count(), first);
    }
    for e in events {
        if let SimEvent::PhaseDone { phase } = *e {
            parts.push(format!("phase {} is complete", phase + 1));
        }
    }
    format!("Cycle {pos}: {}.", parts.join("; "))
}
