//! A watched run's [`Chunk`]s, and their bytes: how a run simulated in a
//! Web Worker hands what it did to the film on the page.
//!
//! A chunk holds the checkpoint operations of the run's store (taken,
//! thinned), the flit moves of each cycle run, the message times set, the
//! phases finished and, with the last one, the run's [`Ending`]. Its bytes
//! ([`Chunk::to_bytes`]) are the book's varints (`varint.rs`) with the
//! checkpoints' own bytes inside as they are (already encoded and
//! deflated); reading them back ([`Chunk::from_bytes`]) checks every
//! length against what is left, so bytes that are not a chunk are an
//! error, never a panic or a huge allocation.

use super::Outcome;
use super::checkpoint::Times;
use super::checkpoint_store::StoreOp;
use super::simulator::Simulator;
use super::stats::LinkStats;
use super::varint::Writer;
use super::watchdog::{Deadlock, DeadlockWait};

/// A finished run's figures.
#[derive(Clone, Debug, PartialEq)]
pub struct Ending {
    /// Each channel's figures over the whole run.
    pub(super) links: Vec<LinkStats>,
    /// Links by the flits they carried over the run, busiest first.
    pub(super) by_load: Vec<u32>,
    pub(super) outcome: Outcome,
    /// Messages delivered by the end.
    pub(super) delivered: usize,
}

impl Ending {
    /// The figures of `sim`'s run, which is over.
    pub(super) fn of(sim: &Simulator) -> Ending {
        let e = &sim.engine;
        let links = e.link_stats();
        let mut by_load: Vec<u32> = (0..e.fab.links() as u32).collect();
        crate::sorting::sort_by_u64(&mut by_load, |&c| u64::MAX - links[c as usize].busy);
        Ending {
            links,
            by_load,
            outcome: sim.outcome(),
            delivered: e.src.delivered,
        }
    }
}

/// What a run simulated while it is watched adds to its film
/// ([`super::FilmRun::chunk`], [`super::Film::absorb`]): the checkpoints
/// taken (and thinned), the flit moves of the cycles run, the message
/// times set, the phases finished, and, at the end, the run's figures.
pub struct Chunk {
    pub(super) ops: Vec<StoreOp>,
    pub(super) activity: Vec<u16>,
    pub(super) times: Vec<(u32, Times)>,
    pub(super) marks: Vec<u64>,
    pub(super) peak: u64,
    pub(super) end: Option<Ending>,
}

impl Chunk {
    /// Whether this is the run's last chunk (it carries the run's figures).
    pub fn is_last(&self) -> bool {
        self.end.is_some()
    }

    /// Cycles of the run this chunk adds.
    pub fn cycles(&self) -> usize {
        self.activity.len()
    }

    /// The chunk as bytes, for a message from a worker.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut w = Writer::default();
        w.u(self.ops.len() as u64);
        for op in &self.ops {
            op.write(&mut w);
        }
        write_tail(
            &mut w,
            &self.activity,
            &self.times,
            &self.marks,
            self.peak,
            self.end.as_ref(),
        );
        w.bytes
    }

    /// What [`Chunk::to_bytes`] wrote, or why `bytes` are not a chunk.
    pub fn from_bytes(bytes: &[u8]) -> Result<Chunk, String> {
        let mut r = In::new(bytes);
        let n = r.count()?;
        let ops = (0..n)
            .map(|_| StoreOp::read(&mut r))
            .collect::<Result<_, _>>()?;
        let n = r.count()?;
        let activity = (0..n)
            .map(|_| r.u().map(|a| a.min(u16::MAX as u64) as u16))
            .collect::<Result<_, _>>()?;
        let n = r.count()?;
        let mut times = Vec::with_capacity(n);
        for _ in 0..n {
            let i = r.u32()?;
            let mut raw = [0u32; 3];
            for x in &mut raw {
                *x = (r.u32()? as u64 + u32::MAX as u64) as u32;
            }
            times.push((i, Times::from_raw(raw)));
        }
        let n = r.count()?;
        let marks = (0..n).map(|_| r.u()).collect::<Result<_, _>>()?;
        let peak = r.u()?;
        let end = match r.u()? {
            0 => None,
            1 => Some(read_ending(&mut r)?),
            k => return Err(format!("a chunk's end is marked {k}, not 0 or 1")),
        };
        r.done()?;
        Ok(Chunk {
            ops,
            activity,
            times,
            marks,
            peak,
            end,
        })
    }
}

/// A chunk's bytes after its operations: also the last part of a whole
/// film kept on disk.
pub(super) fn write_tail(
    w: &mut Writer,
    activity: &[u16],
    times: &[(u32, Times)],
    marks: &[u64],
    peak: u64,
    end: Option<&Ending>,
) {
    w.u(activity.len() as u64);
    activity.iter().for_each(|&a| w.u(a as u64));
    w.u(times.len() as u64);
    for (i, t) in times {
        w.u(*i as u64);
        // "Never" (u32::MAX) is written as 0, every time t as t + 1.
        t.raw()
            .iter()
            .for_each(|&x| w.u((x as u64 + 1) & u32::MAX as u64));
    }
    w.u(marks.len() as u64);
    marks.iter().for_each(|&m| w.u(m));
    w.u(peak);
    match end {
        None => w.u(0),
        Some(end) => {
            w.u(1);
            write_ending(w, end);
        }
    }
}

fn write_ending(w: &mut Writer, e: &Ending) {
    w.u(e.links.len() as u64);
    for l in &e.links {
        w.u(l.busy);
        w.u(l.blocked);
    }
    w.u(e.by_load.len() as u64);
    e.by_load.iter().for_each(|&c| w.u(c as u64));
    w.u(e.delivered as u64);
    match &e.outcome {
        Outcome::Completed => w.u(0),
        Outcome::Timeout { limit } => {
            w.u(1);
            w.u(*limit);
        }
        Outcome::Deadlock(d) => {
            w.u(2);
            w.u(d.cycle);
            w.u(d.waits.len() as u64);
            for x in &d.waits {
                w.u(x.packet as u64);
                w.u(x.src as u64);
                w.u(x.dst as u64);
                w.u(x.reason.len() as u64);
                w.bytes.extend_from_slice(x.reason.as_bytes());
            }
        }
    }
}

fn read_ending(r: &mut In) -> Result<Ending, String> {
    let n = r.count()?;
    let links = (0..n)
        .map(|_| {
            Ok(LinkStats {
                busy: r.u()?,
                blocked: r.u()?,
            })
        })
        .collect::<Result<_, String>>()?;
    let n = r.count()?;
    let by_load = (0..n).map(|_| r.u32()).collect::<Result<_, _>>()?;
    let delivered = r.u()? as usize;
    let outcome = match r.u()? {
        0 => Outcome::Completed,
        1 => Outcome::Timeout { limit: r.u()? },
        2 => {
            let cycle = r.u()?;
            let n = r.count()?;
            let mut waits = Vec::with_capacity(n);
            for _ in 0..n {
                let (packet, src, dst) = (r.u32()?, r.u()? as usize, r.u()? as usize);
                let len = r.count()?;
                let reason = String::from_utf8(r.bytes(len)?.to_vec())
                    .map_err(|_| "a deadlock's reason is not UTF-8".to_string())?;
                waits.push(DeadlockWait {
                    packet,
                    src,
                    dst,
                    reason,
                });
            }
            Outcome::Deadlock(Deadlock { cycle, waits })
        }
        k => return Err(format!("a run's outcome is marked {k}")),
    };
    Ok(Ending {
        links,
        by_load,
        outcome,
        delivered,
    })
}

/// Reads varints with every length checked (see the module docs).
pub(crate) struct In<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> In<'a> {
    pub fn new(bytes: &'a [u8]) -> In<'a> {
        In { bytes, at: 0 }
    }

    /// A varint of at most 64 bits.
    pub fn u(&mut self) -> Result<u64, String> {
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let b = *self.bytes.get(self.at).ok_or("a chunk ends too soon")?;
            self.at += 1;
            v |= ((b & 0x7f) as u64) << shift;
            if b < 0x80 {
                return Ok(v);
            }
        }
        Err("a number in a chunk is too long".into())
    }

    /// A varint that fits 32 bits.
    pub fn u32(&mut self) -> Result<u32, String> {
        u32::try_from(self.u()?).map_err(|_| "a number in a chunk is too large".to_string())
    }

    /// A count of things each at least a byte long: never more than the
    /// bytes left (so no huge allocation from bad bytes).
    pub fn count(&mut self) -> Result<usize, String> {
        let n = self.u()?;
        if n > (self.bytes.len() - self.at) as u64 {
            return Err(format!(
                "a chunk counts {n} items in {} bytes",
                self.bytes.len() - self.at
            ));
        }
        Ok(n as usize)
    }

    /// `n` raw bytes.
    pub fn bytes(&mut self, n: usize) -> Result<&'a [u8], String> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or("a chunk ends too soon")?;
        let out = &self.bytes[self.at..end];
        self.at = end;
        Ok(out)
    }

    /// Bytes read so far.
    pub fn at(&self) -> usize {
        self.at
    }

    /// Checks that nothing is left over.
    pub fn done(&self) -> Result<(), String> {
        if self.at == self.bytes.len() {
            Ok(())
        } else {
            Err(format!(
                "{} bytes are left over after a chunk",
                self.bytes.len() - self.at
            ))
        }
    }
}
