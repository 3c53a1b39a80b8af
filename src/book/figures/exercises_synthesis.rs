//! `exercises_synthesis`: the exercises of chapter 11 and the appendix,
//! generated from a seed, in the wasm module of those chapters' figures.
//! How the exercise figures work, and what they share, is in
//! [`super::exercises_main`].

use super::exercises_main::{ExerciseKey, ExerciseSet, SEED, chapter_spec, compute_in, key_of};
use crate::book::exercises::{Generator, appendix, choosing};
use crate::book::figure::Figure;
use crate::book::params::{Notice, ParamSpec};
use crate::core::step::Stepper;

/// The chapters of this module.
pub const CHAPTERS: &[(&str, Generator)] = &[
    ("choosing", choosing::generate),
    ("appendix", appendix::generate),
];

/// Their slugs, the options of `chapter`.
pub const CHAPTER: ParamSpec = chapter_spec(super::modules::module("synthesis").chapters);

crate::settings! {
    /// The chapter and the seed of its instances.
    pub struct ExercisesSynthesisSettings {
        pub chapter: &'static str = CHAPTER,
        pub seed: u64 = SEED,
    }
}

/// The exercises of chapter 11 and the appendix.
pub struct ExercisesSynthesis;

impl Figure for ExercisesSynthesis {
    const TITLE: &'static str = "Exercises of chapter 11 and the appendix, generated from a seed";
    const UNIT: &'static str = "exercise";
    type Settings = ExercisesSynthesisSettings;
    type Key = ExerciseKey;
    type Output = ExerciseSet;

    fn key(s: &ExercisesSynthesisSettings) -> (ExerciseKey, Vec<Notice>) {
        key_of(s.chapter, s.seed)
    }

    fn compute(key: &ExerciseKey) -> Box<dyn Stepper<Output = ExerciseSet>> {
        compute_in(key, CHAPTERS)
    }

    fn steps(_: &ExerciseSet) -> usize {
        0
    }
}
