//! `exercises_redist`: the exercises of chapter 9 (paper 003), generated
//! from a seed, in the wasm module of that chapter's figures. How the
//! exercise figures work, and what they share, is in
//! [`super::exercises_main`].

use super::exercises_main::{ExerciseKey, ExerciseSet, SEED, chapter_spec, compute_in, key_of};
use crate::book::exercises::{Generator, redistribution};
use crate::book::figure::Figure;
use crate::book::params::{Notice, ParamSpec};
use crate::core::step::Stepper;

/// The chapters of this module.
pub const CHAPTERS: &[(&str, Generator)] = &[("redistribution", redistribution::generate)];

/// Their slugs, the options of `chapter`.
pub const CHAPTER: ParamSpec = chapter_spec(super::modules::module("redist").chapters);

crate::settings! {
    /// The chapter and the seed of its instances.
    pub struct ExercisesRedistSettings {
        pub chapter: &'static str = CHAPTER,
        pub seed: u64 = SEED,
    }
}

/// The exercises of chapter 9 (paper 003).
pub struct ExercisesRedist;

impl Figure for ExercisesRedist {
    const TITLE: &'static str = "Exercises of chapter 9 (paper 003), generated from a seed";
    const UNIT: &'static str = "exercise";
    type Settings = ExercisesRedistSettings;
    type Key = ExerciseKey;
    type Output = ExerciseSet;

    fn key(s: &ExercisesRedistSettings) -> (ExerciseKey, Vec<Notice>) {
        key_of(s.chapter, s.seed)
    }

    fn compute(key: &ExerciseKey) -> Box<dyn Stepper<Output = ExerciseSet>> {
        compute_in(key, CHAPTERS)
    }

    fn steps(_: &ExerciseSet) -> usize {
        0
    }
}
