//! The bytes every message carries: a pattern that encodes the message's
//! origin, its destination and each byte's offset, so a receiver can check
//! every byte without being sent the expected data.
//!
//! Byte `o` of message `origin → dest` is byte `o mod 8` of a 64-bit hash
//! (SplitMix64's finaliser) of (origin, dest, ⌊o/8⌋). A flipped bit, a piece
//! placed at the wrong offset and a piece of another message all read as
//! different bytes, except by a 1-in-256 chance per byte, so any error of
//! more than a few bytes is caught for certain.
//!
//! ```
//! use commbook_mpi::pattern;
//! let mut buf = [0u8; 16];
//! pattern::fill(1, 2, 100, &mut buf);
//! assert_eq!(buf[5], pattern::byte(1, 2, 105));
//! assert_eq!(pattern::first_mismatch(1, 2, 100, &buf), None);
//! buf[3] ^= 0xff;
//! assert_eq!(pattern::first_mismatch(1, 2, 100, &buf), Some(3));
//! ```

fn word(origin: u32, dest: u32, index: u64) -> u64 {
    let mut z = ((u64::from(origin) << 32) | u64::from(dest))
        ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ 0xD1B5_4A32_D192_ED03;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Byte `offset` of the message `origin → dest`.
pub fn byte(origin: u32, dest: u32, offset: u64) -> u8 {
    word(origin, dest, offset / 8).to_le_bytes()[(offset % 8) as usize]
}

/// Fills `buf` with bytes `offset ..` of the message `origin → dest`.
pub fn fill(origin: u32, dest: u32, offset: u64, buf: &mut [u8]) {
    let mut o = offset;
    let mut i = 0;
    while i < buf.len() {
        let w = word(origin, dest, o / 8).to_le_bytes();
        let from = (o % 8) as usize;
        let n = (8 - from).min(buf.len() - i);
        buf[i..i + n].copy_from_slice(&w[from..from + n]);
        i += n;
        o += n as u64;
    }
}

/// The first position in `buf` that differs from bytes `offset ..` of the
/// message `origin → dest`.
pub fn first_mismatch(origin: u32, dest: u32, offset: u64, buf: &[u8]) -> Option<usize> {
    let mut expect = [0u8; 4096];
    buf.chunks(expect.len()).enumerate().find_map(|(k, chunk)| {
        let at = k * expect.len();
        let e = &mut expect[..chunk.len()];
        fill(origin, dest, offset + at as u64, e);
        chunk
            .iter()
            .zip(e.iter())
            .position(|(a, b)| a != b)
            .map(|i| at + i)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fill_agrees_with_byte_at_every_alignment() {
        for offset in 0..17 {
            let mut buf = vec![0u8; 40];
            fill(3, 5, offset, &mut buf);
            for (i, &b) in buf.iter().enumerate() {
                assert_eq!(
                    b,
                    byte(3, 5, offset + i as u64),
                    "offset {offset}, byte {i}"
                );
            }
        }
    }

    #[test]
    fn tells_messages_and_offsets_apart() {
        let take = |o, d, off| {
            let mut b = vec![0u8; 64];
            fill(o, d, off, &mut b);
            b
        };
        let a = take(0, 1, 0);
        assert_ne!(a, take(1, 0, 0), "origin and destination swapped");
        assert_ne!(a, take(0, 2, 0), "another destination");
        assert_ne!(a, take(0, 1, 64), "another offset");
        assert_ne!(a, take(0, 1, 8), "shifted by a word");
        assert_eq!(first_mismatch(0, 1, 0, &a), None);
        assert!(first_mismatch(0, 1, 8, &a).is_some());
        let long = take(2, 7, 5000);
        assert_eq!(first_mismatch(2, 7, 5000, &long), None);
        let mut big = vec![0u8; 10_000];
        fill(4, 4, 3, &mut big);
        big[9_999] ^= 1;
        assert_eq!(first_mismatch(4, 4, 3, &big), Some(9_999));
    }
}
