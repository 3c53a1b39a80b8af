//! Checkpoints on disk (issue 26 §3): a run in the film worker whose
//! checkpoints in memory lie more than [`SPILL_MOVES`] flit moves apart
//! takes more of them, one every [`SPILL_MOVES`], for the browser's
//! origin-private file system, so that a seek anywhere in the run replays
//! at most that many moves (about 13 ms in a browser) instead of the
//! millions between two checkpoints that fit in memory.
//!
//! The worker's [`Spiller`] takes them ([`Checkpoints::take`], the same
//! encoding as in memory) in groups of [`GROUP`], a keyframe and the
//! differences after it, so a group restores on its own; each full group
//! becomes one file's bytes (a check word, the group's number, its
//! checkpoints as [`Checkpoints::write_all`] writes them, an FNV-1a hash
//! of it all) and a [`SpillHead`] (the group's number, size and cycles)
//! that tells the page's [`Film`](super::Film) where each checkpoint is.
//! The page reads a group back when a seek would replay less from it
//! ([`Film::disk_wanted`](super::Film::disk_wanted)), checks it
//! ([`read_group`]) and keeps the last few in memory.
//!
//! The checkpoints only read the engine: a run that spills simulates
//! exactly what it would without (the tests compare the two).

use super::checkpoint_store::{Checkpoints, KEYFRAME_EVERY};
use super::engine::Engine;
use super::film_chunk::In;
use super::varint::Writer;
use crate::fnv::{Unsealed, fnv64, unseal};
use std::collections::VecDeque;

/// Flit moves between two checkpoints on disk: a seek replays at most
/// this many, about 13 ms at the browser's pace on the 1,024-node fat
/// tree (15 M moves a second), and with a group's read (4-8 ms, more
/// when the disk is busy), a restore (1 ms), the painting (8 ms) and the
/// page's own work stays within 50 ms. Measured on the 1,024-node
/// all-to-all of 256 B (headless Chromium): at 500,000 moves seeks took
/// 65 ms at p95, at 300,000 48-51 ms.
pub const SPILL_MOVES: u64 = 200_000;

/// Bytes of checkpoints one film writes to disk at most (the 1,024-node
/// all-to-all of 4 KB takes about 4 GB); past it the rest of the run
/// seeks from memory, and the page says so.
pub const SPILL_MAX_BYTES: u64 = 6 << 30;

/// Checkpoints in a group: one keyframe and the differences after it.
pub const GROUP: usize = KEYFRAME_EVERY;

/// What a group's file starts with.
const MAGIC: &[u8; 8] = b"cbspl001";

/// Where a group of checkpoints on disk stands: its number (its file is
/// [`SpillHead::file`]), its bytes, and the cycle of each checkpoint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpillHead {
    pub group: u32,
    pub bytes: u64,
    pub cycles: Vec<u64>,
}

impl SpillHead {
    /// The name of group `group`'s file in the film's folder.
    pub fn file(group: u32) -> String {
        format!("g{group}")
    }

    /// The head as bytes (what the worker tells the page).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut w = Writer::default();
        w.u(self.group as u64);
        w.u(self.bytes);
        w.u(self.cycles.len() as u64);
        let mut last = 0;
        for &c in &self.cycles {
            w.u(c - last);
            last = c;
        }
        w.bytes
    }

    /// What [`SpillHead::to_bytes`] wrote: one to [`GROUP`] checkpoints
    /// at rising cycles.
    pub fn from_bytes(bytes: &[u8]) -> Result<SpillHead, String> {
        let mut r = In::new(bytes);
        let group = r.u32()?;
        let size = r.u()?;
        let n = r.count()?;
        if n == 0 || n > GROUP {
            return Err(format!("a group of {n} checkpoints on disk"));
        }
        let mut cycles = Vec::with_capacity(n);
        let mut last = 0u64;
        for k in 0..n {
            let step = r.u()?;
            if k > 0 && step == 0 {
                return Err("checkpoints on disk out of order".into());
            }
            last = last
                .checked_add(step)
                .ok_or("a checkpoint past the end of time")?;
            cycles.push(last);
        }
        r.done()?;
        Ok(SpillHead {
            group,
            bytes: size,
            cycles,
        })
    }
}

/// The worker's side: takes the checkpoints for disk and hands over each
/// full group's head and bytes.
pub(crate) struct Spiller {
    every: u64,
    open: Option<Checkpoints>,
    cycles: Vec<u64>,
    next: u32,
    ready: VecDeque<(SpillHead, Vec<u8>)>,
    written: u64,
    /// Moves at the last checkpoint taken.
    pub last_moved: u64,
    stopped: bool,
    /// Whether reaching the cap was told.
    told_full: bool,
    /// Bytes written at most ([`SPILL_MAX_BYTES`]; the tests set less).
    pub cap: u64,
}

impl Spiller {
    /// Checkpoints every `every` flit moves.
    pub fn new(every: u64) -> Spiller {
        Spiller {
            every: every.max(1),
            open: None,
            cycles: Vec::new(),
            next: 0,
            ready: VecDeque::new(),
            written: 0,
            last_moved: 0,
            stopped: false,
            told_full: false,
            cap: SPILL_MAX_BYTES,
        }
    }

    /// Flit moves between two checkpoints.
    pub fn every(&self) -> u64 {
        self.every
    }

    /// Whether no more checkpoints are taken (the disk refused, or the
    /// film has written [`SPILL_MAX_BYTES`]).
    pub fn is_stopped(&self) -> bool {
        self.stopped || self.written >= self.cap
    }

    /// Takes a checkpoint of `e` into the open group; a full group is
    /// ready to be written. True for the first checkpoint of the run.
    pub fn take(&mut self, e: &Engine) -> bool {
        self.last_moved = e.moved;
        if self.is_stopped() {
            return false;
        }
        let first = self.next == 0 && self.open.is_none();
        match &mut self.open {
            Some(group) => group.take(e),
            None => self.open = Some(Checkpoints::new(e)),
        }
        self.cycles.push(e.now);
        if self.cycles.len() == GROUP {
            self.flush();
        }
        first
    }

    /// Makes the open group (if any) ready: at the end of the run.
    pub fn flush(&mut self) {
        let Some(group) = self.open.take() else {
            return;
        };
        let mut w = Writer::default();
        w.bytes.extend_from_slice(MAGIC);
        w.u(self.next as u64);
        w.u(group.len() as u64);
        group.write_all(&mut w);
        let hash = fnv64(&w.bytes[MAGIC.len()..]);
        w.bytes.extend_from_slice(&hash.to_le_bytes());
        let head = SpillHead {
            group: self.next,
            bytes: w.bytes.len() as u64,
            cycles: std::mem::take(&mut self.cycles),
        };
        self.written += head.bytes;
        self.next += 1;
        self.ready.push_back((head, w.bytes));
    }

    /// Once, when the film has written [`SPILL_MAX_BYTES`]: why no more
    /// checkpoints go to disk.
    pub fn full(&mut self) -> Option<String> {
        let full = self.written >= self.cap && !self.stopped && !self.told_full;
        self.told_full |= full;
        full.then(|| {
            format!(
                "this film has written the {:.1} GB of checkpoints one film may",
                self.cap as f64 / (1u64 << 30) as f64
            )
        })
    }

    /// The next group to write, oldest first.
    pub fn next_group(&mut self) -> Option<(SpillHead, Vec<u8>)> {
        self.ready.pop_front()
    }

    /// Takes no more checkpoints (the disk refused): what is open or
    /// ready is dropped.
    pub fn stop(&mut self) {
        self.stopped = true;
        self.open = None;
        self.cycles.clear();
        self.ready.clear();
    }
}

/// The group of checkpoints `head` names, from its file's bytes; why not
/// if they are not that group (damaged, cut, another run's).
pub(crate) fn read_group(head: &SpillHead, bytes: &[u8]) -> Result<Checkpoints, String> {
    if bytes.len() as u64 != head.bytes {
        return Err(format!(
            "the group's file has {} bytes, not {}",
            bytes.len(),
            head.bytes
        ));
    }
    let body = unseal(bytes, MAGIC).map_err(|e| match e {
        Unsealed::NotOurs => "the file is not a group of checkpoints",
        Unsealed::Damaged => "the group's file is damaged",
    })?;
    let mut r = In::new(body);
    if r.u32()? != head.group {
        return Err("the file holds another group".into());
    }
    let count = r.count()?;
    if count != head.cycles.len() {
        return Err("the group holds other checkpoints".into());
    }
    let group = Checkpoints::read_all(&mut r, count)?;
    r.done()?;
    if (0..count).any(|k| group.now(k) != head.cycles[k]) {
        return Err("the group's checkpoints are at other cycles".into());
    }
    Ok(group)
}
