//! What can go wrong with the bytes of a run, each with the rank that saw
//! it, the phase, the rank it came from and the offset, as a sentence and
//! as JSON (`"kind": "corrupt"`, …).

use crate::plan::Piece;
use serde::{Deserialize, Serialize};
use std::fmt;

/// One thing wrong, seen by `rank`. Phases are numbered from 1.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Problem {
    /// A received byte differs from the pattern.
    Corrupt {
        rank: u32,
        phase: usize,
        from: u32,
        origin: u32,
        dest: u32,
        /// The first wrong byte's offset in the message origin → dest.
        offset: u64,
        expected: u8,
        got: u8,
        /// Wrong bytes in the same piece.
        bad_bytes: u64,
    },
    /// Bytes of a message that never arrived.
    Missing {
        rank: u32,
        origin: u32,
        offset: u64,
        len: u64,
    },
    /// Bytes of a message that arrived more than once.
    Twice {
        rank: u32,
        phase: usize,
        from: u32,
        origin: u32,
        offset: u64,
        len: u64,
    },
    /// A payload shorter than the plan says.
    Short {
        rank: u32,
        phase: usize,
        from: u32,
        expected: u64,
        got: u64,
    },
    /// A piece for this rank that is no message of the run.
    Unexpected {
        rank: u32,
        phase: usize,
        from: u32,
        piece: Piece,
    },
    /// A piece this rank had to send on but never received.
    NotHeld {
        rank: u32,
        phase: usize,
        piece: Piece,
    },
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Corrupt {
                rank,
                phase,
                from,
                origin,
                dest,
                offset,
                expected,
                got,
                bad_bytes,
            } => {
                let via = if from == origin {
                    String::new()
                } else {
                    ", which relayed it".to_string()
                };
                write!(
                    f,
                    "rank {rank}, phase {phase}: corrupt byte from rank {from}{via}: offset {offset} of message {origin} → {dest} is 0x{got:02x}, expected 0x{expected:02x} ({bad_bytes} wrong byte{} in that piece)",
                    if *bad_bytes == 1 { "" } else { "s" }
                )
            }
            Problem::Missing {
                rank,
                origin,
                offset,
                len,
            } => write!(
                f,
                "rank {rank}: bytes {offset}..{} of message {origin} → {rank} never arrived",
                offset + len
            ),
            Problem::Twice {
                rank,
                phase,
                from,
                origin,
                offset,
                len,
            } => write!(
                f,
                "rank {rank}, phase {phase}: bytes {offset}..{} of message {origin} → {rank} arrived again, from rank {from}",
                offset + len
            ),
            Problem::Short {
                rank,
                phase,
                from,
                expected,
                got,
            } => write!(
                f,
                "rank {rank}, phase {phase}: {got} bytes came from rank {from}, expected {expected}"
            ),
            Problem::Unexpected {
                rank,
                phase,
                from,
                piece,
            } => write!(
                f,
                "rank {rank}, phase {phase}: rank {from} sent bytes {}..{} of {} → {}, which is no message of this run",
                piece.offset,
                piece.offset + piece.len,
                piece.origin,
                piece.dest
            ),
            Problem::NotHeld { rank, phase, piece } => write!(
                f,
                "rank {rank}, phase {phase}: must send on bytes {}..{} of {} → {} but never received them",
                piece.offset,
                piece.offset + piece.len,
                piece.origin,
                piece.dest
            ),
        }
    }
}
