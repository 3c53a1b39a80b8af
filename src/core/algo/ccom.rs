//! COM → CCOM compaction, the first half of compact global masking (paper
//! 000, §4, Figure 5).
//!
//! Global masking wastes most of its time walking over the zeros of COM.
//! CGM first copies the useful part of each row into an n × d matrix CCOM:
//! row i lists the destinations of `P_i` in its first `pvt(i) + 1` columns,
//! and every other cell is −1. `pvt(i)` points at the last active column
//! (−1 for a processor with nothing to send). Then `Random_Swap` shuffles
//! the active part of each row, so that the rows no longer all offer their
//! low-numbered destinations first: with sorted rows, early rows would keep
//! claiming the same few receivers and later rows would collide on them.
//!
//! Invariants after compaction (and kept by the iterations in
//! [`super::cgm`]): row i holds exactly the destinations of row i of COM
//! that are still unsent, in `CCOM(i, 0..=pvt(i))`, with no hole among them.
//!
//! Choices where the paper is terse, and why:
//! - CCOM has `width` = the largest out-degree columns. The paper assumes
//!   every row holds exactly d; with uneven rows the shorter ones end in −1.
//! - `Random_Swap` is a uniform shuffle of the active entries (Fisher-Yates
//!   from the last position down, the same draws as [`Rng::shuffle`]). The
//!   paper only says it "perturbs the sorted order"; a full shuffle is the
//!   natural reading and is what the analysis of §4 assumes (random
//!   destinations in every column).
//! - Each row is one trace step for the copy and one for its shuffle; every
//!   individual swap is an event, a no-op swap of a position with itself
//!   included, so a reader sees the real draws.
//! - [`RowOrder::Sorted`] leaves `Random_Swap` out (one step per row, no
//!   draws), so the book can show what the shuffle buys: on Figure-7
//!   matrices CGM then needs about as many permutations (1-2 % more) but
//!   makes more probes, from about 1.2 times as many at n = 32, d = 4 to 5
//!   times at n = 512, d = 128, because every row tries its lowest-numbered
//!   receivers first and the rows collide there.
//!
//! ```
//! use commbook_core::{algo::ccom, com::Com, rng::Rng};
//! let com = Com::from_rows(&[
//!     vec![0, 1, 1, 1],
//!     vec![0, 0, 0, 0],
//!     vec![1, 0, 0, 1],
//!     vec![0, 1, 0, 0],
//! ]).unwrap();
//! let (table, trace) = ccom::trace(&com, &mut Rng::new(7));
//! assert_eq!(table.width(), 3);                    // the busiest row sends 3
//! assert_eq!(table.pvt(1), -1);                    // row 1 sends nothing
//! let mut row0 = table.row(0).to_vec();
//! row0.sort();
//! assert_eq!(row0, vec![1, 2, 3]);                 // shuffled, same entries
//! assert_eq!(trace.len(), 8);                      // copy + shuffle per row
//! assert_eq!(trace.final_state().ccom, table.cells());
//! ```

use super::sink::{Off, Sink};
use crate::com::Com;
use crate::rng::Rng;
use crate::trace::{Recorder, Replay, Trace, snapshot_every};

crate::keyword_enum! {
    /// The order in which a row's destinations are left in CCOM.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub enum RowOrder {
        /// `Random_Swap` shuffles each row, as Figure 5 does.
        #[default]
        Shuffled = "on",
        /// No `Random_Swap`: each row keeps COM's ascending column order.
        Sorted = "off",
    }
}

/// The compacted matrix CCOM with its `pvt` pointers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ccom {
    n: usize,
    width: usize,
    // Boxed slices, not Vecs, for the iterations' speed in the book (see
    // `masking::Masks`).
    /// Row-major n × width destinations; only `0..len[i]` of row i is active.
    pub(crate) dest: Box<[u32]>,
    /// Message sizes, moved together with `dest`; empty when every message
    /// has the size `uniform` (the common case, and half the memory traffic).
    pub(crate) bytes: Box<[u64]>,
    pub(crate) uniform: Option<u64>,
    /// `pvt(i) + 1`: active entries of row i.
    pub(crate) len: Box<[u32]>,
}

impl Ccom {
    /// Number of processors (rows).
    pub fn n(&self) -> usize {
        self.n
    }

    /// Columns of CCOM: the largest number of messages one processor sends.
    pub fn width(&self) -> usize {
        self.width
    }

    /// `pvt(i)`: the last active column of row i, −1 when the row is empty.
    pub fn pvt(&self, i: usize) -> i32 {
        self.len.get(i).map_or(-1, |&l| l as i32 - 1)
    }

    /// The active entries of row i, `CCOM(i, 0..=pvt(i))`.
    pub fn row(&self, i: usize) -> &[u32] {
        match self.len.get(i) {
            Some(&l) => &self.dest[i * self.width..i * self.width + l as usize],
            None => &[],
        }
    }

    /// Active entries left in the whole table.
    pub fn active(&self) -> usize {
        self.len.iter().map(|&l| l as usize).sum()
    }

    /// The table as the paper draws it: n × width cells, −1 where inactive.
    pub fn cells(&self) -> Vec<i32> {
        let mut out = vec![-1; self.n * self.width];
        for i in 0..self.n {
            for (z, &y) in self.row(i).iter().enumerate() {
                out[i * self.width + z] = y as i32;
            }
        }
        out
    }

    /// Size of the message at `CCOM(i, z)`.
    pub(crate) fn bytes_at(&self, i: usize, z: usize) -> u64 {
        match self.uniform {
            Some(b) => b,
            None => self.bytes[i * self.width + z],
        }
    }

    /// Every `pvt(i)`.
    pub fn pvts(&self) -> Vec<i32> {
        (0..self.n).map(|i| self.pvt(i)).collect()
    }

    /// Figure 5: copies each row of `com`, then applies `Random_Swap` to it
    /// (unless `order` is [`RowOrder::Sorted`]).
    pub(crate) fn build<K: Sink<CcomEvent>>(
        com: &Com,
        rng: &mut Rng,
        order: RowOrder,
        sink: &mut K,
    ) -> Ccom {
        let n = com.n();
        let width = com.out_degrees().into_iter().max().unwrap_or(0);
        let uniform = com.uniform_bytes();
        let sized = if uniform.is_some() { 0 } else { n * width };
        let mut t = Ccom {
            n,
            width,
            dest: vec![u32::MAX; n * width].into(),
            bytes: vec![0; sized].into(),
            uniform,
            len: vec![0; n].into(),
        };
        for i in 0..n {
            let base = i * width;
            let mut k = 0;
            for (j, b) in com.row(i) {
                t.dest[base + k] = j as u32;
                if sized > 0 {
                    t.bytes[base + k] = b;
                }
                k += 1;
            }
            t.len[i] = k as u32;
            sink.emit(|| CcomEvent::CopyRow {
                row: i,
                dests: t.dest[base..base + k].to_vec(),
            });
            sink.end_step();
            if order == RowOrder::Sorted {
                continue;
            }
            sink.emit(|| CcomEvent::Shuffle { row: i });
            for a in (1..k).rev() {
                let b = rng.below(a + 1);
                t.dest.swap(base + a, base + b);
                if sized > 0 {
                    t.bytes.swap(base + a, base + b);
                }
                sink.emit(|| CcomEvent::Swap { row: i, a, b });
            }
            sink.end_step();
        }
        t
    }
}

/// Compacts `com` without recording (draws from `rng` exactly as [`trace`]).
pub fn compact(com: &Com, rng: &mut Rng) -> Ccom {
    Ccom::build(com, rng, RowOrder::Shuffled, &mut Off)
}

/// Compacts `com` and records one step per row copied and one per
/// `Random_Swap`.
pub fn trace(com: &Com, rng: &mut Rng) -> (Ccom, Trace<CcomState>) {
    trace_ordered(com, rng, RowOrder::Shuffled)
}

/// Like [`trace`], with the rows left in `order` (no `Random_Swap` steps
/// when [`RowOrder::Sorted`]).
pub fn trace_ordered(com: &Com, rng: &mut Rng, order: RowOrder) -> (Ccom, Trace<CcomState>) {
    let n = com.n();
    let width = com.out_degrees().into_iter().max().unwrap_or(0);
    let initial = CcomState {
        n,
        width,
        ccom: vec![-1; n * width],
        pvt: vec![-1; n],
        row: None,
        swaps: Vec::new(),
    };
    let mut rec = Recorder::new(initial, snapshot_every(2 * n, n * width.max(1)));
    let table = Ccom::build(com, rng, order, &mut rec);
    (table, rec.finish())
}

/// What the compaction did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CcomEvent {
    /// Row `row` of COM copied: `CCOM(row, z) = dests[z]` (ascending), and
    /// `pvt(row) = dests.len() − 1`.
    CopyRow { row: usize, dests: Vec<u32> },
    /// `Random_Swap` starts on row `row`.
    Shuffle { row: usize },
    /// `Random_Swap` exchanges `CCOM(row, a)` and `CCOM(row, b)` (b ≤ a).
    Swap { row: usize, a: usize, b: usize },
}

/// The view state of the compaction: CCOM as built so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CcomState {
    /// Number of processors.
    pub n: usize,
    /// Columns of CCOM.
    pub width: usize,
    /// Row-major n × width cells, −1 where inactive (or not yet copied).
    pub ccom: Vec<i32>,
    /// `pvt(i)`, −1 for an empty (or not yet copied) row.
    pub pvt: Vec<i32>,
    /// The row the current step works on.
    pub row: Option<usize>,
    /// Swaps `(a, b)` of the current `Random_Swap` step, in order.
    pub swaps: Vec<(usize, usize)>,
}

impl Replay for CcomState {
    type Event = CcomEvent;
    fn apply(&mut self, e: &CcomEvent) {
        match e {
            CcomEvent::CopyRow { row, dests } => {
                let base = row * self.width;
                for (z, &y) in dests.iter().enumerate() {
                    self.ccom[base + z] = y as i32;
                }
                self.pvt[*row] = dests.len() as i32 - 1;
                self.row = Some(*row);
                self.swaps.clear();
            }
            CcomEvent::Shuffle { row } => {
                self.row = Some(*row);
                self.swaps.clear();
            }
            CcomEvent::Swap { row, a, b } => {
                let base = row * self.width;
                self.ccom.swap(base + a, base + b);
                self.swaps.push((*a, *b));
            }
        }
    }
}

/// One sentence for a compaction step.
pub fn caption(events: &[CcomEvent]) -> String {
    match events.first() {
        None => "Before compaction: CCOM is all −1.".into(),
        Some(CcomEvent::CopyRow { row, dests }) if dests.is_empty() => {
            format!("Row {row} of COM is empty: CCOM row {row} stays −1 and pvt({row}) = −1.")
        }
        Some(CcomEvent::CopyRow { row, dests }) => {
            let list: Vec<String> = dests.iter().map(u32::to_string).collect();
            format!(
                "Copy the destinations of row {row} ({}) into CCOM({row}, 0..{}); pvt({row}) = {}.",
                list.join(", "),
                dests.len() - 1,
                dests.len() - 1
            )
        }
        Some(CcomEvent::Shuffle { row }) => {
            let swaps: Vec<String> = events
                .iter()
                .filter_map(|e| match e {
                    CcomEvent::Swap { a, b, .. } if a == b => Some(format!("{a} stays")),
                    CcomEvent::Swap { a, b, .. } => Some(format!("{a}↔{b}")),
                    _ => None,
                })
                .collect();
            if swaps.is_empty() {
                format!("Random_Swap on row {row}: fewer than two entries, nothing to shuffle.")
            } else {
                format!("Random_Swap on row {row}: {}.", swaps.join(", "))
            }
        }
        Some(CcomEvent::Swap { row, .. }) => format!("Random_Swap on row {row}."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::com::fig7::Fig7Config;
    use expect_test::expect;

    fn tiny() -> Com {
        Com::from_rows(&[
            vec![0, 1, 1, 1],
            vec![0, 0, 0, 0],
            vec![1, 0, 0, 1],
            vec![0, 1, 0, 0],
        ])
        .unwrap()
    }

    #[test]
    fn golden_trace() {
        let (_, t) = trace(&tiny(), &mut Rng::new(7));
        let text = super::super::render(&t, caption);
        expect![[r#"
            0: Before compaction: CCOM is all −1.
            1: Copy the destinations of row 0 (1, 2, 3) into CCOM(0, 0..2); pvt(0) = 2.
            2: Random_Swap on row 0: 2 stays, 1↔0.
            3: Row 1 of COM is empty: CCOM row 1 stays −1 and pvt(1) = −1.
            4: Random_Swap on row 1: fewer than two entries, nothing to shuffle.
            5: Copy the destinations of row 2 (0, 3) into CCOM(2, 0..1); pvt(2) = 1.
            6: Random_Swap on row 2: 1 stays.
            7: Copy the destinations of row 3 (1) into CCOM(3, 0..0); pvt(3) = 0.
            8: Random_Swap on row 3: fewer than two entries, nothing to shuffle.
        "#]]
        .assert_eq(&text);
    }

    #[test]
    fn rows_keep_their_destinations_and_trace_matches_fast_path() {
        let com = Fig7Config::new(24, 5, 3).generate().unwrap();
        let fast = compact(&com, &mut Rng::new(11));
        let (traced, t) = trace(&com, &mut Rng::new(11));
        assert_eq!(fast, traced);
        assert_eq!(t.final_state().ccom, fast.cells());
        assert_eq!(t.final_state().pvt, fast.pvts());
        assert_eq!(fast.active(), com.len());
        for i in 0..24 {
            let mut r = fast.row(i).to_vec();
            crate::sorting::sort_by_u64(&mut r, |&x| x as u64);
            let want: Vec<u32> = com.row(i).map(|(j, _)| j as u32).collect();
            assert_eq!(r, want);
            for (&y, z) in fast.row(i).iter().zip(0..) {
                assert_eq!(fast.bytes_at(i, z), com.get(i, y as usize));
            }
        }
        // Shuffling really happens somewhere.
        assert!((0..24).any(|i| fast.row(i).windows(2).any(|w| w[0] > w[1])));
    }

    #[test]
    fn mixed_sizes_move_with_their_destinations() {
        let com = Com::from_rows(&[
            vec![0, 5, 6, 7],
            vec![9, 0, 0, 1],
            vec![0; 4],
            vec![2, 0, 3, 0],
        ])
        .unwrap();
        let t = compact(&com, &mut Rng::new(4));
        assert_eq!(t.uniform, None);
        for i in 0..4 {
            for (z, &y) in t.row(i).iter().enumerate() {
                assert_eq!(t.bytes_at(i, z), com.get(i, y as usize));
            }
        }
        assert!(compact(&tiny(), &mut Rng::new(4)).bytes.is_empty());
    }

    #[test]
    fn sorted_rows_skip_the_shuffle() {
        let (t, tr) = trace_ordered(&tiny(), &mut Rng::new(7), RowOrder::Sorted);
        assert_eq!(tr.len(), 4, "one copy step per row");
        assert_eq!(t.row(0), &[1, 2, 3]);
        assert_eq!(t.row(2), &[0, 3]);
        assert_eq!(tr.final_state().ccom, t.cells());
    }

    #[test]
    fn empty_matrix_has_no_columns() {
        let com = Com::empty(3).unwrap();
        let t = compact(&com, &mut Rng::new(1));
        assert_eq!((t.width(), t.active(), t.pvt(0), t.pvt(9)), (0, 0, -1, -1));
        assert!(t.row(2).is_empty() && t.row(7).is_empty());
    }
}
