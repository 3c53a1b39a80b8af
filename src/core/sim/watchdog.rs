//! The watchdog: detecting a deadlock and explaining it.
//!
//! The simulator is deterministic and keeps no hidden clock, so a cycle in
//! which nothing happens (no flit moves, no channel is granted, no message
//! starts or is released) while no start-up is running and messages remain
//! is a fixed point: every later cycle would be the same. The run stops
//! there, at once, instead of hanging.
//!
//! To explain it, each stuck packet is asked what its head waits for: a
//! channel held by another packet, room in a buffer whose oldest flit
//! belongs to another packet, a place behind another packet in its own
//! buffer, or (with [`super::RecvPolicy::OnArrival`]) a receive slot held by
//! a message whose own packets are stuck. Following "waits for" from packet
//! to packet must come back to a packet already seen; that loop is the
//! deadlock, reported in words.

use super::engine::Engine;
use super::fabric::{NONE, Next};
use super::source::Msg;
use std::fmt;

/// One link of the cycle of waits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeadlockWait {
    /// Packet number (in order of injection).
    pub packet: u32,
    /// Its message's sender.
    pub src: usize,
    /// Its message's receiver.
    pub dst: usize,
    /// What it waits for, in words, naming the next packet of the cycle.
    pub reason: String,
}

/// A deadlock: the cycle at which it was found and the loop of waits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deadlock {
    /// Cycles run when the deadlock was found.
    pub cycle: u64,
    /// The loop of waits, each naming the next.
    pub waits: Vec<DeadlockWait>,
}

impl fmt::Display for Deadlock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "deadlock at cycle {}: ", self.cycle)?;
        let parts: Vec<String> = self
            .waits
            .iter()
            .map(|w| format!("packet {} ({}→{}) {}", w.packet, w.src, w.dst, w.reason))
            .collect();
        f.write_str(&parts.join("; "))
    }
}

fn name(e: &Engine, slot: u32) -> String {
    let pk = e.packets[slot as usize];
    let m: &Msg = &e.src.msgs[pk.msg as usize];
    format!("packet {} ({}→{})", pk.seq, m.src, m.dst)
}

/// What the head of packet `slot` waits for, and the packet in its way.
fn waits_for(e: &Engine, slot: u32) -> Option<(String, u32)> {
    let pk = e.packets[slot as usize];
    let i = pk.head_at;
    if i == NONE {
        return None;
    }
    let front = e.front(i as usize)?;
    if front.packet != slot {
        let r = format!(
            "waits behind {} in the buffer of {}",
            name(e, front.packet),
            e.fab.describe(i)
        );
        return Some((r, front.packet));
    }
    let c = e.conn[i as usize];
    if c != NONE {
        let q = e.bufs.front(c as usize)?.packet;
        let r = format!(
            "waits for room in the buffer of {}, whose oldest flit is of {}",
            e.fab.describe(c),
            name(e, q)
        );
        return Some((r, q));
    }
    let msg = &e.src.msgs[pk.msg as usize];
    let o = match e.fab.next(i, msg.dst as usize) {
        Next::Fixed(o) => o,
        Next::Up { first, .. } if pk.want == NONE => first,
        Next::Up { .. } => pk.want,
    };
    let holder = e.owner[o as usize];
    if holder != NONE {
        let r = format!(
            "waits for {}, held by {}",
            e.fab.describe(o),
            name(e, holder)
        );
        return Some((r, holder));
    }
    let by = e.src.slot_for(pk.msg).err()?;
    let m = e.src.msgs.get(by as usize)?;
    // The holder's oldest live packet, or the packet blocking its sender's port.
    let next = e
        .live_slots()
        .filter(|&s| e.packets[s as usize].msg == by)
        .min_by_key(|&s| e.packets[s as usize].seq)
        .or_else(|| Some(e.port[m.src as usize].0).filter(|&s| s != NONE))?;
    let r = format!(
        "waits for a receive slot at {}, held by message {}→{} whose next packet is {}",
        e.fab.node_name(m.dst as usize),
        m.src,
        m.dst,
        name(e, next)
    );
    Some((r, next))
}

/// Explains a deadlock found at the engine's current cycle.
pub(crate) fn explain(e: &Engine) -> Deadlock {
    let start = e.live_slots().min_by_key(|&s| e.packets[s as usize].seq);
    let mut chain: Vec<(u32, String)> = Vec::new();
    let mut at = start;
    while let Some(slot) = at {
        if let Some(k) = chain.iter().position(|(s, _)| *s == slot) {
            chain.drain(..k);
            break;
        }
        match waits_for(e, slot) {
            Some((reason, next)) => {
                chain.push((slot, reason));
                at = Some(next);
            }
            None => {
                chain.push((slot, "cannot move".into()));
                break;
            }
        }
    }
    let waits = chain
        .into_iter()
        .map(|(slot, reason)| {
            let pk = e.packets[slot as usize];
            let m = &e.src.msgs[pk.msg as usize];
            DeadlockWait {
                packet: pk.seq,
                src: m.src as usize,
                dst: m.dst as usize,
                reason,
            }
        })
        .collect();
    Deadlock {
        cycle: e.now,
        waits,
    }
}
