//! The array being redistributed, and where cyclic(y) puts its elements.
//!
//! Element g of an N-element array carries the value g. Under cyclic(y) on P
//! processors it lives on processor (g/y) mod P at local index
//! ((g/y)/P)·y + g mod y (§3.1). [`cyclic_local`] is that definition and
//! nothing else; the execution checks its results against it alone.
//!
//! Choice: §3.1 assumes x divides N, and so do we; N need not fill whole
//! superblocks of P·K·x elements: the last one may be partial, its missing
//! blocks simply do not exist (no message carries them).
//!
//! ```
//! use commbook_core::redist::{array::cyclic_local, ArrayConfig, Shape};
//! // cyclic(2) of 10 elements on 2 processors: blocks 0, 2, 4 on p0.
//! assert_eq!(cyclic_local(10, 2, 2)[0], [0, 1, 4, 5, 8, 9]);
//! let sh = Shape::new(6, 9).unwrap();
//! assert!(ArrayConfig { n: 100, x: 3 }.validate(&sh).is_err()); // 3 ∤ 100
//! ```

use super::error::RedistError;
use super::shape::Shape;

/// Largest array that is only priced (sums of bytes stay far from overflow).
pub const MAX_PRICED_ELEMENTS: u64 = 1 << 40;
/// Largest array accepted, in element slots once padded to whole
/// superblocks (32 MB of memories).
pub const MAX_ELEMENTS: usize = 1 << 23;

/// The array a caller wants to redistribute: N elements, block size x.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArrayConfig {
    /// Elements N.
    pub n: usize,
    /// Block size x of cyclic(x).
    pub x: usize,
}

impl ArrayConfig {
    /// Checks N and x against the shape: x ≥ 1, N ≥ 1, x divides N (§3.1
    /// assumes it), and the padded array fits.
    pub fn validate(&self, sh: &Shape) -> Result<Array, RedistError> {
        let superblock = (self.x as u64).saturating_mul(sh.cells() as u64);
        check_array(self.n, self.x, "x", superblock, MAX_ELEMENTS as u64)
    }

    /// The same checks for an array that is only priced by
    /// [`super::cost`], never executed: N up to [`MAX_PRICED_ELEMENTS`].
    pub fn validate_for_cost(&self, sh: &Shape) -> Result<Array, RedistError> {
        let superblock = (self.x as u64).saturating_mul(sh.cells() as u64);
        check_array(self.n, self.x, "x", superblock, MAX_PRICED_ELEMENTS)
    }
}

/// Checks an array of `n` elements made of `unit`-element blocks, with
/// superblocks of `superblock` elements, at most `max` elements once padded.
pub(crate) fn check_array(
    n: usize,
    unit: usize,
    unit_name: &'static str,
    superblock: u64,
    max: u64,
) -> Result<Array, RedistError> {
    if unit == 0 {
        return Err(RedistError::Zero { name: unit_name });
    }
    if n == 0 {
        return Err(RedistError::Zero { name: "N" });
    }
    for (name, v) in [("N", n), (unit_name, unit)] {
        if v as u64 > max {
            return Err(RedistError::TooLarge {
                name,
                value: v as u64,
                max,
            });
        }
    }
    if !n.is_multiple_of(unit) {
        return Err(RedistError::NotMultiple {
            n: n as u64,
            unit: unit as u64,
            unit_name,
        });
    }
    let superblocks = (n as u64).div_ceil(superblock);
    let elements = superblocks.saturating_mul(superblock);
    if elements > max {
        return Err(RedistError::ArrayTooLarge { elements, max });
    }
    Ok(Array {
        n,
        x: unit,
        superblocks: superblocks as usize,
    })
}

/// A validated array: N elements in blocks of x, spread over `superblocks`
/// superblocks (the last possibly partial).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Array {
    /// Elements N.
    pub n: usize,
    /// Block size x (elements per block of the superblock tables).
    pub x: usize,
    /// Superblocks of K·P blocks, the last possibly partial.
    pub superblocks: usize,
}

/// Each processor's local array under cyclic(y): the global indices it
/// holds, in local order (§3.1's definition, independent of any table).
pub fn cyclic_local(n: usize, y: usize, p: usize) -> Vec<Vec<u32>> {
    let mut out = vec![Vec::with_capacity(n / p + y); p];
    for g in 0..n {
        let b = g / y;
        let local = (b / p) * y + g % y;
        let mem = &mut out[b % p];
        debug_assert_eq!(mem.len(), local);
        mem.push(g as u32);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_bad_arrays() {
        let sh = Shape::new(6, 9).unwrap();
        let bad = |n, x| ArrayConfig { n, x }.validate(&sh).unwrap_err().to_string();
        assert_eq!(bad(10, 0), "x must be at least 1 (got x = 0)");
        assert_eq!(bad(0, 2), "N must be at least 1 (got N = 0)");
        assert!(bad(10, 4).starts_with("N must be a multiple of x = 4"));
        assert!(bad(MAX_ELEMENTS + 1, 1).contains("above the limit"));
        assert!(bad(1 << 20, 1 << 20).contains("padded"));
        assert!(bad(1, usize::MAX).contains("above the limit"));
        assert!(
            ArrayConfig { n: 1 << 30, x: 1 }
                .validate_for_cost(&sh)
                .is_ok()
        );
    }
}
