//! The complete exchanges side by side: paper 004 §4's four (LEX, PEX,
//! REX, BEX) and the three all-to-all algorithms MPI libraries run today
//! (chapter 14: Bruck's, the shift, the linear burst). For each: its
//! steps, the contention f(i) of each step on the CM-5 fat tree, and its
//! time under α + L·max(β_ex, f(i)·β_sat), step by step and by a closed
//! form.
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
//! let bruck = ExchangePlan::new(Exchange::Bruck, 12).unwrap();
//! assert_eq!(bruck.step_blocks, vec![6, 6, 4, 4]);   // ⌈lg 12⌉ steps, any p
//! let shift = ExchangePlan::new(Exchange::Shift, 5).unwrap();
//! assert_eq!(shift.steps[1][4], (4, 1));              // step 2: r sends to r + 2
//! ```

use super::bruck::Bruck;
use super::order::Order;
use super::rex::{Carry, MAX_P, Rex, RexError};
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
        Bruck = "bruck",
        Shift = "shift",
        Linear = "linear",
    }
}

impl Exchange {
    /// Every exchange: paper 004's, then today's.
    pub const ALL: [Exchange; 7] = [
        Exchange::Lex,
        Exchange::Pex,
        Exchange::Rex,
        Exchange::Bex,
        Exchange::Bruck,
        Exchange::Shift,
        Exchange::Linear,
    ];

    /// Paper 004's four, in its order (§4.1-§4.4).
    pub const PAPER: [Exchange; 4] = [Exchange::Lex, Exchange::Pex, Exchange::Rex, Exchange::Bex];

    /// [`Exchange::PAPER`]'s words: chapter 5's figures offer only these.
    pub const PAPER_WORDS: [&'static str; 4] = [
        Exchange::Lex.word(),
        Exchange::Pex.word(),
        Exchange::Rex.word(),
        Exchange::Bex.word(),
    ];

    /// What MPI libraries run today (chapter 14).
    pub const TODAY: [Exchange; 3] = [Exchange::Bruck, Exchange::Shift, Exchange::Linear];

    /// The short name used by the CLI.
    pub fn name(self) -> &'static str {
        self.word()
    }

    /// The name as its source prints it.
    pub fn title(self) -> &'static str {
        match self {
            Exchange::Lex => "LEX",
            Exchange::Pex => "PEX",
            Exchange::Rex => "REX",
            Exchange::Bex => "BEX",
            Exchange::Bruck => "Bruck",
            Exchange::Shift => "shift",
            Exchange::Linear => "linear",
        }
    }

    /// Where the algorithm is described, for a sentence.
    pub fn source(self) -> &'static str {
        match self {
            Exchange::Lex => "paper 004 §4.1",
            Exchange::Pex => "paper 004 §4.2",
            Exchange::Rex => "paper 004 §4.3",
            Exchange::Bex => "paper 004 §4.4",
            Exchange::Bruck => {
                "Bruck et al., IEEE TPDS 8(11), 1997, §3 (the index algorithm, radix 2)"
            }
            Exchange::Shift => {
                "Open MPI's pairwise and MPICH's long-message algorithm for p not a power of two"
            }
            Exchange::Linear => "Open MPI's basic linear and MPICH's medium-message isend-irecv",
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

/// Why an exchange cannot run on p processors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlanError {
    /// REX's refusal (p not a power of two, or out of range).
    Rex(RexError),
    /// p outside 2..=[`MAX_P`] for one of today's three.
    OutOfRange { exchange: Exchange, p: usize },
}

impl std::fmt::Display for PlanError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlanError::Rex(e) => e.fmt(f),
            PlanError::OutOfRange { exchange, p } => write!(
                f,
                "{} needs p from 2 to {MAX_P} (got p = {p}); try p = {}",
                exchange.word(),
                (*p).clamp(2, MAX_P)
            ),
        }
    }
}

impl std::error::Error for PlanError {}

impl From<RexError> for PlanError {
    fn from(e: RexError) -> Self {
        PlanError::Rex(e)
    }
}

/// The steps of one complete exchange on p processors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExchangePlan {
    /// Which exchange.
    pub exchange: Exchange,
    /// Number of processors.
    pub p: usize,
    /// The meetings of each step: exchanges `(a, b)` for PEX, REX and BEX
    /// ([`ExchangePlan::is_exchange`]), one-way sends `(src, dst)` for the
    /// others. The linear burst has one step holding all p(p − 1) sends,
    /// each processor's in the order it posts them.
    pub steps: Vec<Vec<(usize, usize)>>,
    /// Blocks of L bytes in each step's messages: p/2 for REX, the
    /// positions with bit k set for Bruck's step k, 1 otherwise.
    pub step_blocks: Vec<usize>,
    /// The most blocks in one message (p/2 for REX, 1 without relays).
    pub blocks: usize,
}

/// The common message size L when `com` is a complete exchange (paper 004
/// §4): every processor sends every other one exactly L bytes and nothing
/// to itself. The exchanges apply to such a matrix only.
pub fn complete_exchange_bytes(com: &Com) -> Option<u64> {
    let n = com.n();
    let bytes = com.uniform_bytes()?;
    let full = n >= 2 && com.len() == n * (n - 1) && (0..n).all(|i| com.get(i, i) == 0);
    full.then_some(bytes)
}

impl ExchangePlan {
    /// The plan as a schedule of `bytes`-byte blocks, one phase a step:
    /// one-way meetings as one transfer, exchanges as two, and a step's
    /// blocks combined into each of its transfers. REX and Bruck relay
    /// blocks inside their transfers, so [`crate::verify::verify`] does not
    /// apply to them: [`ExchangePlan::check`] replays their carries instead.
    /// Every phase of PEX, REX, BEX, the shift and Bruck is a permutation;
    /// LEX's steps converge on one processor each, and the linear burst is
    /// everything at once.
    pub fn schedule(&self, bytes: u64) -> Schedule {
        let phases = self
            .steps
            .iter()
            .zip(&self.step_blocks)
            .map(|(pairs, &blocks)| {
                let size = bytes.saturating_mul(blocks as u64);
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
                partial_permutation: !matches!(self.exchange, Exchange::Lex | Exchange::Linear),
                link_disjoint: false,
            },
        }
    }

    /// Whether the schedule's transfers carry relayed blocks (REX, Bruck).
    pub fn relays(&self) -> bool {
        matches!(self.exchange, Exchange::Rex | Exchange::Bruck)
    }

    /// What each processor sends in each step, block by block, for the
    /// exchanges that relay (REX and Bruck); `None` for the others, whose
    /// every transfer is one block from its sender to its receiver.
    pub fn carries(&self) -> Option<Vec<Vec<Carry>>> {
        match self.exchange {
            Exchange::Rex => Rex::new(self.p)
                .ok()
                .map(|r| r.steps.into_iter().map(|s| s.carries).collect()),
            Exchange::Bruck => Bruck::new(self.p)
                .ok()
                .map(|b| b.steps.into_iter().map(|s| s.carries).collect()),
            _ => None,
        }
    }

    /// The plan for p processors: 2 ≤ p ≤ 1024, a power of two for REX.
    pub fn new(exchange: Exchange, p: usize) -> Result<ExchangePlan, PlanError> {
        if !(2..=MAX_P).contains(&p) {
            return Err(match exchange {
                Exchange::Bruck | Exchange::Shift | Exchange::Linear => {
                    PlanError::OutOfRange { exchange, p }
                }
                _ => PlanError::Rex(RexError::BadP { p }),
            });
        }
        let (steps, step_blocks) = match exchange {
            Exchange::Rex => {
                let s = Rex::new(p)?.pairs();
                let blocks = vec![p / 2; s.len()];
                (s, blocks)
            }
            // Bruck's meetings and block counts follow from p alone; its
            // carries (Bruck::new) are built only to check or to run it.
            Exchange::Bruck => (0..super::bruck::steps(p))
                .map(|k| {
                    let d = 1 << k;
                    let pairs = (0..p).map(|r| (r, (r + d) % p)).collect();
                    (pairs, (0..p).filter(|q| q & d != 0).count())
                })
                .unzip(),
            _ => {
                let s = match exchange {
                    Exchange::Lex => Order::lex(p).all(),
                    Exchange::Pex => Order::pex(p).all(),
                    Exchange::Bex => Order::bex(p).all(),
                    Exchange::Shift => (1..p)
                        .map(|i| (0..p).map(|r| (r, (r + i) % p)).collect())
                        .collect(),
                    // Each processor posts its sends to r + 1, r + 2, … in
                    // turn, so that not everyone starts with the same
                    // receiver (MPICH and Open MPI scatter theirs the same
                    // way, in the mirror order r − 1, r − 2, …).
                    _ => vec![
                        (0..p)
                            .flat_map(|r| (1..p).map(move |i| (r, (r + i) % p)))
                            .collect(),
                    ],
                };
                let blocks = vec![1; s.len()];
                (s, blocks)
            }
        };
        let blocks = step_blocks.iter().copied().max().unwrap_or(1);
        Ok(ExchangePlan {
            exchange,
            p,
            steps,
            step_blocks,
            blocks,
        })
    }

    /// Whether each meeting goes both ways (PEX, REX, BEX).
    pub fn is_exchange(&self) -> bool {
        matches!(self.exchange, Exchange::Pex | Exchange::Rex | Exchange::Bex)
    }

    /// Whether every processor sends and receives at once in every step,
    /// which the model prices at β_ex: all but LEX, whose step gathers at
    /// one processor (β_s). The shift and Bruck send to one processor and
    /// receive from another at the same time: the book prices that as an
    /// exchange, its own reading (the papers price only their four).
    pub fn sends_and_receives(&self) -> bool {
        self.exchange != Exchange::Lex
    }

    /// Messages each processor sends in one step: p − 1 for the linear
    /// burst, 1 otherwise.
    pub fn messages_per_step(&self) -> usize {
        match self.exchange {
            Exchange::Linear => self.p - 1,
            _ => 1,
        }
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

    /// Each step's time under the model: α + L'·max(β, f(i)·β_sat) with
    /// L' = the step's blocks × `bytes`; a step of m messages per
    /// processor (the linear burst) costs m·α + L'·max(m·β, f·β_sat), the
    /// book's extension: the processor's m messages and the busiest
    /// link's f bound it, whichever is slower.
    pub fn step_us(&self, model: &ContentionCost, bytes: u64) -> Vec<f64> {
        self.step_us_with(model, bytes, &self.contention())
    }

    /// [`ExchangePlan::step_us`] with each step's f(i) already measured
    /// (it does not depend on the block size, so a sweep over sizes
    /// measures it once).
    pub fn step_us_with(&self, model: &ContentionCost, bytes: u64, f: &[f64]) -> Vec<f64> {
        let m = self.messages_per_step();
        f.iter()
            .copied()
            .zip(&self.step_blocks)
            .map(|(f, &blocks)| {
                let message = bytes.saturating_mul(blocks as u64);
                model.burst_us(message, m, f.max(1.0), self.sends_and_receives())
            })
            .collect()
    }

    /// Σ over steps of [`ExchangePlan::step_us`].
    pub fn predicted_us(&self, model: &ContentionCost, bytes: u64) -> f64 {
        self.step_us(model, bytes).into_iter().sum()
    }

    /// The closed form for this exchange: the paper's for its four; for
    /// today's, the contention-free α-β cost their sources give (Thakur,
    /// Rabenseifner and Gropp, IJHPCA 19(1), 2005, §3; MPICH's comments):
    /// Bruck ⌈lg p⌉·α + Σ_k b_k·L·β_ex (b_k the blocks of step k, p/2 each
    /// for p a power of two: the (n/2)·lg p·β of the sources, n = pL), the
    /// shift and the linear burst (p − 1)·α + (p − 1)·L·β_ex.
    pub fn formula_us(&self, model: &ContentionCost, bytes: u64) -> f64 {
        let l = bytes as f64;
        let others = (self.p - 1) as f64;
        match self.exchange {
            Exchange::Lex => model.lex_us(self.p, bytes),
            Exchange::Pex => model.pex_us(self.p, bytes),
            Exchange::Rex => model.rex_us(self.p, bytes),
            Exchange::Bex => model.bex_us(self.p, bytes),
            Exchange::Bruck => self
                .step_blocks
                .iter()
                .map(|&b| model.alpha_us + b as f64 * l * model.beta_ex_us)
                .sum(),
            Exchange::Shift | Exchange::Linear => {
                others * model.alpha_us + others * l * model.beta_ex_us
            }
        }
    }

    /// Checks the plan delivers every block: the verifier on the schedule
    /// of the all-to-all matrix for the exchanges without relays, the
    /// independent replay of the carries for REX and Bruck.
    pub fn check(&self, bytes: u64) -> Result<(), String> {
        match self.exchange {
            Exchange::Rex => Rex::new(self.p)
                .map_err(|e| e.to_string())?
                .check()
                .map_err(|e| e.to_string()),
            Exchange::Bruck => Bruck::new(self.p)
                .map_err(|e| e.to_string())?
                .check()
                .map_err(|e| e.to_string()),
            _ => {
                let all = super::complete(self.p, bytes.max(1)).map_err(|e| e.to_string())?;
                crate::verify::verify(&all, &self.schedule(bytes.max(1)), None)
                    .map_err(|v| v.to_string())
            }
        }
    }
}

#[cfg(test)]
#[path = "exchange_tests.rs"]
mod tests;
