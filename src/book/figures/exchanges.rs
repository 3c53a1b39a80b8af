//! `exchanges`: paper 004's complete exchanges LEX, PEX, REX and BEX (§4)
//! stepped on p processors: each step's meetings, how many cross each
//! level of the fat tree, the contention f(i) and the step's time
//! α + L·max(β, f(i)·β_sat). On 8 processors the steps are those of
//! Tables 1-3, which the figure checks pair by pair.

use crate::book::figure::Figure;
use crate::book::params::{Notice, ParamKind, ParamSpec};
use crate::core::algo::cm5::exchange::{Exchange, ExchangePlan};
use crate::core::cost::contention::ContentionCost;
use crate::core::published::ponnusamy93::{TABLE1_PEX, TABLE2_REX, TABLE3_BEX};
use crate::core::step::{Immediate, Stepper};

/// The exchange.
pub const ALGO: ParamSpec = ParamSpec {
    key: "algo",
    label: "exchange",
    kind: ParamKind::Choice {
        options: &Exchange::PAPER_WORDS,
        default: "pex",
    },
};
/// Processors.
pub const P: ParamSpec = ParamSpec {
    key: "p",
    label: "processors p",
    kind: ParamKind::Int {
        min: 2,
        max: 256,
        default: 8,
    },
};
/// Bytes of one block L.
pub const BYTES: ParamSpec = ParamSpec {
    key: "bytes",
    label: "block size L (bytes)",
    kind: ParamKind::Int {
        min: 0,
        max: 16384,
        default: 256,
    },
};

crate::settings! {
    /// The exchange, the machine size and the block size.
    pub struct ExchangeSettings {
        pub algo: Exchange = ALGO,
        pub p: usize = P => "a power of two, at most 256; on 8 the steps are Tables 1-3's",
        pub bytes: u64 = BYTES => "REX sends p/2 blocks in each message",
    }
}

/// The complete-exchange figure.
pub struct Exchanges;

/// What the figure computes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExchangeKey {
    pub algo: Exchange,
    pub p: usize,
    pub bytes: u64,
}

/// The plan with its per-step figures.
pub struct ExchangeRun {
    pub key: ExchangeKey,
    pub plan: Result<ExchangePlan, String>,
    /// f(i) of each step.
    pub f: Vec<f64>,
    /// Each step's time under the model, µs.
    pub step_us: Vec<f64>,
    /// The paper's closed form for the whole exchange, µs.
    pub formula_us: f64,
    /// The paper's printed schedule (8 processors; LEX has none).
    pub published: Option<Vec<Vec<(usize, usize)>>>,
}

impl ExchangeRun {
    /// Whether the computed steps are the printed ones, pair for pair
    /// (`None` when nothing was printed for this exchange and size).
    pub fn matches_published(&self) -> Option<bool> {
        let published = self.published.as_ref()?;
        let plan = self.plan.as_ref().ok()?;
        let norm = |v: &[(usize, usize)]| {
            let mut w: Vec<(usize, usize)> = v.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
            crate::core::sorting::sort_by_u64(&mut w, |&(a, b)| crate::core::sorting::key2(a, b));
            w
        };
        Some(
            plan.steps.len() == published.len()
                && plan.steps.iter().zip(published).all(|(a, b)| norm(a) == norm(b)),
        )
    }

    /// The level of the fat tree a meeting climbs to (1 = within a
    /// cluster of 4).
    pub fn level(a: usize, b: usize) -> u32 {
        crate::core::net::fattree::cluster_level(a, b) as u32
    }
}

fn published(algo: Exchange, p: usize) -> Option<Vec<Vec<(usize, usize)>>> {
    let rows: &[[(usize, usize); 4]] = match (algo, p) {
        (Exchange::Pex, 8) => &TABLE1_PEX,
        (Exchange::Rex, 8) => &TABLE2_REX,
        (Exchange::Bex, 8) => &TABLE3_BEX,
        _ => return None,
    };
    Some(rows.iter().map(|r| r.to_vec()).collect())
}

impl Figure for Exchanges {
    const TITLE: &'static str = "LEX, PEX, REX and BEX step by step (paper 004 §4, Tables 1-3)";
    type Settings = ExchangeSettings;
    type Key = ExchangeKey;
    type Output = ExchangeRun;

    /// PEX, REX and BEX are defined for powers of two: another p is
    /// lowered to one, with a notice.
    fn key(s: &ExchangeSettings) -> (ExchangeKey, Vec<Notice>) {
        let mut notes = Vec::new();
        let p = s.p.max(2);
        let p = if p.is_power_of_two() {
            p
        } else {
            let down = 1 << p.ilog2();
            notes.push(Notice(format!(
                "p = {p} is not a power of two, which PEX, REX, BEX and paper 004's model need; using p = {down}"
            )));
            down
        };
        (
            ExchangeKey {
                algo: s.algo,
                p,
                bytes: s.bytes,
            },
            notes,
        )
    }

    fn compute(k: &ExchangeKey) -> Box<dyn Stepper<Output = ExchangeRun>> {
        let key = *k;
        Box::new(Immediate::new(move || {
            let model = ContentionCost::cm5();
            let plan = ExchangePlan::new(key.algo, key.p).map_err(|e| e.to_string());
            let (f, step_us, formula_us) = match &plan {
                Ok(plan) => {
                    let f = plan.contention();
                    let message = key.bytes.saturating_mul(plan.blocks as u64);
                    let us = f
                        .iter()
                        .map(|&fi| model.step_us(message, fi.max(1.0), plan.is_exchange()))
                        .collect();
                    (f, us, plan.formula_us(&model, key.bytes))
                }
                Err(_) => (Vec::new(), Vec::new(), 0.0),
            };
            ExchangeRun {
                key,
                published: published(key.algo, key.p),
                plan,
                f,
                step_us,
                formula_us,
            }
        }))
    }

    fn steps(r: &ExchangeRun) -> usize {
        r.plan.as_ref().map_or(0, |p| p.steps.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Tables 1-3 of paper 004, reproduced pair for pair.
    #[test]
    fn eight_processors_give_tables_1_to_3() {
        for algo in [Exchange::Pex, Exchange::Rex, Exchange::Bex] {
            let key = ExchangeKey { algo, p: 8, bytes: 256 };
            let run = crate::core::step::run(Exchanges::compute(&key));
            assert_eq!(run.matches_published(), Some(true), "{algo:?}");
        }
        let lex = crate::core::step::run(Exchanges::compute(&ExchangeKey {
            algo: Exchange::Lex,
            p: 8,
            bytes: 256,
        }));
        assert_eq!(lex.matches_published(), None);
        assert_eq!(ExchangeRun::level(0, 3), 1);
        assert_eq!(ExchangeRun::level(0, 4), 2);
        assert_eq!(ExchangeRun::level(5, 17), 3);
    }
}
