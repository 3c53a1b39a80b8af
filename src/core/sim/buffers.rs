//! Flits and the links' input buffers.
//!
//! A packet travels as flits: index 0 is the head (it carries the route and
//! acquires channels), the last is the tail (it frees them). Every link has
//! a FIFO input buffer at its far end, `depth` flits deep, stored as rings
//! in one flat array so that a cycle allocates nothing. The simulator and
//! the animator's view state ([`super::SimView`]) use the same store.

use serde::Serialize;

/// One flit: which packet, which flit of it, and whether it is the tail.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Flit {
    /// The packet (its number in the view; a storage slot inside the engine).
    pub packet: u32,
    /// Position in the packet; 0 is the head.
    pub index: u16,
    /// The packet's last flit.
    pub tail: bool,
}

impl Flit {
    /// True for the packet's first flit.
    pub fn is_head(&self) -> bool {
        self.index == 0
    }
}

/// FIFO buffers of `depth` flits, one per link.
#[derive(Clone, Debug)]
pub struct Buffers {
    depth: usize,
    slots: Box<[Flit]>,
    head: Box<[u16]>,
    len: Box<[u16]>,
}

/// Two stores are equal when every buffer holds the same flits in the
/// same order (where a ring starts, and what its free slots last held, do
/// not count).
impl PartialEq for Buffers {
    fn eq(&self, o: &Self) -> bool {
        self.depth == o.depth
            && self.len == o.len
            && (0..self.count()).all(|b| self.iter(b).eq(o.iter(b)))
    }
}

impl Eq for Buffers {}

impl Buffers {
    /// The same flits with every packet number passed through `f` (the
    /// engine's storage slots become the view's packet numbers).
    pub fn map_packets(&self, f: impl Fn(u32) -> u32) -> Buffers {
        let mut out = Buffers::new(self.count(), self.depth);
        for b in 0..self.count() {
            for x in self.iter(b) {
                out.push(
                    b,
                    Flit {
                        packet: f(x.packet),
                        ..x
                    },
                );
            }
        }
        out
    }

    /// `count` empty buffers of `depth` ≥ 1 flits.
    pub fn new(count: usize, depth: usize) -> Buffers {
        let depth = depth.max(1);
        Buffers {
            depth,
            slots: vec![Flit::default(); count * depth].into(),
            head: vec![0; count].into(),
            len: vec![0; count].into(),
        }
    }

    /// Number of buffers.
    pub fn count(&self) -> usize {
        self.len.len()
    }

    /// Capacity of each buffer, in flits.
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// Flits in buffer `b`.
    #[inline(always)]
    pub fn len(&self, b: usize) -> usize {
        self.len[b] as usize
    }

    /// True if buffer `b` holds no flit.
    #[inline(always)]
    pub fn is_empty(&self, b: usize) -> bool {
        self.len[b] == 0
    }

    /// True if buffer `b` can take another flit.
    #[inline(always)]
    pub fn has_room(&self, b: usize) -> bool {
        (self.len[b] as usize) < self.depth
    }

    /// The oldest flit of buffer `b`.
    #[inline(always)]
    pub fn front(&self, b: usize) -> Option<Flit> {
        if self.len[b] == 0 {
            return None;
        }
        Some(self.slots[b * self.depth + self.head[b] as usize])
    }

    /// Removes the oldest flit of buffer `b` (which must not be empty).
    #[inline(always)]
    pub fn pop(&mut self, b: usize) -> Flit {
        let h = self.head[b] as usize;
        let f = self.slots[b * self.depth + h];
        self.head[b] = if h + 1 == self.depth { 0 } else { h as u16 + 1 };
        self.len[b] -= 1;
        f
    }

    /// Appends a flit to buffer `b` (which must have room).
    #[inline(always)]
    pub fn push(&mut self, b: usize, f: Flit) {
        let mut at = self.head[b] as usize + self.len[b] as usize;
        if at >= self.depth {
            at -= self.depth;
        }
        self.slots[b * self.depth + at] = f;
        self.len[b] += 1;
    }

    /// The flits of buffer `b`, oldest first.
    pub fn iter(&self, b: usize) -> impl Iterator<Item = Flit> + '_ {
        (0..self.len[b] as usize)
            .map(move |k| self.slots[b * self.depth + (self.head[b] as usize + k) % self.depth])
    }

    /// Empties every buffer.
    pub fn clear(&mut self) {
        self.head.fill(0);
        self.len.fill(0);
    }

    /// Flits held over all buffers.
    pub fn total(&self) -> usize {
        self.len.iter().map(|&l| l as usize).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rings_are_fifo() {
        let mut b = Buffers::new(2, 3);
        let f = |i| Flit {
            packet: 1,
            index: i,
            tail: false,
        };
        for round in 0..5u16 {
            b.push(1, f(round));
            b.push(1, f(round + 10));
            assert!(b.has_room(1));
            assert_eq!(b.pop(1), f(round));
            assert_eq!(b.front(1), Some(f(round + 10)));
            assert_eq!(b.pop(1), f(round + 10));
        }
        assert!(b.is_empty(1) && b.front(0).is_none());
        b.push(0, f(1));
        b.push(0, f(2));
        b.push(0, f(3));
        assert!(!b.has_room(0));
        assert_eq!(
            b.iter(0).map(|x| x.index).collect::<Vec<_>>(),
            vec![1, 2, 3]
        );
        assert_eq!(b.total(), 3);
    }
}
