//! `exercises_lab`: the exercises of chapter 12, the lab, generated from
//! a seed, in the lab's wasm module (they run the lab's own schedulers).
//! How the exercise figures work, and what they share, is in
//! [`super::exercises_main`].

use super::exercises_main::{ExerciseKey, ExerciseSet, SEED, chapter_spec, compute_in, key_of};
use crate::book::exercises::{Generator, lab};
use crate::book::figure::Figure;
use crate::book::params::{Notice, ParamSpec};
use crate::core::step::Stepper;

/// The chapters of this module.
pub const CHAPTERS: &[(&str, Generator)] = &[("lab", lab::generate_all)];

/// Their slugs, the options of `chapter`.
pub const CHAPTER: ParamSpec = chapter_spec(super::modules::module("lab").chapters);

crate::settings! {
    /// The chapter and the seed of its instances.
    pub struct ExercisesLabSettings {
        pub chapter: &'static str = CHAPTER,
        pub seed: u64 = SEED,
    }
}

/// The exercises of chapter 12.
pub struct ExercisesLab;

impl Figure for ExercisesLab {
    const TITLE: &'static str = "Exercises of chapter 12 (the lab), generated from a seed";
    const UNIT: &'static str = "exercise";
    type Settings = ExercisesLabSettings;
    type Key = ExerciseKey;
    type Output = ExerciseSet;

    fn key(s: &ExercisesLabSettings) -> (ExerciseKey, Vec<Notice>) {
        key_of(s.chapter, s.seed)
    }

    fn compute(key: &ExerciseKey) -> Box<dyn Stepper<Output = ExerciseSet>> {
        compute_in(key, CHAPTERS)
    }

    fn steps(_: &ExerciseSet) -> usize {
        0
    }
}
