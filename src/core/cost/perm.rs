//! The permutation cost model τ + Mφ (paper 000, §2.1, assumption 1).
//!
//! τ is the start-up time of a communication phase and φ the time per byte
//! (1/φ is the channel bandwidth). A schedule of phases with largest messages
//! M₁, M₂, … costs Σ (τ + Mₖ·φ): phases run one after another and each lasts
//! as long as its largest message. Every phase pays τ, including a phase in
//! which nobody has anything to send, because the processors still walk
//! through it together (this is what makes LP cost about n·τ, §5.1).
//!
//! A phase that is not a permutation (AC's single phase) is charged by
//! assumption 2 of §2.1, one message at a time per processor: it lasts as
//! long as its busiest port, max over processors of Σ (τ + bytes·φ) over the
//! messages it sends, or over those it receives. For a partial permutation
//! this is exactly τ + M·φ; for AC it is a lower bound, since the network's
//! contention comes on top. Local copies (src = dst) use no port and cost
//! nothing (see [`crate::schedule`]).

use crate::published::ranka94::TABLE1;
use crate::schedule::{Schedule, Transfer};

/// τ and φ, in microseconds and microseconds per byte.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PermCost {
    pub tau_us: f64,
    pub phi_us_per_byte: f64,
}

impl PermCost {
    /// The time of one permutation whose largest message has `bytes` bytes.
    pub fn phase_us(&self, bytes: u64) -> f64 {
        self.tau_us + self.phi_us_per_byte * bytes as f64
    }

    /// Predicted time of one phase: its busiest send or receive port (see
    /// the module docs); τ for a phase with nothing to send.
    pub fn transfers_us(&self, phase: &[Transfer]) -> f64 {
        // Processor p's send port at 2p, its receive port at 2p + 1; `None`
        // for a port this phase does not use.
        let ports = phase.iter().map(|t| 2 * t.src.max(t.dst) + 2).max();
        let mut busy: Vec<Option<f64>> = vec![None; ports.unwrap_or(0)];
        for t in phase.iter().filter(|t| !t.is_local()) {
            let cost = self.phase_us(t.bytes);
            *busy[2 * t.src].get_or_insert(0.0) += cost;
            *busy[2 * t.dst + 1].get_or_insert(0.0) += cost;
        }
        busy.into_iter().flatten().fold(self.tau_us, f64::max)
    }

    /// Predicted time of a whole schedule.
    pub fn schedule_us(&self, schedule: &Schedule) -> f64 {
        schedule.phases.iter().map(|p| self.transfers_us(p)).sum()
    }

    /// Bandwidth implied by φ, in MB/s (10⁶ bytes per second).
    pub fn bandwidth_mb_s(&self) -> f64 {
        1.0 / self.phi_us_per_byte
    }

    /// The best fit of τ + M·φ to measured `(bytes, microseconds)` points,
    /// minimising the squared *relative* error so that small and large
    /// messages count alike (plain least squares would fit the 256 KB point
    /// and miss τ entirely). Needs two distinct sizes; `None` otherwise.
    pub fn fit(points: &[(u64, f64)]) -> Option<PermCost> {
        // Weighted normal equations for t ≈ τ + φ·m with weights 1/t².
        let (mut s_w, mut s_m, mut s_mm, mut s_t, mut s_mt) = (0.0, 0.0, 0.0, 0.0, 0.0);
        for &(m, t) in points.iter().filter(|p| p.1 > 0.0) {
            let (m, w) = (m as f64, 1.0 / (t * t));
            s_w += w;
            s_m += w * m;
            s_mm += w * m * m;
            s_t += w * t;
            s_mt += w * m * t;
        }
        let mut sizes = points.iter().filter(|p| p.1 > 0.0).map(|p| p.0);
        let first = sizes.next()?;
        if sizes.all(|m| m == first) {
            return None;
        }
        let det = s_w * s_mm - s_m * s_m;
        let tau = (s_mm * s_t - s_m * s_mt) / det;
        let phi = (s_w * s_mt - s_m * s_t) / det;
        (tau.is_finite() && phi.is_finite()).then_some(PermCost {
            tau_us: tau,
            phi_us_per_byte: phi,
        })
    }

    /// τ and φ fitted to Table 1 of paper 000 (32-node CM-5, averages);
    /// fitted once and shared by every caller.
    pub fn cm5_table1() -> PermCost {
        static FIT: std::sync::OnceLock<PermCost> = std::sync::OnceLock::new();
        *FIT.get_or_init(|| {
            let pts: Vec<(u64, f64)> = TABLE1
                .iter()
                .map(|r| (r.bytes, r.ave_ms * 1000.0))
                .collect();
            PermCost::fit(&pts).expect("Table 1 has eight distinct sizes")
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schedule::{Promise, Transfer};

    #[test]
    fn fit_recovers_an_exact_line() {
        let pts: Vec<(u64, f64)> = [16u64, 1024, 65536]
            .iter()
            .map(|&m| (m, 100.0 + 0.25 * m as f64))
            .collect();
        let c = PermCost::fit(&pts).unwrap();
        assert!(
            (c.tau_us - 100.0).abs() < 1e-6 && (c.phi_us_per_byte - 0.25).abs() < 1e-9,
            "{c:?}"
        );
        assert_eq!(PermCost::fit(&[(16, 1.0), (16, 2.0)]), None);
        assert_eq!(PermCost::fit(&[]), None);
    }

    #[test]
    fn cm5_fit_matches_the_paper_in_spirit() {
        // §2.2 reports about 4 MB/s for 1 KB permutations; the fit's slope
        // should give a bandwidth of that order and τ near Table 1's 16-byte time.
        let c = PermCost::cm5_table1();
        assert!((180.0..230.0).contains(&c.tau_us), "{c:?}");
        assert!((3.5..6.0).contains(&c.bandwidth_mb_s()), "{c:?}");
        for r in TABLE1 {
            let rel = (c.phase_us(r.bytes) - r.ave_ms * 1000.0).abs() / (r.ave_ms * 1000.0);
            assert!(rel < 0.15, "{} bytes off by {rel}", r.bytes);
        }
    }

    #[test]
    fn schedule_time_charges_every_phase() {
        let s = Schedule {
            n: 2,
            phases: vec![vec![Transfer::whole(0, 1, 100)], vec![]],
            promise: Promise::default(),
        };
        let c = PermCost {
            tau_us: 10.0,
            phi_us_per_byte: 1.0,
        };
        assert_eq!(c.schedule_us(&s), 110.0 + 10.0);
    }

    #[test]
    fn a_busy_port_serialises_its_messages() {
        let c = PermCost {
            tau_us: 10.0,
            phi_us_per_byte: 1.0,
        };
        // 0 and 1 both send to 2: receiver 2 takes them one after the other.
        let all_to_one = [Transfer::whole(0, 2, 5), Transfer::whole(1, 2, 7)];
        assert_eq!(c.transfers_us(&all_to_one), 15.0 + 17.0);
        // A permutation costs its largest message; a local copy is free.
        let perm = [
            Transfer::whole(0, 1, 5),
            Transfer::whole(1, 0, 7),
            Transfer::whole(2, 2, 99),
        ];
        assert_eq!(c.transfers_us(&perm), 17.0);
    }
}
