//! A film's checkpoints on disk ([`super::super::spill`]), as the page
//! holds them: where each one is (the heads the worker sends), the last
//! few groups read back, and why the disk was refused if it was.
//!
//! Reading a file is the browser's business and asynchronous, so the film
//! only says which group a seek would want ([`Film::disk_wanted`]); the
//! page reads it and hands it over ([`Film::disk_read`]), and the seek
//! then restores from whichever checkpoint, in memory or read back, lies
//! nearest before the cycle asked for.

use super::super::checkpoint_store::Checkpoints;
use super::super::film_chunk::In;
use super::super::spill::{SpillHead, read_group};
use super::super::varint::Writer;
use super::Film;
use std::rc::Rc;

/// Groups read back and kept in memory (about half a megabyte each on the
/// 1,024-node fat tree): a scrub back and forth within a few million
/// moves reads nothing again.
const CACHED_GROUPS: usize = 4;

/// Where a film's checkpoints on disk are kept: dropping the last handle
/// deletes them (in the browser, a folder of the origin-private file
/// system; `ui::films`).
pub trait DiskFolder {
    /// The folder's name.
    fn name(&self) -> String;

    /// Whether the folder outlives the film, kept with the film's own
    /// file for the next visit (`ui::films`).
    fn kept(&self) -> bool {
        false
    }

    /// Keeps the folder with the film's file, or, if `false`, lets it go
    /// with the film again.
    fn set_kept(&self, _kept: bool) {}
}

/// One checkpoint on disk: its cycle, its group, its place in the group.
#[derive(Clone, Copy)]
struct Entry {
    now: u64,
    group: u32,
    k: u8,
}

/// The film's checkpoints on disk.
#[derive(Default)]
pub(super) struct Disk {
    /// Every checkpoint written, in order of cycle.
    entries: Vec<Entry>,
    heads: Vec<SpillHead>,
    /// Groups read back, the most recently used last.
    cache: Vec<(u32, Rc<Checkpoints>)>,
    /// Groups being read, and groups that could not be.
    reading: Vec<u32>,
    failed: Vec<u32>,
    reads: u64,
    refused: Option<String>,
    deleted: bool,
    folder: Option<Rc<dyn DiskFolder>>,
    /// Moves a read must save to be worth it ([`super::RESTORE_MOVES`];
    /// the tests' small runs set less).
    worth: Option<u64>,
}

/// What a film holds on disk, as the page says it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DiskUse {
    pub checkpoints: usize,
    pub bytes: u64,
    /// Groups read back so far (for the benchmarks).
    pub reads: u64,
    /// Why checkpoints could not be written, if they could not.
    pub refused: Option<String>,
    /// Whether the reader deleted them ([`Film::forget_disk`]).
    pub deleted: bool,
    /// Whether they are kept with the film's file between visits.
    pub kept: bool,
}

impl Disk {
    /// The last usable checkpoint at or before cycle `at` (its group not
    /// failed).
    fn nearest(&self, at: u64) -> Option<Entry> {
        let i = self.entries.partition_point(|e| e.now <= at);
        self.entries[..i]
            .iter()
            .rev()
            .find(|e| !self.failed.contains(&e.group))
            .copied()
    }

    /// The last checkpoint read back at or before `at`, with its group.
    fn nearest_cached(&self, at: u64) -> Option<(Entry, Rc<Checkpoints>)> {
        let i = self.entries.partition_point(|e| e.now <= at);
        self.entries[..i].iter().rev().find_map(|e| {
            self.cache
                .iter()
                .find(|(g, _)| *g == e.group)
                .map(|(_, c)| (*e, c.clone()))
        })
    }
}

impl Film {
    /// Takes in a group's head (a group of checkpoints the worker wrote
    /// to disk); why not if the bytes are not one that follows.
    pub fn spilled(&self, head: &[u8]) -> Result<(), String> {
        let head = SpillHead::from_bytes(head)?;
        let mut d = self.disk.borrow_mut();
        let after = d.entries.last().map(|e| e.now);
        if head.group as usize != d.heads.len() || after.is_some_and(|l| head.cycles[0] <= l) {
            return Err("checkpoints on disk out of order".into());
        }
        for (k, &now) in head.cycles.iter().enumerate() {
            d.entries.push(Entry {
                now,
                group: head.group,
                k: k as u8,
            });
        }
        d.heads.push(head);
        Ok(())
    }

    /// The disk refused the checkpoints (no file system, a full quota):
    /// seeks replay from memory, and the page says why.
    pub fn disk_refused(&self, why: String) {
        self.disk.borrow_mut().refused.get_or_insert(why);
    }

    /// Where the film's checkpoints on disk are kept (held as long as
    /// the film).
    pub fn set_disk_folder(&self, folder: Rc<dyn DiskFolder>) {
        self.disk.borrow_mut().folder = Some(folder);
    }

    /// See [`Film::set_disk_folder`].
    pub fn disk_folder(&self) -> Option<Rc<dyn DiskFolder>> {
        self.disk.borrow().folder.clone()
    }

    /// The group of checkpoints on disk that would shorten the seek to
    /// `pos` by more than a restore costs, if it is not in memory yet
    /// (the page reads it, unless [`Film::disk_reading`] says it is being
    /// read, then hands it to [`Film::disk_read`], and shows the frame
    /// after); `None` if the seek is best done as it can be now.
    pub fn disk_wanted(&self, pos: usize) -> Option<u32> {
        let pos = pos.min(self.cycles());
        let at = pos.saturating_sub(1) as u64;
        let d = self.disk.borrow();
        let e = d.nearest(at)?;
        if d.cache.iter().any(|(g, _)| *g == e.group) {
            return None;
        }
        let reel = self.reel.borrow();
        let cps = &reel.checkpoints;
        let mut best = if cps.len() > 0 {
            cps.now(cps.nearest(at))
        } else {
            0
        };
        if let Some((c, _)) = d.nearest_cached(at) {
            best = best.max(c.now);
        }
        if let Ok(sim) = self.replay.try_borrow()
            && sim.engine.now <= at
        {
            best = best.max(sim.engine.now);
        }
        let saves = reel
            .moves(best, at)
            .saturating_sub(reel.moves(e.now.max(best), at));
        (saves > d.worth.unwrap_or(super::RESTORE_MOVES)).then_some(e.group)
    }

    /// Reads groups that save more than `moves` flit moves (the tests).
    #[cfg(test)]
    pub(crate) fn disk_worth(&self, moves: u64) {
        self.disk.borrow_mut().worth = Some(moves);
    }

    /// The page is to read `group`: true if it should begin, false if it
    /// is being read already.
    pub fn disk_reading(&self, group: u32) -> bool {
        let mut d = self.disk.borrow_mut();
        let new = !d.reading.contains(&group);
        if new {
            d.reading.push(group);
        }
        new
    }

    /// The bytes of `group`'s file, or why they could not be read: the
    /// group is checked and kept in memory (the oldest one read dropped),
    /// or, if it cannot be used, never asked for again.
    pub fn disk_read(&self, group: u32, bytes: Result<Vec<u8>, String>) -> Result<(), String> {
        let mut d = self.disk.borrow_mut();
        d.reading.retain(|&g| g != group);
        let Some(head) = d.heads.get(group as usize) else {
            return Err(format!("no group {group} on disk"));
        };
        match bytes.and_then(|b| read_group(head, &b)) {
            Ok(cps) => {
                d.reads += 1;
                d.cache.retain(|(g, _)| *g != group);
                if d.cache.len() >= CACHED_GROUPS {
                    d.cache.remove(0);
                }
                d.cache.push((group, Rc::new(cps)));
                Ok(())
            }
            Err(why) => {
                d.failed.push(group);
                Err(why)
            }
        }
    }

    /// Writes what a kept film's file says of its checkpoints on disk
    /// (`film_keep.rs`): the folder's name and every group's head; false,
    /// writing nothing, if there is nothing to say (none written, deleted
    /// by the reader, or no folder).
    pub(super) fn write_disk(&self, w: &mut Writer) -> bool {
        let d = self.disk.borrow();
        let (Some(folder), false) = (&d.folder, d.heads.is_empty()) else {
            return false;
        };
        let name = folder.name();
        w.u(name.len() as u64);
        w.bytes.extend_from_slice(name.as_bytes());
        w.u(d.heads.len() as u64);
        for h in &d.heads {
            let b = h.to_bytes();
            w.u(b.len() as u64);
            w.bytes.extend_from_slice(&b);
        }
        true
    }

    /// Takes in what [`Film::write_disk`] wrote: every group's head; the
    /// folder's name (the page holds the folder itself).
    pub(super) fn read_disk(&self, bytes: &[u8]) -> Result<String, String> {
        let mut r = In::new(bytes);
        let n = r.count()?;
        let name = String::from_utf8(r.bytes(n)?.to_vec())
            .map_err(|_| "a folder's name is not UTF-8".to_string())?;
        for _ in 0..r.count()? {
            let len = r.count()?;
            self.spilled(r.bytes(len)?)?;
        }
        r.done()?;
        Ok(name)
    }

    /// What the film holds on disk.
    pub fn disk_use(&self) -> DiskUse {
        let d = self.disk.borrow();
        DiskUse {
            checkpoints: d.entries.len(),
            bytes: d.heads.iter().map(|h| h.bytes).sum(),
            reads: d.reads,
            refused: d.refused.clone(),
            deleted: d.deleted,
            kept: d.folder.as_ref().is_some_and(|f| f.kept()),
        }
    }

    /// Forgets the checkpoints on disk (the reader deletes them): seeks
    /// replay from memory again. The folder goes with them (dropped: in
    /// the browser that deletes it).
    pub fn forget_disk(&self) {
        let mut d = self.disk.borrow_mut();
        *d = Disk {
            deleted: true,
            worth: d.worth,
            ..Disk::default()
        };
    }

    /// The checkpoint read back from disk nearest before cycle `at`, if
    /// it lies after `from`: its cycle, its group and its place.
    pub(super) fn disk_nearer(&self, at: u64, from: u64) -> Option<(u64, Rc<Checkpoints>, usize)> {
        let mut d = self.disk.borrow_mut();
        let (e, cps) = d.nearest_cached(at).filter(|(e, _)| e.now > from)?;
        // Used most recently: kept longest.
        if let Some(i) = d.cache.iter().position(|(g, _)| *g == e.group) {
            let used = d.cache.remove(i);
            d.cache.push(used);
        }
        Some((e.now, cps, e.k as usize))
    }

    /// The cycles of the checkpoints on disk that can be used.
    pub(super) fn disk_cycles(&self) -> Vec<u64> {
        let d = self.disk.borrow();
        d.entries
            .iter()
            .filter(|e| !d.failed.contains(&e.group))
            .map(|e| e.now)
            .collect()
    }
}
