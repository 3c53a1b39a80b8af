//! Paper 004's contention model: one exchange step costs
//! α + L·max(β_ex, f(i)·β_sat) (§4).
//!
//! α is the start-up time, L the bytes each processor sends in the step,
//! β_ex the time per byte of an exchange without link conflicts (β_s for a
//! one-way send), β_sat the time per byte on a saturated link, and f(i) the
//! largest number of messages contending for one link at step i (they
//! share its bandwidth). Since β_sat < β_ex, a link has spare bandwidth:
//! contention only shows once f(i)·β_sat exceeds β_ex. The closed form of
//! LEX keeps the paper's ⌈(p − 1)/2⌉, the maximum of p − 1 messages over a
//! processor's two links; [`super::fatload`] measures f on a schedule as an
//! average over a bundle of links instead (the book's choice), (p − 1)/2.
//!
//! The paper's closed forms for the complete exchanges are here too
//! ([`ContentionCost::lex_us`] and friends). BEX's printed simplification
//! keeps the step index i outside its sum, a typo; the book evaluates the
//! sum it simplifies.
//!
//! The paper assigns no number to any of the model's rates. Its §3.2
//! observes a start-up of 64 µs for an empty message and fits
//! t = 0.112·l + 73 µs to messages within a cluster of 4 (83 µs when the
//! last packet is partly empty). [`ContentionCost::cm5`] takes α = 73 µs,
//! the fit's intercept for full packets, not the observed 64 µs (our choice:
//! the line that matches messages carrying data), and β_s = 0.112 µs/byte,
//! the fit's slope; β_ex = 0.29 and β_sat = 0.28 µs/byte are fitted by the
//! book to the 32 cells of Table 4 with the schedule
//! time of [`super::fatload`]; the fit follows Table 4 within a factor of
//! two in every cell (about ±27 % on average) and keeps its ranking of LS,
//! PS, BS and GS. The tests in `src/core/cost/tables004.rs` check this and
//! say what the model misses.

/// The parameters of α + L·max(β, f·β_sat), in µs and µs per byte.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ContentionCost {
    /// α: start-up time of a step.
    pub alpha_us: f64,
    /// β_s: time per byte of a one-way send without link conflicts.
    pub beta_s_us: f64,
    /// β_ex: time per byte of an exchange without link conflicts.
    pub beta_ex_us: f64,
    /// β_sat: time per byte on a saturated link.
    pub beta_sat_us: f64,
}

impl ContentionCost {
    /// The CM-5 of paper 004 (see the module docs for where each number
    /// comes from).
    pub fn cm5() -> Self {
        ContentionCost {
            alpha_us: crate::published::ponnusamy93::FIT_US_ALIGNED,
            beta_s_us: crate::published::ponnusamy93::FIT_US_PER_BYTE,
            beta_ex_us: CM5_BETA_EX,
            beta_sat_us: CM5_BETA_SAT,
        }
    }

    /// One step: `bytes` per processor, contention `f`, an exchange or a
    /// one-way send.
    pub fn step_us(&self, bytes: u64, f: f64, exchange: bool) -> f64 {
        let beta = if exchange {
            self.beta_ex_us
        } else {
            self.beta_s_us
        };
        self.alpha_us + bytes as f64 * beta.max(f * self.beta_sat_us)
    }

    /// A step in which each processor sends `messages` messages of `bytes`
    /// at once (the linear burst of chapter 14): m·α + L·max(m·β, f·β_sat),
    /// the book's extension of the step above (which it equals for one
    /// message): the processor's own m messages and the busiest link's f
    /// each bound the step, and the slower one sets its time.
    pub fn burst_us(&self, bytes: u64, messages: usize, f: f64, exchange: bool) -> f64 {
        if messages <= 1 {
            return self.step_us(bytes, f, exchange);
        }
        let beta = if exchange {
            self.beta_ex_us
        } else {
            self.beta_s_us
        };
        let m = messages as f64;
        self.alpha_us * m + bytes as f64 * (m * beta).max(f * self.beta_sat_us)
    }

    /// T_LEX = α(p − 1) + L(p − 1)·max(β_s, ⌈(p − 1)/2⌉·β_sat) (§4.1).
    pub fn lex_us(&self, p: usize, l: u64) -> f64 {
        let steps = p.saturating_sub(1) as f64;
        let f = p.saturating_sub(1).div_ceil(2) as f64;
        self.alpha_us * steps + l as f64 * steps * self.beta_s_us.max(f * self.beta_sat_us)
    }

    /// T_PEX = (p − 1)α + L[15β_ex + (p − 16)·max(β_ex, 2β_sat)] (§4.2); for
    /// p ≤ 16 there is no contention.
    pub fn pex_us(&self, p: usize, l: u64) -> f64 {
        let steps = p.saturating_sub(1);
        let near = steps.min(15) as f64;
        let far = steps.saturating_sub(15) as f64;
        self.alpha_us * steps as f64
            + l as f64
                * (near * self.beta_ex_us + far * self.beta_ex_us.max(2.0 * self.beta_sat_us))
    }

    /// T_REX = α lg p + L(p/2)[4β_ex + (lg p − 4)·max(β_ex, 2β_sat)] (§4.3);
    /// for p ≤ 16 every step stays inside a cluster.
    pub fn rex_us(&self, p: usize, l: u64) -> f64 {
        let lg = p.max(1).ilog2() as f64;
        let near = lg.min(4.0);
        let far = (lg - 4.0).max(0.0);
        let block = l as f64 * (p / 2) as f64;
        self.alpha_us * lg
            + block * (near * self.beta_ex_us + far * self.beta_ex_us.max(2.0 * self.beta_sat_us))
    }

    /// T_BEX = Σ_{i=1}^{15} (α + Lβ_ex) + Σ_{i=16}^{p−1} (α + L·max(β_ex,
    /// (2^⌊lg i⌋ − 2)/2^(⌊lg i⌋−1)·β_sat)) (§4.4).
    pub fn bex_us(&self, p: usize, l: u64) -> f64 {
        (1..p)
            .map(|i| {
                let f = if i <= 15 {
                    0.0
                } else {
                    let t = 1u64 << i.ilog2();
                    (t - 2) as f64 / (t / 2) as f64
                };
                self.step_us(l, f, true)
            })
            .sum()
    }
}

/// β_ex of [`ContentionCost::cm5`], µs per byte (fitted, see module docs).
pub const CM5_BETA_EX: f64 = 0.29;
/// β_sat of [`ContentionCost::cm5`], µs per byte (fitted, see module docs).
pub const CM5_BETA_SAT: f64 = 0.28;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closed_forms_sum_their_steps() {
        let c = ContentionCost::cm5();
        // PEX on 16: 15 contention-free exchanges.
        assert_eq!(c.pex_us(16, 100), 15.0 * c.step_us(100, 1.0, true));
        // REX on 256: 4 steps across clusters, 4 inside, blocks of 128·L.
        let rex = 4.0 * c.step_us(128 * 10, 2.0, true) + 4.0 * c.step_us(128 * 10, 1.0, true);
        assert!((c.rex_us(256, 10) - rex).abs() < 1e-9);
        // BEX never costs more than PEX.
        for p in [16, 32, 64, 256] {
            assert!(c.bex_us(p, 512) <= c.pex_us(p, 512) + 1e-9);
        }
        // LEX on 32: 31 steps with 16 messages on a link.
        assert_eq!(c.lex_us(32, 0), 31.0 * 73.0);
    }
}
