//! What global masking (GM) and compact global masking (CGM) share: the
//! iteration loop, the `sendl` / `recvl` masks of one iteration, and the
//! permutation an iteration ends with (paper 000, Figure 4 steps 1-4 and
//! Figure 6 step 2). The two algorithms differ only in how they search a
//! row (the crate-internal `RowSearch`).
//!
//! Each iteration starts with both masks at −1 (here [`NONE`]), claims at
//! most one message per row and at most one per receiver, and ends with a
//! partial permutation: `sendl(i)` is where `P_i` sends, `recvl(j)` whom
//! `P_j` hears from. A self-message `COM(i, i)` is claimed like any other
//! entry (it takes both of `P_i`'s slots), exactly as the figures do: they
//! do not single out the diagonal. We measured the alternative (the
//! diagonal as a free local copy): it brings n = 32, 4 ≤ d ≤ 24 of Table 4
//! closer but moves d = 31 (and n = 128, d = 127) 3 % away, while the
//! figures' reading keeps every cell within 3 %.

use super::Run;
use super::sink::Sink;
use crate::rng::Rng;
use crate::schedule::{Promise, Schedule, Transfer};

/// The empty mask entry, the paper's −1.
pub const NONE: u32 = u32::MAX;

/// The masks of one iteration, with the size of each claimed message.
pub(crate) struct Masks {
    // Boxed slices, not Vecs: indexing them needs no call to `Index`,
    // which opt-level "z" (the book's build) does not inline.
    pub sendl: Box<[u32]>,
    pub recvl: Box<[u32]>,
    bytes: Box<[u64]>,
    claimed: usize,
}

impl Masks {
    /// Masks for n processors, all −1.
    pub fn new(n: usize) -> Self {
        Masks {
            sendl: vec![NONE; n].into(),
            recvl: vec![NONE; n].into(),
            bytes: vec![0; n].into(),
            claimed: 0,
        }
    }

    /// Step 1 / 2a: every entry back to −1.
    pub fn clear(&mut self) {
        self.sendl.fill(NONE);
        self.recvl.fill(NONE);
        self.claimed = 0;
    }

    /// Claims the message `x → y` of `bytes` bytes.
    #[inline(always)]
    pub fn claim(&mut self, x: usize, y: u32, bytes: u64) {
        self.sendl[x] = y;
        self.recvl[y as usize] = x as u32;
        self.bytes[x] = bytes;
        self.claimed += 1;
    }

    /// Messages claimed in this iteration.
    pub fn claimed(&self) -> usize {
        self.claimed
    }

    /// Step 4 / 2d: the phase the masks describe, by sender.
    pub fn phase(&self) -> Vec<Transfer> {
        let mut out = Vec::with_capacity(self.claimed);
        out.extend(
            self.sendl
                .iter()
                .enumerate()
                .filter(|&(_, &y)| y != NONE)
                .map(|(x, &y)| Transfer::whole(x, y as usize, self.bytes[x])),
        );
        out
    }

    /// The permutation as `(sender, receiver)` pairs, by sender.
    pub fn pairs(&self) -> Vec<(usize, usize)> {
        self.phase().iter().map(|t| (t.src, t.dst)).collect()
    }
}

/// Events that open and close an iteration, common to GM and CGM.
pub trait IterationEvent: Sized {
    /// Iteration `iter` (1-based) starts at row `x`.
    fn start(iter: usize, x: usize) -> Self;
    /// Iteration `iter` ends with the permutation `pairs` (sender, receiver).
    fn end(iter: usize, pairs: Vec<(usize, usize)>) -> Self;
    /// The permutation, if this event closes an iteration.
    fn ended(&self) -> Option<&[(usize, usize)]>;
}

/// The permutations of a recorded run, one per iteration, in order.
pub fn permutations<E: IterationEvent>(events: &[E]) -> Vec<Vec<(usize, usize)>> {
    events
        .iter()
        .filter_map(|e| e.ended().map(<[_]>::to_vec))
        .collect()
}

/// The phases of a schedule as `(sender, receiver)` pairs, to hold against
/// [`permutations`].
pub fn phase_pairs(schedule: &Schedule) -> Vec<Vec<(usize, usize)>> {
    schedule
        .phases
        .iter()
        .map(|p| p.iter().map(|t| (t.src, t.dst)).collect())
        .collect()
}

/// How an algorithm searches one row for a message to claim.
pub(crate) trait RowSearch<E> {
    /// Called before the first row of every iteration.
    fn begin(&mut self) {}
    /// Visits row x: claims at most one message in `masks`, records the
    /// row's probes (closing its steps), and returns how many it made.
    fn visit<K: Sink<E>>(&mut self, masks: &mut Masks, x: usize, sink: &mut K) -> u64;
}

/// Iterations until `messages` are claimed: clear the masks, draw a start
/// row x, visit rows x, x + 1, … (mod n), send the permutation. Each
/// iteration claims at least one message (the first non-empty row visited
/// finds every receiver free), so the loop ends.
pub(crate) fn iterate<E, R, K>(
    search: &mut R,
    n: usize,
    messages: usize,
    rng: &mut Rng,
    sink: &mut K,
) -> Run
where
    E: IterationEvent,
    R: RowSearch<E>,
    K: Sink<E>,
{
    let mut masks = Masks::new(n);
    let mut left = messages;
    let mut phases = Vec::new();
    let mut probes = 0u64;
    while left > 0 {
        let iter = phases.len() + 1;
        masks.clear();
        search.begin();
        let mut x = rng.below(n);
        sink.emit(|| E::start(iter, x));
        sink.end_step();
        for _ in 0..n {
            probes += search.visit(&mut masks, x, sink);
            x = if x + 1 == n { 0 } else { x + 1 };
        }
        left -= masks.claimed();
        sink.emit(|| E::end(iter, masks.pairs()));
        sink.end_step();
        phases.push(masks.phase());
    }
    Run {
        schedule: Schedule {
            n,
            phases,
            promise: Promise {
                partial_permutation: true,
                link_disjoint: false,
            },
        },
        probes,
    }
}

/// A mask in the paper's notation: −1 for an empty entry.
pub fn as_paper(mask: &[u32]) -> Vec<i32> {
    mask.iter()
        .map(|&v| if v == NONE { -1 } else { v as i32 })
        .collect()
}

/// An index as the paper prints it, with a true minus sign for −1.
pub fn paper_int(v: i64) -> String {
    if v < 0 {
        format!("−{}", -v)
    } else {
        v.to_string()
    }
}

/// "0→5, 1→3, …" for captions, at most `max` pairs spelled out.
pub fn describe_pairs(pairs: &[(usize, usize)], max: usize) -> String {
    let mut parts: Vec<String> = pairs
        .iter()
        .take(max)
        .map(|(s, d)| format!("{s}→{d}"))
        .collect();
    if pairs.len() > max {
        parts.push(format!("and {} more", pairs.len() - max));
    }
    parts.join(", ")
}

/// "Rows 3, 4: nothing left to send. " (empty when no row was skipped).
pub fn describe_skips(rows: &[usize], what: &str) -> String {
    match rows {
        [] => String::new(),
        [r] => format!("Row {r}: {what}. "),
        _ => {
            let list: Vec<String> = rows.iter().map(usize::to_string).collect();
            format!("Rows {}: {what}. ", list.join(", "))
        }
    }
}

/// The sentence that closes an iteration.
pub fn describe_end(iter: usize, pairs: &[(usize, usize)]) -> String {
    match pairs.len() {
        0 => format!("Iteration {iter} ends with nothing to send."),
        k => format!(
            "Iteration {iter} ends: permutation {iter} carries {k} message{}: {}.",
            if k == 1 { "" } else { "s" },
            describe_pairs(pairs, 12)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_build_a_phase() {
        let mut m = Masks::new(4);
        m.claim(3, 2, 10);
        m.claim(0, 0, 5);
        assert_eq!(m.recvl[2], 3);
        assert_eq!(m.claimed(), 2);
        assert_eq!(m.pairs(), vec![(0, 0), (3, 2)]);
        assert_eq!(m.phase()[1], Transfer::whole(3, 2, 10));
        assert_eq!(as_paper(&m.sendl), vec![0, -1, -1, 2]);
        m.clear();
        assert_eq!((m.claimed(), m.phase().len()), (0, 0));
    }

    #[test]
    fn descriptions() {
        assert_eq!(
            describe_pairs(&[(0, 1), (2, 3), (4, 5)], 2),
            "0→1, 2→3, and 1 more"
        );
        assert_eq!(
            (paper_int(-1), paper_int(3)),
            ("−1".to_string(), "3".to_string())
        );
        assert_eq!(describe_skips(&[], "empty"), "");
        assert_eq!(describe_skips(&[4], "empty"), "Row 4: empty. ");
        assert_eq!(describe_skips(&[4, 6], "empty"), "Rows 4, 6: empty. ");
        assert_eq!(
            describe_end(2, &[(0, 1)]),
            "Iteration 2 ends: permutation 2 carries 1 message: 0→1."
        );
        assert_eq!(
            describe_end(3, &[]),
            "Iteration 3 ends with nothing to send."
        );
    }
}
