//! Predicted times of actual plans under the GDM model, the best hybrid
//! degree, and the comparison with `MPI_Alltoall` (paper 003, §5).
//!
//! [`plan_cost`] walks a plan on the superblock grid and sizes every message
//! exactly: a block of the superblock appears in every full superblock and,
//! if its index is below the remainder, in the partial last one. A step
//! costs T_d + m·τ_d for its largest message m, or nothing if no processor
//! sends. [`Corollary2`](crate::cost::gdm::Corollary2) gives the
//! paper's closed forms; the two agree when K is a power of two and N fills
//! whole superblocks (a test checks it), and differ where Theorem 3's counts
//! are idealised (see [`super::scheme::DegreeSplit`]).
//!
//! `MPI_Alltoall` needs equal message sizes, so every processor pads each of
//! its P − 1 messages to the largest any pair exchanges (§5, Figure 18); we
//! cost it as P − 1 permutation steps of that size.
//!
//! ```
//! use commbook_core::cost::gdm::Gdm;
//! use commbook_core::redist::{cost, ArrayConfig, Shape};
//! let sh = Shape::new(31, 64).unwrap();
//! let array = ArrayConfig { n: 31 * 64 * 10, x: 10 }.validate_for_cost(&sh).unwrap();
//! let (d, best) = cost::best_degree(&sh, &array, 4, &Gdm::SP2);
//! // 6 steps where direct takes 31 (§1); d = 4 (4 + ⌈31/16⌉) beats the
//! // indirect d = 5 (5 + 1): as many steps, fewer relayed bytes.
//! assert_eq!((d, best.steps), (4, 6));
//! ```

use super::array::Array;
use super::grid::Grid;
use super::plan::{Action, Plan};
use super::schedules::plan;
use super::scheme::{Direction, Scheme};
use super::shape::Shape;
use crate::cost::gdm::Gdm;

/// The predicted cost of a plan.
#[derive(Clone, Debug, PartialEq)]
pub struct PlanCost {
    /// Communication steps.
    pub steps: usize,
    /// Bytes of the largest message of each step.
    pub step_bytes: Vec<u64>,
    /// Predicted time, µs.
    pub us: f64,
}

/// How many superblocks hold block `b` of the superblock (the last one may
/// be partial).
fn copies(array: &Array, cells: usize, b: u32) -> u64 {
    let blocks = array.n / array.x;
    (blocks / cells + usize::from((b as usize) < blocks % cells)) as u64
}

/// Sizes every step of `plan` for `array` (elements of `b` bytes) and
/// prices it under `gdm`.
pub fn plan_cost(plan: &Plan, array: &Array, b: u64, gdm: &Gdm) -> PlanCost {
    let cells = plan.shape.cells();
    let mut grid = Grid::initial(&plan.shape, plan.direction);
    let mut step_bytes = Vec::new();
    for action in &plan.actions {
        let messages = grid.apply(action);
        if matches!(action, Action::Rows(_)) {
            let largest = messages
                .iter()
                .map(|m| {
                    m.blocks
                        .iter()
                        .map(|&blk| copies(array, cells, blk))
                        .sum::<u64>()
                })
                .max()
                .unwrap_or(0);
            step_bytes.push(largest * array.x as u64 * b);
        }
    }
    priced(step_bytes, gdm)
}

fn priced(step_bytes: Vec<u64>, gdm: &Gdm) -> PlanCost {
    // (A fold from +0.0: an empty f64 sum is −0.0.)
    let us = step_bytes
        .iter()
        .filter(|&&m| m > 0)
        .fold(0.0, |t, &m| t + gdm.step_us(m));
    PlanCost {
        steps: step_bytes.len(),
        step_bytes,
        us,
    }
}

/// The hybrid degree with the least predicted time (ties to the smaller
/// degree: fewer relays), with its cost.
pub fn best_degree(sh: &Shape, array: &Array, b: u64, gdm: &Gdm) -> (usize, PlanCost) {
    let mut best: Option<(usize, PlanCost)> = None;
    for d in 0..=sh.max_degree() {
        let c = plan_cost(&plan(sh, Scheme::Hybrid(d), Direction::Up), array, b, gdm);
        if best.as_ref().is_none_or(|(_, bc)| c.us < bc.us) {
            best = Some((d, c));
        }
    }
    best.unwrap_or_else(|| (0, priced(Vec::new(), gdm)))
}

/// `MPI_Alltoall` with padding: P − 1 steps, each the size of the largest
/// message any processor sends to any other.
pub fn alltoall_cost(sh: &Shape, array: &Array, b: u64, gdm: &Gdm) -> PlanCost {
    let mut pair = vec![0u64; sh.p * sh.p];
    for blk in 0..sh.cells() {
        let (src, dst) = (sh.source(blk), sh.dest(blk));
        if src != dst {
            pair[src * sh.p + dst] += copies(array, sh.cells(), blk as u32);
        }
    }
    let largest = pair.into_iter().max().unwrap_or(0) * array.x as u64 * b;
    priced(vec![largest; sh.p - 1], gdm)
}

/// One line of a side-by-side comparison.
#[derive(Clone, Debug, PartialEq)]
pub struct SchemeCost {
    /// `direct`, `indirect`, `hybrid:D` (the best D), `multiphase` or
    /// `alltoall`.
    pub name: String,
    /// Its predicted cost.
    pub cost: PlanCost,
}

/// Direct, indirect, the best hybrid, multiphase and padded all-to-all on
/// one problem and machine.
pub fn compare(sh: &Shape, array: &Array, b: u64, gdm: &Gdm) -> Vec<SchemeCost> {
    let of = |scheme: Scheme| SchemeCost {
        name: scheme.name(),
        cost: plan_cost(&plan(sh, scheme, Direction::Up), array, b, gdm),
    };
    let (d, hybrid) = best_degree(sh, array, b, gdm);
    vec![
        of(Scheme::Direct),
        of(Scheme::Indirect),
        SchemeCost {
            name: Scheme::Hybrid(d).name(),
            cost: hybrid,
        },
        of(Scheme::Multiphase),
        SchemeCost {
            name: "alltoall".into(),
            cost: alltoall_cost(sh, array, b, gdm),
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::published::lim;
    use crate::redist::ArrayConfig;
    use expect_test::expect;

    fn array(sh: &Shape, n: usize) -> Array {
        ArrayConfig { n, x: 1 }.validate_for_cost(sh).unwrap()
    }

    /// Figure 20's question, answered with the actual plans: P = K = 128,
    /// 4-byte elements, direct, indirect and hybrid:2, and which is fastest
    /// as N grows, for the four (T_d, τ_d) of panels (a)-(d).
    #[test]
    fn figure_20_best_schedule_by_array_size() {
        let (p, k, b, d) = lim::FIG20_P_K_B_D;
        let sh = Shape::new(k, p).unwrap();
        let mut lines = Vec::new();
        for (panel, (t_by, tau_by)) in ["a", "b", "c", "d"].iter().zip(lim::FIG20_SPEEDUPS) {
            let m = Gdm::SP2_FIG20.faster(t_by, tau_by);
            let mut winners: Vec<(usize, String)> = Vec::new();
            for e in 0..=10 {
                let n = sh.cells() << e;
                let a = array(&sh, n);
                let best = [Scheme::Direct, Scheme::Indirect, Scheme::Hybrid(d)]
                    .into_iter()
                    .map(|s| {
                        (
                            s.name(),
                            plan_cost(&plan(&sh, s, Direction::Up), &a, b as u64, &m).us,
                        )
                    })
                    .fold(("".to_string(), f64::INFINITY), |x, y| {
                        if y.1 < x.1 { y } else { x }
                    });
                if winners.last().is_none_or(|w| w.1 != best.0) {
                    winners.push((n, best.0));
                }
            }
            let text: Vec<String> = winners
                .iter()
                .map(|(n, s)| format!("{s} from N = {n}"))
                .collect();
            lines.push(format!(
                "({panel}) R = {:.0} B: {}",
                m.ratio(),
                text.join(", ")
            ));
        }
        expect![[r#"
            (a) R = 1143 B: indirect from N = 16384, hybrid:2 from N = 524288, direct from N = 4194304
            (b) R = 2286 B: indirect from N = 16384, hybrid:2 from N = 1048576, direct from N = 8388608
            (c) R = 571 B: indirect from N = 16384, hybrid:2 from N = 262144, direct from N = 2097152
            (d) R = 286 B: indirect from N = 16384, hybrid:2 from N = 131072, direct from N = 1048576"#]]
        .assert_eq(&lines.join("\n"));
    }

    #[test]
    fn padding_makes_alltoall_costly_for_small_k() {
        // Figure 18: MPI_Alltoall sends P − 1 padded messages; for small K
        // most of them are dummies.
        let m = Gdm::SP2;
        for k in [2, 4, 8] {
            let sh = Shape::new(k, 64).unwrap();
            let a = array(&sh, sh.cells() * 64);
            let costs = compare(&sh, &a, 4, &m);
            let all = costs.iter().find(|c| c.name == "alltoall").unwrap();
            assert!(
                costs.iter().all(|c| c.cost.us <= all.cost.us),
                "K = {k}: {costs:?}"
            );
        }
    }

    #[test]
    fn best_degree_follows_the_machine() {
        let sh = Shape::new(32, 64).unwrap();
        let a = array(&sh, sh.cells() * 16);
        // Free start-ups: send everything directly. Free bandwidth: the
        // fewest steps (d = 4 and d = 5 both take 6; d = 4 relays less).
        let (d, _) = best_degree(&sh, &a, 4, &Gdm::SP2.faster(1.0e6, 1.0));
        assert_eq!(d, 0);
        let (d, cost) = best_degree(&sh, &a, 4, &Gdm::SP2.faster(1.0, 1.0e6));
        assert_eq!((d, cost.steps), (4, 6));
    }
}
