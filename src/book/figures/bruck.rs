//! `bruck`: Bruck's all-to-all (chapter 14; Bruck et al., IEEE TPDS 1997,
//! §3) stepped on p processors: what every processor holds at every
//! position before the first rotation, after it, after each of the
//! ⌈lg p⌉ steps, and after the last rotation, with the blocks that the
//! step just moved marked. Every picture is read from the core's own
//! carries ([`crate::core::algo::cm5::bruck::Bruck::slots_after`]).

use crate::book::figure::Figure;
use crate::book::params::{Notice, ParamKind, ParamSpec};
use crate::core::algo::cm5::bruck::Bruck as Algorithm;
use crate::core::algo::cm5::rex::Block;
use crate::core::step::{Immediate, Stepper};

/// Processors.
pub const P: ParamSpec = ParamSpec {
    key: "p",
    label: "processors p",
    kind: ParamKind::Int {
        min: 2,
        max: 32,
        default: 6,
    },
};

crate::settings! {
    /// The number of processors.
    pub struct BruckSettings {
        pub p: usize = P => "at most 32 here, a table of p × p blocks; the CLI takes up to 1,024 (commbook exchange --algo bruck)",
    }
}

/// The figure.
pub struct Bruck;

/// The algorithm on p processors.
pub struct BruckRun {
    pub p: usize,
    pub bruck: Algorithm,
}

/// What one picture shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Each processor's blocks in the order of their destinations.
    Start,
    /// After the first rotation (position q: the block going q places on).
    Rotated,
    /// After step k (1-based) of ⌈lg p⌉.
    Step(usize),
    /// After the last rotation: the blocks in the order of their sources.
    Done,
}

impl BruckRun {
    /// The stage at player position `pos` (0 = the start).
    pub fn stage(&self, pos: usize) -> Stage {
        let steps = self.bruck.steps.len();
        match pos {
            0 => Stage::Start,
            1 => Stage::Rotated,
            k if k <= steps + 1 => Stage::Step(k - 1),
            _ => Stage::Done,
        }
    }

    /// Row r, column c of the table at `stage`: the block processor r
    /// holds there (column = destination, position or source), and
    /// whether the stage's step just moved it.
    pub fn table(&self, stage: Stage) -> Vec<Vec<(Block, bool)>> {
        let p = self.p;
        match stage {
            Stage::Start => (0..p)
                .map(|r| (0..p).map(|d| ((r as u32, d as u32), false)).collect())
                .collect(),
            Stage::Done => (0..p)
                .map(|d| (0..p).map(|s| ((s as u32, d as u32), false)).collect())
                .collect(),
            Stage::Rotated => self.marked(0, 0),
            Stage::Step(k) => self.marked(k, 1 << (k - 1)),
        }
    }

    fn marked(&self, done: usize, bit: usize) -> Vec<Vec<(Block, bool)>> {
        self.bruck
            .slots_after(done)
            .into_iter()
            .map(|row| {
                row.into_iter()
                    .enumerate()
                    .map(|(q, b)| (b, q & bit != 0))
                    .collect()
            })
            .collect()
    }
}

impl Figure for Bruck {
    const TITLE: &'static str = "Bruck's all-to-all: rotate, ⌈lg p⌉ shifts, reorder";
    type Settings = BruckSettings;
    type Key = usize;
    type Output = BruckRun;

    fn key(s: &BruckSettings) -> (usize, Vec<Notice>) {
        (s.p.max(2), Vec::new())
    }

    fn compute(p: &usize) -> Box<dyn Stepper<Output = BruckRun>> {
        let p = *p;
        Box::new(Immediate::new(move || BruckRun {
            p,
            bruck: Algorithm::new(p).expect("2 ≤ p ≤ 32"),
        }))
    }

    /// The start, the rotation, each step, the last rotation.
    fn steps(r: &BruckRun) -> usize {
        r.bruck.steps.len() + 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pictures_follow_the_carries() {
        let run = crate::core::step::run(Bruck::compute(&6));
        assert_eq!(Bruck::steps(&run), 5);
        assert_eq!(run.stage(4), Stage::Step(3));
        assert_eq!(run.stage(5), Stage::Done);
        // After the rotation, position q of r holds r's block for r + q.
        let t = run.table(Stage::Rotated);
        assert_eq!(t[4][3].0, (4, 1));
        // Step 1 moves the odd positions, one place on.
        let t = run.table(Stage::Step(1));
        assert!(t[2][1].1 && !t[2][2].1);
        assert_eq!(t[2][1].0, (1, 2)); // from P1, now home
        // Before the last rotation every block is at its destination.
        let t = run.table(Stage::Step(3));
        assert!(t.iter().enumerate().all(|(r, row)| row.iter().all(|&((_, d), _)| d as usize == r)));
    }
}
