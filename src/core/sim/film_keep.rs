//! A finished [`Film`] kept on disk: its bytes, a piece at a time
//! ([`Film::pieces`]), and the film opened from them again
//! ([`Film::open`]), every part checked.

use super::super::checkpoint::Times;
use super::super::checkpoint_store::StoreOp;
use super::super::film_chunk::write_tail;
use super::super::simulator::Simulator;
use super::super::varint::Writer;
use super::super::{SimConfig, Traffic};
use super::{Chunk, Film};
use crate::fnv::{Fnv64, Unsealed, unseal};
use crate::net::TopologySpec;

/// The first bytes of a film kept on disk: the format's name and number.
const FILM_MAGIC: &[u8; 8] = b"cbfilm01";

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
    /// never holds a second copy of it: a check word, the whole film in a
    /// chunk's form (every checkpoint, one a piece; then each cycle's flit
    /// moves, the message times, the phases and the run's figures), and
    /// an FNV-1a hash of it. `None` while the run is still being simulated.
    pub fn pieces(&self) -> Option<FilmPieces<'_>> {
        self.is_complete().then_some(FilmPieces {
            film: self,
            next: 0,
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
        let body = unseal(bytes, FILM_MAGIC).map_err(|e| match e {
            Unsealed::NotOurs => "the file is not a film of this book",
            Unsealed::Damaged => "the film's file is damaged",
        })?;
        let chunk = Chunk::from_bytes(body)?;
        let replay = Simulator::new(spec, cfg, traffic).map_err(|e| e.to_string())?;
        let film = Film::watched(spec, replay);
        film.check(&chunk)?;
        if !chunk.is_last() {
            return Err("the film's file holds only part of the run".into());
        }
        film.absorb(chunk);
        Ok(film)
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

/// A finished film's bytes, a piece at a time ([`Film::pieces`]).
pub struct FilmPieces<'a> {
    film: &'a Film,
    /// 0: the check word, 1: the number of checkpoints, then the
    /// checkpoints, the rest, the hash.
    next: usize,
    hash: Fnv64,
}

impl FilmPieces<'_> {
    /// The next piece, `None` after the last.
    pub fn next_piece(&mut self) -> Option<Vec<u8>> {
        let reel = self.film.reel.borrow();
        let count = reel.checkpoints.len();
        let k = self.next;
        self.next += 1;
        let mut w = Writer::default();
        match k {
            0 => return Some(FILM_MAGIC.to_vec()),
            1 => w.u(count as u64),
            k if k < 2 + count => reel.checkpoints.write_one(k - 2, &mut w),
            k if k == 2 + count => {
                let times: Vec<(u32, Times)> = (0..reel.times.len() as u32)
                    .zip(&reel.times)
                    .filter(|(_, t)| **t != Times::UNKNOWN)
                    .map(|(i, t)| (i, *t))
                    .collect();
                let marks: Vec<u64> = reel.phase_marks.iter().map(|&m| m as u64).collect();
                let (activity, peak, end) = (&reel.activity, reel.peak, reel.end.as_ref());
                write_tail(&mut w, activity, &times, &marks, peak, end);
            }
            k if k == 3 + count => return Some(self.hash.finish().to_le_bytes().to_vec()),
            _ => return None,
        }
        self.hash.update(&w.bytes);
        Some(w.bytes)
    }
}
