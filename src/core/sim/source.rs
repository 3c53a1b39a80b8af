//! The processors' side: messages, send queues, send and receive slots.
//!
//! Each processor works through its messages in order. The first one not
//! yet started may start once it is released (see [`super::release`]), the
//! processor holds fewer than `send_limit` messages, and, under
//! [`RecvPolicy::Reserve`], its receiver has a free receive slot; when
//! several senders want the last slot of one receiver in the same cycle,
//! the receiver serves them round-robin. A started message pays its
//! start-up, then hands its packets one by one to the processor's injection
//! port (round-robin between the processor's started messages). Its send
//! slot is freed when its last flit has left the port, its receive slot
//! when its last flit has arrived.
//!
//! A local copy (`src == dst`) uses no port and no slot: it is done the
//! moment it is released.

use super::arbiter::Arbiter;
use super::bitset::BitSet;
use super::config::{RecvPolicy, SimConfig};
use super::fabric::{Fabric, NONE};
use super::release::Release;
use super::traffic::Traffic;
use super::view::SimEvent;
use crate::sorting::bucket;
use crate::trace::Recorder;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// "Not yet" for a cycle stamp.
pub(crate) const NEVER: u64 = u64::MAX;

/// Where a run's events go.
pub(crate) enum Log {
    /// Nowhere (the fast path).
    Off,
    /// Into a timeline, applied to its running state.
    Record(Box<Recorder<super::SimView>>),
    /// Into a list (a film's one recorded cycle).
    Collect(Vec<SimEvent>),
}

impl Log {
    /// True when events go nowhere.
    #[inline(always)]
    pub fn is_off(&self) -> bool {
        matches!(self, Log::Off)
    }
}

/// Records an event if the run is recorded.
#[inline(always)]
pub(crate) fn emit(log: &mut Log, e: SimEvent) {
    match log {
        Log::Off => {}
        Log::Record(r) => r.event(e),
        Log::Collect(v) => v.push(e),
    }
}

/// One message and how far it has come.
#[derive(Clone, Debug)]
pub(crate) struct Msg {
    pub src: u32,
    pub dst: u32,
    pub bytes: u64,
    pub phase: u32,
    pub packets: u32,
    pub hops: u32,
    /// Packets handed to the injection port / whose tail left it / delivered.
    pub next_packet: u32,
    pub sent_packets: u32,
    pub delivered_packets: u32,
    pub released: u64,
    pub started: u64,
    /// Cycle boundary by which the whole message had arrived.
    pub finish: u64,
    pub holds_slot: bool,
    /// The holder last reported by an `AwaitsReceiver` event.
    pub(super) awaits: u32,
}

impl Msg {
    /// The cycle its start-up ends and its first packet may leave (not
    /// stored: a million messages would carry 8 MB more).
    #[inline(always)]
    pub fn ready(&self, startup: u64) -> u64 {
        self.started.saturating_add(startup)
    }
}

/// Every processor's sending and receiving state.
#[derive(Clone, Debug)]
pub(crate) struct Sources {
    pub msgs: Vec<Msg>,
    pub(super) procs: usize,
    pub(super) send_limit: usize,
    pub(super) recv_limit: u32,
    pub(super) startup: u64,
    pub(super) policy: RecvPolicy,
    /// Each processor's messages in sending order; `q_next[p]` is the first
    /// not started, `q_end[p]` the end of p's part.
    pub(super) queue: Vec<u32>,
    pub(super) q_next: Vec<u32>,
    pub(super) q_end: Vec<u32>,
    /// Started messages still injecting, `send_limit` places per processor.
    pub(super) active: Vec<u32>,
    pub(super) n_active: Vec<u32>,
    pub(super) act_rr: Vec<u32>,
    pub(super) recv_busy: Vec<u32>,
    pub(super) recv_rr: Vec<u32>,
    /// Messages holding a receive slot, per processor.
    pub holders: Vec<Vec<u32>>,
    pub(super) release: Release,
    pub(super) fresh: Vec<u32>,
    /// Round-robin between senders asking for one receiver's last slot.
    pub(super) arb: Arbiter,
    /// Processors that may be able to start a message.
    pub(super) startable: BitSet,
    /// Processors whose idle port may be able to take a packet.
    pub fillable: BitSet,
    /// The fast loop's calendar of them (a cache, not the machine's
    /// state, see `Engine::refill_ports`): the ports to ask at the next
    /// refill (set whenever a port becomes fillable; the reference loop
    /// asks every fillable port and ignores it), and the cycle each waiting
    /// port may take a packet from (its gap's end, or its messages' first
    /// start-up to end).
    pub(super) due: BitSet,
    pub(super) timers: BinaryHeap<Reverse<(u64, u32)>>,
    /// Messages completely delivered.
    pub delivered: usize,
    /// The position (cycle boundary, at least 1) at which each phase had
    /// all its messages delivered, in order of completion.
    pub phase_marks: Vec<u64>,
}

impl Sources {
    /// Sets up the messages of `traffic` (already checked against `fab`).
    pub fn new(traffic: &Traffic, fab: &Fabric, cfg: &SimConfig) -> Sources {
        let n = fab.procs();
        let msgs: Vec<Msg> = traffic
            .messages
            .iter()
            .map(|m| Msg {
                src: m.src as u32,
                dst: m.dst as u32,
                bytes: m.bytes,
                phase: m.phase as u32,
                packets: cfg.packet.packets(m.bytes) as u32,
                hops: fab.hops(m.src, m.dst) as u32,
                next_packet: 0,
                sent_packets: 0,
                delivered_packets: 0,
                released: NEVER,
                started: NEVER,
                finish: NEVER,
                holds_slot: false,
                awaits: NONE,
            })
            .collect();
        let phases = traffic
            .messages
            .iter()
            .map(|m| m.phase + 1)
            .max()
            .unwrap_or(0)
            .max(traffic.phases);
        let ids: Vec<u32> = (0..msgs.len() as u32)
            .filter(|&i| msgs[i as usize].src != msgs[i as usize].dst)
            .collect();
        // By (sender, phase, id): by phase, then by sender keeping that
        // order (both counting sorts are stable).
        let (by_phase, _) = bucket(phases, &ids, |&i| msgs[i as usize].phase as usize);
        let (order, starts) = bucket(n, &by_phase, |&i| msgs[i as usize].src as usize);
        let q_next = starts[..n].to_vec();
        let q_end = starts[1..].to_vec();
        let sl = cfg.send_limit as usize;
        Sources {
            release: Release::new(traffic.sync, &traffic.messages, phases, n),
            msgs,
            procs: n,
            send_limit: sl,
            recv_limit: cfg.recv_limit,
            startup: cfg.startup as u64,
            policy: cfg.recv_policy,
            queue: order,
            q_next,
            q_end,
            active: vec![NONE; n * sl],
            n_active: vec![0; n],
            act_rr: vec![0; n],
            recv_busy: vec![0; n],
            recv_rr: vec![0; n],
            holders: vec![Vec::new(); n],
            fresh: Vec::new(),
            arb: Arbiter::new(n),
            startable: BitSet::full(n),
            fillable: BitSet::new(n),
            due: BitSet::new(n),
            timers: BinaryHeap::new(),
            delivered: 0,
            phase_marks: Vec::new(),
        }
    }

    /// Forgets the calendar of idle ports: every fillable port is asked
    /// at the next refill (a checkpoint restored).
    pub(super) fn ask_all_ports(&mut self) {
        self.timers.clear();
        for w in 0..self.fillable.words() {
            self.due.set_word(w, self.fillable.word(w));
        }
    }

    /// True once every message has arrived.
    pub fn all_done(&self) -> bool {
        self.delivered == self.msgs.len()
    }

    /// Releases the messages that may start at cycle 0.
    pub fn release_initial(&mut self, log: &mut Log) {
        let mut fresh = std::mem::take(&mut self.fresh);
        self.release.initial(&mut fresh);
        self.on_released(fresh, 0, log);
    }

    /// Marks `list` released at boundary `t`; local copies finish at once.
    fn on_released(&mut self, mut list: Vec<u32>, t: u64, log: &mut Log) {
        let mut k = 0;
        while k < list.len() {
            let i = list[k];
            k += 1;
            let m = &mut self.msgs[i as usize];
            m.released = t;
            self.startable.insert(m.src as usize);
            emit(log, SimEvent::Released { msg: i });
            if m.src == m.dst {
                m.finish = t;
                self.finish(i, t, log, &mut list);
            }
        }
        list.clear();
        self.fresh = list;
    }

    fn finish(&mut self, i: u32, t: u64, log: &mut Log, out: &mut Vec<u32>) {
        self.delivered += 1;
        emit(log, SimEvent::Delivered { msg: i });
        self.release.delivered(i, out);
        let phase = self.msgs[i as usize].phase;
        if self.release.left_in_phase(phase as usize) == 0 {
            // Work done before the first cycle belongs to its step.
            self.phase_marks.push(t.max(1));
            emit(log, SimEvent::PhaseDone { phase });
        }
    }

    /// Starts the messages that may start at cycle `now`; true if any did.
    pub fn start(&mut self, now: u64, log: &mut Log) -> bool {
        self.arb.begin();
        let mut any = false;
        for w in 0..self.startable.words() {
            let mut bits = self.startable.word(w);
            while bits != 0 {
                let s = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                any |= self.try_start(s, now, log);
            }
        }
        for k in 0..self.arb.contested().len() {
            let d = self.arb.contested()[k];
            let s = self.arb.winner(d) as usize;
            self.recv_rr[d as usize] = ((s + 1) % self.procs) as u32;
            self.begin(s, now, log);
            any = true;
        }
        any
    }

    /// Processor `s` starts its next message, asks its receiver for a slot,
    /// or (if it can do neither) leaves the set of candidates.
    fn try_start(&mut self, s: usize, now: u64, log: &mut Log) -> bool {
        if self.n_active[s] as usize >= self.send_limit || self.q_next[s] == self.q_end[s] {
            self.startable.remove(s);
            return false;
        }
        let i = self.queue[self.q_next[s] as usize];
        let m = &self.msgs[i as usize];
        if m.released == NEVER {
            self.startable.remove(s);
            return false;
        }
        let d = m.dst as usize;
        if self.policy == RecvPolicy::OnArrival {
            self.begin(s, now, log);
            return true;
        }
        if self.recv_busy[d] >= self.recv_limit {
            let by = self.holders[d].first().copied().unwrap_or(NONE);
            if std::mem::replace(&mut self.msgs[i as usize].awaits, by) != by {
                emit(log, SimEvent::AwaitsReceiver { msg: i, by });
            }
            return false;
        }
        let dist = (s + self.procs - self.recv_rr[d] as usize) % self.procs;
        self.arb.offer(d as u32, s as u32, dist as u16);
        false
    }

    /// Starts the first unstarted message of processor `s`.
    fn begin(&mut self, s: usize, now: u64, log: &mut Log) {
        let i = self.queue[self.q_next[s] as usize];
        self.q_next[s] += 1;
        let at = s * self.send_limit + self.n_active[s] as usize;
        self.active[at] = i;
        self.n_active[s] += 1;
        self.fillable.insert(s);
        self.due.insert(s);
        let m = &mut self.msgs[i as usize];
        m.started = now;
        // Only a message not yet started reports whom it awaits.
        m.awaits = NONE;
        if self.policy == RecvPolicy::Reserve {
            let d = m.dst;
            self.claim_slot(i, d);
        }
        let ready = (now + self.startup).min(u32::MAX as u64) as u32;
        emit(log, SimEvent::Started { msg: i, ready });
    }

    fn claim_slot(&mut self, i: u32, d: u32) {
        self.msgs[i as usize].holds_slot = true;
        self.recv_busy[d as usize] += 1;
        self.holders[d as usize].push(i);
    }

    /// Under [`RecvPolicy::OnArrival`]: `Ok` if message `i` holds or can
    /// take a receive slot now, else the message holding one.
    pub fn slot_for(&self, i: u32) -> Result<(), u32> {
        let m = &self.msgs[i as usize];
        if self.policy == RecvPolicy::Reserve
            || m.holds_slot
            || self.recv_busy[m.dst as usize] < self.recv_limit
        {
            Ok(())
        } else {
            Err(self.holders[m.dst as usize]
                .first()
                .copied()
                .unwrap_or(NONE))
        }
    }

    /// Message `i`'s first packet is let in by its receiver.
    pub fn take_slot(&mut self, i: u32) {
        if !self.msgs[i as usize].holds_slot {
            let d = self.msgs[i as usize].dst;
            self.claim_slot(i, d);
        }
    }

    /// The message whose packet processor `p`'s idle injection port takes
    /// next (round-robin among the started, ready ones), with the index of
    /// that packet; or else the cycle at which the first start-up still
    /// running ends (`None` if there is none).
    pub fn next_packet(&mut self, p: usize, now: u64) -> Result<(u32, u32), Option<u64>> {
        let n = self.n_active[p] as usize;
        let mut wake: Option<u64> = None;
        let startup = self.startup;
        for k in 0..n {
            let slot = (self.act_rr[p] as usize + k) % n;
            let i = self.active[p * self.send_limit + slot];
            let m = &mut self.msgs[i as usize];
            if m.next_packet >= m.packets {
                continue;
            }
            let ready = m.ready(startup);
            if ready <= now {
                self.act_rr[p] = ((slot + 1) % n) as u32;
                m.next_packet += 1;
                return Ok((i, m.next_packet - 1));
            }
            wake = Some(wake.map_or(ready, |w| w.min(ready)));
        }
        Err(wake)
    }

    /// The tail of a packet of message `i` left the injection port.
    pub fn packet_sent(&mut self, i: u32) {
        let m = &mut self.msgs[i as usize];
        m.sent_packets += 1;
        if m.sent_packets == m.packets {
            let s = m.src as usize;
            let base = s * self.send_limit;
            let n = self.n_active[s] as usize;
            if let Some(k) = self.active[base..base + n].iter().position(|&x| x == i) {
                self.active.copy_within(base + k + 1..base + n, base + k);
                self.active[base + n - 1] = NONE;
                self.n_active[s] -= 1;
                self.startable.insert(s);
            }
        }
    }

    /// The tail of a packet of message `i` arrived by boundary `t`.
    pub fn packet_delivered(&mut self, i: u32, t: u64, log: &mut Log) {
        let m = &mut self.msgs[i as usize];
        m.delivered_packets += 1;
        if m.delivered_packets < m.packets {
            return;
        }
        m.finish = t;
        let d = m.dst as usize;
        if std::mem::take(&mut m.holds_slot) {
            self.recv_busy[d] -= 1;
            self.holders[d].retain(|&x| x != i);
        }
        let mut fresh = std::mem::take(&mut self.fresh);
        self.finish(i, t, log, &mut fresh);
        self.on_released(fresh, t, log);
    }

    /// The earliest start-up that ends after `now`, if any is running.
    pub fn next_ready(&self, now: u64) -> Option<u64> {
        (0..self.procs)
            .flat_map(|p| {
                let base = p * self.send_limit;
                self.active[base..base + self.n_active[p] as usize].iter()
            })
            .map(|&i| &self.msgs[i as usize])
            .map(|m| (m.ready(self.startup), m))
            .filter(|&(ready, m)| ready > now && m.next_packet < m.packets)
            .map(|(ready, _)| ready)
            .min()
    }
}
