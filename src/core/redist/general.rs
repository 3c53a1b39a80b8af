//! cyclic(x) → cyclic(y) in two phases through L = lcm(x, y) (paper 003,
//! §1 and Table 1; the gcd/lcm methods of ref. 22).
//!
//! Phase 1 is ℜ_x(L/x, P), cyclic(x) → cyclic(L); phase 2 is the dual of
//! ℜ_y(L/y, P), cyclic(L) → cyclic(y). Both phases see the same superblocks
//! of P·L elements, so the memories pass from one to the other unchanged and
//! are only read as blocks of y instead of x. A phase with factor 1 (x = L or
//! y = L) moves nothing and is skipped.
//!
//! Choices: N must be a multiple of L (a multiple of both x and y), so every
//! block of either size is whole; the same scheme runs both phases, a hybrid
//! degree being capped at each phase's maximum. For x, y and P pairwise
//! coprime (G = 1 in both phases) the indirect scheme takes
//! ⌈log y⌉ + ⌈log x⌉ + 2 steps, within Table 1's ⌈log x⌉ + ⌈log y⌉ + 4.
//!
//! ```
//! use commbook_core::redist::{general::GeneralConfig, Scheme};
//! let problem = GeneralConfig { x: 3, y: 5, p: 8, n: 480 }.validate().unwrap();
//! let run = problem.execute(Scheme::Indirect).unwrap();
//! assert_eq!(run.steps.len(), 3 + 2 + 2); // ⌈log 5⌉ + 1 and ⌈log 3⌉ + 1
//! ```

use super::array::{Array, MAX_ELEMENTS, check_array};
use super::error::RedistError;
use super::exec::{ExecError, Execution, run_actions};
use super::machine::Machine;
use super::plan::Plan;
use super::schedules::plan;
use super::scheme::{Direction, Scheme};
use super::shape::{MAX_K, Shape, gcd};

/// cyclic(x) → cyclic(y) of an N-element array on P processors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GeneralConfig {
    /// Block size before.
    pub x: usize,
    /// Block size after.
    pub y: usize,
    /// Processors P.
    pub p: usize,
    /// Elements N, a multiple of lcm(x, y).
    pub n: usize,
}

/// A validated cyclic(x) → cyclic(y) problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TwoPhase {
    /// Block size before.
    pub x: usize,
    /// Block size after.
    pub y: usize,
    /// L = lcm(x, y).
    pub l: usize,
    /// Elements N.
    pub n: usize,
    /// ℜ_x(L/x, P).
    pub first: Shape,
    /// ℜ_y(L/y, P), run backwards.
    pub second: Shape,
    array: Array,
}

impl GeneralConfig {
    /// Checks x, y, P and N and derives both phases.
    pub fn validate(&self) -> Result<TwoPhase, RedistError> {
        for (name, v) in [("x", self.x), ("y", self.y)] {
            if v == 0 {
                return Err(RedistError::Zero { name });
            }
        }
        let l = (self.x as u64 / gcd(self.x, self.y) as u64).saturating_mul(self.y as u64);
        if l > MAX_ELEMENTS as u64 {
            return Err(RedistError::TooLarge {
                name: "lcm(x, y)",
                value: l,
                max: MAX_ELEMENTS as u64,
            });
        }
        for (name, k) in [("L/x", l / self.x as u64), ("L/y", l / self.y as u64)] {
            if k > MAX_K as u64 {
                return Err(RedistError::TooLarge {
                    name,
                    value: k,
                    max: MAX_K as u64,
                });
            }
        }
        let first = Shape::new((l / self.x as u64) as usize, self.p)?;
        let second = Shape::new((l / self.y as u64) as usize, self.p)?;
        let l = l as usize;
        let array = check_array(
            self.n,
            l,
            "lcm(x, y)",
            (l as u64).saturating_mul(self.p as u64),
            MAX_ELEMENTS as u64,
        )?;
        Ok(TwoPhase {
            x: self.x,
            y: self.y,
            l,
            n: self.n,
            first,
            second,
            array,
        })
    }
}

impl TwoPhase {
    /// The two plans (a phase with factor 1 is `None`).
    pub fn plans(&self, scheme: Scheme) -> (Option<Plan>, Option<Plan>) {
        let make = |sh: &Shape, d| (sh.k > 1).then(|| plan(sh, scheme, d));
        (
            make(&self.first, Direction::Up),
            make(&self.second, Direction::Down),
        )
    }

    /// Communication steps of both phases.
    pub fn n_steps(&self, scheme: Scheme) -> usize {
        let (a, b) = self.plans(scheme);
        a.map_or(0, |p| p.n_steps()) + b.map_or(0, |p| p.n_steps())
    }

    /// Runs both phases on the array, with the one-port check at every step,
    /// and checks that the result is cyclic(y).
    pub fn execute(&self, scheme: Scheme) -> Result<Execution, ExecError> {
        let (first, second) = self.plans(scheme);
        let (k1, k2) = (self.first.k, self.second.k);
        let mut machine = Machine::load(&self.array, self.first.p, k1, self.x, self.x);
        let mut steps = Vec::new();
        if let Some(plan) = &first {
            steps = run_actions(&mut machine, plan, 0)?;
        }
        machine.regroup(k2, self.y);
        if let Some(plan) = &second {
            let more = run_actions(&mut machine, plan, steps.len())?;
            steps.extend(more);
        }
        machine.check_cyclic(self.n, self.y)?;
        Ok(Execution { machine, steps })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_bad_problems() {
        let bad = |x, y, p, n| {
            GeneralConfig { x, y, p, n }
                .validate()
                .unwrap_err()
                .to_string()
        };
        assert_eq!(bad(0, 3, 4, 12), "x must be at least 1 (got x = 0)");
        assert!(bad(2, 3, 4, 8).starts_with("N must be a multiple of lcm(x, y) = 6"));
        assert!(bad(4097, 1, 4, 4097).contains("L/y"));
        assert!(bad(usize::MAX, usize::MAX - 1, 4, 4).contains("lcm(x, y)"));
        assert!(bad(2, 3, 0, 6).starts_with("P must be at least 1"));
    }

    #[test]
    fn block_to_cyclic_and_back() {
        // cyclic(1) → cyclic(4) is one phase (y = L); the other is skipped.
        let p = GeneralConfig {
            x: 1,
            y: 4,
            p: 8,
            n: 64,
        }
        .validate()
        .unwrap();
        let (first, second) = p.plans(Scheme::Direct);
        assert!(first.is_some() && second.is_none());
        assert_eq!(p.execute(Scheme::Direct).unwrap().steps.len(), 4);
        let q = GeneralConfig {
            x: 4,
            y: 4,
            p: 8,
            n: 64,
        }
        .validate()
        .unwrap();
        assert_eq!(q.execute(Scheme::Indirect).unwrap().steps.len(), 0);
    }
}
