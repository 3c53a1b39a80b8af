//! `alltoallmap`: which all-to-all algorithm MPICH and Open MPI 4.1 run
//! for `MPI_Alltoall` over (p, block size), and, beside them, the book's
//! advisor: the fastest of the seven exchanges under paper 004's
//! contention model with the CM-5's rates (chapter 14). The libraries'
//! rules are [`crate::core::algo::cm5::libraries`]; the model's prices are
//! [`ExchangePlan::predicted_us`].

use crate::book::figure::Figure;
use crate::book::params::{Notice, ParamKind, ParamSpec};
use crate::core::algo::cm5::exchange::{Exchange, ExchangePlan};
use crate::core::algo::cm5::libraries::Library;
use crate::core::cost::contention::ContentionCost;
use crate::core::step::{Immediate, Stepper};

crate::core::keyword_enum! {
    /// Whose choice the map shows.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Chooser {
        Mpich = "mpich",
        OpenMpi = "openmpi",
        /// The fastest under the contention model (the book's advisor).
        Model = "model",
    }
}

crate::keyword_settings!(whole: Chooser);

/// Whose choice.
pub const BY: ParamSpec = ParamSpec {
    key: "by",
    label: "chosen by",
    kind: ParamKind::Choice {
        options: Chooser::WORDS,
        default: "mpich",
    },
};

crate::core::number_words! {
    /// The map's process counts (rows).
    pub const PS: [usize; 12], P_WORDS = [2, 4, 8, 12, 16, 32, 48, 64, 128, 256, 512, 1024];
}

crate::core::number_words! {
    /// The map's block sizes in bytes (columns), powers of four.
    pub const SIZES: [u64; 11], SIZE_WORDS = [1, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576];
}

/// The model's map stops here: pricing LEX, PEX, BEX and the shift on
/// 1,024 processors walks a million meetings per exchange.
pub const MODEL_MAX_P: usize = 256;

crate::settings! {
    /// Whose choice the map shows.
    pub struct MapSettings {
        pub by: Chooser = BY => "the model's map stops at 256 processors",
    }
}

/// The figure.
pub struct Alltoallmap;

/// One cell: the exchange chosen, and the chooser's own name for it.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    pub exchange: Exchange,
    pub name: String,
}

/// The map: `cells[i][j]` for `PS[i]` and `SIZES[j]` (`None` where the
/// model's map stops).
pub struct Map {
    pub by: Chooser,
    pub cells: Vec<Vec<Option<Cell>>>,
}

/// The fastest exchange for (p, bytes) under the CM-5's contention model,
/// among those defined for p (REX, PEX, BEX and LEX as paper 004 prices
/// them need a power of two), the first in [`Exchange::ALL`]'s order among
/// equals.
fn fastest(plans: &[(ExchangePlan, Vec<f64>)], model: &ContentionCost, bytes: u64) -> Exchange {
    let m = |(plan, f): &(ExchangePlan, Vec<f64>)| plan.step_us_with(model, bytes, f).iter().sum::<f64>();
    // Ties (on 16 processors or fewer PEX, BEX, the shift and the burst
    // all cost (p − 1)(α + Lβ_ex), up to rounding) go to the first in the
    // book's order, so the map does not show a rounding error's choice.
    let priced: Vec<(Exchange, f64)> = plans.iter().map(|x| (x.0.exchange, m(x))).collect();
    let best = priced.iter().map(|x| x.1).fold(f64::INFINITY, f64::min);
    priced
        .iter()
        .find(|x| x.1 <= best * (1.0 + 1e-9))
        .map_or(Exchange::Linear, |x| x.0)
}

impl Figure for Alltoallmap {
    const TITLE: &'static str = "Which all-to-all, by process count and block size";
    type Settings = MapSettings;
    type Key = Chooser;
    type Output = Map;

    fn key(s: &MapSettings) -> (Chooser, Vec<Notice>) {
        (s.by, Vec::new())
    }

    fn compute(by: &Chooser) -> Box<dyn Stepper<Output = Map>> {
        let by = *by;
        Box::new(Immediate::new(move || {
            let model = ContentionCost::cm5();
            let cells = PS
                .iter()
                .map(|&p| {
                    let lib = match by {
                        Chooser::Mpich => Some(Library::Mpich),
                        Chooser::OpenMpi => Some(Library::OpenMpi),
                        Chooser::Model => None,
                    };
                    if let Some(lib) = lib {
                        return SIZES
                            .iter()
                            .map(|&b| {
                                let c = lib.choose(p, b);
                                Some(Cell {
                                    exchange: c.exchange,
                                    name: c.algorithm.to_string(),
                                })
                            })
                            .collect();
                    }
                    if p > MODEL_MAX_P {
                        return vec![None; SIZES.len()];
                    }
                    // The contention of each step does not depend on the
                    // block size: computed once per exchange.
                    let plans: Vec<(ExchangePlan, Vec<f64>)> = Exchange::ALL
                        .iter()
                        .filter(|&&e| p.is_power_of_two() || Exchange::TODAY.contains(&e))
                        .filter_map(|&e| ExchangePlan::new(e, p).ok())
                        .map(|plan| {
                            let f = plan.contention();
                            (plan, f)
                        })
                        .collect();
                    SIZES
                        .iter()
                        .map(|&b| {
                            let e = fastest(&plans, &model, b);
                            Some(Cell {
                                exchange: e,
                                name: e.word().to_string(),
                            })
                        })
                        .collect()
                })
                .collect();
            Map { by, cells }
        }))
    }

    fn steps(_: &Map) -> usize {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_maps_read_the_rules_and_the_model() {
        let mpich = crate::core::step::run(Alltoallmap::compute(&Chooser::Mpich));
        // 8 processes (row 2), 256 B (column 4): Bruck; 1 MB on 12: the shift.
        assert_eq!(mpich.cells[2][4].as_ref().unwrap().exchange, Exchange::Bruck);
        assert_eq!(mpich.cells[3][10].as_ref().unwrap().exchange, Exchange::Shift);
        assert_eq!(mpich.cells[9][10].as_ref().unwrap().exchange, Exchange::Pex);
        let ompi = crate::core::step::run(Alltoallmap::compute(&Chooser::OpenMpi));
        assert_eq!(ompi.cells[0][0].as_ref().unwrap().name, "pairwise");
        let model = crate::core::step::run(Alltoallmap::compute(&Chooser::Model));
        // Short blocks: lg p start-ups win (REX or Bruck); long ones on 256:
        // not REX, whose p/2 blocks per step cost the most bytes.
        let short = model.cells[9][0].as_ref().unwrap().exchange;
        assert!(matches!(short, Exchange::Rex | Exchange::Bruck), "{short:?}");
        assert_ne!(model.cells[9][10].as_ref().unwrap().exchange, Exchange::Rex);
        assert!(model.cells[10].iter().all(Option::is_none));
        // Ties on 16 processors or fewer go to PEX, first in the book's order.
        assert!(model.cells[4][5..].iter().flatten().all(|c| c.exchange == Exchange::Pex));
        // Not a power of two: only today's three compete.
        assert!(model.cells[3].iter().flatten().all(|c| Exchange::TODAY.contains(&c.exchange)));
    }
}
