//! `exercises_sim`: the exercises of chapters 4, 5 and 10 (papers 002 and
//! 004), generated from a seed, in the wasm module of those chapters'
//! figures. How the exercise figures work, and what they share, is in
//! [`super::exercises_main`].

use super::exercises_main::{ExerciseKey, ExerciseSet, SEED, chapter_spec, compute_in, key_of};
use crate::book::exercises::{Generator, cm5, nice, simulation};
use crate::book::figure::Figure;
use crate::book::params::{Notice, ParamSpec};
use crate::core::step::Stepper;

/// The chapters of this module.
pub const CHAPTERS: &[(&str, Generator)] = &[
    ("nice", nice::generate),
    ("cm5", cm5::generate),
    ("simulation", simulation::generate),
];

/// Their slugs, the options of `chapter`.
pub const CHAPTER: ParamSpec = chapter_spec(super::modules::module("sim").chapters);

crate::settings! {
    /// The chapter and the seed of its instances.
    pub struct ExercisesSimSettings {
        pub chapter: &'static str = CHAPTER,
        pub seed: u64 = SEED,
    }
}

/// The exercises of chapters 4, 5 and 10 (papers 002 and 004).
pub struct ExercisesSim;

impl Figure for ExercisesSim {
    const TITLE: &'static str =
        "Exercises of chapters 4, 5 and 10 (papers 002 and 004), generated from a seed";
    const UNIT: &'static str = "exercise";
    type Settings = ExercisesSimSettings;
    type Key = ExerciseKey;
    type Output = ExerciseSet;

    fn key(s: &ExercisesSimSettings) -> (ExerciseKey, Vec<Notice>) {
        key_of(s.chapter, s.seed)
    }

    fn compute(key: &ExerciseKey) -> Box<dyn Stepper<Output = ExerciseSet>> {
        compute_in(key, CHAPTERS)
    }

    fn steps(_: &ExerciseSet) -> usize {
        0
    }
}
