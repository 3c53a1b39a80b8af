//! Checking a rank's bytes after a run, outside the timed phases.
//!
//! Every message to this rank must be covered exactly once by the pieces
//! delivered into it, and every delivered byte must be the pattern's
//! byte for its (origin, destination, offset); every piece the rank kept
//! to relay is checked the same way, so a corruption is reported where it
//! was first seen as well as where it ends.

use super::problem::Problem;
use super::store::{Delivery, Store};
use crate::pattern;
use commbook_core::sorting::sort_by_u64;

/// Everything wrong with `store`'s bytes, besides the problems it recorded
/// while running.
pub fn check(store: &Store) -> Vec<Problem> {
    let me = store.rank;
    let mut problems = store.problems.clone();
    let mut deliveries: Vec<&Delivery> = store.deliveries.iter().collect();
    sort_by_u64(&mut deliveries, |d| d.phase as u64);
    sort_by_u64(&mut deliveries, |d| d.piece.offset);
    for (&origin, &(start, bytes)) in &store.inbox.index {
        // A piece that left again and came back counts once, as it came
        // back (its bytes in the inbox are the last arrival's).
        let mut kept: Vec<&Delivery> = Vec::new();
        for &d in deliveries.iter().filter(|d| d.piece.origin == origin) {
            if let Some(prev) = kept.last()
                && prev.piece == d.piece
                && store.left_between(prev.piece, prev.phase, d.phase)
            {
                kept.pop();
            }
            kept.push(d);
        }
        let mut next = 0u64;
        for d in kept {
            let p = d.piece;
            if p.offset > next {
                problems.push(Problem::Missing {
                    rank: me,
                    origin,
                    offset: next,
                    len: p.offset - next,
                });
            } else if p.offset < next {
                problems.push(Problem::Twice {
                    rank: me,
                    phase: d.phase,
                    from: d.from,
                    origin,
                    offset: p.offset,
                    len: (next - p.offset).min(p.len),
                });
            }
            next = next.max(p.offset + p.len);
            let at = start + p.offset as usize;
            let got = &store.inbox.buf[at..at + p.len as usize];
            problems.extend(corrupt(
                me, d.phase, d.from, p.origin, p.dest, p.offset, got,
            ));
        }
        if next < bytes {
            problems.push(Problem::Missing {
                rank: me,
                origin,
                offset: next,
                len: bytes - next,
            });
        }
    }
    for r in &store.relays {
        let p = r.piece;
        let got = &store.staging[r.staging][r.pos..r.pos + p.len as usize];
        problems.extend(corrupt(
            me, r.phase, r.from, p.origin, p.dest, p.offset, got,
        ));
    }
    problems
}

/// The first wrong byte of a piece, with how many are wrong.
fn corrupt(
    rank: u32,
    phase: usize,
    from: u32,
    origin: u32,
    dest: u32,
    offset: u64,
    got: &[u8],
) -> Option<Problem> {
    let first = pattern::first_mismatch(origin, dest, offset, got)?;
    let mut expect = vec![0u8; got.len() - first];
    pattern::fill(origin, dest, offset + first as u64, &mut expect);
    let bad = got[first..]
        .iter()
        .zip(&expect)
        .filter(|(a, b)| a != b)
        .count();
    Some(Problem::Corrupt {
        rank,
        phase,
        from,
        origin,
        dest,
        offset: offset + first as u64,
        expected: expect[0],
        got: got[first],
        bad_bytes: bad as u64,
    })
}
