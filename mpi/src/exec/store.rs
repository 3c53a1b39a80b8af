//! One rank's memory during a run: the messages it sends (filled with the
//! pattern), the buffer its messages arrive in, and the pieces it keeps to
//! relay. Moving bytes between ranks is the caller's business (MPI in
//! [`super::phase`], plain copies in `exec::replay` for the tests); the store decides
//! what each payload holds and where each received byte goes.
//!
//! A payload is packed from the store: a piece of the rank's own message
//! from its outbox, a relayed piece from wherever it was received, copied
//! as received (a relay never regenerates data, so a byte corrupted on the
//! way stays corrupted). A received payload is unpacked piece by piece:
//! a piece for this rank goes to its message's place in the inbox at its
//! offset (NICE's communication phase table, paper 002 §4.1), any other is
//! kept for a later phase. A payload that is one piece of one of this
//! rank's messages is received straight into the inbox, as a real code
//! would, with no copy.

use super::boxes::Boxes;
use super::problem::Problem;
use crate::pattern;
use crate::plan::{Piece, Plan, Send};
use std::collections::BTreeMap;

/// Where a received payload lands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// Straight into the inbox, `len` bytes at `start`.
    Inbox { start: usize, len: usize },
    /// Into a buffer of its own, unpacked afterwards.
    Staging { len: usize },
}

/// What a send transmits: a range of the outbox, or bytes packed for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Payload {
    Out { start: usize, len: usize },
    Packed(Vec<u8>),
}

/// Where a piece's bytes are on this rank.
#[derive(Clone, Copy, Debug)]
enum Where {
    Inbox(usize),
    Staging(usize, usize),
}

/// A piece placed in the inbox: which phase, from which rank.
#[derive(Clone, Copy, Debug)]
pub struct Delivery {
    pub piece: Piece,
    pub phase: usize,
    pub from: u32,
}

/// A piece kept to relay, where it is.
#[derive(Clone, Copy, Debug)]
pub struct Relay {
    pub piece: Piece,
    pub phase: usize,
    pub from: u32,
    pub staging: usize,
    pub pos: usize,
}

/// One rank's buffers and what arrived in them.
#[derive(Debug)]
pub struct Store {
    pub rank: u32,
    pub out: Boxes,
    pub inbox: Boxes,
    pub staging: Vec<Vec<u8>>,
    held: BTreeMap<Piece, Where>,
    pub deliveries: Vec<Delivery>,
    pub relays: Vec<Relay>,
    /// Pieces for this rank that it sent on after they arrived, by phase.
    pub departures: Vec<(Piece, usize)>,
    pub problems: Vec<Problem>,
}

impl Store {
    /// The buffers of rank `rank` for `plan`, its messages filled with the
    /// pattern.
    pub fn new(plan: &Plan, rank: u32) -> Store {
        let mut out = Boxes::new(
            plan.messages
                .iter()
                .filter(|m| m.origin == rank)
                .map(|m| (m.dest, m.bytes)),
        );
        for (&dest, &(start, bytes)) in &out.index {
            pattern::fill(rank, dest, 0, &mut out.buf[start..start + bytes as usize]);
        }
        let inbox = Boxes::new(
            plan.messages
                .iter()
                .filter(|m| m.dest == rank)
                .map(|m| (m.origin, m.bytes)),
        );
        Store {
            rank,
            out,
            inbox,
            staging: Vec::new(),
            held: BTreeMap::new(),
            deliveries: Vec::new(),
            relays: Vec::new(),
            departures: Vec::new(),
            problems: Vec::new(),
        }
    }

    /// Empties the inbox and forgets the last run (between repetitions).
    pub fn reset(&mut self) {
        self.inbox.buf.fill(0);
        self.staging.clear();
        self.held.clear();
        self.deliveries.clear();
        self.relays.clear();
        self.departures.clear();
        self.problems.clear();
    }

    /// The payload of `send` in `phase`. A piece this rank neither owns nor
    /// received is sent as zeros (so the receiver's sizes still match) and
    /// recorded as a problem.
    pub fn payload(&self, phase: usize, send: &Send, problems: &mut Vec<Problem>) -> Payload {
        if let [p] = send.pieces[..]
            && p.origin == self.rank
            && let Some(start) = self.out.place(p.dest, p.offset, p.len)
        {
            return Payload::Out {
                start,
                len: p.len as usize,
            };
        }
        let mut packed = Vec::with_capacity(send.bytes() as usize);
        for p in &send.pieces {
            match self.bytes_of(p) {
                Some(b) => packed.extend_from_slice(b),
                None => {
                    problems.push(Problem::NotHeld {
                        rank: self.rank,
                        phase,
                        piece: *p,
                    });
                    packed.resize(packed.len() + p.len as usize, 0);
                }
            }
        }
        Payload::Packed(packed)
    }

    /// Notes the pieces of a send in `phase` that had arrived here for
    /// good and now leave again: a redistribution may pass a block through
    /// its home (paper 003's relays), and its later return is no second
    /// delivery. A broadcast keeps what it forwards; then nothing returns.
    pub fn note_departures(&mut self, phase: usize, send: &Send) {
        let me = self.rank;
        let leaving = send
            .pieces
            .iter()
            .filter(|p| p.dest == me && p.origin != me);
        self.departures.extend(leaving.map(|&p| (p, phase)));
    }

    /// Whether `piece`, arrived in phase `arrived`, left before `phase`.
    pub fn left_between(&self, piece: Piece, arrived: usize, phase: usize) -> bool {
        self.departures
            .iter()
            .any(|&(p, k)| p == piece && arrived < k && k <= phase)
    }

    /// The bytes of a payload.
    pub fn payload_bytes<'a>(&'a self, p: &'a Payload) -> &'a [u8] {
        match p {
            Payload::Out { start, len } => &self.out.buf[*start..start + len],
            Payload::Packed(v) => v,
        }
    }

    fn bytes_of(&self, p: &Piece) -> Option<&[u8]> {
        let len = p.len as usize;
        if p.origin == self.rank {
            let s = self.out.place(p.dest, p.offset, p.len)?;
            return Some(&self.out.buf[s..s + len]);
        }
        match *self.held.get(p)? {
            Where::Inbox(s) => Some(&self.inbox.buf[s..s + len]),
            Where::Staging(i, s) => Some(&self.staging[i][s..s + len]),
        }
    }

    /// Where each of a phase's incoming payloads lands: straight into the
    /// inbox when it is one piece of a message to this rank that no other
    /// payload of the phase overlaps, in a buffer of its own otherwise.
    pub fn slots(&self, receives: &[&Send]) -> Vec<Slot> {
        let mut taken: Vec<(usize, usize)> = Vec::new();
        receives
            .iter()
            .map(|s| {
                let staging = Slot::Staging {
                    len: s.bytes() as usize,
                };
                let [p] = s.pieces[..] else { return staging };
                if p.dest != self.rank {
                    return staging;
                }
                let Some(start) = self.inbox.place(p.origin, p.offset, p.len) else {
                    return staging;
                };
                let end = start + p.len as usize;
                if taken.iter().any(|&(a, b)| start < b && a < end) {
                    return staging;
                }
                taken.push((start, end));
                Slot::Inbox {
                    start,
                    len: p.len as usize,
                }
            })
            .collect()
    }

    /// Records a payload that has arrived: `data` for a staging slot,
    /// `count` the bytes MPI says came.
    pub fn accept(&mut self, phase: usize, send: &Send, slot: Slot, data: Vec<u8>, count: usize) {
        let expected = send.bytes();
        if count as u64 != expected {
            self.problems.push(Problem::Short {
                rank: self.rank,
                phase,
                from: send.src,
                expected,
                got: count as u64,
            });
        }
        match slot {
            Slot::Inbox { start, .. } => {
                let piece = send.pieces[0];
                self.held.insert(piece, Where::Inbox(start));
                self.deliveries.push(Delivery {
                    piece,
                    phase,
                    from: send.src,
                });
            }
            Slot::Staging { .. } => {
                let idx = self.staging.len();
                self.staging.push(data);
                let mut pos = 0;
                for &piece in &send.pieces {
                    self.unpack(phase, send.src, piece, idx, pos);
                    pos += piece.len as usize;
                }
            }
        }
    }

    fn unpack(&mut self, phase: usize, from: u32, piece: Piece, idx: usize, pos: usize) {
        let len = piece.len as usize;
        if piece.dest != self.rank {
            self.held.insert(piece, Where::Staging(idx, pos));
            self.relays.push(Relay {
                piece,
                phase,
                from,
                staging: idx,
                pos,
            });
            return;
        }
        match self.inbox.place(piece.origin, piece.offset, piece.len) {
            Some(at) => {
                let src = &self.staging[idx][pos..pos + len];
                self.inbox.buf[at..at + len].copy_from_slice(src);
                self.held.insert(piece, Where::Inbox(at));
                self.deliveries.push(Delivery { piece, phase, from });
            }
            None => self.problems.push(Problem::Unexpected {
                rank: self.rank,
                phase,
                from,
                piece,
            }),
        }
    }

    /// A send from this rank to itself: a copy in memory.
    pub fn copy_local(&mut self, phase: usize, send: &Send) {
        let mut problems = Vec::new();
        let payload = self.payload(phase, send, &mut problems);
        let data = self.payload_bytes(&payload).to_vec();
        self.problems.append(&mut problems);
        let n = data.len();
        self.accept(phase, send, Slot::Staging { len: n }, data, n);
    }
}
