//! Round-robin arbitration for free channels.
//!
//! Every free output channel remembers (in the engine) a round-robin
//! pointer into the inputs of its router. In a cycle each unconnected head
//! asks for exactly one output, with its distance from that output's
//! pointer; the output goes to the smallest distance, and the pointer then
//! moves just past the winner, so an input that loses is served before the
//! winner comes round again: no head starves. The offers are kept per
//! output with a cycle stamp, so nothing is cleared or allocated per cycle,
//! and the winner does not depend on the order of the offers.

use super::fabric::NONE;

/// Per-output best offers of the current cycle.
#[derive(Clone, Debug)]
pub(crate) struct Arbiter {
    stamp: u32,
    /// (stamp, input, distance) of the best offer so far.
    best: Box<[(u32, u32, u16)]>,
    contested: Vec<u32>,
}

impl Arbiter {
    /// An arbiter for `outputs` channels.
    pub fn new(outputs: usize) -> Arbiter {
        Arbiter {
            stamp: 0,
            best: vec![(0, NONE, 0); outputs].into(),
            contested: Vec::new(),
        }
    }

    /// Starts a new cycle: forgets every offer.
    pub fn begin(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.best.iter_mut().for_each(|b| b.0 = 0);
            self.stamp = 1;
        }
        self.contested.clear();
    }

    /// Input `i` asks for output `o` at round-robin distance `dist`.
    #[inline(always)]
    pub fn offer(&mut self, o: u32, i: u32, dist: u16) {
        let b = &mut self.best[o as usize];
        if b.0 != self.stamp {
            *b = (self.stamp, i, dist);
            self.contested.push(o);
        } else if dist < b.2 {
            *b = (self.stamp, i, dist);
        }
    }

    /// Outputs asked for this cycle, in order of first offer.
    pub fn contested(&self) -> &[u32] {
        &self.contested
    }

    /// The input that wins output `o` this cycle (NONE if nobody asked).
    #[inline(always)]
    pub fn winner(&self, o: u32) -> u32 {
        let b = self.best[o as usize];
        if b.0 == self.stamp { b.1 } else { NONE }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_to_the_pointer_wins_whatever_the_order() {
        let mut a = Arbiter::new(3);
        a.begin();
        a.offer(1, 7, 2);
        a.offer(1, 4, 0);
        a.offer(1, 5, 1);
        assert_eq!(a.winner(1), 4);
        assert_eq!(a.winner(0), NONE);
        a.begin();
        a.offer(1, 5, 1);
        a.offer(1, 4, 0);
        assert_eq!(a.winner(1), 4);
        assert_eq!(a.contested(), &[1]);
        a.begin();
        assert_eq!(a.winner(1), NONE);
    }
}
