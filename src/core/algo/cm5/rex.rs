//! REX, the recursive exchange (paper 004 §4.3, Table 2): a complete
//! exchange in lg p steps by store-and-forward.
//!
//! Each processor starts with p blocks, one for every destination (its own
//! included). In step i (1 ≤ i ≤ lg p) processor j exchanges with
//! j ⊕ p/2^i, across the cut that halves its current group, and sends every
//! block it holds whose destination lies on the partner's side: p/2 blocks,
//! L·p/2 bytes, each step. After step i a processor holds only blocks whose
//! destination agrees with it on the top i bits, so after lg p steps every
//! block is home. Blocks are recombined and relayed, so REX is not a
//! schedule of the original matrix: a block may travel up to lg p times.
//!
//! [`Rex::check`] replays the carries independently: every block carried
//! must be at the sender, each step's carries follow its pairs, and at the
//! end every block sits at its destination. The trace is in
//! [`super::rex_trace`].
//!
//! ```
//! use commbook_core::algo::cm5::rex::Rex;
//! let rex = Rex::new(8).unwrap();
//! assert_eq!(rex.steps.len(), 3);
//! assert_eq!(rex.steps[0].pairs, vec![(0, 4), (1, 5), (2, 6), (3, 7)]);
//! assert!(rex.steps[0].carries.iter().all(|c| c.blocks.len() == 4));
//! assert!(rex.check().is_ok());
//! ```

use std::fmt;

/// A block of the exchange: (source, destination).
pub type Block = (u32, u32);

/// The blocks one processor sends its partner in one step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Carry {
    /// The sending processor.
    pub from: usize,
    /// Its partner in this step.
    pub to: usize,
    /// The blocks sent, each (source, final destination).
    pub blocks: Vec<Block>,
}

/// One step: the exchanging pairs and what each side carries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RexStep {
    /// The exchanging pairs (a, b), a < b.
    pub pairs: Vec<(usize, usize)>,
    /// Both directions of every pair.
    pub carries: Vec<Carry>,
}

/// A recursive exchange over p processors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rex {
    /// Number of processors, a power of two.
    pub p: usize,
    /// The lg p steps.
    pub steps: Vec<RexStep>,
}

/// Most processors REX accepts (it moves p²/2 blocks per step).
pub const MAX_P: usize = 1024;

/// Why REX cannot run, or what its replay found wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RexError {
    /// p is not a power of two of at least 2, or above [`MAX_P`].
    BadP { p: usize },
    /// A step carries a block its sender does not hold.
    NotHeld {
        step: usize,
        from: usize,
        block: Block,
    },
    /// A carry between processors that are not a pair of the step.
    NotPaired { step: usize, from: usize, to: usize },
    /// After the last step a block is not at its destination.
    NotHome { block: Block, at: usize },
}

impl fmt::Display for RexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RexError::BadP { p } => write!(
                f,
                "rex needs p to be a power of two from 2 to {MAX_P} (got p = {p}); try p = {}",
                p.clamp(&2, &MAX_P).next_power_of_two().min(MAX_P)
            ),
            RexError::NotHeld { step, from, block } => write!(
                f,
                "step {step}: processor {from} sends block {}→{} it does not hold",
                block.0, block.1
            ),
            RexError::NotPaired { step, from, to } => {
                write!(
                    f,
                    "step {step}: {from} sends to {to}, which is not its partner"
                )
            }
            RexError::NotHome { block, at } => write!(
                f,
                "block {}→{} ends at processor {at}, not at its destination",
                block.0, block.1
            ),
        }
    }
}

impl std::error::Error for RexError {}

impl Rex {
    /// Builds the exchange for p processors.
    pub fn new(p: usize) -> Result<Rex, RexError> {
        if !(2..=MAX_P).contains(&p) || !p.is_power_of_two() {
            return Err(RexError::BadP { p });
        }
        let lg = p.trailing_zeros() as usize;
        let mut holds: Vec<Vec<Block>> = (0..p)
            .map(|j| (0..p).map(|d| (j as u32, d as u32)).collect())
            .collect();
        let mut steps = Vec::with_capacity(lg);
        for i in 1..=lg {
            let bit = 1usize << (lg - i);
            let pairs: Vec<(usize, usize)> = (0..p)
                .filter(|j| j & bit == 0)
                .map(|j| (j, j | bit))
                .collect();
            let mut carries = Vec::with_capacity(p);
            for &(a, b) in &pairs {
                for (from, to) in [(a, b), (b, a)] {
                    let (go, stay): (Vec<Block>, Vec<Block>) = holds[from]
                        .iter()
                        .partition(|&&(_, d)| (d as usize & bit) == (to & bit));
                    holds[from] = stay;
                    carries.push(Carry {
                        from,
                        to,
                        blocks: go,
                    });
                }
            }
            for c in &carries {
                holds[c.to].extend_from_slice(&c.blocks);
            }
            steps.push(RexStep { pairs, carries });
        }
        Ok(Rex { p, steps })
    }

    /// The pairs of every step (the CLI's `steps`).
    pub fn pairs(&self) -> Vec<Vec<(usize, usize)>> {
        self.steps.iter().map(|s| s.pairs.clone()).collect()
    }

    /// Replays the carries and checks that every block ends at home.
    pub fn check(&self) -> Result<(), RexError> {
        let p = self.p;
        let partners: Vec<Vec<usize>> = self
            .steps
            .iter()
            .map(|step| {
                let mut partner = vec![usize::MAX; p];
                for &(a, b) in &step.pairs {
                    partner[a] = b;
                    partner[b] = a;
                }
                partner
            })
            .collect();
        let steps = self.steps.iter().map(|s| s.carries.as_slice());
        replay(p, steps, |i, from| partners[i].get(from).copied()).map_err(|f| match f {
            Fault::WrongPartner { step, from, to } => RexError::NotPaired { step, from, to },
            Fault::NotHeld { step, from, block } => RexError::NotHeld { step, from, block },
            Fault::NotHome { block, at } => RexError::NotHome { block, at },
        })
    }
}

/// What a replay of carries found wrong (steps counted from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Fault {
    WrongPartner {
        step: usize,
        from: usize,
        to: usize,
    },
    NotHeld {
        step: usize,
        from: usize,
        block: Block,
    },
    NotHome {
        block: Block,
        at: usize,
    },
}

/// Replays steps of simultaneous carries over p processors, every block
/// (s, d) starting at s: each carry must go to `partner(step, from)` (step
/// from 0) and carry only blocks its sender holds, and after the last step
/// every block must be at its destination. REX and Bruck's algorithm both
/// relay blocks and are checked by this one replay.
pub(super) fn replay<'a>(
    p: usize,
    steps: impl IntoIterator<Item = &'a [Carry]>,
    partner: impl Fn(usize, usize) -> Option<usize>,
) -> Result<(), Fault> {
    // at[s·p + d]: the processor holding block (s, d).
    let mut at: Vec<usize> = (0..p * p).map(|k| k / p).collect();
    for (i, carries) in steps.into_iter().enumerate() {
        let mut moves = Vec::new();
        for c in carries {
            if partner(i, c.from) != Some(c.to) {
                return Err(Fault::WrongPartner {
                    step: i + 1,
                    from: c.from,
                    to: c.to,
                });
            }
            for &b in &c.blocks {
                let k = b.0 as usize * p + b.1 as usize;
                if at.get(k) != Some(&c.from) {
                    return Err(Fault::NotHeld {
                        step: i + 1,
                        from: c.from,
                        block: b,
                    });
                }
                moves.push((k, c.to));
            }
        }
        // The carries of a step are simultaneous.
        for (k, to) in moves {
            at[k] = to;
        }
    }
    match (0..p * p).find(|&k| at[k] != k % p) {
        Some(k) => Err(Fault::NotHome {
            block: ((k / p) as u32, (k % p) as u32),
            at: at[k],
        }),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::published::ponnusamy93::TABLE2_REX;

    #[test]
    fn rex_is_table_2_and_delivers_everything() {
        let rex = Rex::new(8).unwrap();
        let t: Vec<Vec<(usize, usize)>> = TABLE2_REX.iter().map(|r| r.to_vec()).collect();
        assert_eq!(rex.pairs(), t);
        for p in [2, 4, 16, 64, 256] {
            let r = Rex::new(p).unwrap();
            assert_eq!(r.steps.len(), p.trailing_zeros() as usize);
            assert_eq!(r.check(), Ok(()));
            assert!(
                r.steps
                    .iter()
                    .flat_map(|s| &s.carries)
                    .all(|c| c.blocks.len() == p / 2)
            );
        }
    }

    #[test]
    fn check_catches_tampering() {
        let mut r = Rex::new(4).unwrap();
        r.steps[1].carries[0].blocks.pop();
        assert!(matches!(r.check(), Err(RexError::NotHome { .. })));
        let mut r = Rex::new(4).unwrap();
        r.steps[0].carries[0].to = 3;
        assert!(matches!(r.check(), Err(RexError::NotPaired { .. })));
        let mut r = Rex::new(4).unwrap();
        r.steps[0].carries[0].blocks[0] = (3, 3);
        assert!(matches!(r.check(), Err(RexError::NotHeld { .. })));
    }

    #[test]
    fn refuses_bad_p() {
        assert_eq!(
            Rex::new(12).unwrap_err().to_string(),
            "rex needs p to be a power of two from 2 to 1024 (got p = 12); try p = 16"
        );
        assert!(Rex::new(1).is_err() && Rex::new(2048).is_err());
    }
}
