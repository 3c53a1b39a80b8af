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
///
/// A ring's start and length sit side by side (one load for both): the
/// simulator's fast loop pops and pushes a flit for almost every move it
/// makes. Rings take exactly `depth` slots: rounded up to a power of two
/// (a mask instead of a compare) they made the 256-node fat tree's slots
/// 60 % larger than the first-level cache, and its run slower.
#[derive(Clone, Debug)]
pub struct Buffers {
    depth: usize,
    slots: Box<[Flit]>,
    rings: Box<[Ring]>,
}

/// Where a ring starts in its slots, how many flits it holds, and the
/// cycle [`Buffers::pop_at`] last took one (the simulator's fast loop asks
/// whether a buffer had room at the start of a cycle; kept here, beside
/// the length it asks with, it costs no other load).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Ring {
    popped_at: u64,
    head: u16,
    len: u16,
}

impl Default for Ring {
    fn default() -> Self {
        Ring {
            popped_at: u64::MAX,
            head: 0,
            len: 0,
        }
    }
}

/// Two stores are equal when every buffer holds the same flits in the
/// same order (where a ring starts, and what its free slots last held, do
/// not count).
impl PartialEq for Buffers {
    fn eq(&self, o: &Self) -> bool {
        self.depth == o.depth
            && self
                .rings
                .iter()
                .zip(o.rings.iter())
                .all(|(a, b)| a.len == b.len)
            && self.count() == o.count()
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
            rings: vec![Ring::default(); count].into(),
        }
    }

    /// Number of buffers.
    pub fn count(&self) -> usize {
        self.rings.len()
    }

    /// Capacity of each buffer, in flits.
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// Flits in buffer `b`.
    #[inline(always)]
    pub fn len(&self, b: usize) -> usize {
        self.rings[b].len as usize
    }

    /// True if buffer `b` holds no flit.
    #[inline(always)]
    pub fn is_empty(&self, b: usize) -> bool {
        self.rings[b].len == 0
    }

    /// True if buffer `b` can take another flit.
    #[inline(always)]
    pub fn has_room(&self, b: usize) -> bool {
        (self.rings[b].len as usize) < self.depth
    }

    /// The oldest flit of buffer `b`.
    #[inline(always)]
    pub fn front(&self, b: usize) -> Option<Flit> {
        let r = self.rings[b];
        if r.len == 0 {
            return None;
        }
        Some(self.slots[b * self.depth + r.head as usize])
    }

    /// Removes the oldest flit of buffer `b` (which must not be empty).
    #[inline(always)]
    pub fn pop(&mut self, b: usize) -> Flit {
        let r = &mut self.rings[b];
        let f = self.slots[b * self.depth + r.head as usize];
        r.head = if r.head as usize + 1 == self.depth {
            0
        } else {
            r.head + 1
        };
        r.len -= 1;
        f
    }

    /// [`Buffers::pop`] in cycle `now` (remembered: [`Buffers::popped_at`]),
    /// with the flits left behind.
    #[inline(always)]
    pub fn pop_at(&mut self, b: usize, now: u64) -> (Flit, usize) {
        let r = &mut self.rings[b];
        r.popped_at = now;
        let f = self.slots[b * self.depth + r.head as usize];
        r.head = if r.head as usize + 1 == self.depth {
            0
        } else {
            r.head + 1
        };
        r.len -= 1;
        (f, r.len as usize)
    }

    /// Appends a flit to buffer `b` (which must have room).
    #[inline(always)]
    pub fn push(&mut self, b: usize, f: Flit) {
        let r = &mut self.rings[b];
        let mut at = (r.head + r.len) as usize;
        if at >= self.depth {
            at -= self.depth;
        }
        r.len += 1;
        self.slots[b * self.depth + at] = f;
    }

    /// Buffer `b`, holding consecutive flits of one packet of `flits`
    /// flits, as `t` cycles that each popped its oldest flit (the last in
    /// cycle `popped_at`) and pushed the packet's next one left it (a
    /// streaming packet settled, see `super::stream`).
    pub(crate) fn advance(&mut self, b: usize, t: usize, flits: u16, popped_at: u64) {
        let r = self.rings[b];
        let Some(first) = self.front(b) else {
            return;
        };
        let head = (r.head as usize + t) % self.depth;
        // One division for the ring's new start, none per flit.
        let mut at = head;
        for k in 0..r.len as usize {
            let index = first.index + (t + k) as u16;
            self.slots[b * self.depth + at] = Flit {
                packet: first.packet,
                index,
                tail: index + 1 >= flits,
            };
            at += 1;
            if at == self.depth {
                at = 0;
            }
        }
        self.rings[b] = Ring {
            popped_at,
            head: head as u16,
            len: r.len,
        };
    }

    /// The flits of buffer `b`, oldest first.
    pub fn iter(&self, b: usize) -> impl Iterator<Item = Flit> + '_ {
        let r = self.rings[b];
        (0..r.len as usize)
            .map(move |k| self.slots[b * self.depth + (r.head as usize + k) % self.depth])
    }

    /// The cycle given to buffer `b`'s last [`Buffers::pop_at`] (`u64::MAX`
    /// if none since [`Buffers::forget_pops`]).
    #[inline(always)]
    pub fn popped_at(&self, b: usize) -> u64 {
        self.rings[b].popped_at
    }

    /// Forgets every [`Buffers::pop_at`]'s cycle (a checkpoint restored: a
    /// cycle from later in the run could match one replayed again).
    pub fn forget_pops(&mut self) {
        self.rings.iter_mut().for_each(|r| r.popped_at = u64::MAX);
    }

    /// Empties every buffer.
    pub fn clear(&mut self) {
        self.rings.iter_mut().for_each(|r| (r.head, r.len) = (0, 0));
    }

    /// Flits held over all buffers.
    pub fn total(&self) -> usize {
        self.rings.iter().map(|r| r.len as usize).sum()
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
