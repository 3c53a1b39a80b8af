//! How global masking scans one row of COM (paper 000, Figure 4, step 3a).
//!
//! Figure 4 scans row x from column 0 and takes the first message whose
//! receiver is still free ([`Scan::FromZero`], the default; §4 confirms the
//! order when it counts the zeros "before reaching column j"). Every row
//! then prefers the same receivers, the low-numbered ones, so high-numbered
//! receivers are served last and pile up: on Figure-7 matrices with n = 32
//! this costs 6-16 % more permutations than Tables 2-3 report for GM. The
//! book therefore also offers [`Scan::AfterRow`]: row x starts at column
//! x + 1 and wraps around, so every row has its own preference. That
//! variant lands within 2 % of the published GM counts (see
//! `tests/repro_000.rs`); nothing else we tried (swap mode, mixing rounds,
//! the diagonal) closes the gap.
//!
//! COM is held as one bitset per row and the free receivers as another, so
//! the fast path finds "the first message with a free receiver" a word at a
//! time and counts the probes arithmetically: a row that stops at its k-th
//! column in scan order pays k probes, a row that finds nothing pays n. The
//! trace path walks the same columns message by message and reports the
//! zeros between them as runs.

use super::gm::GmEvent;
use super::masking::{Masks, NONE};
use super::sink::Sink;
use crate::com::Com;

crate::keyword_enum! {
    /// Where the scan of row x starts.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub enum Scan {
        /// Column 0, as Figure 4 prints it.
        #[default]
        FromZero = "zero",
        /// Column x + 1, wrapping past n − 1 to 0.
        AfterRow = "after-row",
    }
}

impl Scan {
    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        self.word()
    }

    /// First column scanned in row x of an n-processor COM.
    pub fn start(self, x: usize, n: usize) -> usize {
        match self {
            Scan::FromZero => 0,
            Scan::AfterRow => (x + 1) % n,
        }
    }
}

/// COM as one bitset per row, plus the set of free receivers.
pub(super) struct Bits {
    n: usize,
    words: usize,
    rows: Vec<u64>,
    free: Vec<u64>,
}

impl Bits {
    pub fn new(com: &Com) -> Self {
        let n = com.n();
        let words = n.div_ceil(64);
        let mut rows = vec![0u64; n * words];
        for m in com.messages() {
            rows[m.src * words + m.dst / 64] |= 1 << (m.dst % 64);
        }
        Bits {
            n,
            words,
            rows,
            free: vec![0; words],
        }
    }

    /// Step 1: every receiver free again.
    pub fn free_all(&mut self) {
        self.free.fill(u64::MAX);
        if !self.n.is_multiple_of(64) {
            self.free[self.words - 1] = (1 << (self.n % 64)) - 1;
        }
    }

    /// Position of column c in a scan that starts at s (0 = first visited).
    pub fn position(&self, c: usize, s: usize) -> usize {
        (c + self.n - s) % self.n
    }

    /// First message of row x, in scan order from column s, whose receiver
    /// is free.
    #[inline(always)]
    pub fn first_free(&self, x: usize, s: usize) -> Option<usize> {
        let row = &self.rows[x * self.words..(x + 1) * self.words];
        let hit = |w: usize, mask: u64| {
            let b = row[w] & self.free[w] & mask;
            (b != 0).then(|| w * 64 + b.trailing_zeros() as usize)
        };
        let (w0, low) = (s / 64, (1u64 << (s % 64)) - 1);
        hit(w0, !low)
            .or_else(|| (w0 + 1..self.words).find_map(|w| hit(w, u64::MAX)))
            .or_else(|| (0..w0).find_map(|w| hit(w, u64::MAX)))
            .or_else(|| hit(w0, low))
    }

    /// Messages of row x in scan order from column s.
    fn messages(&self, x: usize, s: usize) -> impl Iterator<Item = usize> + '_ {
        let row = &self.rows[x * self.words..(x + 1) * self.words];
        let all = row.iter().enumerate().flat_map(|(w, &bits)| {
            let mut b = bits;
            std::iter::from_fn(move || {
                (b != 0).then(|| {
                    let c = b.trailing_zeros() as usize;
                    b &= b - 1;
                    w * 64 + c
                })
            })
        });
        let later = all.clone().filter(move |&c| c >= s);
        later.chain(all.take_while(move |&c| c < s))
    }

    /// Claims `COM(x, y)`: the message is gone and receiver y is taken.
    pub fn take(&mut self, x: usize, y: usize) {
        self.rows[x * self.words + y / 64] &= !(1 << (y % 64));
        self.free[y / 64] &= !(1 << (y % 64));
    }

    /// Records the zeros at scan positions `from..to` (split where the scan
    /// wraps past column n − 1).
    fn zeros<K: Sink<GmEvent>>(&self, row: usize, s: usize, from: usize, to: usize, sink: &mut K) {
        let (a, b) = (s + from, s + to);
        let n = self.n;
        if b <= n || a >= n {
            let shift = if a >= n { n } else { 0 };
            sink.emit(|| GmEvent::Zeros {
                row,
                from: a - shift,
                to: b - shift,
            });
        } else {
            sink.emit(|| GmEvent::Zeros {
                row,
                from: a,
                to: n,
            });
            sink.emit(|| GmEvent::Zeros {
                row,
                from: 0,
                to: b - n,
            });
        }
    }

    /// The scan of row x from column s, recorded probe by probe (trace path
    /// only). Returns the column chosen, the same as [`Bits::first_free`];
    /// the caller closes the last step.
    pub fn scan_recorded<K: Sink<GmEvent>>(
        &self,
        m: &Masks,
        x: usize,
        s: usize,
        sink: &mut K,
    ) -> Option<usize> {
        let mut next = 0;
        for c in self.messages(x, s) {
            let p = self.position(c, s);
            if p > next {
                self.zeros(x, s, next, p, sink);
                sink.end_step();
            }
            let by = m.recvl[c];
            let taken_by = (by != NONE).then_some(by as usize);
            sink.emit(|| GmEvent::Probe {
                row: x,
                col: c,
                taken_by,
            });
            if taken_by.is_none() {
                return Some(c);
            }
            next = p + 1;
            if next < self.n {
                sink.end_step();
            }
        }
        if next < self.n {
            self.zeros(x, s, next, self.n, sink);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::Trace;

    #[test]
    fn first_free_follows_the_scan_order() {
        let com = Com::from_rows(&[
            vec![1, 0, 1, 0, 1],
            vec![0; 5],
            vec![0; 5],
            vec![0; 5],
            vec![0; 5],
        ])
        .unwrap();
        let mut b = Bits::new(&com);
        b.free_all();
        assert_eq!(b.first_free(0, 0), Some(0));
        assert_eq!(b.first_free(0, 1), Some(2));
        assert_eq!(b.first_free(0, 3), Some(4));
        b.take(1, 4); // receiver 4 taken (row 1 had no message; only the mask matters)
        assert_eq!(b.first_free(0, 3), Some(0));
        assert_eq!(b.position(0, 3), 2);
        assert_eq!(b.first_free(1, 0), None);
        assert_eq!(b.messages(0, 3).collect::<Vec<_>>(), vec![4, 0, 2]);
        assert_eq!(
            <Scan as crate::keyword::Keyword>::from_keyword("after-row"),
            Some(Scan::AfterRow)
        );
        assert_eq!(Scan::AfterRow.start(4, 5), 0);
    }

    #[test]
    fn wide_rows_cross_words() {
        let n = 130;
        let mut rows = vec![vec![0u64; n]; n];
        rows[5][3] = 1;
        rows[5][129] = 1;
        let mut b = Bits::new(&Com::from_rows(&rows).unwrap());
        b.free_all();
        assert_eq!(b.first_free(5, 100), Some(129));
        b.take(0, 129);
        assert_eq!(b.first_free(5, 100), Some(3));
        assert_eq!(b.first_free(5, 4), Some(3));
        b.take(0, 3);
        assert_eq!(b.first_free(5, 0), None);
    }

    #[test]
    fn recorded_scan_splits_zeros_at_the_wrap() {
        let com = Com::from_rows(&[vec![0, 1, 0, 0], vec![0; 4], vec![0; 4], vec![0; 4]]).unwrap();
        let mut b = Bits::new(&com);
        b.free_all();
        let mut rec = crate::trace::Recorder::new(super::super::gm::GmState::new(&com), 1);
        let got = b.scan_recorded(&Masks::new(4), 0, 3, &mut rec);
        assert_eq!(got, Some(1));
        let t: Trace<_> = rec.finish();
        assert_eq!(
            t.events(1),
            &[
                GmEvent::Zeros {
                    row: 0,
                    from: 3,
                    to: 4
                },
                GmEvent::Zeros {
                    row: 0,
                    from: 0,
                    to: 1
                },
            ]
        );
    }
}
