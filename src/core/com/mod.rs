//! The communication matrix COM (paper 000, §2).
//!
//! `COM(i, j)` is the size in bytes of the message processor `P_i` sends to
//! `P_j`; 0 means no message. Row `i` is `P_i`'s sending vector (`sendl`),
//! column `j` is `P_j`'s receiving vector (`recvl`). Paper 000 uses 0/1
//! entries because its messages are uniform; NICE (paper 002) needs sizes, so
//! the book stores bytes throughout and treats "non-zero" as "1".
//!
//! The matrix is stored by rows as sorted `(column, bytes)` lists: the
//! schedulers walk rows, and a sparse row keeps n = 4096, d = 64 small. A
//! `Com` is validated once on construction and cannot be invalid afterwards.

mod error;
pub mod fig7;
pub mod import;
pub mod nonuniform;
pub mod random;
pub mod unstructured;

pub use error::ComError;

use crate::sorting::{key2, sort_by_u64};
use serde::Serialize;

/// Largest number of processors the core accepts. Above this the dense JSON
/// form alone would be hundreds of megabytes. The browser caps lower, per
/// figure, and says so to the reader.
pub const MAX_N: usize = 8192;

/// Largest message size accepted, in bytes (1 TiB): big enough for any
/// experiment, small enough that sums over a whole matrix cannot overflow.
pub const MAX_BYTES: u64 = 1 << 40;

/// One message of a communication matrix.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Message {
    pub src: usize,
    pub dst: usize,
    pub bytes: u64,
}

/// An n×n communication matrix of message sizes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Com {
    n: usize,
    /// `row_start[i]..row_start[i + 1]` indexes row `i` in `cols`/`bytes`.
    row_start: Vec<usize>,
    cols: Vec<u32>,
    bytes: Vec<u64>,
}

impl Com {
    /// Checks that `n` is a usable processor count.
    pub fn check_n(n: usize) -> Result<(), ComError> {
        if n == 0 {
            Err(ComError::Empty)
        } else if n > MAX_N {
            Err(ComError::TooLarge { n, max: MAX_N })
        } else {
            Ok(())
        }
    }

    /// An n×n matrix with no messages.
    pub fn empty(n: usize) -> Result<Com, ComError> {
        Com::check_n(n)?;
        Ok(Com {
            n,
            row_start: vec![0; n + 1],
            cols: Vec::new(),
            bytes: Vec::new(),
        })
    }

    /// An n×n matrix with no messages, n clamped into 1..=[`MAX_N`]. For
    /// fallbacks that must not fail.
    pub fn none(n: usize) -> Com {
        let n = n.clamp(1, MAX_N);
        Com {
            n,
            row_start: vec![0; n + 1],
            cols: Vec::new(),
            bytes: Vec::new(),
        }
    }

    /// A matrix from dense rows; every row must have exactly `n` entries.
    pub fn from_rows(rows: &[Vec<u64>]) -> Result<Com, ComError> {
        let n = rows.len();
        Com::check_n(n)?;
        let mut entries = Vec::new();
        for (i, row) in rows.iter().enumerate() {
            if row.len() != n {
                return Err(ComError::Ragged {
                    row: i,
                    len: row.len(),
                    n,
                });
            }
            for (j, &b) in row.iter().enumerate() {
                if b > 0 {
                    entries.push(Message {
                        src: i,
                        dst: j,
                        bytes: b,
                    });
                }
            }
        }
        Com::from_messages(n, entries)
    }

    /// A matrix from a list of messages, in any order. Zero-byte messages are
    /// dropped (0 means "no message"); a repeated `(src, dst)` is an error.
    pub fn from_messages(n: usize, mut messages: Vec<Message>) -> Result<Com, ComError> {
        Com::check_n(n)?;
        for m in &messages {
            if m.src >= n || m.dst >= n {
                return Err(ComError::OutOfRange {
                    src: m.src,
                    dst: m.dst,
                    n,
                });
            }
            if m.bytes > MAX_BYTES {
                return Err(ComError::TooManyBytes {
                    src: m.src,
                    dst: m.dst,
                    bytes: m.bytes,
                });
            }
        }
        messages.retain(|m| m.bytes > 0);
        sort_by_u64(&mut messages, |m| key2(m.src, m.dst));
        if let Some(w) = messages
            .windows(2)
            .find(|w| (w[0].src, w[0].dst) == (w[1].src, w[1].dst))
        {
            return Err(ComError::Duplicate {
                src: w[0].src,
                dst: w[0].dst,
            });
        }
        let mut row_start = vec![0; n + 1];
        for m in &messages {
            row_start[m.src + 1] += 1;
        }
        for i in 0..n {
            row_start[i + 1] += row_start[i];
        }
        Ok(Com {
            n,
            row_start,
            cols: messages.iter().map(|m| m.dst as u32).collect(),
            bytes: messages.iter().map(|m| m.bytes).collect(),
        })
    }

    /// A matrix from per-row lists of `(column, bytes)`, each sorted by
    /// column with no repeats (how generators that work row by row hand over
    /// their result without a global sort). Zero-byte entries are dropped.
    pub fn from_row_lists(rows: Vec<Vec<(u32, u64)>>) -> Result<Com, ComError> {
        let n = rows.len();
        Com::check_n(n)?;
        let mut row_start = Vec::with_capacity(n + 1);
        row_start.push(0);
        let total = rows.iter().map(Vec::len).sum();
        let (mut cols, mut bytes) = (Vec::with_capacity(total), Vec::with_capacity(total));
        for (i, row) in rows.into_iter().enumerate() {
            let mut last: Option<u32> = None;
            for (c, b) in row {
                if c as usize >= n {
                    return Err(ComError::OutOfRange {
                        src: i,
                        dst: c as usize,
                        n,
                    });
                }
                if last.is_some_and(|l| l >= c) {
                    return Err(ComError::Duplicate {
                        src: i,
                        dst: c as usize,
                    });
                }
                if b > MAX_BYTES {
                    return Err(ComError::TooManyBytes {
                        src: i,
                        dst: c as usize,
                        bytes: b,
                    });
                }
                last = Some(c);
                if b > 0 {
                    cols.push(c);
                    bytes.push(b);
                }
            }
            row_start.push(cols.len());
        }
        Ok(Com {
            n,
            row_start,
            cols,
            bytes,
        })
    }

    /// Number of processors.
    pub fn n(&self) -> usize {
        self.n
    }

    /// `COM(i, j)` in bytes (0 = no message). Out-of-range indices read as 0.
    pub fn get(&self, i: usize, j: usize) -> u64 {
        if i >= self.n {
            return 0;
        }
        let (cols, bytes) = self.row_parts(i);
        match cols.binary_search(&(j as u32)) {
            Ok(k) => bytes[k],
            Err(_) => 0,
        }
    }

    /// Destinations of row `i` in increasing order, with their sizes.
    pub fn row(&self, i: usize) -> impl ExactSizeIterator<Item = (usize, u64)> + '_ {
        let (cols, bytes) = self.row_parts(i);
        cols.iter().zip(bytes).map(|(&c, &b)| (c as usize, b))
    }

    fn row_parts(&self, i: usize) -> (&[u32], &[u64]) {
        let r = self.row_start[i]..self.row_start[i + 1];
        (&self.cols[r.clone()], &self.bytes[r])
    }

    /// Every message, row by row, columns increasing.
    pub fn messages(&self) -> impl Iterator<Item = Message> + '_ {
        (0..self.n).flat_map(move |src| {
            self.row(src)
                .map(move |(dst, bytes)| Message { src, dst, bytes })
        })
    }

    /// Number of messages (non-zero entries).
    pub fn len(&self) -> usize {
        self.cols.len()
    }

    /// True when no processor sends anything.
    pub fn is_empty(&self) -> bool {
        self.cols.is_empty()
    }

    /// Messages sent by each processor (row counts).
    pub fn out_degrees(&self) -> Vec<usize> {
        self.row_start.windows(2).map(|w| w[1] - w[0]).collect()
    }

    /// Messages received by each processor (column counts).
    pub fn in_degrees(&self) -> Vec<usize> {
        let mut d = vec![0; self.n];
        for &c in &self.cols {
            d[c as usize] += 1;
        }
        d
    }

    /// The largest number of messages one processor sends or receives: no
    /// schedule of partial permutations can use fewer phases (paper 000,
    /// assumption 3 of §2.1).
    pub fn max_degree(&self) -> usize {
        let out = self.out_degrees().into_iter().max().unwrap_or(0);
        let inn = self.in_degrees().into_iter().max().unwrap_or(0);
        out.max(inn)
    }

    /// Total bytes over all messages.
    pub fn total_bytes(&self) -> u64 {
        self.bytes.iter().sum()
    }

    /// The common size when every message has the same number of bytes
    /// (paper 000's uniform messages); `None` for mixed sizes or no message.
    pub fn uniform_bytes(&self) -> Option<u64> {
        let first = *self.bytes.first()?;
        self.bytes.iter().all(|&b| b == first).then_some(first)
    }

    /// Largest single message, in bytes (0 when empty).
    pub fn max_bytes(&self) -> u64 {
        self.bytes.iter().copied().max().unwrap_or(0)
    }

    /// A copy with `COM(i, j)` set to `bytes` (0 removes the message).
    pub fn with_entry(&self, i: usize, j: usize, bytes: u64) -> Result<Com, ComError> {
        let mut ms: Vec<Message> = self
            .messages()
            .filter(|m| (m.src, m.dst) != (i, j))
            .collect();
        ms.push(Message {
            src: i,
            dst: j,
            bytes,
        });
        Com::from_messages(self.n, ms)
    }

    /// A 64-bit FNV-1a digest of n and every (src, dst, bytes): equal
    /// matrices have equal fingerprints, so tests can compare runs on
    /// different platforms without printing whole matrices.
    pub fn fingerprint(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |x: u64| {
            for b in x.to_le_bytes() {
                h = (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3);
            }
        };
        eat(self.n as u64);
        for m in self.messages() {
            eat(m.src as u64);
            eat(m.dst as u64);
            eat(m.bytes);
        }
        h
    }

    /// Dense rows, for JSON output and small views.
    pub fn to_rows(&self) -> Vec<Vec<u64>> {
        let mut rows = vec![vec![0; self.n]; self.n];
        for m in self.messages() {
            rows[m.src][m.dst] = m.bytes;
        }
        rows
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dense_round_trip_and_degrees() {
        let rows = vec![vec![0, 5, 0], vec![1, 0, 2], vec![0, 0, 0]];
        let com = Com::from_rows(&rows).unwrap();
        assert_eq!(com.to_rows(), rows);
        assert_eq!(com.len(), 3);
        assert_eq!(com.get(0, 1), 5);
        assert_eq!(com.get(2, 2), 0);
        assert_eq!(com.get(9, 9), 0);
        assert_eq!(com.out_degrees(), vec![1, 2, 0]);
        assert_eq!(com.in_degrees(), vec![1, 1, 1]);
        assert_eq!(com.max_degree(), 2);
        assert_eq!(com.total_bytes(), 8);
    }

    #[test]
    fn rejects_bad_shapes() {
        assert_eq!(Com::from_rows(&[]), Err(ComError::Empty));
        let ragged = vec![vec![0, 1], vec![0]];
        assert_eq!(
            Com::from_rows(&ragged),
            Err(ComError::Ragged {
                row: 1,
                len: 1,
                n: 2
            })
        );
        let dup = vec![
            Message {
                src: 0,
                dst: 1,
                bytes: 1,
            },
            Message {
                src: 0,
                dst: 1,
                bytes: 2,
            },
        ];
        assert_eq!(
            Com::from_messages(2, dup),
            Err(ComError::Duplicate { src: 0, dst: 1 })
        );
        assert!(matches!(
            Com::empty(MAX_N + 1),
            Err(ComError::TooLarge { .. })
        ));
    }

    #[test]
    fn with_entry_toggles() {
        let com = Com::empty(3).unwrap();
        let one = com.with_entry(1, 2, 7).unwrap();
        assert_eq!(one.get(1, 2), 7);
        assert_eq!(one.with_entry(1, 2, 0).unwrap(), com);
    }
}
