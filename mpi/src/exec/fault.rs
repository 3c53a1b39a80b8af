//! Faults injected on purpose, so the tests can prove that a corrupted
//! byte is reported and a stuck phase aborts: `--corrupt RANK:PHASE` flips
//! the middle byte of the first payload RANK sends in PHASE; `--stall
//! RANK:PHASE` makes RANK sit out PHASE without posting anything. Phases
//! are numbered from 1, as in every report.

use serde::{Deserialize, Serialize};

/// A rank and a phase, `RANK:PHASE` on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct At {
    pub rank: u32,
    pub phase: usize,
}

impl At {
    /// Reads `RANK:PHASE` for option `name`.
    pub fn parse(name: &str, text: &str) -> Result<At, String> {
        let bad = || {
            format!("--{name} takes RANK:PHASE, a rank and a phase numbered from 1 (got {text})")
        };
        let (r, k) = text.split_once(':').ok_or_else(bad)?;
        let rank = r.trim().parse().map_err(|_| bad())?;
        let phase = k.trim().parse().map_err(|_| bad())?;
        if phase == 0 {
            return Err(bad());
        }
        Ok(At { rank, phase })
    }

    /// Whether this is rank `rank` in phase `phase`.
    pub fn is(&self, rank: u32, phase: usize) -> bool {
        self.rank == rank && self.phase == phase
    }
}

/// Flips every bit of the middle byte of a payload (nothing to flip in an
/// empty one).
pub fn flip(bytes: &mut [u8]) {
    let mid = bytes.len() / 2;
    if let Some(b) = bytes.get_mut(mid) {
        *b ^= 0xff;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_rank_and_phase() {
        assert_eq!(At::parse("corrupt", "3:2"), Ok(At { rank: 3, phase: 2 }));
        assert!(
            At::parse("corrupt", "3")
                .unwrap_err()
                .contains("RANK:PHASE")
        );
        assert!(At::parse("stall", "1:0").is_err());
        assert!(At::parse("stall", "x:1").is_err());
        let mut b = [1u8, 2, 3];
        flip(&mut b);
        assert_eq!(b, [1, !2, 3]);
        flip(&mut []);
    }
}
