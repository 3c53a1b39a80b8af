//! Permutations against density, recomputed live: the experiment behind
//! Table 4 of paper 000 (§5) and the `perm` rows of its Tables 2-3.
//!
//! For every sample s and every density d of the sweep, a Figure-7 matrix
//! with n processors is generated (seed s) and scheduled by CGM and, if
//! asked, by GM with one or both row scans (algorithm seed s + 1000, as in
//! `tests/repro_000.rs`, so the two agree). The paper averaged 300 matrices
//! per cell; a [`PhaseSweepResult`] keeps every sample so a view can show the
//! average over the first k and watch it settle.
//!
//! The sweep is a [`Stepper`]: one step generates one matrix or schedules
//! it, so a slice of browser time is never longer than one run (about
//! 30 ms natively at n = 512, d = 511, the largest case).
//!
//! ```
//! use commbook_core::sweep::{GmRuns, PhaseSweep, PhaseSweepConfig};
//! let cfg = PhaseSweepConfig::table4(32, 2, GmRuns::Zero);
//! assert_eq!(cfg.ds, [1, 2, 4, 8, 16, 24, 31]);  // Table 4's densities for n = 32
//! let r = commbook_core::step::run(Box::new(PhaseSweep::new(cfg)));
//! let avg = r.averages(2);
//! assert_eq!(avg[0].cgm_phases, 1.0);             // d = 1: one permutation
//! assert!(avg[6].gm_zero.unwrap() >= 31.0);       // never below d
//! ```

use crate::algo::{cgm, gm};
use crate::com::Com;
use crate::com::fig7::Fig7Config;
use crate::published::ranka94::{TABLE4, TABLE4_N, TABLES_2_3, TABLES_2_3_N};
use crate::step::{Progress, Stepper};

crate::keyword_enum! {
    /// Which GM variants a sweep runs besides CGM.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum GmRuns {
        /// CGM only.
        Off = "off",
        /// GM scanning each row from column 0, as Figure 4 prints it.
        Zero = "zero",
        /// GM scanning row x from column x + 1 (see `algo::gm_scan`).
        AfterRow = "after-row",
        /// Both GM variants.
        Both = "both",
    }
}

impl GmRuns {
    fn zero(self) -> bool {
        matches!(self, GmRuns::Zero | GmRuns::Both)
    }
    fn after_row(self) -> bool {
        matches!(self, GmRuns::AfterRow | GmRuns::Both)
    }
}

/// What to sweep.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhaseSweepConfig {
    /// Processors.
    pub n: usize,
    /// Densities, each in `1..n`.
    pub ds: Vec<usize>,
    /// Matrices per density.
    pub samples: usize,
    /// GM variants to run as well.
    pub gm: GmRuns,
}

impl PhaseSweepConfig {
    /// The densities of Table 4 below n: for n = 32, 128 and 512 exactly
    /// the cells the paper filled in.
    pub fn table4(n: usize, samples: usize, gm: GmRuns) -> Self {
        let col = TABLE4_N.iter().position(|&m| m == n);
        let ds = TABLE4
            .iter()
            .filter(|r| r.d < n && col.is_none_or(|k| r.perm[k].is_some()))
            .map(|r| r.d)
            .collect();
        PhaseSweepConfig { n, ds, samples, gm }
    }
}

/// Results for one matrix.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cell {
    pub cgm_phases: u32,
    pub cgm_probes: u64,
    pub gm_zero: Option<u32>,
    pub gm_after: Option<u32>,
}

/// Averages for one density.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    pub d: usize,
    pub cgm_phases: f64,
    pub cgm_probes: f64,
    pub gm_zero: Option<f64>,
    pub gm_after: Option<f64>,
}

/// A finished sweep: every sample kept.
#[derive(Clone, Debug, PartialEq)]
pub struct PhaseSweepResult {
    pub config: PhaseSweepConfig,
    /// `cells[s][i]`: sample s at density `config.ds[i]`.
    pub cells: Vec<Vec<Cell>>,
}

impl PhaseSweepResult {
    /// Samples per density.
    pub fn samples(&self) -> usize {
        self.cells.len()
    }

    /// Averages over the first k samples (all of them if k is larger);
    /// empty when k = 0.
    pub fn averages(&self, k: usize) -> Vec<Point> {
        let rows = &self.cells[..k.min(self.cells.len())];
        if rows.is_empty() {
            return Vec::new();
        }
        let m = rows.len() as f64;
        let mean = |f: &dyn Fn(&Cell) -> Option<f64>, i: usize| -> Option<f64> {
            let v: Option<Vec<f64>> = rows.iter().map(|r| f(&r[i])).collect();
            v.map(|v| v.iter().sum::<f64>() / m)
        };
        (0..self.config.ds.len())
            .map(|i| Point {
                d: self.config.ds[i],
                cgm_phases: mean(&|c| Some(c.cgm_phases as f64), i).unwrap_or(0.0),
                cgm_probes: mean(&|c| Some(c.cgm_probes as f64), i).unwrap_or(0.0),
                gm_zero: mean(&|c| c.gm_zero.map(f64::from), i),
                gm_after: mean(&|c| c.gm_after.map(f64::from), i),
            })
            .collect()
    }
}

/// The paper's expected number of permutations, d + log₂ d (eq. 4).
pub fn d_plus_log_d(d: f64) -> f64 {
    d + d.log2()
}

/// CGM's expected probes per processor over a whole run: eq. 1's
/// ln d + 1 per iteration times eq. 4's d + log₂ d iterations. An upper
/// estimate (eq. 1 lets later rows fail as if every earlier row had found
/// a receiver, and the rows shrink from iteration to iteration).
pub fn probes_per_n(d: f64) -> f64 {
    (d.ln() + 1.0) * d_plus_log_d(d)
}

/// Table 4's average number of CGM permutations for n and d, if printed.
pub fn published_cgm(n: usize, d: usize) -> Option<f64> {
    let k = TABLE4_N.iter().position(|&m| m == n)?;
    TABLE4.iter().find(|r| r.d == d)?.perm[k]
}

/// Tables 2-3's average number of GM permutations for n and d, if printed.
pub fn published_gm(n: usize, d: usize) -> Option<f64> {
    if n != TABLES_2_3_N {
        return None;
    }
    TABLES_2_3.iter().find(|r| r.d == d)?.perm[2]
}

/// The sweep as a stepper.
pub struct PhaseSweep {
    config: PhaseSweepConfig,
    /// Next sample and density index.
    s: usize,
    i: usize,
    pending: Option<Com>,
    row: Vec<Cell>,
    cells: Vec<Vec<Cell>>,
}

impl PhaseSweep {
    /// Prepares the sweep.
    pub fn new(config: PhaseSweepConfig) -> Self {
        PhaseSweep {
            config,
            s: 0,
            i: 0,
            pending: None,
            row: Vec::new(),
            cells: Vec::new(),
        }
    }

    fn schedule(&self, com: &Com) -> Cell {
        let seed = self.s as u64 + 1000;
        let run = cgm::run(com, seed);
        let gm_phases = |scan| gm::run(com, scan, seed).schedule.len() as u32;
        Cell {
            cgm_phases: run.schedule.len() as u32,
            cgm_probes: run.probes,
            gm_zero: self.config.gm.zero().then(|| gm_phases(gm::Scan::FromZero)),
            gm_after: self
                .config
                .gm
                .after_row()
                .then(|| gm_phases(gm::Scan::AfterRow)),
        }
    }
}

impl Stepper for PhaseSweep {
    type Output = PhaseSweepResult;

    fn step(&mut self) -> bool {
        let c = &self.config;
        if self.s >= c.samples || c.ds.is_empty() {
            return false;
        }
        match self.pending.take() {
            None => {
                let com = Fig7Config::new(c.n, c.ds[self.i], self.s as u64)
                    .generate()
                    .unwrap_or_else(|_| Com::none(c.n));
                self.pending = Some(com);
            }
            Some(com) => {
                let cell = self.schedule(&com);
                self.row.push(cell);
                self.i += 1;
                if self.i == self.config.ds.len() {
                    self.cells.push(std::mem::take(&mut self.row));
                    (self.i, self.s) = (0, self.s + 1);
                }
            }
        }
        self.s < self.config.samples
    }

    fn progress(&self) -> Progress {
        let per = self.config.ds.len() as u64;
        Progress {
            done: (self.s as u64 * per + self.i as u64) * 2 + self.pending.is_some() as u64,
            total: self.config.samples as u64 * per * 2,
        }
    }

    fn finish(mut self: Box<Self>) -> PhaseSweepResult {
        while self.step() {}
        PhaseSweepResult {
            config: self.config,
            cells: self.cells,
        }
    }
}

/// One sentence for position k of a sweep's player: how far the averages
/// over the first k samples are from the published ones.
pub fn caption(r: &PhaseSweepResult, k: usize) -> String {
    let n = r.config.n;
    if k == 0 {
        return format!(
            "No matrices yet. The markers are the published averages (300 matrices per cell); \
             step forward to add Figure-7 matrices with n = {n}, one per density at a time."
        );
    }
    let pts = r.averages(k);
    let mut s = format!(
        "After {k} matri{} per density:",
        if k == 1 { "x" } else { "ces" }
    );
    let worst = pts
        .iter()
        .filter_map(|p| published_cgm(n, p.d).map(|q| (p, (p.cgm_phases - q) / q)))
        .max_by(|a, b| a.1.abs().total_cmp(&b.1.abs()));
    if let Some((p, rel)) = worst {
        s.push_str(&format!(
            " CGM's averages are within {:.1} % of Table 4 (furthest at d = {}: {:.1} against {}).",
            rel.abs() * 100.0,
            p.d,
            p.cgm_phases,
            published_cgm(n, p.d).unwrap_or(0.0)
        ));
    }
    if let Some(p) = pts.last() {
        s.push_str(&format!(
            " At d = {}, CGM needs {:.1} permutations against d + log₂ d = {:.1}",
            p.d,
            p.cgm_phases,
            p.d as f64 + (p.d as f64).log2()
        ));
        if let Some(z) = p.gm_zero {
            s.push_str(&format!("; GM as printed {z:.1}"));
        }
        if let Some(a) = p.gm_after {
            s.push_str(&format!("; GM scanning after the row {a:.1}"));
        }
        s.push('.');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::step::run;

    #[test]
    fn densities_follow_table4_and_tables_2_3_lookups_work() {
        assert_eq!(
            PhaseSweepConfig::table4(128, 1, GmRuns::Off).ds,
            [1, 2, 4, 8, 16, 32, 64, 96, 127]
        );
        assert_eq!(PhaseSweepConfig::table4(512, 1, GmRuns::Off).ds.len(), 11);
        // Any other n takes Table 4's densities below it.
        assert_eq!(
            PhaseSweepConfig::table4(20, 1, GmRuns::Off).ds,
            [1, 2, 4, 8, 16]
        );
        assert_eq!(published_cgm(128, 96), Some(100.7));
        assert_eq!(published_cgm(32, 96), None);
        assert_eq!(published_gm(32, 24), Some(26.56));
        assert_eq!(published_gm(128, 24), None);
        // Table 4's own d + log d column, to its one decimal.
        for r in TABLE4 {
            assert!(
                (d_plus_log_d(r.d as f64) - r.d_plus_log_d).abs() < 0.05,
                "{}",
                r.d
            );
        }
        assert_eq!(probes_per_n(1.0), 1.0);
    }

    #[test]
    fn averages_settle_near_the_published_values() {
        let cfg = PhaseSweepConfig::table4(32, 12, GmRuns::Both);
        let steps = cfg.samples * cfg.ds.len() * 2;
        let mut sweep = PhaseSweep::new(cfg);
        let mut taken = 1;
        while sweep.step() {
            taken += 1;
            assert!(sweep.progress().fraction() < 1.0);
        }
        assert_eq!(taken, steps);
        let r = Box::new(sweep).finish();
        assert_eq!(r.samples(), 12);
        assert!(r.averages(0).is_empty());
        for p in r.averages(12) {
            let q = published_cgm(32, p.d).unwrap();
            assert!((p.cgm_phases - q).abs() / q < 0.06, "d = {}: {p:?}", p.d);
            // The two GM scans: as printed never beats the wrap-around scan
            // by much, and both are at least d.
            let (z, a) = (p.gm_zero.unwrap(), p.gm_after.unwrap());
            assert!(z >= p.d as f64 && a >= p.d as f64);
            assert!(z + 0.5 >= a, "d = {}: {z} vs {a}", p.d);
        }
        let c = caption(&r, 12);
        assert!(c.starts_with("After 12 matrices per density: CGM's averages are within"));
        assert!(c.contains("GM as printed"), "{c}");
        assert!(caption(&r, 0).starts_with("No matrices yet"));
    }

    #[test]
    fn the_first_samples_are_the_same_in_a_longer_sweep() {
        let short = run(Box::new(PhaseSweep::new(PhaseSweepConfig::table4(
            32,
            2,
            GmRuns::Off,
        ))));
        let long = run(Box::new(PhaseSweep::new(PhaseSweepConfig::table4(
            32,
            4,
            GmRuns::Off,
        ))));
        assert_eq!(short.averages(2), long.averages(2));
        assert_eq!(short.cells[1][3].gm_zero, None);
    }
}
