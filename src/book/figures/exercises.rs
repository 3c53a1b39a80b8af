//! `exercises`: a chapter's exercises, generated from a seed by
//! [`crate::book::exercises`] (issue 16). The exercises are a figure so
//! that a chapter link sets their instance (`?ex.seed=7`: every student of
//! a class the same one) and the page's notices explain a bad seed. Its
//! settings are the `chapter` (any chapter with exercises) and the `seed`.
//!
//! One figure, computed in the wasm module of its chapter: each module
//! hosts [`Exercises`] over its own chapters' [`Generators`] (the tables
//! in [`tables`], one per module of `modules.rs`), so the book's own wasm
//! links only chapters 1-3's generators, and the host picks the module
//! from the chapter ([`module_of`]). Natively, [`tables::all`] holds every
//! chapter. The links of the six per-module figures this replaced
//! (`exercises_main` … `exercises_lab`) still open the same exercises
//! ([`legacy`]).
//!
//! The figure has no player (zero steps): its view shows every exercise
//! of the chapter at once, each with its own inputs (`ui::exercises`).

use crate::book::exercises::{Exercise, Generator, SLUGS};
use crate::book::figure::Figure;
use crate::book::params::{Notice, ParamKind, ParamSpec, Values, read_over};

use crate::book::settings::Settings;
use crate::core::step::{AfterPaint, Immediate, Stepper};
use std::marker::PhantomData;

/// The figure's name in chapters and links.
pub const NAME: &str = "exercises";

/// What the catalogue says of its module: each chapter's exercises are
/// computed in that chapter's module ([`module_of`]).
pub const PACK: &str = "by chapter";

/// The seed of the instances: the same seed, the same exercises.
pub const SEED: ParamSpec = ParamSpec {
    key: "seed",
    label: "instance (seed)",
    kind: ParamKind::Int {
        min: 0,
        max: 4_294_967_295,
        default: 1,
    },
};

/// The chapter whose exercises are shown, by slug (every chapter with
/// exercises; the first is the default).
pub const CHAPTER: ParamSpec = ParamSpec {
    key: "chapter",
    label: "chapter",
    kind: ParamKind::Choice {
        options: SLUGS,
        default: SLUGS[0],
    },
};

crate::settings! {
    /// The chapter and the seed of its instances.
    pub struct ExercisesSettings {
        pub chapter: &'static str = CHAPTER,
        pub seed: u64 = SEED,
    }
}

/// What the exercises are computed from: the chapter's slug and the seed.
pub type ExerciseKey = (&'static str, u64);

/// A chapter's exercises for one seed.
#[derive(Debug, PartialEq)]
pub struct ExerciseSet {
    pub chapter: &'static str,
    pub seed: u64,
    pub exercises: Vec<Exercise>,
}

/// The generators one wasm module holds.
pub trait Generators: 'static {
    /// (slug, generator) of the module's chapters.
    const CHAPTERS: &'static [(&'static str, Generator)];
}

/// The generators of each module (named as in `modules.rs`), and of all.
/// A module's table is picked from the book's list by its declared
/// chapters when the crate compiles, so neither the chapters nor their
/// generators are written again here, and a module's wasm links only the
/// generators its table holds.
#[allow(non_camel_case_types)]
pub mod tables {
    use super::{Generators, pick};
    use crate::book::exercises::Generator;
    use crate::book::figures::modules::module;

    macro_rules! tables {
        ($( $(#[$doc:meta])* $module:ident )*) => {
            $(
                $(#[$doc])*
                pub struct $module;
                impl Generators for $module {
                    const CHAPTERS: &'static [(&'static str, Generator)] = &pick::<
                        { module(stringify!($module)).chapters.len() },
                    >(module(stringify!($module)).chapters);
                }
            )*
        };
    }

    tables! {
        /// Chapters 1-3 (paper 000), in the book's own wasm.
        main
        /// Chapters 6-8 (paper 001).
        mesh
        /// Chapter 9 (paper 003).
        redist
        /// Chapters 4, 5 and 10 (papers 002 and 004).
        sim
        /// Chapter 11 and the appendix.
        synthesis
        /// Chapter 12.
        lab
    }

    /// Every chapter (native builds: the checks, the CLI, the tests).
    pub struct all;
    impl Generators for all {
        const CHAPTERS: &'static [(&'static str, Generator)] = crate::book::exercises::CHAPTERS;
    }
}

/// The book's (slug, generator) pairs for `slugs`, in their order, at
/// compile time (a slug without exercises fails the build).
const fn pick<const N: usize>(slugs: &[&'static str]) -> [(&'static str, Generator); N] {
    fn none(_: u64) -> Vec<Exercise> {
        Vec::new()
    }
    let all = crate::book::exercises::CHAPTERS;
    let mut out: [(&'static str, Generator); N] = [("", none as Generator); N];
    let mut i = 0;
    while i < N {
        let mut j = 0;
        while !super::modules::same(all[j].0, slugs[i]) {
            j += 1;
            assert!(j < all.len(), "a module names a chapter without exercises");
        }
        out[i] = all[j];
        i += 1;
    }
    out
}

/// The exercises of the chapter in the settings, computed with the
/// generators `G` of the module that hosts the figure. (The default names
/// the type where no module is meant: the chapters' compile-time check
/// that each figure they place exists.)
pub struct Exercises<G = tables::all>(PhantomData<G>);

impl<G: Generators> Figure for Exercises<G> {
    const TITLE: &'static str = "Exercises of a chapter, generated from a seed";
    const UNIT: &'static str = "exercise";
    type Settings = ExercisesSettings;
    type Key = ExerciseKey;
    type Output = ExerciseSet;

    fn key(s: &ExercisesSettings) -> (ExerciseKey, Vec<Notice>) {
        ((s.chapter, s.seed), Vec::new())
    }

    fn compute(key: &ExerciseKey) -> Box<dyn Stepper<Output = ExerciseSet>> {
        compute_in(key, G::CHAPTERS)
    }

    fn steps(_: &ExerciseSet) -> usize {
        0
    }
}

/// The exercises of `key`'s chapter, generated by `chapters` (a module's
/// own generators). A slug the list lacks (never: the host picks the
/// chapter's module) gives no exercises.
pub fn compute_in(
    key: &ExerciseKey,
    chapters: &'static [(&'static str, Generator)],
) -> Box<dyn Stepper<Output = ExerciseSet>> {
    let (chapter, seed) = *key;
    // The exercises close the chapter: the text is painted first (the
    // appendix's recompute several tables, about 100 ms in the browser).
    Box::new(AfterPaint(Immediate::new(move || ExerciseSet {
        chapter,
        seed,
        exercises: chapters
            .iter()
            .find(|(s, _)| *s == chapter)
            .map(|(_, g)| g(seed))
            .unwrap_or_default(),
    })))
}

/// The wasm module that computes the exercises of `values` (checked
/// settings of the figure): the one declaring their chapter.
pub fn module_of(values: &Values) -> &'static str {
    module_named(values.choice(CHAPTER.key))
}

/// The module that declares chapter `slug` (the book's own for a slug no
/// module declares, which a checked setting never is).
fn module_named(slug: &str) -> &'static str {
    super::modules::module_of_chapter(slug).map_or("main", |m| m.name)
}

/// The chapter of raw settings: `defaults` (a chapter's block, or what
/// an old name implied) under the link's `raw` values, read as the figure
/// reads them.
pub fn chapter_of_raw(defaults: &[(String, String)], raw: &[(String, String)]) -> &'static str {
    let (base, _) = crate::book::params::read(<ExercisesSettings as Settings>::PARAMS, defaults, "");
    let (values, _) = read_over(<ExercisesSettings as Settings>::PARAMS, base, raw, "");
    values.choice(CHAPTER.key)
}


/// A name of the six per-module exercise figures this one replaced, as
/// the figure's name and the chapter the old figure opened on when its
/// link named none (its module's first): `exercises_sim` → (`exercises`,
/// `nice`). A chapter the old figure did not offer, which it replaced
/// with that default and a notice, now opens that chapter's exercises.
pub fn legacy(name: &str) -> Option<(&'static str, &'static str)> {
    let module = name.strip_prefix("exercises_")?;
    let m = super::modules::MODULES.iter().find(|m| m.name == module)?;
    Some((NAME, m.chapters[0]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::exercises;
    use crate::book::figures::modules::MODULES;

    /// Each module's table, by the module's name.
    fn table(module: &str) -> &'static [(&'static str, Generator)] {
        match module {
            "main" => <tables::main as Generators>::CHAPTERS,
            "mesh" => <tables::mesh as Generators>::CHAPTERS,
            "redist" => <tables::redist as Generators>::CHAPTERS,
            "sim" => <tables::sim as Generators>::CHAPTERS,
            "synthesis" => <tables::synthesis as Generators>::CHAPTERS,
            "lab" => <tables::lab as Generators>::CHAPTERS,
            other => panic!("no table for module {other}"),
        }
    }

    #[test]
    fn each_module_generates_its_declared_chapters_as_the_book_does() {
        let mut seen = Vec::new();
        for m in MODULES {
            let chapters = table(m.name);
            let slugs: Vec<&str> = chapters.iter().map(|c| c.0).collect();
            assert_eq!(slugs, m.chapters, "module {}", m.name);
            for slug in slugs {
                let out = crate::core::step::run(compute_in(&(slug, 7), chapters));
                assert_eq!(out.exercises, exercises::generate(slug, 7).unwrap(), "{slug}");
                assert_eq!((out.chapter, out.seed), (slug, 7));
                assert_eq!(crate::book::figures::modules::module_of_chapter(slug).map(|m| m.name), Some(m.name));
                seen.push(slug);
            }
        }
        let set = |v: Vec<&'static str>| v.into_iter().collect::<std::collections::BTreeSet<_>>();
        assert_eq!(seen.len(), SLUGS.len(), "each chapter once");
        assert_eq!(set(seen), set(SLUGS.to_vec()));
    }

    /// The module for raw settings, read as the host reads them.
    fn module_of_raw(defaults: &[(String, String)], raw: &[(String, String)]) -> &'static str {
        module_named(chapter_of_raw(defaults, raw))
    }

    #[test]
    fn the_host_picks_the_chapters_module_and_a_bad_chapter_reads_as_the_default() {
        let p = |pairs: &[(&str, &str)]| crate::book::params::pairs(pairs);
        assert_eq!(module_of_raw(&p(&[("chapter", "cgm")]), &[]), "main");
        assert_eq!(module_of_raw(&p(&[("chapter", "cgm")]), &p(&[("chapter", "nice")])), "sim");
        assert_eq!(module_of_raw(&[], &p(&[("chapter", "appendix")])), "synthesis");
        assert_eq!(module_of_raw(&[], &p(&[("chapter", "zzz")])), "main");
    }

    #[test]
    fn old_figure_names_open_their_modules_first_chapter() {
        assert_eq!(legacy("exercises_main"), Some((NAME, "permutations")));
        assert_eq!(legacy("exercises_sim"), Some((NAME, "nice")));
        assert_eq!(legacy("exercises_lab"), Some((NAME, "lab")));
        assert_eq!(legacy("exercises_nope"), None);
        assert_eq!(legacy("lp"), None);
        for m in MODULES {
            assert!(legacy(&format!("exercises_{}", m.name)).is_some());
        }
    }
}
