//! When does CGM beat LP? The break-even of paper 000, §5.1 (equations 5
//! and 6).
//!
//! The paper models the two on the 32-node CM-5 as
//!
//! - LP: `T_LP = n τ + C1 d M φ` (n steps each pay τ, only d carry data),
//! - CGM: `T_CGM = C2 d n ln d + C3 d (τ + M φ)` (scheduling, then about d
//!   permutations),
//!
//! and CGM wins where `T_CGM ≤ T_LP`. For small messages the M terms drop
//! and, for small d, CGM wins while `d ln d ≤ τ / C2` (eq. 5); for large
//! messages τ drops and CGM wins while `ln d ≤ (C1 − C3)/C2 · Mφ/n` (eq. 6).
//! Both assume the schedule is used once; used r times, the scheduling term
//! is shared by r communications and divided by r (the remark that closes
//! §5.1), which multiplies both right-hand sides by r.
//!
//! The paper gives no values for the constants; [`LpCgmModel::fitted`]
//! derives them from its own tables, minimising relative error as the
//! chapter 1 fit does: τ and φ are that fit of Table 1; C1 and C3 fit the
//! 40 LP and CGM communication times of Tables 2-3 (d = 4, 8, 16, 24;
//! M = 16 B to 64 KB) with τ and φ fixed; C2 fits CGM's four scheduling
//! times against `d n ln d`. This gives C1 ≈ 1.91, C3 ≈ 1.61 and
//! C2 ≈ 4.8 µs, and the model then names the faster algorithm correctly in
//! 36 of the 40 measured cells.
//!
//! ```
//! use commbook_core::cost::breakeven::LpCgmModel;
//! let m = LpCgmModel::fitted();
//! assert!((1.8..2.0).contains(&m.c1) && (1.5..1.7).contains(&m.c3));
//! // Small messages: CGM wins up to about d = 9 on 32 processors …
//! assert_eq!(m.breakeven_d(16.0).map(f64::floor), Some(9.0));
//! // … large ones at every density.
//! assert_eq!(m.breakeven_d(65536.0), Some(31.0));
//! ```

use super::perm::PermCost;
use crate::published::ranka94::{TABLES_2_3, TABLES_2_3_N};

/// The two cost models with their constants.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LpCgmModel {
    /// Processors.
    pub n: usize,
    /// τ and φ of one permutation.
    pub cost: PermCost,
    /// LP's multiplier of `d M φ`.
    pub c1: f64,
    /// CGM's scheduling time per unit of `d n ln d`, in µs.
    pub c2_us: f64,
    /// CGM's multiplier of `d (τ + M φ)`.
    pub c3: f64,
    /// Times the same schedule is used (≥ 1).
    pub reuse: f64,
}

/// One cell of Tables 2-3 as a race: total times in ms, scheduling shared
/// by `reuse` uses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Measured {
    pub d: usize,
    pub bytes: u64,
    pub lp_ms: f64,
    pub cgm_ms: f64,
}

impl Measured {
    /// Whether CGM was at least as fast.
    pub fn cgm_wins(&self) -> bool {
        self.cgm_ms <= self.lp_ms
    }
}

/// Tables 2-3's LP and CGM cells with scheduling divided by `reuse`.
pub fn measured(reuse: f64) -> Vec<Measured> {
    let r = reuse.max(1.0);
    TABLES_2_3
        .iter()
        .flat_map(|row| {
            row.comm_ms.iter().map(move |&(bytes, ms)| Measured {
                d: row.d,
                bytes,
                lp_ms: ms[1] + row.comp_ms[1] / r,
                cgm_ms: ms[3] + row.comp_ms[3] / r,
            })
        })
        .collect()
}

/// The c minimising Σ ((a + c·x − t)/t)² over `(x, t, a)`.
fn fit_scale(points: impl Iterator<Item = (f64, f64, f64)>) -> f64 {
    let (num, den) = points.fold((0.0, 0.0), |(n, d), (x, t, a)| {
        (n + (t - a) * x / (t * t), d + x * x / (t * t))
    });
    num / den
}

impl LpCgmModel {
    /// The constants fitted to Tables 1-3 (see the module docs), n = 32,
    /// schedule used once; fitted once and shared by every caller.
    pub fn fitted() -> Self {
        static FIT: std::sync::OnceLock<LpCgmModel> = std::sync::OnceLock::new();
        *FIT.get_or_init(Self::fit)
    }

    fn fit() -> Self {
        let cost = PermCost::cm5_table1();
        let (tau, phi) = (cost.tau_us, cost.phi_us_per_byte);
        let n = TABLES_2_3_N as f64;
        let cells = || {
            TABLES_2_3.iter().flat_map(|r| {
                r.comm_ms
                    .iter()
                    .map(move |&(m, ms)| (r.d as f64, m as f64, ms))
            })
        };
        let c1 = fit_scale(cells().map(|(d, m, ms)| (d * m * phi, ms[1] * 1e3, n * tau)));
        let c3 = fit_scale(cells().map(|(d, m, ms)| (d * (tau + m * phi), ms[3] * 1e3, 0.0)));
        let c2_us = fit_scale(TABLES_2_3.iter().map(|r| {
            let d = r.d as f64;
            (d * n * d.ln(), r.comp_ms[3] * 1e3, 0.0)
        }));
        LpCgmModel {
            n: TABLES_2_3_N,
            cost,
            c1,
            c2_us,
            c3,
            reuse: 1.0,
        }
    }

    fn tau(&self) -> f64 {
        self.cost.tau_us
    }

    fn phi(&self) -> f64 {
        self.cost.phi_us_per_byte
    }

    /// LP's time for density d and messages of m bytes, in µs.
    pub fn lp_us(&self, d: f64, m: f64) -> f64 {
        self.n as f64 * self.tau() + self.c1 * d * m * self.phi()
    }

    /// CGM's time (scheduling shared by the reuses), in µs.
    pub fn cgm_us(&self, d: f64, m: f64) -> f64 {
        let schedule = self.c2_us * d * self.n as f64 * d.ln() / self.reuse.max(1.0);
        schedule + self.c3 * d * (self.tau() + m * self.phi())
    }

    /// The largest d in `1..=n − 1` at which CGM is no slower than LP for
    /// messages of m bytes, or `None` if LP wins even at d = 1. CGM wins on
    /// all of `1..=` this value: `T_LP − T_CGM` is concave in d.
    pub fn breakeven_d(&self, m: f64) -> Option<f64> {
        let gain = |d: f64| self.lp_us(d, m) - self.cgm_us(d, m);
        let top = (self.n as f64 - 1.0).max(1.0);
        if gain(1.0) < 0.0 {
            return None;
        }
        if gain(top) >= 0.0 {
            return Some(top);
        }
        let (mut lo, mut hi) = (1.0, top);
        for _ in 0..60 {
            let mid = (lo + hi) / 2.0;
            if gain(mid) >= 0.0 { lo = mid } else { hi = mid }
        }
        Some(lo)
    }

    /// Equation 5's bound: the d ≥ 1 with `d ln d = r τ / C2`.
    pub fn eq5_d(&self) -> f64 {
        let rhs = self.reuse.max(1.0) * self.tau() / self.c2_us;
        let (mut lo, mut hi) = (1.0, 2.0f64);
        while hi * hi.ln() < rhs && hi < 1e12 {
            hi *= 2.0;
        }
        for _ in 0..60 {
            let mid = (lo + hi) / 2.0;
            if mid * mid.ln() <= rhs {
                lo = mid
            } else {
                hi = mid
            }
        }
        lo
    }

    /// Equation 6's bound for messages of m bytes:
    /// `d = exp(r (C1 − C3)/C2 · Mφ/n)`.
    pub fn eq6_d(&self, m: f64) -> f64 {
        let k = self.reuse.max(1.0) * (self.c1 - self.c3) / self.c2_us;
        (k * m * self.phi() / self.n as f64).exp()
    }

    /// Cells of Tables 2-3 in which the model names the measured winner,
    /// out of all 40 (meaningful for n = 32, the machine measured).
    pub fn agreement(&self) -> (usize, usize) {
        let cells = measured(self.reuse);
        let right = cells
            .iter()
            .filter(|c| {
                let (d, m) = (c.d as f64, c.bytes as f64);
                (self.cgm_us(d, m) <= self.lp_us(d, m)) == c.cgm_wins()
            })
            .count();
        (right, cells.len())
    }
}

/// Message sizes at which the chart's lines are drawn: 16 B to 256 KB,
/// four per doubling.
pub fn sizes() -> Vec<f64> {
    (0..=56).map(|i| 16.0 * 2f64.powf(i as f64 / 4.0)).collect()
}

/// The chart's lines as `(M, d)` points over [`sizes`]: the model's
/// break-even, equation 5 and equation 6, each kept to `1 ≤ d ≤ n − 1`
/// (a bound past n − 1 says "CGM wins at every density").
#[derive(Clone, Debug, PartialEq)]
pub struct Lines {
    pub boundary: Vec<(f64, f64)>,
    pub eq5: Vec<(f64, f64)>,
    pub eq6: Vec<(f64, f64)>,
}

/// Computes [`Lines`] for a model.
pub fn lines(m: &LpCgmModel) -> Lines {
    let top = (m.n as f64 - 1.0).max(1.0);
    let inside = |d: f64| (1.0..=top).contains(&d);
    let d5 = m.eq5_d();
    Lines {
        boundary: sizes()
            .into_iter()
            .filter_map(|b| m.breakeven_d(b).map(|d| (b, d)))
            .collect(),
        eq5: sizes()
            .into_iter()
            .filter(|_| inside(d5))
            .map(|b| (b, d5))
            .collect(),
        eq6: sizes()
            .into_iter()
            .map(|b| (b, m.eq6_d(b)))
            .filter(|p| inside(p.1))
            .collect(),
    }
}

/// The sentence for layer k of the break-even chart: 0 the measurements,
/// 1 the full model, 2 equation 5, 3 equation 6.
pub fn caption(k: usize, m: &LpCgmModel) -> String {
    let measured_n = m.n == TABLES_2_3_N;
    match k {
        0 if measured_n => {
            "Tables 2-3: at each density d and message size M, the faster of LP and \
             CGM on the 32-node CM-5, scheduling included."
                .into()
        }
        0 => format!(
            "The measurements of Tables 2-3 were made with n = 32; with n = {} only the model is drawn.",
            m.n
        ),
        1 => {
            let (right, all) = m.agreement();
            let agree = if measured_n {
                format!(" It names the faster algorithm in {right} of the {all} measured cells.")
            } else {
                String::new()
            };
            let at = |b: f64| {
                m.breakeven_d(b)
                    .map_or("no d".to_string(), |d| format!("d ≤ {}", d.floor()))
            };
            format!(
                "The model: CGM wins below the line, where C2·d·n·ln d + C3·d·(τ + Mφ) ≤ n·τ + C1·d·M·φ \
                 ({} for 16-byte messages, {} for 64 KB).{agree}",
                at(16.0),
                at(65536.0)
            )
        }
        2 => {
            let r = m.reuse.max(1.0);
            let rhs = if r == 1.0 {
                "τ/C2".to_string()
            } else {
                format!("{r}·τ/C2")
            };
            let d5 = m.eq5_d();
            let off = if d5 > (m.n as f64 - 1.0) {
                format!(" That is past n − 1 = {}, off the chart.", m.n - 1)
            } else {
                String::new()
            };
            format!(
                "Equation 5, for small messages: CGM wins while d·ln d ≤ {rhs} = {:.1}, that is up to \
                 d ≈ {d5:.1}, whatever M is.{off} It promises more than the full model because it also \
                 drops the C3·d·τ that CGM's own permutations cost.",
                r * m.cost.tau_us / m.c2_us,
            )
        }
        _ => {
            let top = (m.n - 1).max(1) as f64;
            let past = sizes().into_iter().find(|&b| m.eq6_d(b) >= top);
            let when = past.map_or("beyond 256 KB".to_string(), |b| {
                format!("near M = {} bytes", b.round())
            });
            format!(
                "Equation 6, for large messages: CGM wins while ln d ≤ (C1 − C3)/C2 · Mφ/n. The bound grows \
                 exponentially with M and passes d = n − 1 {when}."
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fitted_constants_and_agreement() {
        let m = LpCgmModel::fitted();
        assert!((4.0..6.0).contains(&m.c2_us), "{m:?}");
        assert_eq!(m.agreement(), (36, 40));
        // Table 3, d = 24, 64 KB: CGM 435.8 + 9.5 ms against LP 842.7 ms.
        let c = measured(1.0);
        let cell = c.iter().find(|c| c.d == 24 && c.bytes == 65536).unwrap();
        assert!(cell.cgm_wins() && (cell.cgm_ms - 445.364).abs() < 1e-9);
    }

    #[test]
    fn the_boundary_rises_with_message_size_and_reuse() {
        let m = LpCgmModel::fitted();
        let ds: Vec<f64> = sizes().iter().filter_map(|&b| m.breakeven_d(b)).collect();
        assert_eq!(ds.len(), sizes().len());
        assert!(ds.windows(2).all(|w| w[1] >= w[0] - 1e-9));
        // CGM and LP cost the same at the boundary.
        let d = m.breakeven_d(4096.0).unwrap();
        assert!((m.lp_us(d, 4096.0) - m.cgm_us(d, 4096.0)).abs() < 1e-6 * m.lp_us(d, 4096.0));
        let reused = LpCgmModel { reuse: 10.0, ..m };
        assert!(reused.breakeven_d(16.0).unwrap() > d);
        assert!(reused.eq5_d() > m.eq5_d());
    }

    #[test]
    fn equations_5_and_6() {
        let m = LpCgmModel::fitted();
        let d5 = m.eq5_d();
        assert!((d5 * d5.ln() - m.cost.tau_us / m.c2_us).abs() < 1e-6);
        // Eq. 5 ignores C3·d·τ, so it allows more than the full model.
        assert!(d5 > m.breakeven_d(16.0).unwrap());
        assert!(m.eq6_d(16.0) < 1.1 && m.eq6_d(65536.0) > 31.0);
        // LP wins everywhere if CGM's permutations cost too much.
        let slow = LpCgmModel { c3: 40.0, ..m };
        assert_eq!(slow.breakeven_d(16.0), None);
    }

    #[test]
    fn lines_stay_inside_the_densities() {
        let m = LpCgmModel::fitted();
        let l = lines(&m);
        assert_eq!(l.boundary.len(), sizes().len());
        assert_eq!(l.eq5.len(), sizes().len());
        assert!(!l.eq6.is_empty() && l.eq6.len() < sizes().len());
        assert!(l.eq6.iter().all(|p| (1.0..=31.0).contains(&p.1)));
        // With n = 8, eq. 5's d ≈ 15.5 is off the chart.
        assert!(lines(&LpCgmModel { n: 8, ..m }).eq5.is_empty());
    }

    #[test]
    fn captions() {
        let m = LpCgmModel::fitted();
        assert!(caption(0, &m).starts_with("Tables 2-3"));
        assert!(
            caption(1, &m).contains("36 of the 40"),
            "{}",
            caption(1, &m)
        );
        assert!(caption(2, &m).contains("d ≈ "));
        assert!(
            caption(3, &m).contains("passes d = n − 1 near M = "),
            "{}",
            caption(3, &m)
        );
        let reused = LpCgmModel { reuse: 10.0, ..m };
        assert!(
            caption(2, &reused).contains("past n − 1 = 31"),
            "{}",
            caption(2, &reused)
        );
        assert!(!caption(2, &m).contains("past n − 1"));
        let big = LpCgmModel { n: 128, ..m };
        assert!(caption(0, &big).contains("n = 128"));
        assert!(!caption(1, &big).contains("measured cells"));
    }
}
