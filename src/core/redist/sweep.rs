//! The schedules side by side as K varies (paper 003, §5, Figures 14-15):
//! for one P, one array and one machine, the step count and the
//! GDM-predicted time of the direct, indirect, best hybrid and multiphase
//! plans of every K from 2 to P.
//!
//! Every number comes from an actual plan priced by [`plan_cost`], so the
//! steps are the plans' (Theorem 3's counts where they are reachable, see
//! [`super::scheme::DegreeSplit`]) and the bytes are the real largest
//! message of each step. The array has N elements of b bytes and x = 1
//! (blocks of one element): only N·b matters to the model, and N need not
//! fill whole superblocks.
//!
//! [`KSweeping`] is a [`Stepper`] doing one K per step, so a browser can
//! price P = 128 in slices.
//!
//! ```
//! use commbook_core::cost::gdm::Gdm;
//! use commbook_core::redist::sweep::{self, KSweepConfig};
//! let config = KSweepConfig { p: 16, n: 64_000, b: 4, gdm: Gdm::SP2 };
//! let s = commbook_core::step::run(Box::new(sweep::KSweeping::new(config).unwrap()));
//! let k7 = &s.rows[5];
//! assert_eq!((k7.k, k7.prime, k7.direct.steps, k7.multiphase.steps), (7, true, 7, 7));
//! assert!(sweep::caption(&s.config, k7).starts_with("K = 7 (prime)"));
//! ```

use super::array::ArrayConfig;
use super::cost::{PlanCost, plan_cost};
use super::error::RedistError;
use super::schedules::plan;
use super::scheme::{Direction, Scheme};
use super::shape::Shape;
use crate::cost::gdm::Gdm;
use crate::step::{Progress, Stepper};

/// What to compare.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct KSweepConfig {
    /// Processors P; K runs from 2 to P.
    pub p: usize,
    /// Array elements N.
    pub n: usize,
    /// Bytes per element b.
    pub b: u64,
    /// The machine.
    pub gdm: Gdm,
}

/// The four schedules at one K.
#[derive(Clone, Debug, PartialEq)]
pub struct SweepRow {
    /// Expansion factor K.
    pub k: usize,
    /// K is prime: the multiphase baseline has nothing to split.
    pub prime: bool,
    /// G = gcd(K, P).
    pub g: usize,
    /// Theorem 3 (i).
    pub direct: PlanCost,
    /// Theorem 3 (ii).
    pub indirect: PlanCost,
    /// The hybrid degree with the least predicted time.
    pub hybrid_d: usize,
    /// Its cost.
    pub hybrid: PlanCost,
    /// The baseline of ref. 7, one direct phase per prime factor.
    pub multiphase: PlanCost,
}

impl SweepRow {
    /// (name, cost) of the four schedules, in the book's order.
    pub fn schedules(&self) -> [(String, &PlanCost); 4] {
        [
            ("direct".into(), &self.direct),
            ("indirect".into(), &self.indirect),
            (Scheme::Hybrid(self.hybrid_d).name(), &self.hybrid),
            ("multiphase".into(), &self.multiphase),
        ]
    }

    /// The fastest schedule's name (ties go to the earlier one).
    pub fn fastest(&self) -> String {
        let all = self.schedules();
        let mut best = 0;
        for (i, (_, c)) in all.iter().enumerate() {
            if c.us < all[best].1.us {
                best = i;
            }
        }
        all[best].0.clone()
    }
}

/// Every K of a sweep.
#[derive(Clone, Debug, PartialEq)]
pub struct KSweep {
    /// What was compared.
    pub config: KSweepConfig,
    /// One row per K, from K = 2.
    pub rows: Vec<SweepRow>,
}

/// The sweep, one plan per step (a K takes a few: every hybrid degree,
/// then the multiphase baseline), so no slice of a browser's work runs long.
pub struct KSweeping {
    config: KSweepConfig,
    rows: Vec<SweepRow>,
    /// Costs of the current K's hybrids so far, by degree.
    hybrids: Vec<PlanCost>,
}

impl KSweeping {
    /// Checks P and N (every K from 2 to P must be a valid shape and price
    /// the array) and prepares the sweep.
    pub fn new(config: KSweepConfig) -> Result<KSweeping, RedistError> {
        let widest = Shape::new(config.p.max(2), config.p)?;
        ArrayConfig { n: config.n, x: 1 }.validate_for_cost(&widest)?;
        Ok(KSweeping {
            config,
            rows: Vec::new(),
            hybrids: Vec::new(),
        })
    }

    /// Prices one more plan of the next K; true while any K is left.
    fn advance(&mut self) -> bool {
        let k = self.rows.len() + 2;
        if k > self.config.p {
            return false;
        }
        let sh = Shape::derive(k, self.config.p);
        let array = ArrayConfig {
            n: self.config.n,
            x: 1,
        }
        .validate_for_cost(&sh)
        .expect("checked for the widest shape");
        let cost = |s| {
            plan_cost(
                &plan(&sh, s, Direction::Up),
                &array,
                self.config.b,
                &self.config.gdm,
            )
        };
        if self.hybrids.len() <= sh.max_degree() {
            // Hybrid 0 is the direct plan and the last degree the indirect
            // one (Theorem 3's remark, and a test below).
            self.hybrids.push(cost(Scheme::Hybrid(self.hybrids.len())));
            return true;
        }
        let hybrids = std::mem::take(&mut self.hybrids);
        // The least time, ties to the smaller degree (fewer relays), as
        // `cost::best_degree` chooses.
        let mut hybrid_d = 0;
        for (d, c) in hybrids.iter().enumerate() {
            if c.us < hybrids[hybrid_d].us {
                hybrid_d = d;
            }
        }
        self.rows.push(SweepRow {
            k,
            prime: super::scheme::multiphase_factors(k) == [k],
            g: sh.g,
            direct: hybrids[0].clone(),
            indirect: hybrids[sh.max_degree()].clone(),
            hybrid_d,
            hybrid: hybrids[hybrid_d].clone(),
            multiphase: cost(Scheme::Multiphase),
        });
        self.rows.len() + 2 <= self.config.p
    }
}

impl Stepper for KSweeping {
    type Output = KSweep;

    fn step(&mut self) -> bool {
        self.advance()
    }

    fn progress(&self) -> Progress {
        Progress {
            done: self.rows.len() as u64,
            total: self.config.p.saturating_sub(1) as u64,
        }
    }

    fn finish(mut self: Box<Self>) -> KSweep {
        while self.step() {}
        KSweep {
            config: self.config,
            rows: self.rows,
        }
    }
}

/// A time for a caption: µs below a millisecond, ms above.
pub fn time(us: f64) -> String {
    if us < 1000.0 {
        format!("{us:.0} µs")
    } else {
        format!("{:.2} ms", us / 1000.0)
    }
}

/// One sentence about one K of a sweep.
pub fn caption(config: &KSweepConfig, row: &SweepRow) -> String {
    let what = if row.prime { " (prime)" } else { "" };
    let parts: Vec<String> = row
        .schedules()
        .iter()
        .map(|(name, c)| format!("{name} {} steps, {}", c.steps, time(c.us)))
        .collect();
    let note = if row.prime {
        " Multiphase has no factors to split K into, so it is the direct schedule."
    } else if row.k >= config.p {
        " With K = P every processor has a message for every other: an all-to-all."
    } else {
        ""
    };
    format!(
        "K = {}{what}, G = {}: {}. Fastest on {}: {}.{note}",
        row.k,
        row.g,
        parts.join("; "),
        config.gdm.title(),
        row.fastest()
    )
}
