//! A finished [`Film`] kept on disk: its bytes, a piece at a time
//! ([`Film::pieces`]), and the film opened from them again, a piece at a
//! time too ([`FilmOpener`]; [`Film::open`] for bytes in one piece), every
//! part checked.
//!
//! The file is a check word, then pieces, each its length (a varint) and
//! its bytes, then a zero length and an FNV-1a hash of everything after
//! the check word. A piece is a [`Chunk`] (tag 0), as a film worker sends
//! them: the checkpoints eight at a time, each cycle's flit moves a
//! million cycles at a time, the message times 65,536 at a time, and last
//! the phases and the run's figures. A film with checkpoints on disk adds one piece (tag 1): the
//! folder they are in and their groups' heads, so that the film opened
//! again reads them as the first one did. Opening absorbs each piece as it
//! comes, so a film of a million messages (43 MB at 64 B) is never held
//! twice, once as bytes and once as a film: the page's memory stays what
//! simulating the run takes (the book's choice; the first format, read
//! whole, took the page to 241 MB for that film).

use super::super::checkpoint::Times;
use super::super::checkpoint_store::StoreOp;
use super::super::film_chunk::{In, write_tail};
use super::super::simulator::Simulator;
use super::super::varint::Writer;
use super::super::{SimConfig, Traffic};
use super::{Chunk, Film};
use crate::fnv::Fnv64;
use crate::net::TopologySpec;

/// The first bytes of a film kept on disk: the format's name and number.
const FILM_MAGIC: &[u8; 8] = b"cbfilm02";
/// Checkpoints in a piece (each about 32 KB on the 1,024-node fat tree).
const CHECKPOINTS_PER_PIECE: usize = 8;
/// Message times in a piece (about 10 bytes each).
const TIMES_PER_PIECE: usize = if cfg!(test) { 50 } else { 65_536 };
/// Cycles' flit moves in a piece (a varint each; the tests' films are
/// cut into several pieces of each kind too): the 1,024-node
/// all-to-all of 4 KB runs 14 M cycles, whose moves written as one piece
/// held the page's memory past 200 MB while the film was kept.
const CYCLES_PER_PIECE: usize = if cfg!(test) { 100 } else { 1 << 20 };
/// The longest piece a file may announce: far more than any piece
/// written, so that bad bytes cannot make the opener hold much.
const MAX_PIECE: u64 = 64 << 20;
const TAG_CHUNK: u8 = 0;
const TAG_DISK: u8 = 1;

/// Why bytes are not a film of this run: a file of another kind, a
/// damaged one, or one of another run.
const NOT_OURS: &str = "the file is not a film of this book";
const DAMAGED: &str = "the film's file is damaged";

impl Film {
    /// A finished film as bytes, to keep on disk and open again
    /// ([`Film::open`]): the pieces of [`Film::pieces`] end to end. `None`
    /// while the run is still being simulated.
    pub fn to_bytes(&self) -> Option<Vec<u8>> {
        let mut pieces = self.pieces()?;
        let mut out = Vec::new();
        while let Some(p) = pieces.next_piece() {
            out.extend_from_slice(&p);
        }
        Some(out)
    }

    /// A finished film's bytes a piece at a time, so that keeping a film
    /// never holds a second copy of it (see the module docs). `None`
    /// while the run is still being simulated.
    pub fn pieces(&self) -> Option<FilmPieces<'_>> {
        self.is_complete().then_some(FilmPieces {
            film: self,
            next: Part::Magic,
            hash: Fnv64::default(),
        })
    }

    /// The film that [`Film::to_bytes`] kept, of the run of `traffic` on
    /// `spec` under `cfg` (the caller keys films by their settings and the
    /// build); why not if the bytes are not a whole film of that run.
    pub fn open(
        spec: TopologySpec,
        cfg: &SimConfig,
        traffic: &Traffic,
        bytes: &[u8],
    ) -> Result<Film, String> {
        let mut opener = FilmOpener::new(spec, cfg, traffic)?;
        opener.feed(bytes)?;
        Ok(opener.finish()?.film)
    }

    /// Whether `chunk` fits this film: its messages, its channels, its
    /// checkpoints in order from cycle 0.
    fn check(&self, chunk: &Chunk) -> Result<(), String> {
        let reel = self.reel.borrow();
        let messages = reel.times.len();
        if chunk.times.iter().any(|&(i, _)| i as usize >= messages) {
            return Err(format!("the film names a message past its {messages}"));
        }
        let mut last =
            (reel.checkpoints.len() > 0).then(|| reel.checkpoints.now(reel.checkpoints.len() - 1));
        for op in &chunk.ops {
            if let StoreOp::Take { cp, .. } = op {
                let ok = match last {
                    None => cp.now == 0,
                    Some(l) => cp.now > l,
                };
                if !ok {
                    return Err("the film's checkpoints are out of order".into());
                }
                last = Some(cp.now);
            }
        }
        if let Some(end) = &chunk.end {
            let channels = self.replay.borrow().engine.busy.len();
            let links = self.fab.links();
            if end.links.len() != channels || end.by_load.iter().any(|&c| c as usize >= links) {
                return Err("the film's figures are not of this network".into());
            }
        }
        Ok(())
    }
}

/// Which piece [`FilmPieces`] writes next.
#[derive(Clone, Copy)]
enum Part {
    Magic,
    /// Checkpoints from this one on.
    Checkpoints(usize),
    /// Cycles' flit moves from this cycle on.
    Activity(usize),
    /// Message times from this message on.
    Times(usize),
    Disk,
    Last,
    Seal,
    Done,
}

/// A finished film's bytes, a piece at a time ([`Film::pieces`]).
pub struct FilmPieces<'a> {
    film: &'a Film,
    next: Part,
    hash: Fnv64,
}

impl FilmPieces<'_> {
    /// The next piece, `None` after the last.
    pub fn next_piece(&mut self) -> Option<Vec<u8>> {
        let reel = self.film.reel.borrow();
        let mut w = Writer::default();
        w.bytes.push(TAG_CHUNK);
        let (count, messages) = (reel.checkpoints.len(), reel.times.len());
        match self.next {
            Part::Magic => {
                self.next = Part::Checkpoints(0);
                return Some(FILM_MAGIC.to_vec());
            }
            Part::Checkpoints(k) => {
                let to = (k + CHECKPOINTS_PER_PIECE).min(count);
                w.u((to - k) as u64);
                (k..to).for_each(|i| reel.checkpoints.write_one(i, &mut w));
                write_tail(&mut w, &[], &[], &[], 0, None);
                self.next = if to < count {
                    Part::Checkpoints(to)
                } else {
                    Part::Activity(0)
                };
            }
            Part::Activity(from) => {
                let cycles = reel.activity.len();
                let to = (from + CYCLES_PER_PIECE).min(cycles);
                w.u(0);
                write_tail(&mut w, &reel.activity[from..to], &[], &[], 0, None);
                self.next = if to < cycles {
                    Part::Activity(to)
                } else {
                    Part::Times(0)
                };
            }
            Part::Times(from) => {
                let to = (from + TIMES_PER_PIECE).min(messages);
                let times: Vec<(u32, Times)> = (from..to)
                    .map(|i| (i as u32, reel.times[i]))
                    .filter(|(_, t)| *t != Times::UNKNOWN)
                    .collect();
                w.u(0);
                write_tail(&mut w, &[], &times, &[], 0, None);
                self.next = if to < messages {
                    Part::Times(to)
                } else {
                    Part::Disk
                };
            }
            Part::Disk => {
                self.next = Part::Last;
                drop(reel);
                w.bytes[0] = TAG_DISK;
                if !self.film.write_disk(&mut w) {
                    return self.next_piece();
                }
            }
            Part::Last => {
                let marks: Vec<u64> = reel.phase_marks.iter().map(|&m| m as u64).collect();
                w.u(0);
                write_tail(&mut w, &[], &[], &marks, reel.peak, reel.end.as_ref());
                self.next = Part::Seal;
            }
            Part::Seal => {
                self.hash.update(&[0]);
                self.next = Part::Done;
                let mut out = vec![0];
                out.extend_from_slice(&self.hash.finish().to_le_bytes());
                return Some(out);
            }
            Part::Done => return None,
        }
        let mut out = Writer::default();
        out.u(w.bytes.len() as u64);
        out.bytes.extend_from_slice(&w.bytes);
        self.hash.update(&out.bytes);
        Some(out.bytes)
    }
}

/// A film opened from the bytes [`Film::pieces`] wrote, fed in pieces of
/// any size as they are read ([`FilmOpener::feed`]).
pub struct FilmOpener {
    film: Film,
    hash: Fnv64,
    /// Bytes fed and not yet used, from `at` on.
    buf: Vec<u8>,
    at: usize,
    magic: bool,
    /// Whether the zero length that ends the pieces was read.
    sealed: bool,
    folder: Option<String>,
    fed: usize,
}

/// A film opened ([`FilmOpener::finish`]): the film, the folder its
/// checkpoints on disk are in (if it has any), and the file's size.
pub struct Opened {
    pub film: Film,
    pub folder: Option<String>,
    pub bytes: usize,
}

impl FilmOpener {
    /// An opener for the film of the run of `traffic` on `spec` under
    /// `cfg` (its engine built, as a watched film's).
    pub fn new(spec: TopologySpec, cfg: &SimConfig, traffic: &Traffic) -> Result<Self, String> {
        let replay = Simulator::new(spec, cfg, traffic).map_err(|e| e.to_string())?;
        Ok(FilmOpener {
            film: Film::watched(spec, replay),
            hash: Fnv64::default(),
            buf: Vec::new(),
            at: 0,
            magic: false,
            sealed: false,
            folder: None,
            fed: 0,
        })
    }

    /// Takes in the file's next bytes, absorbing every piece they
    /// complete; why not if they cannot be a film of this run. The hash is
    /// checked at the end ([`FilmOpener::finish`]), and a film whose hash
    /// fails is never shown.
    pub fn feed(&mut self, bytes: &[u8]) -> Result<(), String> {
        self.fed += bytes.len();
        if self.at > 0 {
            self.buf.drain(..self.at);
            self.at = 0;
        }
        self.buf.extend_from_slice(bytes);
        if !self.magic {
            let n = self.buf.len().min(FILM_MAGIC.len());
            if self.buf[..n] != FILM_MAGIC[..n] {
                return Err(NOT_OURS.into());
            }
            if n < FILM_MAGIC.len() {
                return Ok(());
            }
            (self.magic, self.at) = (true, n);
        }
        while !self.sealed {
            let mut r = In::new(&self.buf[self.at..]);
            let Ok(len) = r.u() else {
                // A length cut by the end of what was fed (or too long,
                // which finish reports).
                return Ok(());
            };
            if len > MAX_PIECE {
                return Err(DAMAGED.into());
            }
            let head = r.at();
            let end = self.at + head + len as usize;
            if end > self.buf.len() {
                return Ok(());
            }
            self.hash.update(&self.buf[self.at..end]);
            let piece = self.at + head..end;
            self.at = end;
            if len == 0 {
                self.sealed = true;
            } else {
                absorb(&self.film, &mut self.folder, &self.buf[piece])?;
            }
        }
        if self.buf.len() - self.at > 8 {
            return Err(DAMAGED.into());
        }
        Ok(())
    }

    /// The film, once every byte is in; why not if the file was not
    /// whole, or its hash fails.
    pub fn finish(self) -> Result<Opened, String> {
        if !self.magic {
            return Err(NOT_OURS.into());
        }
        let hash = &self.buf[self.at..];
        if !self.sealed || hash != self.hash.finish().to_le_bytes() {
            return Err(DAMAGED.into());
        }
        if !self.film.is_complete() {
            return Err("the film's file holds only part of the run".into());
        }
        Ok(Opened {
            film: self.film,
            folder: self.folder,
            bytes: self.fed,
        })
    }
}

/// One piece of a kept film's file, taken into `film` (the folder of its
/// checkpoints on disk into `folder`).
fn absorb(film: &Film, folder: &mut Option<String>, piece: &[u8]) -> Result<(), String> {
    if film.is_complete() {
        // Nothing follows the piece with the run's figures.
        return Err(DAMAGED.into());
    }
    let damaged = |why: String| format!("{DAMAGED} ({why})");
    match piece[0] {
        TAG_CHUNK => {
            let chunk = Chunk::from_bytes(&piece[1..]).map_err(damaged)?;
            film.check(&chunk)?;
            film.absorb(chunk);
        }
        TAG_DISK if folder.is_none() => {
            *folder = Some(film.read_disk(&piece[1..]).map_err(damaged)?);
        }
        _ => return Err(DAMAGED.into()),
    }
    Ok(())
}
