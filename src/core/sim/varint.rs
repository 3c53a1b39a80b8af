//! Bytes for the checkpoints' encoding: LEB128 variable-length integers
//! (7 bits a byte, the high bit says another byte follows), zig-zag for
//! signed ones (0, −1, 1, −2, … as 0, 1, 2, 3, …), and arrays of counters
//! as differences from an earlier copy with runs of zeros collapsed.
//! Small numbers take one byte: the state of a cycle-level simulator is
//! mostly small numbers, NONE (written as 0, see [`Writer::opt`]) and
//! counters that moved a little since the last checkpoint.

/// Appends encoded integers to a byte vector.
#[derive(Default)]
pub(crate) struct Writer {
    pub bytes: Vec<u8>,
}

impl Writer {
    /// An unsigned integer.
    pub fn u(&mut self, mut v: u64) {
        while v >= 0x80 {
            self.bytes.push(v as u8 | 0x80);
            v >>= 7;
        }
        self.bytes.push(v as u8);
    }

    /// A signed integer (zig-zag).
    pub fn i(&mut self, v: i64) {
        self.u(((v << 1) ^ (v >> 63)) as u64);
    }

    /// A number or [`NONE`](super::fabric::NONE) (as 0; the number as
    /// itself plus one).
    pub fn opt(&mut self, v: u32) {
        self.u(v.wrapping_add(1) as u64);
    }

    /// `cur` as differences from `prev` (taken as zeros where shorter):
    /// each nonzero difference as itself (at least 1; a negative one
    /// wraps to ten bytes), or zig-zagged if `signed`; each run of zeros
    /// as a 0 and the run's length less one.
    pub fn diffs(&mut self, cur: &[u64], prev: &[u64], signed: bool) {
        let mut zeros = 0u64;
        for (k, &c) in cur.iter().enumerate() {
            let d = c.wrapping_sub(prev.get(k).copied().unwrap_or(0)) as i64;
            if d == 0 {
                zeros += 1;
                continue;
            }
            if zeros > 0 {
                self.u(0);
                self.u(zeros - 1);
                zeros = 0;
            }
            if signed {
                self.i(d);
            } else {
                self.u(d as u64);
            }
        }
        if zeros > 0 {
            self.u(0);
            self.u(zeros - 1);
        }
    }
}

/// Reads what a [`Writer`] wrote, in the same order.
pub(crate) struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    pub fn new(bytes: &'a [u8]) -> Reader<'a> {
        Reader { bytes, at: 0 }
    }

    /// See [`Writer::u`].
    #[inline(always)]
    pub fn u(&mut self) -> u64 {
        let mut v = 0u64;
        let mut shift = 0;
        loop {
            let b = self.bytes[self.at];
            self.at += 1;
            v |= ((b & 0x7f) as u64) << shift;
            if b < 0x80 {
                return v;
            }
            shift += 7;
        }
    }

    /// The byte `k` places ahead (raw bytes the caller packed itself).
    #[inline(always)]
    pub fn byte(&self, k: usize) -> u8 {
        self.bytes[self.at + k]
    }

    /// Bytes read so far.
    pub fn at(&self) -> usize {
        self.at
    }

    /// Skips `n` raw bytes.
    pub fn skip(&mut self, n: usize) {
        self.at += n;
    }

    /// A `u32` written with [`Writer::u`].
    #[inline(always)]
    pub fn u32(&mut self) -> u32 {
        self.u() as u32
    }

    /// See [`Writer::i`].
    pub fn i(&mut self) -> i64 {
        let z = self.u();
        ((z >> 1) as i64) ^ -((z & 1) as i64)
    }

    /// See [`Writer::opt`].
    pub fn opt(&mut self) -> u32 {
        (self.u() as u32).wrapping_sub(1)
    }

    /// Adds differences written by [`Writer::diffs`] to `acc`.
    pub fn add_diffs(&mut self, acc: &mut [u64], signed: bool) {
        let mut k = 0;
        while k < acc.len() {
            let z = self.u();
            if z == 0 {
                k += self.u() as usize + 1;
                continue;
            }
            let d = if signed {
                ((z >> 1) as i64 ^ -((z & 1) as i64)) as u64
            } else {
                z
            };
            acc[k] = acc[k].wrapping_add(d);
            k += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::fabric::NONE;

    #[test]
    fn integers_and_differences_round_trip() {
        let mut w = Writer::default();
        let us = [0, 1, 127, 128, 300, u32::MAX as u64, u64::MAX];
        let is = [0, -1, 1, -64, 64, i64::MIN, i64::MAX];
        us.iter().for_each(|&v| w.u(v));
        is.iter().for_each(|&v| w.i(v));
        [NONE, 0, 5].iter().for_each(|&v| w.opt(v));
        let prev = [5, 5, 5, 5, 9, u64::MAX];
        let cur = [5, 6, 5, 5, 0, 0, 0, 7];
        w.diffs(&cur, &prev, true);
        w.diffs(&cur, &prev, false);
        w.u(42);
        assert_eq!(w.bytes[0], 0);
        let mut r = Reader::new(&w.bytes);
        assert!(us.iter().all(|&v| r.u() == v));
        assert!(is.iter().all(|&v| r.i() == v));
        assert_eq!([r.opt(), r.opt(), r.opt()], [NONE, 0, 5]);
        for signed in [true, false] {
            let mut acc = [5, 5, 5, 5, 9, u64::MAX, 0, 0];
            r.add_diffs(&mut acc, signed);
            assert_eq!(acc, cur);
        }
        assert_eq!(r.u(), 42);
    }
}
