//! The four complete exchanges of paper 004 §4 side by side: their steps,
//! the contention f(i) of each step on the CM-5 fat tree, and their time
//! under α + L·max(β_ex, f(i)·β_sat), step by step and by the paper's
//! closed forms.
//!
//! ```
//! use commbook_core::algo::cm5::exchange::{Exchange, ExchangePlan};
//! let pex = ExchangePlan::new(Exchange::Pex, 32).unwrap();
//! assert_eq!(pex.steps.len(), 31);
//! let f = pex.contention();
//! assert!(f[..15].iter().all(|&x| x <= 1.0)); // inside clusters of 16: no contention
//! assert_eq!(f[30], 2.0);                      // across: 16 messages on 8 links
//! let rex = ExchangePlan::new(Exchange::Rex, 32).unwrap();
//! assert_eq!((rex.steps.len(), rex.blocks), (5, 16)); // lg p steps of p/2 blocks
//! ```

use super::order::Order;
use super::rex::{MAX_P, Rex, RexError};
use crate::com::Com;
use crate::cost::contention::ContentionCost;
use crate::cost::fatload::link_load;
use crate::schedule::{Promise, Schedule, Transfer};

crate::keyword_enum! {
    /// A complete-exchange algorithm, named by the CLI's and the links' word.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Exchange {
        Lex = "lex",
        Pex = "pex",
        Rex = "rex",
        Bex = "bex",
    }
}

impl Exchange {
    /// Every exchange, in the paper's order.
    pub const ALL: [Exchange; 4] = [Exchange::Lex, Exchange::Pex, Exchange::Rex, Exchange::Bex];

    /// The short name used by the CLI.
    pub fn name(self) -> &'static str {
        self.word()
    }

    /// The name as paper 004 prints it.
    pub fn title(self) -> &'static str {
        match self {
            Exchange::Lex => "LEX",
            Exchange::Pex => "PEX",
            Exchange::Rex => "REX",
            Exchange::Bex => "BEX",
        }
    }

    /// Looks an exchange up by name; the error lists the names.
    pub fn parse(name: &str) -> Result<Exchange, String> {
        Exchange::ALL
            .into_iter()
            .find(|e| e.name() == name)
            .ok_or_else(|| {
                format!(
                    "unknown exchange '{name}'; available: {}",
                    Exchange::WORDS.join(", ")
                )
            })
    }
}

/// The steps of one complete exchange on p processors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExchangePlan {
    /// Which exchange.
    pub exchange: Exchange,
    /// Number of processors.
    pub p: usize,
    /// The meetings of each step: one-way `(src, dst)` for LEX, exchanges
    /// `(a, b)` otherwise.
    pub steps: Vec<Vec<(usize, usize)>>,
    /// Blocks of L bytes in each message: p/2 for REX, 1 otherwise.
    pub blocks: usize,
}

/// The common message size L when `com` is a complete exchange (paper 004
/// §4): every processor sends every other one exactly L bytes and nothing
/// to itself. The four exchanges apply to such a matrix only.
pub fn complete_exchange_bytes(com: &Com) -> Option<u64> {
    let n = com.n();
    let bytes = com.uniform_bytes()?;
    let full = n >= 2 && com.len() == n * (n - 1) && (0..n).all(|i| com.get(i, i) == 0);
    full.then_some(bytes)
}

impl ExchangePlan {
    /// The plan as a schedule of `bytes`-byte messages, one phase a step:
    /// LEX's one-way meetings, PEX's and BEX's meetings both ways, and
    /// REX's meetings both ways with p/2 blocks combined into each
    /// transfer (the blocks a processor relays travel inside them, so
    /// [`crate::verify::verify`] does not apply to REX: [`Rex::check`]
    /// replays its carries instead). Every phase of PEX, REX and BEX is a
    /// permutation; LEX's steps converge on one processor each.
    pub fn schedule(&self, bytes: u64) -> Schedule {
        let size = bytes.saturating_mul(self.blocks as u64);
        let phases = self
            .steps
            .iter()
            .map(|pairs| {
                pairs
                    .iter()
                    .flat_map(|&(a, b)| {
                        let back = self.is_exchange().then(|| Transfer::whole(b, a, size));
                        std::iter::once(Transfer::whole(a, b, size)).chain(back)
                    })
                    .collect()
            })
            .collect();
        Schedule {
            n: self.p,
            phases,
            promise: Promise {
                partial_permutation: self.is_exchange(),
                link_disjoint: false,
            },
        }
    }

    /// Whether the schedule's transfers carry relayed blocks (REX).
    pub fn relays(&self) -> bool {
        self.blocks > 1
    }

    /// The plan for p processors: 2 ≤ p ≤ 1024, a power of two for REX.
    pub fn new(exchange: Exchange, p: usize) -> Result<ExchangePlan, RexError> {
        if !(2..=MAX_P).contains(&p) {
            return Err(RexError::BadP { p });
        }
        let (steps, blocks) = match exchange {
            Exchange::Lex => (Order::lex(p).all(), 1),
            Exchange::Pex => (Order::pex(p).all(), 1),
            Exchange::Bex => (Order::bex(p).all(), 1),
            Exchange::Rex => {
                let rex = Rex::new(p)?;
                (rex.pairs(), p / 2)
            }
        };
        Ok(ExchangePlan {
            exchange,
            p,
            steps,
            blocks,
        })
    }

    /// Whether each meeting goes both ways.
    pub fn is_exchange(&self) -> bool {
        self.exchange != Exchange::Lex
    }

    /// f(i) of each step on the fat tree (see [`crate::cost::fatload`]).
    pub fn contention(&self) -> Vec<f64> {
        self.steps
            .iter()
            .map(|pairs| {
                let both = pairs.iter().flat_map(|&(a, b)| {
                    let back = self.is_exchange().then_some((b, a));
                    std::iter::once((a, b)).chain(back)
                });
                link_load(self.p, both)
            })
            .collect()
    }

    /// Σ over steps of α + L'·max(β, f(i)·β_sat), with L' = blocks × `bytes`.
    pub fn predicted_us(&self, model: &ContentionCost, bytes: u64) -> f64 {
        let message = bytes.saturating_mul(self.blocks as u64);
        self.contention()
            .into_iter()
            .map(|f| model.step_us(message, f.max(1.0), self.is_exchange()))
            .sum()
    }

    /// The paper's closed form for this exchange.
    pub fn formula_us(&self, model: &ContentionCost, bytes: u64) -> f64 {
        match self.exchange {
            Exchange::Lex => model.lex_us(self.p, bytes),
            Exchange::Pex => model.pex_us(self.p, bytes),
            Exchange::Rex => model.rex_us(self.p, bytes),
            Exchange::Bex => model.bex_us(self.p, bytes),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plans_as_schedules_deliver_every_message() {
        use crate::algo::cm5::complete;
        use crate::verify::verify;
        for p in 2..=33 {
            let com = complete(p, 40).unwrap();
            assert_eq!(complete_exchange_bytes(&com), Some(40));
            for ex in Exchange::ALL {
                let Ok(plan) = ExchangePlan::new(ex, p) else {
                    assert!(ex == Exchange::Rex && !p.is_power_of_two());
                    continue;
                };
                let s = plan.schedule(40);
                assert_eq!(s.len(), plan.steps.len());
                if plan.relays() {
                    Rex::new(p).unwrap().check().unwrap();
                    assert!(
                        s.phases
                            .iter()
                            .flatten()
                            .all(|t| t.bytes == 40 * p as u64 / 2)
                    );
                    assert!(s.phases.iter().all(|ph| ph.len() == p));
                    assert!(s.promise.partial_permutation);
                } else {
                    verify(&com, &s, None).unwrap_or_else(|v| panic!("{ex:?} p={p}: {v}"));
                }
            }
        }
        // Not complete exchanges: a missing message, mixed sizes, a copy to itself.
        let com = complete(4, 40).unwrap();
        assert_eq!(
            complete_exchange_bytes(&com.with_entry(0, 1, 0).unwrap()),
            None
        );
        assert_eq!(
            complete_exchange_bytes(&com.with_entry(0, 1, 8).unwrap()),
            None
        );
        assert_eq!(
            complete_exchange_bytes(&com.with_entry(2, 2, 40).unwrap()),
            None
        );
    }

    #[test]
    fn step_sums_agree_with_the_closed_forms() {
        let m = ContentionCost::cm5();
        for p in [16, 32, 64, 256] {
            for ex in [Exchange::Pex, Exchange::Rex] {
                let plan = ExchangePlan::new(ex, p).unwrap();
                let (a, b) = (plan.predicted_us(&m, 512), plan.formula_us(&m, 512));
                assert!((a - b).abs() <= 1e-9 * b, "{ex:?} p={p}: {a} vs {b}");
            }
        }
        // BEX: the paper's f(i) is an average over clusters of p/2. On 32
        // processors that is the bottleneck cluster of 16, and the measured
        // busiest channel agrees except at step 16, where every pair crosses.
        let bex = |p| ExchangePlan::new(Exchange::Bex, p).unwrap();
        let (a, b) = (bex(32).predicted_us(&m, 512), bex(32).formula_us(&m, 512));
        assert!((a / b - 1.0).abs() < 0.01, "{a} vs {b}");
        // From 64 processors on, some cluster of 16 still sends all 16 of its
        // processors across in every late step, so the busiest link carries 2
        // and BEX's measured time equals PEX's, above the paper's formula.
        for p in [64, 256] {
            let pex = ExchangePlan::new(Exchange::Pex, p)
                .unwrap()
                .predicted_us(&m, 512);
            assert_eq!(bex(p).predicted_us(&m, 512), pex);
            assert!(bex(p).formula_us(&m, 512) < pex);
        }
        // LEX: the paper rounds (p − 1)/2 up and counts p − 1 steps, not p.
        let lex = ExchangePlan::new(Exchange::Lex, 32).unwrap();
        let (a, b) = (lex.predicted_us(&m, 512), lex.formula_us(&m, 512));
        assert!((a / b - 1.0).abs() < 0.06, "{a} vs {b}");
    }

    #[test]
    fn the_paper_ranking_for_large_messages_on_32() {
        // §4.5: LEX far behind; for large messages BEX < PEX < REX.
        let m = ContentionCost::cm5();
        let t = |e| ExchangePlan::new(e, 32).unwrap().predicted_us(&m, 2048);
        let (lex, pex, rex, bex) = (
            t(Exchange::Lex),
            t(Exchange::Pex),
            t(Exchange::Rex),
            t(Exchange::Bex),
        );
        assert!(
            bex < pex && pex < rex && rex < lex,
            "{lex} {pex} {rex} {bex}"
        );
        // With empty messages REX's lg p start-ups win.
        assert!(t(Exchange::Rex) > 0.0);
        let zero = |e| ExchangePlan::new(e, 256).unwrap().predicted_us(&m, 0);
        assert!(zero(Exchange::Rex) < zero(Exchange::Pex));
    }

    #[test]
    fn refuses_bad_p() {
        assert!(ExchangePlan::new(Exchange::Pex, 1).is_err());
        assert!(ExchangePlan::new(Exchange::Bex, 2000).is_err());
        assert!(ExchangePlan::new(Exchange::Rex, 24).is_err());
        assert_eq!(ExchangePlan::new(Exchange::Bex, 6).unwrap().steps.len(), 5);
        assert_eq!(
            Exchange::parse("x").unwrap_err(),
            "unknown exchange 'x'; available: lex, pex, rex, bex"
        );
    }
}
