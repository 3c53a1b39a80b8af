//! The cycle loop: ReadInputs → Evaluate → WriteOutputs.
//!
//! Each cycle, in order:
//! 1. processors start the messages they may start and refill idle
//!    injection ports ([`super::source`]);
//! 2. *evaluate*, reading only the state at the start of the cycle: every
//!    input whose oldest flit belongs to a packet already connected to an
//!    output moves it if the buffer behind that output had room; every
//!    input whose oldest flit is an unconnected head asks for its next
//!    channel; a free channel goes to the requester nearest its round-robin
//!    pointer ([`super::arbiter`]); a granted head moves in the same cycle;
//! 3. *write*: the moves are applied, tails free the channels they cross, arrivals
//!    complete packets and messages, and deliveries release later phases.
//!
//! Because evaluation reads only last cycle's state and each output takes
//! at most one flit, the order in which routers are visited never changes
//! the result, and no link direction ever carries two flits in a cycle.

use super::arbiter::Arbiter;
use super::bitset::BitSet;
use super::buffers::{Buffers, Flit};
use super::config::{RecvPolicy, SimConfig, UpRouting};
use super::fabric::{Fabric, NONE, Next};
use super::source::{Log, NEVER, Sources, emit};
use super::stream::Streams;
use super::view::SimEvent;
use crate::rng::Rng;

/// A packet in flight, stored in a reusable slot.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Packet {
    /// Its number in injection order (what events and views show).
    pub seq: u32,
    pub msg: u32,
    /// Its message's receiver (a copy: the message itself is far away in
    /// memory, and every hop's routing asks).
    pub dst: u32,
    pub flits: u16,
    /// Input channel holding the head (NONE once ejected).
    pub head_at: u32,
    /// Up-link drawn for the current hop (random routing), or NONE.
    pub want: u32,
    /// Last wait reported: (channel, holder, holder is a message).
    pub wait: (u32, u32, bool),
}

/// The whole simulated machine.
pub(crate) struct Engine {
    pub fab: Fabric,
    pub cfg: SimConfig,
    /// Cycles completed.
    pub now: u64,
    pub bufs: Buffers,
    /// Inputs holding a flit (a non-empty buffer or a busy port).
    pub active: BitSet,
    /// Packet slot holding each channel.
    pub owner: Box<[u32]>,
    /// Output each input is connected to.
    pub conn: Box<[u32]>,
    /// The inputs with a connection (`conn` not NONE), kept by the fast
    /// loop's grants and releases so that it visits the connected inputs
    /// and the heads in two runs instead of asking at every input, which a
    /// predictor guessed wrong one time in four on the fat tree (see
    /// [`super::fused`]); rebuilt after a restore by [`Engine::wake_all`].
    pub(crate) linked: BitSet,
    /// Per channel: the input last connected to it (valid while that
    /// input's `conn` still names the channel), so that a packet's chain
    /// can be walked back from its head (see super::drain).
    pub(crate) feeder: Box<[u32]>,
    pub rr: Box<[u16]>,
    /// Each processor's injection port: (packet slot, next flit).
    pub port: Box<[(u32, u16)]>,
    /// First cycle at which each idle port may take a packet (the
    /// per-packet gap).
    pub port_free_at: Box<[u64]>,
    pub packets: Vec<Packet>,
    pub free_slots: Vec<u32>,
    pub next_seq: u32,
    pub src: Sources,
    pub rng: Rng,
    pub arb: Arbiter,
    pub(crate) moves: Vec<(u32, u32)>,
    pub(crate) heads: Vec<(u32, u32)>,
    /// Inputs that cannot act until something else happens (see
    /// [`super::sleep`]): skipped by the cycle loop.
    pub(crate) asleep: BitSet,
    /// Per channel: the first sleeping head waiting for it (a list through
    /// `sleep_next`, per input), the cycle from which their wait is owed to
    /// `blocked`, and the connected input asleep because its buffer is full.
    pub(crate) sleep_head: Box<[u32]>,
    pub(crate) sleep_next: Box<[u32]>,
    pub(crate) since: Box<[u64]>,
    pub(crate) full_sleeper: Box<[u32]>,
    /// The channels with a `full_sleeper`: almost every move asks, and
    /// this set stays in the first-level cache where the table does not.
    pub(crate) full_watch: BitSet,
    /// Scratch for the fused cycle: the inputs to visit, a word at a time,
    /// and the connected moves whose tails free their channels afterwards.
    pub(crate) scan: Vec<u64>,
    pub(crate) tails: Vec<(u32, u32, u32)>,
    /// Inputs of packets the fast loop moves as streams, which it does not
    /// visit ([`super::stream`]).
    pub(crate) frozen: BitSet,
    pub(crate) streams: Streams,
    /// Runs [`Engine::cycle_reference`] instead of the fast loop.
    pub(crate) reference: bool,
    /// Per channel: cycles a flit crossed it, cycles a head waited for it.
    pub busy: Box<[u64]>,
    pub blocked: Box<[u64]>,
    pub blocked_at: Box<[u64]>,
    pub injected_flits: u64,
    pub delivered_flits: u64,
    /// Flit moves over all channels so far (the film's activity count).
    pub moved: u64,
    /// Flits in buffers plus busy injection ports.
    pub live: u64,
    pub log: Log,
}

impl Engine {
    /// A machine ready for cycle 0 (inputs already validated).
    pub fn new(fab: Fabric, cfg: SimConfig, src: Sources, log: Log) -> Engine {
        let (links, ch, procs) = (fab.links(), fab.channels(), fab.procs());
        let mut e = Engine {
            bufs: Buffers::new(links, cfg.buffer as usize),
            active: BitSet::new(ch),
            owner: vec![NONE; ch].into(),
            conn: vec![NONE; ch].into(),
            linked: BitSet::new(ch),
            feeder: vec![NONE; ch].into(),
            rr: vec![0; ch].into(),
            port: vec![(NONE, 0); procs].into(),
            port_free_at: vec![0; procs].into(),
            packets: Vec::new(),
            free_slots: Vec::new(),
            next_seq: 0,
            src,
            rng: Rng::new(cfg.seed),
            arb: Arbiter::new(ch),
            moves: Vec::new(),
            heads: Vec::new(),
            asleep: BitSet::new(ch),
            sleep_head: vec![NONE; ch].into(),
            sleep_next: vec![NONE; ch].into(),
            since: vec![0; ch].into(),
            full_sleeper: vec![NONE; ch].into(),
            full_watch: BitSet::new(ch),
            scan: Vec::new(),
            tails: Vec::new(),
            frozen: BitSet::new(ch),
            streams: Streams::new(),
            reference: false,
            busy: vec![0; ch].into(),
            blocked: vec![0; ch].into(),
            blocked_at: vec![NEVER; ch].into(),
            injected_flits: 0,
            delivered_flits: 0,
            moved: 0,
            live: 0,
            log,
            fab,
            cfg,
            now: 0,
        };
        e.src.release_initial(&mut e.log);
        e
    }

    /// Runs one cycle; returns true if anything changed.
    pub fn cycle(&mut self) -> bool {
        if self.reference {
            return self.cycle_reference();
        }
        if self.now >= self.streams.due {
            self.settle_due();
        }
        let mut progress = self.src.start(self.now, &mut self.log);
        progress |= self.refill_ports();
        if self.live > 0 && self.log.is_off() {
            progress |= self.step_fused();
        } else if self.live > 0 {
            // A recorded cycle gathers its moves first, so its events come
            // in the reference loop's order (see super::fused), from a
            // machine with no packet frozen.
            self.settle();
            self.evaluate();
            self.moved += self.moves.len() as u64;
            progress |= !self.moves.is_empty() || !self.arb.contested().is_empty();
            self.write();
        }
        self.end_cycle();
        progress
    }

    /// Closes a cycle in the record and the clock.
    pub fn end_cycle(&mut self) {
        emit(&mut self.log, SimEvent::Tick);
        if let Log::Record(r) = &mut self.log {
            r.end_step();
        }
        self.now += 1;
    }

    /// True when nothing is in the network or at an injection port.
    pub fn network_idle(&self) -> bool {
        self.live == 0
    }

    /// The oldest flit waiting at input `i`.
    #[inline(always)]
    pub(crate) fn front(&self, i: usize) -> Option<Flit> {
        if i < self.bufs.count() {
            return self.bufs.front(i);
        }
        let (slot, next) = self.port[i - self.bufs.count()];
        // Plain `if`s, not `bool::then`: at opt-level "z" (the book) the
        // closure is not inlined on this, the hottest path.
        if slot == NONE {
            return None;
        }
        Some(Flit {
            packet: slot,
            index: next,
            tail: next + 1 >= self.packets[slot as usize].flits,
        })
    }

    #[inline(always)]
    pub(crate) fn has_room(&self, o: u32) -> bool {
        (o as usize) >= self.bufs.count() || self.bufs.has_room(o as usize)
    }

    /// The channel the head of `slot` at input `i` asks for. The choice is
    /// kept until the head is granted; only an adaptive head whose choice
    /// has been taken looks again.
    #[inline(always)]
    fn route(&mut self, i: u32, slot: u32) -> u32 {
        let want = self.packets[slot as usize].want;
        let adaptive = self.cfg.up_routing == UpRouting::Adaptive;
        if want != NONE && (!adaptive || self.owner[want as usize] == NONE) {
            return want;
        }
        let dst = self.packets[slot as usize].dst as usize;
        let o = match self.fab.next(i, dst) {
            Next::Fixed(o) => o,
            Next::Up { first, k, pick } => match self.cfg.up_routing {
                UpRouting::Static => first + 2 * pick,
                UpRouting::Random => first + 2 * self.rng.below(k as usize) as u32,
                UpRouting::Adaptive => {
                    // Any of the k up-links (4 at most on the CM-5's
                    // tree, up to 32 on a k-ary n-tree) free this cycle.
                    let owner = &self.owner;
                    let free = (0..k)
                        .map(|c| first + 2 * c)
                        .filter(|&l| owner[l as usize] == NONE);
                    match free.clone().count() {
                        0 if want != NONE => want,
                        0 => first + 2 * self.rng.below(k as usize) as u32,
                        1 => free.clone().next().unwrap_or(first),
                        n => free.clone().nth(self.rng.below(n)).unwrap_or(first),
                    }
                }
            },
        };
        self.packets[slot as usize].want = o;
        o
    }

    fn evaluate(&mut self) {
        self.moves.clear();
        self.heads.clear();
        self.arb.begin();
        for w in 0..self.active.words() {
            let mut bits = self.active.word(w) & !self.asleep.word(w);
            while bits != 0 {
                let i = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                self.request(i);
            }
        }
        for k in 0..self.arb.contested().len() {
            let o = self.arb.contested()[k];
            let i = self.arb.winner(o);
            self.grant(i, o);
            if self.has_room(o) {
                self.moves.push((i, o));
            }
        }
        self.losers_wait();
    }

    /// The heads that lost this cycle's arbitration wait for the winner.
    pub(super) fn losers_wait(&mut self) {
        for k in 0..self.heads.len() {
            let (i, o) = self.heads[k];
            if self.arb.winner(o) != i {
                let f = self.front(i as usize).map_or(NONE, |f| f.packet);
                self.wait(f, o, self.owner[o as usize], false);
                self.sleep_on(i, o);
            }
        }
    }

    /// Input `i` moves its oldest flit along its connection, or its head
    /// asks for the next channel (or waits for it).
    #[inline(always)]
    fn request(&mut self, i: usize) {
        let c = self.conn[i];
        if c == NONE {
            self.request_head(i);
        } else if self.has_room(c) {
            self.moves.push((i as u32, c));
        } else {
            self.sleep_full(i, c);
        }
    }

    /// The head at unconnected input `i` asks for its next channel: an
    /// offer to the arbiter, or a wait (and maybe sleep) if it is taken.
    #[inline(always)]
    pub(super) fn request_head(&mut self, i: usize) {
        let Some(f) = self.front(i) else { return };
        let o = self.route(i as u32, f.packet);
        let holder = self.owner[o as usize];
        if holder != NONE {
            self.wait(f.packet, o, holder, false);
            self.sleep_on(i as u32, o);
            return;
        }
        let msg = self.packets[f.packet as usize].msg;
        if o as usize >= self.bufs.count()
            && let Err(by) = self.src.slot_for(msg)
        {
            self.wait(f.packet, o, by, true);
            return;
        }
        let dist = self.fab.rr_distance(i as u32, o, self.rr[o as usize]);
        self.arb.offer(o, i as u32, dist);
        self.heads.push((i as u32, o));
    }

    #[inline(always)]
    pub(super) fn grant(&mut self, i: u32, o: u32) {
        let slot = self.front(i as usize).map_or(NONE, |f| f.packet);
        self.owner[o as usize] = slot;
        self.conn[i as usize] = o;
        self.feeder[o as usize] = i;
        self.linked.insert(i as usize);
        self.rr[o as usize] = self.fab.rr_after(i);
        let pk = &mut self.packets[slot as usize];
        pk.want = NONE;
        pk.wait = (NONE, NONE, false);
        let (packet, msg) = (pk.seq, pk.msg);
        // Under RecvPolicy::Reserve every message under way holds its slot.
        if o as usize >= self.bufs.count() && self.src.policy == RecvPolicy::OnArrival {
            self.src.take_slot(msg);
        }
        emit(&mut self.log, SimEvent::Acquired { packet, channel: o });
    }

    /// The head of `slot` waits for channel `o`, held by `by` (a packet
    /// slot, or a message when `slot_wait`).
    fn wait(&mut self, slot: u32, o: u32, by: u32, slot_wait: bool) {
        if self.blocked_at[o as usize] != self.now {
            self.blocked_at[o as usize] = self.now;
            // While heads sleep on `o`, its cycles are owed (super::sleep).
            if self.sleep_head[o as usize] == NONE {
                self.blocked[o as usize] += 1;
            }
        }
        // The wait is remembered whether or not the run is recorded, so a
        // run replayed from a checkpoint reports the same waits as a
        // recorded one (see `super::film`).
        let by = if slot_wait {
            by
        } else {
            self.packets[by as usize].seq
        };
        let pk = &mut self.packets[slot as usize];
        if std::mem::replace(&mut pk.wait, (o, by, slot_wait)) == (o, by, slot_wait)
            || self.log.is_off()
        {
            return;
        }
        let packet = pk.seq;
        let e = if slot_wait {
            SimEvent::NoSlot {
                packet,
                channel: o,
                by,
            }
        } else {
            SimEvent::Blocked {
                packet,
                channel: o,
                by,
            }
        };
        emit(&mut self.log, e);
    }

    fn write(&mut self) {
        let links = self.bufs.count();
        for k in 0..self.moves.len() {
            let (i, o) = self.moves[k];
            let f = if (i as usize) < links {
                self.live -= 1;
                let f = self.bufs.pop(i as usize);
                if self.bufs.is_empty(i as usize) {
                    self.active.remove(i as usize);
                }
                self.wake_full(i as usize);
                f
            } else {
                self.take_from_port(i as usize - links)
            };
            self.busy[o as usize] += 1;
            let pk = self.packets[f.packet as usize];
            if (o as usize) < links {
                self.bufs.push(o as usize, f);
                self.active.insert(o as usize);
                self.live += 1;
                if f.is_head() {
                    self.packets[f.packet as usize].head_at = o;
                }
            } else {
                self.delivered_flits += 1;
                if f.is_head() {
                    self.packets[f.packet as usize].head_at = NONE;
                }
            }
            emit(&mut self.log, SimEvent::Moved { from: i, to: o });
            if f.tail {
                self.owner[o as usize] = NONE;
                self.wake_waiters(o);
                self.conn[i as usize] = NONE;
                self.linked.remove(i as usize);
                if o as usize >= links {
                    self.free_slots.push(f.packet);
                    self.src
                        .packet_delivered(pk.msg, self.now + 1, &mut self.log);
                }
            }
        }
    }

    /// Rebuilds `linked` and `feeder` from `conn` (a checkpoint
    /// restored, see [`Engine::wake_all`]).
    pub(crate) fn relink(&mut self) {
        self.linked.clear();
        for (i, &c) in self.conn.iter().enumerate() {
            if c != NONE {
                self.linked.insert(i);
                self.feeder[c as usize] = i as u32;
            }
        }
    }

    /// Live packet slots (in flight or at a port), for the watchdog.
    pub fn live_slots(&self) -> impl Iterator<Item = u32> + '_ {
        let mut free = vec![false; self.packets.len()];
        for &s in &self.free_slots {
            free[s as usize] = true;
        }
        (0..self.packets.len() as u32).filter(move |&s| !free[s as usize])
    }
}
