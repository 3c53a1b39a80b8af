//! Figure 20's question: as T_d/τ_d changes with technology, which schedule
//! is fastest for which array size? (paper 003, §5, Figure 20.)
//!
//! Under GDM a plan whose steps send something costs
//! busy·T_d + bytes·τ_d = τ_d·(busy·R + bytes), with R = T_d/τ_d, `busy`
//! the steps that send and `bytes` the sum of each step's largest message.
//! The winner therefore depends on R and the array alone, not on T_d and
//! τ_d separately. [`Pricing`] prices every contender (direct, every
//! hybrid degree, indirect, multiphase) exactly once per array size N =
//! K·P·2^e, e = 0..=[`DOUBLINGS`], and then reads any R off the two sums.
//! The rows of the map are R·2^s for s = −[`OCTAVES`]..=[`OCTAVES`] around the
//! machine's own R; Figure 20's panels (b)-(d) are 2R, R/2 and R/4 of its
//! panel (a). Times are quoted with T_d kept at the machine's value and
//! τ_d = T_d/R.
//!
//! ```
//! use commbook_core::cost::gdm::Gdm;
//! use commbook_core::redist::winner::{self, WinnerConfig};
//! let config = WinnerConfig { k: 16, p: 16, b: 4, gdm: Gdm::SP2 };
//! let map = commbook_core::step::run(Box::new(winner::Pricing::new(config).unwrap()));
//! let r = map.ratio(0);
//! // Small arrays: the fewest steps (degree 3 takes as many as the indirect
//! // schedule's 4 + 1 and relays less); large ones: the direct schedule.
//! assert_eq!(map.contenders[map.winner(0, r)].label, "H3");
//! assert_eq!(map.contenders[map.winner(winner::DOUBLINGS, r)].label, "D");
//! ```

use super::array::ArrayConfig;
use super::cost::plan_cost;
use super::error::RedistError;
use super::plan::Plan;
use super::schedules::plan;
use super::scheme::{Direction, Scheme};
use super::shape::Shape;
use crate::cost::gdm::Gdm;
use crate::step::{Progress, Stepper};

/// Array sizes: N = K·P·2^e for e = 0..=DOUBLINGS.
pub const DOUBLINGS: usize = 12;
/// Ratios: R·2^s for s = −OCTAVES..=OCTAVES.
pub const OCTAVES: i32 = 6;

/// The problem and the machine whose R the map is centred on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WinnerConfig {
    /// Expansion factor K.
    pub k: usize,
    /// Processors P.
    pub p: usize,
    /// Bytes per element.
    pub b: u64,
    /// The machine: its T_d, and its R at the centre row.
    pub gdm: Gdm,
}

/// One schedule priced at every N.
#[derive(Clone, Debug, PartialEq)]
pub struct Contender {
    /// The schedule.
    pub scheme: Scheme,
    /// Short label for the map: D, H1, H2, …, I, M.
    pub label: String,
    /// Communication steps.
    pub steps: usize,
    /// Per N: (steps that send, Σ largest message bytes).
    pub sums: Vec<(usize, u64)>,
}

/// Every contender priced; read with [`WinnerMap::winner`].
#[derive(Clone, Debug, PartialEq)]
pub struct WinnerMap {
    /// What was priced.
    pub config: WinnerConfig,
    /// The array sizes N.
    pub ns: Vec<usize>,
    /// Direct, hybrids by degree, indirect, multiphase.
    pub contenders: Vec<Contender>,
}

impl WinnerMap {
    /// Number of map rows (ratios).
    pub fn rows(&self) -> usize {
        2 * OCTAVES as usize + 1
    }

    /// R of row `row`, bytes (row OCTAVES is the machine's own).
    pub fn ratio(&self, row: usize) -> f64 {
        self.config.gdm.ratio() * 2f64.powi(row as i32 - OCTAVES)
    }

    /// Predicted time in µs of contender `c` at N = `ns[n]` and ratio `r`,
    /// with T_d the machine's and τ_d = T_d/r.
    pub fn time_us(&self, c: usize, n: usize, r: f64) -> f64 {
        let (busy, bytes) = self.contenders[c].sums[n];
        let t_d = self.config.gdm.t_d_us;
        busy as f64 * t_d + bytes as f64 * t_d / r
    }

    /// The fastest contender at N = `ns[n]` and ratio `r` (ties go to the
    /// earlier: fewer relays).
    pub fn winner(&self, n: usize, r: f64) -> usize {
        (0..self.contenders.len()).fold(0, |best, c| {
            if self.time_us(c, n, r) < self.time_us(best, n, r) {
                c
            } else {
                best
            }
        })
    }

    /// The winners along N at ratio `r`, as runs: (first N index, contender).
    pub fn runs(&self, r: f64) -> Vec<(usize, usize)> {
        let mut out: Vec<(usize, usize)> = Vec::new();
        for n in 0..self.ns.len() {
            let w = self.winner(n, r);
            if out.last().is_none_or(|&(_, last)| last != w) {
                out.push((n, w));
            }
        }
        out
    }
}

/// Prices the contenders, one plan at one N per step.
pub struct Pricing {
    config: WinnerConfig,
    shape: Shape,
    schemes: Vec<Scheme>,
    ns: Vec<usize>,
    done: Vec<Contender>,
    /// The contender being priced and its sums so far.
    current: Option<(Plan, Vec<(usize, u64)>)>,
}

impl Pricing {
    /// Checks K, P and the largest array, and lists the contenders.
    pub fn new(config: WinnerConfig) -> Result<Pricing, RedistError> {
        let shape = Shape::new(config.k, config.p)?;
        let ns: Vec<usize> = (0..=DOUBLINGS).map(|e| shape.cells() << e).collect();
        ArrayConfig {
            n: ns[DOUBLINGS],
            x: 1,
        }
        .validate_for_cost(&shape)?;
        let mut schemes = vec![Scheme::Direct];
        schemes.extend((1..shape.max_degree()).map(Scheme::Hybrid));
        if shape.max_degree() > 0 {
            schemes.push(Scheme::Indirect);
        }
        schemes.push(Scheme::Multiphase);
        Ok(Pricing {
            config,
            shape,
            schemes,
            ns,
            done: Vec::new(),
            current: None,
        })
    }
}

fn label(scheme: Scheme) -> String {
    match scheme {
        Scheme::Direct => "D".into(),
        Scheme::Indirect => "I".into(),
        Scheme::Hybrid(d) => format!("H{d}"),
        Scheme::Multiphase => "M".into(),
    }
}

impl Stepper for Pricing {
    type Output = WinnerMap;

    fn step(&mut self) -> bool {
        let Some(&scheme) = self.schemes.get(self.done.len()) else {
            return false;
        };
        let (pl, sums) = self
            .current
            .get_or_insert_with(|| (plan(&self.shape, scheme, Direction::Up), Vec::new()));
        let array = ArrayConfig {
            n: self.ns[sums.len()],
            x: 1,
        }
        .validate_for_cost(&self.shape)
        .expect("the largest N was checked");
        let c = plan_cost(pl, &array, self.config.b, &self.config.gdm);
        let busy = c.step_bytes.iter().filter(|&&m| m > 0).count();
        sums.push((busy, c.step_bytes.iter().sum()));
        if sums.len() == self.ns.len() {
            let (pl, sums) = self.current.take().expect("priced above");
            self.done.push(Contender {
                scheme,
                label: label(scheme),
                steps: pl.n_steps(),
                sums,
            });
        }
        self.done.len() < self.schemes.len()
    }

    fn progress(&self) -> Progress {
        Progress {
            done: self.done.len() as u64,
            total: self.schemes.len() as u64,
        }
    }

    fn finish(mut self: Box<Self>) -> WinnerMap {
        while self.step() {}
        WinnerMap {
            config: self.config,
            ns: self.ns,
            contenders: self.done,
        }
    }
}

mod caption;
#[cfg(test)]
mod tests;

#[cfg(test)]
use caption::runs;
pub use caption::{bytes, caption, count, figure20_panel, row_label, short_count};
