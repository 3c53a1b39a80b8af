//! `exorder`: which complete exchange wins where (paper 004 §4.5,
//! Figures 10-12), recomputed with the contention model: on 32 processors
//! as the block grows (Figure 10), and as the machine grows for blocks of
//! 0 and 256 bytes (Figure 11) and 512 bytes (Figure 12). Each step is one
//! point of the sweep; the claims the paper's text makes about the figure
//! are checked against the model, each with a verdict.

use crate::book::figure::Figure;
use crate::book::params::{Notice, ParamKind, ParamSpec};
use crate::core::algo::cm5::exchange::{Exchange, ExchangePlan};
use crate::core::cost::contention::ContentionCost;
use crate::core::step::{Immediate, Stepper};

crate::core::keyword_enum! {
    /// Which of the paper's figures.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum ExFigure {
        /// Figure 10: 32 processors, blocks of 0 to 2048 bytes.
        Fig10 = "10",
        /// Figure 11: blocks of 0 bytes, 8 to 256 processors.
        Fig11Zero = "11-0",
        /// Figure 11: blocks of 256 bytes.
        Fig11 = "11-256",
        /// Figure 12: blocks of 512 bytes.
        Fig12 = "12",
    }
}

crate::keyword_settings!(whole: ExFigure);

/// The figure.
pub const FIGURE: ParamSpec = ParamSpec {
    key: "figure",
    label: "paper 004's figure",
    kind: ParamKind::Choice {
        options: ExFigure::WORDS,
        default: "10",
    },
};

crate::settings! {
    /// Which sweep.
    pub struct ExorderSettings {
        pub figure: ExFigure = FIGURE,
    }
}

/// The orderings figure.
pub struct Exorder;

/// A claim of the paper and whether the model bears it out.
#[derive(Clone, Debug, PartialEq)]
pub struct Claim {
    pub text: &'static str,
    pub holds: bool,
    /// The model's numbers behind the verdict.
    pub evidence: String,
}

/// The sweep: x values and each exchange's model time (ms) at each.
pub struct Sweep {
    pub figure: ExFigure,
    /// Block bytes (Figure 10) or processors (Figures 11-12).
    pub xs: Vec<u64>,
    /// The exchanges drawn, with their times at each x.
    pub series: Vec<(Exchange, Vec<f64>)>,
    pub claims: Vec<Claim>,
}

impl Sweep {
    /// The time of `e` at point `i`.
    pub fn at(&self, e: Exchange, i: usize) -> f64 {
        self.series
            .iter()
            .find(|s| s.0 == e)
            .and_then(|s| s.1.get(i).copied())
            .unwrap_or(f64::NAN)
    }

    /// The exchanges at point `i`, fastest first.
    pub fn ranking(&self, i: usize) -> Vec<Exchange> {
        let mut r: Vec<Exchange> = self.series.iter().map(|s| s.0).collect();
        crate::core::sorting::sort_by_u64(&mut r, |&e| crate::core::sorting::f64_key(self.at(e, i)));
        r
    }
}

/// The model's time in ms for `e` on `p` processors with blocks of `l`.
pub fn model_ms(e: Exchange, p: usize, l: u64) -> f64 {
    let m = ContentionCost::cm5();
    ExchangePlan::new(e, p).map_or(f64::NAN, |plan| plan.predicted_us(&m, l) / 1000.0)
}

const PROCS: [u64; 6] = [8, 16, 32, 64, 128, 256];

fn sweep(figure: ExFigure) -> Sweep {
    use Exchange::{Bex, Lex, Pex, Rex};
    let (xs, series_of): (Vec<u64>, Vec<Exchange>) = match figure {
        ExFigure::Fig10 => (vec![0, 256, 512, 1024, 1536, 2048], vec![Lex, Pex, Rex, Bex]),
        _ => (PROCS.to_vec(), vec![Pex, Rex, Bex]),
    };
    let time = |e: Exchange, x: u64| match figure {
        ExFigure::Fig10 => model_ms(e, 32, x),
        ExFigure::Fig11Zero => model_ms(e, x as usize, 0),
        ExFigure::Fig11 => model_ms(e, x as usize, 256),
        ExFigure::Fig12 => model_ms(e, x as usize, 512),
    };
    let series: Vec<(Exchange, Vec<f64>)> = series_of
        .iter()
        .map(|&e| (e, xs.iter().map(|&x| time(e, x)).collect()))
        .collect();
    let mut s = Sweep {
        figure,
        xs,
        series,
        claims: Vec::new(),
    };
    s.claims = claims(&s);
    s
}

fn claims(s: &Sweep) -> Vec<Claim> {
    use Exchange::{Bex, Lex, Pex, Rex};
    let last = s.xs.len() - 1;
    let ms = |e: Exchange, i: usize| format!("{} {:.2} ms", e.title(), s.at(e, i));
    // "a beats b at point i", with both times as the evidence.
    let beats = |text: &'static str, a: Exchange, b: Exchange, i: usize, at: &str| Claim {
        text,
        holds: s.at(a, i) < s.at(b, i),
        evidence: format!("{at}: {}, {}", ms(a, i), ms(b, i)),
    };
    match s.figure {
        ExFigure::Fig10 => {
            let small_spread = {
                let t = [Pex, Rex, Bex].map(|e| s.at(e, 1));
                let (lo, hi) = (t.iter().copied().fold(f64::MAX, f64::min), t.iter().copied().fold(0.0, f64::max));
                hi / lo
            };
            vec![
                Claim {
                    text: "LEX performs much worse than the other three",
                    // "Much worse": at least half as slow again as the
                    // fastest, at every block that carries data (with
                    // empty blocks only start-ups count, and all four
                    // are close).
                    holds: (1..=last).all(|i| {
                        let best = s.at(s.ranking(i)[0], i);
                        s.ranking(i).last() == Some(&Lex) && s.at(Lex, i) >= 1.5 * best
                    }),
                    evidence: format!(
                        "at 0 B: {}, {}; at 2048 B: {}, {}",
                        ms(Lex, 0),
                        ms(Pex, 0),
                        ms(Lex, last),
                        ms(Bex, last)
                    ),
                },
                Claim {
                    text: "for small blocks PEX, REX and BEX are virtually indistinguishable",
                    holds: small_spread < 1.25,
                    evidence: format!("at 256 B the slowest of the three takes {small_spread:.2}× the fastest"),
                },
                beats("for large blocks PEX beats REX", Pex, Rex, last, "at 2048 B"),
                beats("for large blocks BEX beats PEX", Bex, Pex, last, "at 2048 B"),
            ]
        }
        ExFigure::Fig11Zero => vec![Claim {
            text: "with 0-byte blocks REX beats PEX and BEX on every machine size",
            holds: (0..=last).all(|i| s.ranking(i)[0] == Rex),
            evidence: format!("on 256 processors: {}, {}", ms(Rex, last), ms(Pex, last)),
        }],
        ExFigure::Fig11 => vec![
            beats("with 256-byte blocks PEX beats REX on few processors", Pex, Rex, 0, "on 8"),
            beats("and REX beats PEX on many", Rex, Pex, last, "on 256"),
            Claim {
                text: "BEX is the best with 256-byte blocks",
                holds: (0..=last).all(|i| s.at(Bex, i) <= s.at(Pex, i).min(s.at(Rex, i))),
                evidence: format!("on 256: {}, {}", ms(Bex, last), ms(Rex, last)),
            },
        ],
        ExFigure::Fig12 => vec![
            Claim {
                text: "with 512-byte blocks BEX and PEX beat REX on few processors",
                holds: s.at(Bex, 0).max(s.at(Pex, 0)) < s.at(Rex, 0),
                evidence: format!("on 8: {}, {}, {}", ms(Bex, 0), ms(Pex, 0), ms(Rex, 0)),
            },
            Claim {
                text: "and REX is the best on many",
                holds: s.ranking(last)[0] == Rex,
                evidence: format!("on 256: {}, {}", ms(Rex, last), ms(Bex, last)),
            },
        ],
    }
}


impl Figure for Exorder {
    const TITLE: &'static str = "Which complete exchange wins where (paper 004, Figures 10-12)";
    const UNIT: &'static str = "point";
    const START_AT_END: bool = true;
    type Settings = ExorderSettings;
    type Key = ExFigure;
    type Output = Sweep;

    fn key(s: &ExorderSettings) -> (ExFigure, Vec<Notice>) {
        (s.figure, Vec::new())
    }

    fn compute(&f: &ExFigure) -> Box<dyn Stepper<Output = Sweep>> {
        Box::new(Immediate::new(move || sweep(f)))
    }

    fn steps(s: &Sweep) -> usize {
        s.xs.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::keyword::Keyword;

    /// The model's verdicts on the paper's claims (the chapter discusses
    /// the ones it does not bear out).
    #[test]
    fn verdicts_on_figures_10_to_12() {
        let verdicts: Vec<(ExFigure, Vec<bool>)> = ExFigure::ALL
            .iter()
            .map(|&f| (f, sweep(f).claims.iter().map(|c| c.holds).collect()))
            .collect();
        for (f, v) in &verdicts {
            assert!(!v.is_empty(), "{f:?}");
        }
        // Figure 10: LEX worst, BEX best for large blocks, as printed.
        let fig10 = &verdicts[0].1;
        assert!(fig10[0] && fig10[3], "{fig10:?}");
        // With no data, fewer steps win: REX.
        assert!(verdicts[1].1[0]);
    }
}
