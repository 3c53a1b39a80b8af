//! Bruck's all-to-all (Bruck, Ho, Kipnis, Upfal and Weathersby, "Efficient
//! algorithms for all-to-all communications in multiport message-passing
//! systems", IEEE TPDS 8(11), 1997, §3, the index algorithm with radix 2):
//! a complete exchange in ⌈lg p⌉ steps for any p, by store-and-forward.
//! MPICH runs it for short messages (its `MPIR_Alltoall_intra_brucks`), and
//! Open MPI as "modified Bruck" (`coll_tuned_alltoall_algorithm` 3).
//!
//! Each processor starts with p blocks, one for every destination.
//! 1. *Rotate*: processor r puts the block for destination d at position
//!    (d − r) mod p, so position q holds the block that must travel q
//!    places to the right.
//! 2. *Step k* (k = 0, 1, …, ⌈lg p⌉ − 1): every processor sends the blocks
//!    at the positions whose bit k is set to processor (r + 2^k) mod p and
//!    receives the same positions from (r − 2^k) mod p. A block at position
//!    q moves by the binary digits of q, so after the last step it has
//!    moved q places: it is at its destination, still at position q.
//! 3. *Reorder*: position q of processor d now holds the block from
//!    (d − q) mod p, which the last local copy moves to index (d − q) mod p
//!    (a rotation and a reversal), in source order.
//!
//! Every step is the cyclic shift by 2^k, a permutation, and carries the
//! positions with bit k set: p/2 blocks when p is a power of two, so each
//! message is p/2 blocks and a block travels up to ⌈lg p⌉ times, like
//! paper 004's REX (which pairs j with j ⊕ p/2^i instead of shifting).
//! [`Bruck::check`] replays the carries independently of how they were
//! built.
//!
//! ```
//! use commbook_core::algo::cm5::bruck::Bruck;
//! let b = Bruck::new(6).unwrap();
//! assert_eq!(b.steps.len(), 3);                 // ⌈lg 6⌉
//! assert_eq!(b.steps[0].distance, 1);
//! // Positions 1, 3, 5 have bit 0 set; 2, 3 have bit 1; 4, 5 have bit 2.
//! assert_eq!(b.step_blocks(), vec![3, 2, 2]);
//! // Step 3 (2^2 = 4 places on): processor 0 sends positions 4 and 5, its
//! // own block for 4 and the block for 4 that 5 passed it in step 1.
//! assert_eq!(b.steps[2].carries[0].blocks, vec![(0, 4), (5, 4)]);
//! assert!(b.check().is_ok());
//! ```

use super::rex::{Block, Carry, Fault, MAX_P, replay};
use std::fmt;

/// One step of Bruck's algorithm: every processor r sends to
/// (r + `distance`) mod p.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BruckStep {
    /// 2^k for step k.
    pub distance: usize,
    /// What each processor sends, in processor order.
    pub carries: Vec<Carry>,
}

/// Bruck's all-to-all over p processors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bruck {
    /// Number of processors, 2 ≤ p ≤ [`MAX_P`].
    pub p: usize,
    /// The ⌈lg p⌉ steps.
    pub steps: Vec<BruckStep>,
}

/// Why Bruck's algorithm cannot run, or what its replay found wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BruckError {
    /// p is below 2 or above [`MAX_P`].
    BadP { p: usize },
    /// A step carries a block its sender does not hold.
    NotHeld {
        step: usize,
        from: usize,
        block: Block,
    },
    /// A carry that does not go `distance` places to the right.
    WrongPartner { step: usize, from: usize, to: usize },
    /// After the last step a block is not at its destination.
    NotHome { block: Block, at: usize },
}

impl fmt::Display for BruckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BruckError::BadP { p } => write!(
                f,
                "bruck needs p from 2 to {MAX_P} (got p = {p}); try p = {}",
                (*p).clamp(2, MAX_P)
            ),
            BruckError::NotHeld { step, from, block } => write!(
                f,
                "step {step}: processor {from} sends block {}→{} it does not hold",
                block.0, block.1
            ),
            BruckError::WrongPartner { step, from, to } => write!(
                f,
                "step {step}: {from} sends to {to}, not to the processor 2^{} places on",
                step - 1
            ),
            BruckError::NotHome { block, at } => write!(
                f,
                "block {}→{} ends at processor {at}, not at its destination",
                block.0, block.1
            ),
        }
    }
}

impl std::error::Error for BruckError {}

/// Number of steps, ⌈lg p⌉.
pub fn steps(p: usize) -> usize {
    p.max(1).next_power_of_two().trailing_zeros() as usize
}

impl Bruck {
    /// Builds the algorithm for p processors (any p from 2 to [`MAX_P`]).
    pub fn new(p: usize) -> Result<Bruck, BruckError> {
        if !(2..=MAX_P).contains(&p) {
            return Err(BruckError::BadP { p });
        }
        // slots[r][q]: the block at position q of processor r; after the
        // first rotation it is (r, (r + q) mod p).
        let mut slots: Vec<Vec<Block>> = (0..p)
            .map(|r| (0..p).map(|q| (r as u32, ((r + q) % p) as u32)).collect())
            .collect();
        let mut out = Vec::with_capacity(steps(p));
        for k in 0..steps(p) {
            let distance = 1usize << k;
            let carries: Vec<Carry> = (0..p)
                .map(|r| Carry {
                    from: r,
                    to: (r + distance) % p,
                    blocks: (0..p)
                        .filter(|q| q & distance != 0)
                        .map(|q| slots[r][q])
                        .collect(),
                })
                .collect();
            // All processors send at once: the new slot q of r + 2^k is the
            // old slot q of r.
            let old = slots.clone();
            for (r, row) in old.iter().enumerate() {
                let to = (r + distance) % p;
                for q in (0..p).filter(|q| q & distance != 0) {
                    slots[to][q] = row[q];
                }
            }
            out.push(BruckStep { distance, carries });
        }
        Ok(Bruck { p, steps: out })
    }

    /// Blocks in each step's messages (the same for every processor).
    pub fn step_blocks(&self) -> Vec<usize> {
        self.steps
            .iter()
            .map(|s| s.carries.first().map_or(0, |c| c.blocks.len()))
            .collect()
    }

    /// The one-way meetings (r, r + 2^k mod p) of every step.
    pub fn pairs(&self) -> Vec<Vec<(usize, usize)>> {
        self.steps
            .iter()
            .map(|s| s.carries.iter().map(|c| (c.from, c.to)).collect())
            .collect()
    }

    /// Replays the carries and checks that every block ends at home: each
    /// carry must go 2^k places on in step k, carry only blocks its sender
    /// holds, and after the last step block (s, d) must be at d.
    pub fn check(&self) -> Result<(), BruckError> {
        let p = self.p;
        let steps = self.steps.iter().map(|s| s.carries.as_slice());
        let partner = |i: usize, from: usize| {
            let d = self.steps[i].distance;
            (from < p).then_some((from + d) % p)
        };
        replay(p, steps, partner).map_err(|f| match f {
            Fault::WrongPartner { step, from, to } => BruckError::WrongPartner { step, from, to },
            Fault::NotHeld { step, from, block } => BruckError::NotHeld { step, from, block },
            Fault::NotHome { block, at } => BruckError::NotHome { block, at },
        })
    }

    /// What processor r holds at each position after `done` steps (0: just
    /// after the first rotation; [`Bruck::steps`]`.len()`: before the last
    /// one), by replaying the carries: the view Figure 14.1 draws.
    pub fn slots_after(&self, done: usize) -> Vec<Vec<Block>> {
        let p = self.p;
        let mut slots: Vec<Vec<Block>> = (0..p)
            .map(|r| (0..p).map(|q| (r as u32, ((r + q) % p) as u32)).collect())
            .collect();
        for step in self.steps.iter().take(done) {
            let moved: Vec<usize> = (0..p).filter(|q| q & step.distance != 0).collect();
            for c in &step.carries {
                for (&q, &b) in moved.iter().zip(&c.blocks) {
                    slots[c.to][q] = b;
                }
            }
        }
        slots
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_block_gets_home_for_every_p() {
        for p in (2..=70).chain([127, 128, 129, 1000]) {
            let b = Bruck::new(p).unwrap();
            assert_eq!(b.steps.len(), steps(p), "p = {p}");
            assert_eq!(b.check(), Ok(()), "p = {p}");
            // Step k carries the positions below p with bit k set.
            for (k, &n) in b.step_blocks().iter().enumerate() {
                assert_eq!(n, (0..p).filter(|q| q >> k & 1 == 1).count());
            }
            // After the last step position q of d holds the block from d − q.
            let end = b.slots_after(b.steps.len());
            for (d, row) in end.iter().enumerate() {
                for (q, &(s, to)) in row.iter().enumerate() {
                    assert_eq!((s as usize, to as usize), ((d + p - q) % p, d));
                }
            }
        }
        let b = Bruck::new(16).unwrap();
        assert!(b.step_blocks().iter().all(|&n| n == 8));
        assert_eq!(b.pairs()[2][13], (13, 1));
    }

    #[test]
    fn check_catches_tampering() {
        let mut b = Bruck::new(5).unwrap();
        b.steps[1].carries[0].blocks.pop();
        assert!(matches!(b.check(), Err(BruckError::NotHome { .. })));
        let mut b = Bruck::new(5).unwrap();
        b.steps[0].carries[0].to = 3;
        assert!(matches!(b.check(), Err(BruckError::WrongPartner { .. })));
        let mut b = Bruck::new(5).unwrap();
        b.steps[0].carries[0].blocks[0] = (3, 3);
        assert!(matches!(b.check(), Err(BruckError::NotHeld { .. })));
    }

    #[test]
    fn refuses_bad_p() {
        assert_eq!(
            Bruck::new(1).unwrap_err().to_string(),
            "bruck needs p from 2 to 1024 (got p = 1); try p = 2"
        );
        assert!(Bruck::new(2048).is_err());
    }
}
