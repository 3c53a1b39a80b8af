//! A film's checkpoints, encoded ([`super::checkpoint_codec`]) and
//! deflated, with the counters kept as keyframes and differences.
//!
//! Checkpoint k's counters (each channel's flits carried and cycles
//! blocked, the round-robin pointers, the queue positions, …) are stored
//! as differences from checkpoint k − 1's, except at a keyframe (every
//! [`KEYFRAME_EVERY`]-th checkpoint), where they are differences from
//! zero. Between two checkpoints a channel carries some tens of flits, so
//! a difference takes a byte where the count itself takes three, and the
//! many that did not change take nothing (a run of zeros is two bytes).
//! Restoring checkpoint k adds up the differences from its keyframe, at
//! most [`KEYFRAME_EVERY`] − 1 steps, a fraction of a millisecond on the
//! 1,024-node fat tree. Dropping every other checkpoint (the film's
//! budget, [`super::film`]) writes the kept ones' differences again.
//!
//! Both parts are then deflated (RFC 1951, by `miniz_oxide`): the
//! encoding leaves repeated patterns (empty ports, runs of one-byte
//! differences, similar packets) that deflate halves — on the fat tree a
//! checkpoint goes from about 50 KB encoded to 31 KB, so twice as many
//! fit the budget. Inflating one costs about 0.1 ms natively. The finished
//! run's message times are summarised per block ([`block_spans`]) so a
//! restore reads only the blocks of messages whose times it crosses.

use super::checkpoint::{Times, block_spans};
use super::checkpoint_codec::{counters, decode, encode, rising, set_counters};
use super::engine::Engine;
use super::film_chunk::In;
use super::varint::{Reader, Writer};
use crate::rng::Rng;

/// Deflates `raw` after its length (at level 2: 7 % smaller than at 1,
/// at 6 only 3 % more, for twice the time).
fn pack(raw: &[u8]) -> Box<[u8]> {
    let mut w = Writer::default();
    w.u(raw.len() as u64);
    w.bytes
        .extend_from_slice(&miniz_oxide::deflate::compress_to_vec(raw, 2));
    w.bytes.into()
}

/// What [`pack`] packed.
fn unpack(packed: &[u8]) -> Vec<u8> {
    let mut r = Reader::new(packed);
    let mut out = vec![0; r.u() as usize];
    let data = &packed[r.at()..];
    let inflated = miniz_oxide::inflate::decompress_slice_iter_to_slice(
        &mut out,
        [data].into_iter(),
        false,
        true,
    )
    .expect("what the film deflated inflates");
    debug_assert_eq!(inflated, out.len());
    out
}

/// Checkpoints from one keyframe to the next: a keyframe's counters
/// deflate to about 35 KB on the fat tree, a difference's to 9 KB.
pub(crate) const KEYFRAME_EVERY: usize = 8;

/// One checkpoint: the engine's state at a cycle boundary, less what the
/// finished run's message times restore ([`super::checkpoint`]).
#[derive(Clone)]
pub(crate) struct Checkpoint {
    /// Cycles completed.
    pub now: u64,
    /// The counters, as differences (see the module docs).
    counters: Box<[u8]>,
    /// The rest of the state ([`encode`]); empty in a watched run's own
    /// store once handed to the film (which alone restores it).
    rest: Box<[u8]>,
    /// The length of `rest` as taken (what the budget counts).
    rest_len: usize,
    rng: Rng,
}

impl Checkpoint {
    /// Its bytes in memory.
    fn weight(&self) -> usize {
        std::mem::size_of::<Checkpoint>() + self.counters.len() + self.rest_len
    }
}

/// What a running film did to its checkpoints, for a film that is being
/// watched while it is simulated ([`super::film::Film::absorb`]): the
/// same operations in the same order leave the two stores equal.
#[derive(Clone)]
pub(crate) enum StoreOp {
    /// A checkpoint taken, with the phase marks set since the last one
    /// and the shape of its counters.
    Take {
        cp: Checkpoint,
        marks: Vec<u64>,
        width: usize,
        rising: usize,
    },
    /// Every other checkpoint dropped.
    Thin,
}

impl StoreOp {
    /// The operation as bytes ([`super::film_chunk`]).
    pub fn write(&self, w: &mut Writer) {
        match self {
            StoreOp::Thin => w.u(0),
            StoreOp::Take {
                cp,
                marks,
                width,
                rising,
            } => write_take(w, cp, marks, *width, *rising),
        }
    }

    /// What [`StoreOp::write`] wrote.
    pub fn read(r: &mut In) -> Result<StoreOp, String> {
        match r.u()? {
            0 => Ok(StoreOp::Thin),
            1 => {
                let now = r.u()?;
                let mut s = [0u64; 4];
                for x in &mut s {
                    *x = r.u()?;
                }
                let mut part = || -> Result<Box<[u8]>, String> {
                    let n = r.count()?;
                    Ok(r.bytes(n)?.into())
                };
                let (counters, rest) = (part()?, part()?);
                let n = r.count()?;
                let marks = (0..n).map(|_| r.u()).collect::<Result<_, _>>()?;
                let (width, rising) = (r.u()? as usize, r.u()? as usize);
                if rising > width {
                    return Err("a checkpoint's counters do not add up".into());
                }
                Ok(StoreOp::Take {
                    cp: Checkpoint {
                        now,
                        counters,
                        rest_len: rest.len(),
                        rest,
                        rng: Rng::from_state(s),
                    },
                    marks,
                    width,
                    rising,
                })
            }
            k => Err(format!("a checkpoint operation is marked {k}")),
        }
    }
}

/// A [`StoreOp::Take`] as bytes.
fn write_take(w: &mut Writer, cp: &Checkpoint, marks: &[u64], width: usize, rising: usize) {
    w.u(1);
    w.u(cp.now);
    cp.rng.state().iter().for_each(|&x| w.u(x));
    for part in [&cp.counters, &cp.rest] {
        w.u(part.len() as u64);
        w.bytes.extend_from_slice(part);
    }
    w.u(marks.len() as u64);
    marks.iter().for_each(|&m| w.u(m));
    w.u(width as u64);
    w.u(rising as u64);
}

/// The checkpoints of one run, in order of their cycle.
pub(crate) struct Checkpoints {
    list: Vec<Checkpoint>,
    /// The last checkpoint's counters, from which the next one's
    /// differences are taken (dropped once the run is over).
    last: Vec<u64>,
    /// The run's phase marks so far: each checkpoint's are a prefix.
    marks: Vec<u64>,
    /// The finished run's [`block_spans`], once it is over.
    spans: Vec<(u32, u32)>,
    /// Counters per checkpoint, and how many of them only grow.
    width: usize,
    rising: usize,
    /// What was done since [`Checkpoints::drain`] last took it, while a
    /// film is watched as it is simulated.
    journal: Option<Vec<StoreOp>>,
}

impl Checkpoints {
    /// The checkpoints of a run, the first taken from `e`.
    pub fn new(e: &Engine) -> Checkpoints {
        let mut c = Checkpoints {
            list: Vec::new(),
            last: Vec::new(),
            marks: Vec::new(),
            spans: Vec::new(),
            width: 0,
            rising: 0,
            journal: None,
        };
        c.take(e);
        c
    }

    /// An empty store that a watched film fills by [`Checkpoints::apply`],
    /// with spans for `messages` messages that widen as their times come.
    pub fn empty(messages: usize) -> Checkpoints {
        Checkpoints {
            list: Vec::new(),
            last: Vec::new(),
            marks: Vec::new(),
            spans: vec![(u32::MAX, 0); messages.div_ceil(super::checkpoint::BLOCK)],
            width: 0,
            rising: 0,
            journal: None,
        }
    }

    /// Keeps a journal of what is done from now on; called on a new
    /// store, whose first checkpoint is the journal's first entry.
    pub fn keep_journal(&mut self) {
        debug_assert_eq!(
            self.list.len(),
            1,
            "a journal starts with the first checkpoint"
        );
        let ops = self
            .list
            .iter()
            .map(|cp| StoreOp::Take {
                cp: cp.clone(),
                marks: self.marks.clone(),
                width: self.width,
                rising: self.rising,
            })
            .collect();
        for cp in &mut self.list {
            cp.rest = Box::default();
        }
        self.journal = Some(ops);
    }

    /// What was done since the last call.
    pub fn drain(&mut self) -> Vec<StoreOp> {
        self.journal
            .as_mut()
            .map(std::mem::take)
            .unwrap_or_default()
    }

    /// Checkpoint `k` as the operation that would take it again (in
    /// [`StoreOp::write`]'s bytes; the first carries every phase mark):
    /// how a finished film is kept on disk, a checkpoint at a time.
    pub fn write_one(&self, k: usize, w: &mut Writer) {
        let marks = if k == 0 { &self.marks[..] } else { &[] };
        write_take(w, &self.list[k], marks, self.width, self.rising);
    }

    /// Does what another store did ([`Checkpoints::drain`]).
    pub fn apply(&mut self, op: StoreOp) {
        match op {
            StoreOp::Take {
                cp,
                marks,
                width,
                rising,
            } => {
                self.marks.extend_from_slice(&marks);
                (self.width, self.rising) = (width, rising);
                self.list.push(cp);
            }
            StoreOp::Thin => self.thin(),
        }
    }

    /// A message's times became known (a watched film): its block's span
    /// takes them in.
    pub fn widen(&mut self, i: usize, t: &Times) {
        if let Some(span) = self.spans.get_mut(i / super::checkpoint::BLOCK) {
            *span = super::checkpoint::widen(*span, t);
        }
    }

    /// Takes a checkpoint of `e`, after the others.
    pub fn take(&mut self, e: &Engine) {
        let cur = counters(e);
        let key = self.list.len().is_multiple_of(KEYFRAME_EVERY);
        self.width = cur.len();
        self.rising = rising(e);
        let m = &e.src.phase_marks;
        let new_marks = &m[self.marks.len().min(m.len())..];
        self.marks.extend_from_slice(new_marks);
        let rest = pack(&encode(e));
        let mut cp = Checkpoint {
            now: e.now,
            counters: self.write(&cur, if key { &[] } else { &self.last }),
            rest_len: rest.len(),
            rest,
            rng: e.rng.clone(),
        };
        if let Some(j) = &mut self.journal {
            // The film restores from its own copy; this store keeps what
            // thinning and the budget need (the counters, the sizes).
            let sent = Checkpoint {
                counters: cp.counters.clone(),
                rest: std::mem::take(&mut cp.rest),
                rng: cp.rng.clone(),
                ..cp
            };
            j.push(StoreOp::Take {
                cp: sent,
                marks: new_marks.to_vec(),
                width: self.width,
                rising: self.rising,
            });
        }
        self.list.push(cp);
        self.last = cur;
    }

    /// Counters `cur` as differences from `prev` (zeros if empty).
    fn write(&self, cur: &[u64], prev: &[u64]) -> Box<[u8]> {
        let mut w = Writer::default();
        let k = self.rising;
        w.diffs(&cur[..k], &prev[..k.min(prev.len())], false);
        w.diffs(&cur[k..], prev.get(k..).unwrap_or(&[]), true);
        pack(&w.bytes)
    }

    /// Adds the differences [`Checkpoints::write`] wrote to `acc`.
    fn read(&self, bytes: &[u8], acc: &mut [u64]) {
        let bytes = unpack(bytes);
        let mut r = Reader::new(&bytes);
        let (up, other) = acc.split_at_mut(self.rising);
        r.add_diffs(up, false);
        r.add_diffs(other, true);
    }

    /// Drops every other checkpoint (the first stays), writing the kept
    /// ones' differences again.
    pub fn thin(&mut self) {
        if let Some(j) = &mut self.journal {
            j.push(StoreOp::Thin);
        }
        let old = std::mem::take(&mut self.list);
        let mut acc = vec![0u64; self.width];
        let mut kept = Vec::new();
        for (j, mut cp) in old.into_iter().enumerate() {
            if j.is_multiple_of(KEYFRAME_EVERY) {
                acc.fill(0);
            }
            self.read(&cp.counters, &mut acc);
            if j % 2 == 1 {
                continue;
            }
            let key = self.list.len().is_multiple_of(KEYFRAME_EVERY);
            cp.counters = self.write(&acc, if key { &[] } else { &kept });
            kept.clone_from(&acc);
            self.list.push(cp);
        }
        self.last = kept;
    }

    /// The run is over, with these `times`: no more checkpoints will be
    /// taken, and restores may skip messages by their times' spans.
    pub fn close(&mut self, times: &[Times]) {
        self.last = Vec::new();
        self.spans = block_spans(times);
    }

    /// Checkpoints kept.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// The bytes they hold, encoded, with what is kept beside them.
    pub fn weight(&self) -> usize {
        self.list.iter().map(Checkpoint::weight).sum::<usize>()
            + 8 * (self.last.capacity() + self.marks.capacity() + self.spans.capacity())
    }

    /// The mean bytes of the last keyframe's worth of checkpoints.
    pub fn recent_size(&self) -> usize {
        let recent = &self.list[self.list.len().saturating_sub(KEYFRAME_EVERY)..];
        let bytes: usize = recent.iter().map(Checkpoint::weight).sum();
        bytes / recent.len().max(1)
    }

    /// The cycle of checkpoint `k`.
    pub fn now(&self, k: usize) -> u64 {
        self.list[k].now
    }

    /// The last checkpoint at or before cycle boundary `at`.
    pub fn nearest(&self, at: u64) -> usize {
        self.list.partition_point(|c| c.now <= at).max(1) - 1
    }

    /// Every checkpoint as the operations that would take them again (the
    /// first with every phase mark): a group of checkpoints on disk
    /// ([`super::spill`]), read back by [`Checkpoints::read_all`].
    pub fn write_all(&self, w: &mut Writer) {
        (0..self.list.len()).for_each(|k| self.write_one(k, w));
    }

    /// The `n` checkpoints [`Checkpoints::write_all`] wrote, as a store of
    /// their own (without spans: a restore is given the film's).
    pub fn read_all(r: &mut In, n: usize) -> Result<Checkpoints, String> {
        let mut c = Checkpoints::empty(0);
        for _ in 0..n {
            match StoreOp::read(r)? {
                StoreOp::Thin => return Err("a group of checkpoints is thinned".into()),
                op => c.apply(op),
            }
        }
        Ok(c)
    }

    /// Puts `e` (built from the same traffic) in the state of checkpoint
    /// `k`, given every message's times in the finished run.
    pub fn restore(&self, k: usize, e: &mut Engine, times: &[Times]) {
        self.restore_spanned(k, e, times, &self.spans);
    }

    /// [`Checkpoints::restore`] with the times' block spans given (a group
    /// read from disk restores with its film's).
    pub fn restore_spanned(&self, k: usize, e: &mut Engine, times: &[Times], spans: &[(u32, u32)]) {
        let (from, in_play) = (e.now, e.in_play());
        let mut acc = vec![0u64; self.width];
        for cp in &self.list[k - k % KEYFRAME_EVERY..=k] {
            self.read(&cp.counters, &mut acc);
        }
        let cp = &self.list[k];
        e.now = cp.now;
        e.rng = cp.rng.clone();
        set_counters(e, &acc);
        let kept = decode(e, &unpack(&cp.rest));
        e.wake_all();
        e.restore_messages(&kept, &self.marks, times, from, &in_play, spans);
    }

    /// The film's block spans (for a group restored from disk).
    pub fn spans(&self) -> &[(u32, u32)] {
        &self.spans
    }

    /// Bytes of checkpoint `k`: (counters, the rest).
    #[cfg(test)]
    pub fn sizes(&self, k: usize) -> (usize, usize) {
        (self.list[k].counters.len(), self.list[k].rest.len())
    }
}

#[cfg(test)]
#[path = "checkpoint_tests.rs"]
mod tests;
