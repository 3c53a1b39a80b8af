//! Messages laid end to end in one buffer per rank: its outgoing messages
//! (the outbox, which is also `MPI_Alltoallv`'s send buffer) and its
//! incoming ones (the inbox, laid out by origin), with the slicing that
//! lets a phase receive several payloads straight into the inbox.

use std::collections::BTreeMap;

/// Messages laid end to end in one buffer, found by the rank at the
/// other end.
#[derive(Debug, Default)]
pub struct Boxes {
    pub buf: Vec<u8>,
    /// Other end → (start in `buf`, bytes).
    pub index: BTreeMap<u32, (usize, u64)>,
}

impl Boxes {
    pub fn new(messages: impl Iterator<Item = (u32, u64)>) -> Boxes {
        let mut index = BTreeMap::new();
        let mut len = 0usize;
        for (peer, bytes) in messages {
            index.insert(peer, (len, bytes));
            len += bytes as usize;
        }
        Boxes {
            buf: vec![0; len],
            index,
        }
    }

    /// Where bytes `[offset, offset + len)` of the message with `peer` are
    /// in `buf`, if the message exists and is that long.
    pub fn place(&self, peer: u32, offset: u64, len: u64) -> Option<usize> {
        let &(start, bytes) = self.index.get(&peer)?;
        (offset.checked_add(len)? <= bytes).then_some(start + offset as usize)
    }
}

/// Cuts disjoint ranges of `buf`, given in increasing order, into separate
/// mutable slices (the payloads a phase receives straight into the inbox).
pub fn carve<'a>(buf: &'a mut [u8], ranges: &[(usize, usize)]) -> Vec<&'a mut [u8]> {
    let mut out = Vec::with_capacity(ranges.len());
    let mut rest = buf;
    let mut consumed = 0;
    for &(start, len) in ranges {
        let tail = std::mem::take(&mut rest);
        let (_, tail) = tail.split_at_mut(start - consumed);
        let (mine, tail) = tail.split_at_mut(len);
        out.push(mine);
        rest = tail;
        consumed = start + len;
    }
    out
}
