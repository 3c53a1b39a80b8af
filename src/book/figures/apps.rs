//! `apps`: paper 004's two applications (§6) against models: the 2-D FFT,
//! whose transpose is a complete exchange (Table 6), and Gaussian
//! elimination, estimated from the cost of its operations (Tables 7-8).
//! The models are `core::cost::apps004`'s; each step is one row of the
//! table, every cell beside the printed one with a verdict.

use crate::book::figure::Figure;
use crate::book::params::{Notice, ParamKind, ParamSpec};
use crate::core::cost::apps004::{self, FftCell};
use crate::core::cost::contention::ContentionCost;
use crate::core::published::ponnusamy93::{TABLE7_SIZES, TABLE8_ESTIMATED_MS, TABLE8_MEASURED_MS, TABLE7_MS, TABLE7_PER_ITERATION_MS};
use crate::core::step::{Immediate, Stepper};

crate::core::keyword_enum! {
    /// Which application.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum App {
        Fft = "fft",
        Gauss = "gauss",
    }
}

crate::keyword_settings!(whole: App);

/// The application.
pub const APP: ParamSpec = ParamSpec {
    key: "app",
    label: "application",
    kind: ParamKind::Choice {
        options: App::WORDS,
        default: "fft",
    },
};

crate::settings! {
    /// Which application.
    pub struct AppsSettings {
        pub app: App = APP,
    }
}

/// The applications figure.
pub struct Apps;

/// Tolerance of a modelled cell (ratio either way).
pub const TOLERANCE: f64 = 1.5;

/// One matrix size of Gaussian elimination.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GaussRow {
    pub n: usize,
    /// Table 7's operations, ms: reductions, broadcast, computation.
    pub ops: [f64; 4],
    pub printed_per_iteration: f64,
    pub per_iteration: f64,
    pub printed_estimate: f64,
    pub estimate: f64,
    pub measured: f64,
    /// The book's binomial-tree broadcast, ms.
    pub broadcast_model: f64,
}

/// What the figure shows.
pub enum AppsRun {
    Fft {
        cells: Vec<FftCell>,
        /// Operations per second fitted for 32 and 256 processors.
        rates: [f64; 2],
    },
    Gauss(Vec<GaussRow>),
}

impl Figure for Apps {
    const TITLE: &'static str = "The 2-D FFT and Gaussian elimination on the CM-5 (paper 004 §6, Tables 6-8)";
    const UNIT: &'static str = "row";
    type Settings = AppsSettings;
    type Key = App;
    type Output = AppsRun;

    fn key(s: &AppsSettings) -> (App, Vec<Notice>) {
        (s.app, Vec::new())
    }

    fn compute(&app: &App) -> Box<dyn Stepper<Output = AppsRun>> {
        Box::new(Immediate::new(move || {
            let m = ContentionCost::cm5();
            match app {
                App::Fft => AppsRun::Fft {
                    cells: apps004::table6(&m),
                    rates: [apps004::fitted_rate(&m, 0), apps004::fitted_rate(&m, 1)],
                },
                App::Gauss => AppsRun::Gauss(
                    TABLE7_SIZES
                        .iter()
                        .enumerate()
                        .map(|(s, &n)| GaussRow {
                            n,
                            ops: [
                                TABLE7_MS[0].1[s],
                                TABLE7_MS[1].1[s],
                                TABLE7_MS[2].1[s],
                                TABLE7_MS[3].1[s],
                            ],
                            printed_per_iteration: TABLE7_PER_ITERATION_MS[s],
                            per_iteration: apps004::per_iteration_ms(s),
                            printed_estimate: TABLE8_ESTIMATED_MS[s],
                            estimate: apps004::estimate_ms(s),
                            measured: TABLE8_MEASURED_MS[s],
                            broadcast_model: apps004::broadcast_ms(n),
                        })
                        .collect(),
                ),
            }
        }))
    }

    /// FFT: one step per machine size and array (8); Gauss: one per size.
    fn steps(r: &AppsRun) -> usize {
        match r {
            AppsRun::Fft { cells, .. } => cells.len() / 4,
            AppsRun::Gauss(rows) => rows.len(),
        }
    }
}
