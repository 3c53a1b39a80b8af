//! Every figure of the book: one module each (its typed settings, their
//! limits and defaults, the computation it steps through), registered by
//! one line in [`for_each_figure!`]. That list generates the modules
//! declared here, the [`CATALOGUE`] that chapters, embed links, the CLI
//! (`commbook figures`), the JS API and the README list, and, in `ui`, the
//! view of each figure and the wasm module it is compiled into. How a
//! figure flows from a chapter's Markdown to the screen, and how to add
//! one, is in `README.md` beside this file.

use super::figure::{Entry, entry};

pub mod modules;

/// The list of figures, by the wasm module their views are compiled into
/// (`main` is the book's own; the others load when a chapter or an embed
/// first shows one of their figures). One line per figure: `name: Type`,
/// where `name` is the word in links and chapters and the file
/// `src/book/figures/name.rs` (and `src/ui/figures/name.rs`) defines
/// `Type`, the same word in CamelCase. Calls `$callback!` with the list.
macro_rules! for_each_figure {
    ($callback:ident) => {
        $callback! {
            // Chapters 1-3 (paper 000).
            main {
                com: Com,
                lp: Lp,
                cost: Cost,
                ccom: Ccom,
                gmcgm: Gmcgm,
                phases: Phases,
                breakeven: Breakeven,
            }
            // Chapters 6-7 (paper 001).
            mesh {
                scatter: Scatter,
                scatter5: Scatter5,
                delta: Delta,
                gather: Gather,
                tournament: Tournament,
                cross: Cross,
                links: Links,
                combining: Combining,
                crossover: Crossover,
            }
            // Chapter 9 (paper 003).
            redist {
                redist: Redist,
                redist_sweep: RedistSweep,
                redist_winner: RedistWinner,
            }
            // Chapters 4, 5, 10 and 14 (papers 002 and 004, today's
            // all-to-alls; the simulator).
            sim {
                netsim: Netsim,
                clusters: Clusters,
                pexbex: Pexbex,
                predict: Predict,
                randperm: Randperm,
                nice: Nice,
                cpt: Cpt,
                niceorder: Niceorder,
                niceregions: Niceregions,
                cm5cost: Cm5cost,
                exchanges: Exchanges,
                exorder: Exorder,
                irregular: Irregular,
                table45: Table45,
                apps: Apps,
                bruck: Bruck,
                alltoallmap: Alltoallmap,
            }
            // Chapters 11 and 13 (all five papers): the advisor, the region
            // maps and the recomputed tables need every model at once.
            synthesis {
                reproduce: Reproduce,
                advisor: Advisor,
                regions: Regions,
            }
            // Chapter 12: the lab runs every algorithm, the simulator and
            // the animator on the reader's matrix.
            lab {
                lab: Lab,
            }
        }
    };
}
// The views (`ui::figures`, wasm only) are generated from the same list.
#[allow(unused_imports)]
pub(crate) use for_each_figure;

macro_rules! declare_figures {
    ($( $pack:ident { $( $name:ident : $ty:ident ),* $(,)? } )*) => {
        $( $( pub mod $name; )* )*
        pub mod exercises;

        /// Every figure, in the list's order.
        pub static CATALOGUE: &[Entry] = &[
            $( $( entry::<$name::$ty>(stringify!($name), stringify!($pack)), )* )*
            // One figure computed in its chapter's module (`exercises.rs`).
            entry::<exercises::Exercises<exercises::tables::all>>(exercises::NAME, exercises::PACK),
        ];

        /// The names of the wasm modules, the book's own first.
        pub const PACKS: &[&str] = &[$( stringify!($pack) ),*];
        // The list's modules are the declared ones (`modules.rs`: their
        // chapters and builds), in the same order.
        const _: () = assert!(modules::are_the_modules(PACKS), "for_each_figure! and modules::MODULES name different modules");

        /// Items `from..to` of figure `name`'s sweep on `raw` settings, as
        /// a Web Worker computes them (see [`pooled`]): `None` for a figure
        /// that is not a sweep. Only the sweeps' code is reached from here.
        pub fn open_pool(name: &str, raw: &[(String, String)]) -> Option<Box<dyn crate::book::pooled::Items>> {
            match name {
                $( $( stringify!($name) => crate::book::pooled::open::<$name::$ty>(raw), )* )*
                _ => None,
            }
        }

        /// Native checks of every figure (see [`checks`]).
        #[cfg(not(target_arch = "wasm32"))]
        fn check_each(errors: &mut Vec<String>) {
            $( $( checks::one::<$name::$ty>(stringify!($name), stringify!($ty), errors); )* )*
            checks::one::<exercises::Exercises<exercises::tables::all>>(exercises::NAME, "Exercises", errors);
        }

        /// Reads `raw` settings of figure `name` as a link would, up to the
        /// computation's key (not running it): the notices.
        #[cfg(not(target_arch = "wasm32"))]
        pub fn read_settings(name: &str, raw: &[(String, String)]) -> Option<Vec<crate::book::params::Notice>> {
            match name {
                $( $( stringify!($name) => Some(checks::notices::<$name::$ty>(raw)), )* )*
                exercises::NAME => Some(checks::notices::<exercises::Exercises<exercises::tables::all>>(raw)),
                _ => None,
            }
        }

        /// Runs figure `name` on `raw` settings natively (for tests and the
        /// CLI's `figures --run`): the notices and the number of steps.
        #[cfg(not(target_arch = "wasm32"))]
        pub fn run(name: &str, raw: &[(String, String)]) -> Option<checks::Ran> {
            match name {
                $( $( stringify!($name) => Some(checks::run::<$name::$ty>(raw)), )* )*
                exercises::NAME => Some(checks::run::<exercises::Exercises<exercises::tables::all>>(raw)),
                _ => None,
            }
        }
    };
}
for_each_figure!(declare_figures);

/// Looks a figure up by name.
pub fn find(name: &str) -> Option<&'static Entry> {
    CATALOGUE.iter().find(|e| e.name == name)
}

/// Looks a figure up by name, also under a name it has been released
/// under before: the figure and the settings that the old name implied
/// (defaults, under the link's own values), e.g. `exercises_sim` →
/// `exercises` with `chapter=nice`.
pub fn resolve(name: &str) -> Option<(&'static Entry, Vec<(String, String)>)> {
    if let Some(e) = find(name) {
        return Some((e, Vec::new()));
    }
    let (new, chapter) = exercises::legacy(name)?;
    Some((
        find(new)?,
        vec![(exercises::CHAPTER.key.to_string(), chapter.to_string())],
    ))
}

/// The figures' names, for messages.
pub fn names() -> Vec<&'static str> {
    CATALOGUE.iter().map(|e| e.name).collect()
}

/// Every check of every figure; empty when all pass.
#[cfg(not(target_arch = "wasm32"))]
pub fn check_all() -> Vec<String> {
    let mut errors = Vec::new();
    check_each(&mut errors);
    errors
}

#[cfg(not(target_arch = "wasm32"))]
pub mod checks;
