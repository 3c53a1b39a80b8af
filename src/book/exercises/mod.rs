//! Exercises: every chapter's questions, generated from a seed and answered
//! by the core (issue 16).
//!
//! Three kinds ([`Kind`]):
//! - **do it yourself**: the student performs the algorithm on a generated
//!   instance, one decision at a time (the next pair of a GM, CGM or RS_N
//!   iteration, the hole CGM fills, a binomial-heap child, a tournament
//!   round, a row of S′ or R′, a packet's next hop …). A [`Grader`] holds
//!   the model steps, taken from the core's own trace or schedule of that
//!   instance, and judges each step: a wrong one is answered with what the
//!   rule says there, what the student did and the model step;
//! - **numeric** and **choice** predictions ("how many phases will CGM
//!   need here?", "which exchange wins at 4 KB on the CM-5?"), answered by
//!   the core's algorithms and cost models, with an explanation that names
//!   the reason and a link to the figure that shows it.
//!
//! [`generate`] is deterministic: the same chapter and seed give the same
//! questions natively and in the browser (`?ex.seed=N` in a chapter link;
//! `commbook quiz --chapter SLUG --seed N` offline). Each exercise draws its
//! instance from its own stream ([`stream`]), so adding an exercise to a
//! chapter does not change the others. Nothing is typed in by hand: every
//! instance comes from the seed, every answer from the core.
//!
//! One module per chapter (its `generate`), so a page that shows one
//! chapter's exercises can call that module alone and its wasm need not
//! hold every chapter's algorithms; [`masking`] holds what GM, CGM and
//! RS_N share.

pub mod board;
pub mod code;
pub mod grader;
mod link;
mod masking;

pub mod appendix;
pub mod cgm;
pub mod choosing;
pub mod cm5;
pub mod combining;
pub mod compaction;
pub mod lab;
pub mod nice;
pub mod permutations;
pub mod redistribution;
pub mod scatter;
pub mod simulation;
pub mod today;
pub mod tournament;

pub use grader::{Grader, ModelStep, StepAnswer, Verdict};
pub use link::FigureLink;

use crate::core::rng::Rng;
use serde_json::Value;
use std::fmt;

/// What the student does with a question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Performs the algorithm step by step; graded against the core's trace.
    DoIt,
    /// Predicts a number.
    Numeric,
    /// Picks one of several answers.
    Choice,
}

impl Kind {
    /// The name in JSON and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Kind::DoIt => "do-it",
            Kind::Numeric => "numeric",
            Kind::Choice => "choice",
        }
    }
}

/// The answer to a question, as the core computed it.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// A number; an answer within `tolerance` (relative, 0 = exactly) is
    /// right.
    Number { value: f64, tolerance: f64 },
    /// The index of the right choice.
    Choice { index: usize },
    /// The model steps and their grader.
    Steps(Grader),
}

/// One question of a chapter.
#[derive(Clone, Debug, PartialEq)]
pub struct Exercise {
    /// Unique within its chapter, the same for every seed (`cgm-pairs`).
    pub id: &'static str,
    /// A short title.
    pub title: String,
    /// The question, with the instance spelled out.
    pub text: String,
    /// The instance as data (a JSON object: the matrix, the mesh, the
    /// start row …), for a view that draws it.
    pub instance: Value,
    /// The choices of a [`Kind::Choice`] question (empty otherwise).
    pub choices: Vec<String>,
    /// The answer.
    pub answer: Answer,
    /// Why the answer is what it is, citing the paper.
    pub explanation: String,
    /// The figure that shows why, set to this instance.
    pub figure: FigureLink,
}

impl Exercise {
    /// The kind, from the answer.
    pub fn kind(&self) -> Kind {
        match self.answer {
            Answer::Number { .. } => Kind::Numeric,
            Answer::Choice { .. } => Kind::Choice,
            Answer::Steps(_) => Kind::DoIt,
        }
    }

    /// The grader of a do-it-yourself question.
    pub fn grader(&self) -> Option<&Grader> {
        match &self.answer {
            Answer::Steps(g) => Some(g),
            _ => None,
        }
    }

    /// Whether `x` answers a numeric question.
    pub fn accepts_number(&self, x: f64) -> bool {
        match self.answer {
            Answer::Number { value, tolerance } => {
                x.is_finite() && (x - value).abs() <= tolerance * value.abs() + 1e-9
            }
            _ => false,
        }
    }

    /// Whether choice `index` answers a choice question.
    pub fn accepts_choice(&self, index: usize) -> bool {
        matches!(self.answer, Answer::Choice { index: i } if i == index)
    }

    /// The answer in words: the number, the choice, or the model steps.
    pub fn answer_text(&self) -> String {
        match &self.answer {
            Answer::Number { value, .. } => number(*value),
            Answer::Choice { index } => self.choices.get(*index).cloned().unwrap_or_default(),
            Answer::Steps(g) => g
                .steps()
                .iter()
                .map(|s| s.answer.to_string())
                .collect::<Vec<_>>()
                .join("; "),
        }
    }
}

/// A number as the exercises print it: whole numbers without decimals,
/// others with up to two.
pub fn number(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{x:.0}")
    } else {
        let s = format!("{x:.2}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// A chapter slug that has no exercises (there is no such chapter).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownChapter(pub String);

impl fmt::Display for UnknownChapter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown chapter '{}'; the chapters are {}",
            self.0,
            slugs().join(", ")
        )
    }
}

impl std::error::Error for UnknownChapter {}

/// A chapter's generator.
pub type Generator = fn(u64) -> Vec<Exercise>;

/// Every chapter with exercises, in reading order: (slug, generator).
pub const CHAPTERS: &[(&str, Generator)] = &[
    ("permutations", permutations::generate),
    ("compaction", compaction::generate),
    ("cgm", cgm::generate),
    ("nice", nice::generate),
    ("cm5", cm5::generate),
    ("scatter", scatter::generate),
    ("tournament", tournament::generate),
    ("combining", combining::generate),
    ("redistribution", redistribution::generate),
    ("simulation", simulation::generate),
    ("choosing", choosing::generate),
    ("lab", lab::generate_all),
    ("today", today::generate),
    ("appendix", appendix::generate),
];

/// The slugs of [`CHAPTERS`], in the same order, without the generators:
/// what names a chapter (in a completion code, a page's figure) must not
/// reference [`CHAPTERS`], whose function pointers would link every
/// chapter's generators, and with them most of the core, into each wasm
/// module that only needs a chapter's number.
pub const SLUGS: &[&str] = &[
    "permutations",
    "compaction",
    "cgm",
    "nice",
    "cm5",
    "scatter",
    "tournament",
    "combining",
    "redistribution",
    "simulation",
    "choosing",
    "lab",
    "today",
    "appendix",
];

/// The slugs of [`CHAPTERS`].
pub fn slugs() -> Vec<&'static str> {
    SLUGS.to_vec()
}

/// The exercises of chapter `slug` for `seed`.
pub fn generate(slug: &str, seed: u64) -> Result<Vec<Exercise>, UnknownChapter> {
    CHAPTERS
        .iter()
        .find(|(s, _)| *s == slug)
        .map(|(_, g)| g(seed))
        .ok_or_else(|| UnknownChapter(slug.to_string()))
}

/// The random stream of exercise `id` for `seed`: the seed mixed with the
/// id (FNV-1a), so every exercise has its own stream.
pub fn stream(seed: u64, id: &str) -> Rng {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in id.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    Rng::new(seed ^ h)
}

/// One of `items`, uniformly.
fn pick<T: Copy>(rng: &mut Rng, items: &[T]) -> T {
    items[rng.below(items.len())]
}

/// A seed for a figure's generator (the figures take 0 … 2³² − 1).
fn figure_seed(rng: &mut Rng) -> u64 {
    rng.next_u64() >> 32
}

/// `a, b and c`.
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The index of the smallest of `values` if it is smaller than every other
/// by more than `margin` (relative); `None` for a near tie.
fn clear_min(values: &[f64], margin: f64) -> Option<usize> {
    let best = (0..values.len()).min_by(|&a, &b| values[a].total_cmp(&values[b]))?;
    let clear = values
        .iter()
        .enumerate()
        .all(|(i, &v)| i == best || v > values[best] * (1.0 + margin));
    clear.then_some(best)
}

/// A 0/1 matrix as a board's table, `·` for no message.
fn com_table(rows: &[Vec<u64>]) -> board::Table {
    board::Table {
        title: "COM".into(),
        cells: rows
            .iter()
            .map(|r| {
                r.iter()
                    .map(|&b| if b > 0 { "1".into() } else { "·".into() })
                    .collect()
            })
            .collect(),
    }
}

/// A matrix as text rows, `.` for no message.
fn matrix_text(rows: &[Vec<u64>]) -> String {
    rows.iter()
        .enumerate()
        .map(|(i, r)| {
            let cells: Vec<String> = r
                .iter()
                .map(|&b| if b > 0 { "1".into() } else { ".".into() })
                .collect();
            format!("  {i:>2}: {}", cells.join(" "))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_slugs_are_the_chapters_in_order() {
        let named: Vec<&str> = CHAPTERS.iter().map(|(s, _)| *s).collect();
        assert_eq!(named, SLUGS);
    }

    #[test]
    fn every_chapter_generates_and_repeats() {
        for (slug, _) in CHAPTERS {
            let a = generate(slug, 3).unwrap();
            assert!(a.len() >= 3, "{slug}");
            assert_eq!(a, generate(slug, 3).unwrap(), "{slug}");
        }
        let e = generate("nowhere", 1).unwrap_err().to_string();
        assert!(
            e.starts_with("unknown chapter 'nowhere'; the chapters are permutations, compaction")
        );
    }

    #[test]
    fn numbers_print_plainly() {
        assert_eq!(number(12.0), "12");
        assert_eq!(number(0.5), "0.5");
        assert_eq!(number(1234.5678), "1234.57");
        assert_eq!(clear_min(&[3.0, 1.0, 2.0], 0.01), Some(1));
        assert_eq!(clear_min(&[1.0, 1.001], 0.01), None);
    }
}
