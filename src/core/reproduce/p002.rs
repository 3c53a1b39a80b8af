//! Paper 002 (Wang, Lin, Ranka): its measurements are plots that did not
//! survive as numbers; the one figure it states in the text is §2.2's
//! share of random permutations whose cost lies within 5 % of the average,
//! recomputed with the cycle-level fat-tree simulator.

use super::{Pending, RowBuilder, Rule};
use crate::published::wang93::PERMUTATIONS_WITHIN_5_PERCENT;
use crate::sim::randperm::{rand_perms, within};
use crate::step::Stepper;
use std::cell::RefCell;
use std::rc::Rc;

const PAPER: &str = "002";

/// Permutations simulated (the paper: 5,000; chapter 4's figure runs more).
const COUNT: usize = 120;
/// Permutations per step.
const CHUNK: usize = 2;

pub(super) fn tables() -> Vec<Pending> {
    let rule = Rule::Relative(0.05);
    let t = Pending::new(
        PAPER,
        "002-perm",
        "§2.2 (text)",
        "Random 1 KB permutations on a 32-node CM-5 whose cost is within 5 % of the mean, %",
        "§2.2",
        format!(
            "{COUNT} random derangements of 32 processors, 1 KB each, simulated flit by flit on \
             the CM-5's 4-ary fat tree (seed 1); chapter 4's figure runs up to 5,000"
        ),
        rule,
    );
    // The permutations are simulated in chunks, a step each, so the
    // browser's run never blocks for long; the row reads the costs.
    let sims = Rc::new(RefCell::new(rand_perms(32, 1024, COUNT, 1)));
    let mut t = t;
    for _ in 0..COUNT / CHUNK {
        let sims = sims.clone();
        t = t.prepare(move || {
            let mut s = sims.borrow_mut();
            let target = (s.progress().done + CHUNK as u64).min(COUNT as u64);
            while s.progress().done < target && s.step() {}
        });
    }
    vec![t.row(move || {
        // The last step left: the stepper gives its costs up; a
        // placeholder with nothing to run takes its place.
        let sims = sims.replace(rand_perms(32, 1024, 0, 1));
        let costs = Box::new(sims).finish();
        let (inside, _) = within(&costs, 5.0);
        let (p_in, p_all) = PERMUTATIONS_WITHIN_5_PERCENT;
        RowBuilder::new(rule, "32 processors, 1 KB")
            .num_why(
                "within 5 % of the mean (%)",
                100.0 * p_in as f64 / p_all as f64,
                100.0 * inside as f64 / costs.len().max(1) as f64,
                "the simulator's random up-routing spreads permutation costs wider than the \
                 CM-5 did; the paper's conclusion (any permutation costs about the same, so one \
                 τ + Mφ fits them all) still holds within 20 %",
            )
            .done()
    })]
}
