//! `exercises_mesh`: the exercises of chapters 6-8 (paper 001), generated
//! from a seed, in the wasm module of those chapters' figures. How the
//! exercise figures work, and what they share, is in
//! [`super::exercises_main`].

use super::exercises_main::{ExerciseKey, ExerciseSet, SEED, chapter_spec, compute_in, key_of};
use crate::book::exercises::{Generator, combining, scatter, tournament};
use crate::book::figure::Figure;
use crate::book::params::{Notice, ParamSpec};
use crate::core::step::Stepper;

/// The chapters of this module.
pub const CHAPTERS: &[(&str, Generator)] = &[
    ("scatter", scatter::generate),
    ("tournament", tournament::generate),
    ("combining", combining::generate),
];

/// Their slugs, the options of `chapter`.
pub const CHAPTER: ParamSpec = chapter_spec(super::modules::module("mesh").chapters);

crate::settings! {
    /// The chapter and the seed of its instances.
    pub struct ExercisesMeshSettings {
        pub chapter: &'static str = CHAPTER,
        pub seed: u64 = SEED,
    }
}

/// The exercises of chapters 6-8 (paper 001).
pub struct ExercisesMesh;

impl Figure for ExercisesMesh {
    const TITLE: &'static str = "Exercises of chapters 6-8 (paper 001), generated from a seed";
    const UNIT: &'static str = "exercise";
    type Settings = ExercisesMeshSettings;
    type Key = ExerciseKey;
    type Output = ExerciseSet;

    fn key(s: &ExercisesMeshSettings) -> (ExerciseKey, Vec<Notice>) {
        key_of(s.chapter, s.seed)
    }

    fn compute(key: &ExerciseKey) -> Box<dyn Stepper<Output = ExerciseSet>> {
        compute_in(key, CHAPTERS)
    }

    fn steps(_: &ExerciseSet) -> usize {
        0
    }
}
