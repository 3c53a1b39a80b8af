//! FNV-1a, 64 bits: the book's hash for names and checks that need no
//! cryptography (a kept film's check and file name, a build's mark).

/// FNV-1a of `bytes`.
pub fn fnv64(bytes: &[u8]) -> u64 {
    let mut h = Fnv64::default();
    h.update(bytes);
    h.finish()
}

/// FNV-1a over bytes that come in pieces.
#[derive(Clone, Copy, Debug)]
pub struct Fnv64(u64);

impl Default for Fnv64 {
    fn default() -> Self {
        Fnv64(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv64 {
    /// Takes in the next piece.
    pub fn update(&mut self, bytes: &[u8]) {
        self.0 = bytes.iter().fold(self.0, |h, &b| {
            (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
        });
    }

    /// The hash of everything taken in.
    pub fn finish(&self) -> u64 {
        self.0
    }
}

/// Why bytes are not a sealed file ([`unseal`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unsealed {
    /// They do not start with the file's check word.
    NotOurs,
    /// They do, but the hash at the end does not match.
    Damaged,
}

/// The body of a file written as a check word, the body and the body's
/// FNV-1a hash (8 bytes, little-endian): a kept film, a group of
/// checkpoints on disk.
pub fn unseal<'a>(bytes: &'a [u8], magic: &[u8]) -> Result<&'a [u8], Unsealed> {
    let n = magic.len();
    if bytes.len() < n + 8 || &bytes[..n] != magic {
        return Err(Unsealed::NotOurs);
    }
    let (body, hash) = bytes[n..].split_at(bytes.len() - n - 8);
    if fnv64(body).to_le_bytes() != hash {
        return Err(Unsealed::Damaged);
    }
    Ok(body)
}

#[cfg(test)]
mod tests {
    #[test]
    fn known_values() {
        // The reference values of the FNV-1a 64-bit test suite.
        assert_eq!(super::fnv64(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(super::fnv64(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(super::fnv64(b"foobar"), 0x8594_4171_f739_67e8);
    }
}
