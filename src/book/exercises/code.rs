//! Completion codes: a chapter's answers for one seed, in a short code a
//! student hands in and an instructor regrades offline
//! (`commbook quiz --chapter SLUG --check CODE`, `--grade FILE`).
//!
//! The code holds the chapter, the seed, a fingerprint of the exercises
//! that seed generated (so a code made with another build of the book,
//! whose exercises differ, is refused rather than misgraded), the
//! student's answers and a checksum. It does not hold verdicts: the
//! regrading generates the same exercises from the seed and judges the
//! answers with the same graders as the page. What it proves is that these
//! answers were given for that seed, not who gave them.
//!
//! Format: symbols of Crockford's base 32 (`0-9`, `A-Z` without I, L, O
//! and U), printed in groups of five; reading ignores case, spaces and
//! dashes and takes I and L for 1, O for 0. Every field is a number written
//! four bits to a symbol, the fifth bit saying that more follow: the
//! version, the chapter's place in the book, the seed, the fingerprint
//! (16 bits), then per exercise a tag and its answer:
//! - 0: not answered;
//! - 1: a number, as the symbols of its digits (`0-9 . - e +`), counted;
//! - 2: a choice, its index;
//! - 3: steps, counted, each a flag (1: the model step was taken for the
//!   student) and the answer in its step's form: a processor as p + 1 (0
//!   for none), pairs or a row as a count and the numbers.
//!
//! and last the checksum, 20 bits of FNV-1a over everything before it.
//!
//! ```
//! use commbook::book::exercises::{self, code::{Given, encode, regrade}};
//! let list = exercises::generate("cgm", 7).unwrap();
//! let given: Vec<Given> = list.iter().map(|_| Given::None).collect();
//! let code = encode("cgm", 7, &list, &given);
//! let report = regrade("cgm", &code).unwrap();
//! assert_eq!((report.seed, report.right()), (7, 0));
//! ```

use super::{Exercise, Kind, SLUGS, StepAnswer, Verdict, generate};
use std::fmt;

/// The format's version.
const VERSION: u64 = 1;
/// The base-32 alphabet.
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// The symbols of a typed number.
const NUMBER: &[u8] = b"0123456789.-e+";
/// Longest typed number kept.
const MAX_NUMBER: usize = 24;

/// What a student gave for one exercise.
#[derive(Clone, Debug, PartialEq)]
pub enum Given {
    None,
    /// A number, as typed.
    Number(String),
    /// The index of a choice.
    Choice(usize),
    /// The steps done, each with whether the model step was taken.
    Steps(Vec<(StepAnswer, bool)>),
}

impl Given {
    /// The core's own answer, as a student who got it right would give
    /// it (the number as the exercises print it, every model step their
    /// own): for tests and for an instructor's answer key.
    pub fn model(ex: &Exercise) -> Given {
        match &ex.answer {
            super::Answer::Number { value, .. } => Given::Number(super::number(*value)),
            super::Answer::Choice { index } => Given::Choice(*index),
            super::Answer::Steps(g) => Given::Steps(
                g.steps()
                    .iter()
                    .map(|s| (s.answer.clone(), false))
                    .collect(),
            ),
        }
    }
}

/// Why a code cannot be regraded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodeError(pub String);

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

fn err<T>(why: impl Into<String>) -> Result<T, CodeError> {
    Err(CodeError(why.into()))
}

/// One exercise regraded.
#[derive(Clone, Debug, PartialEq)]
pub struct Graded {
    pub id: &'static str,
    pub title: String,
    pub kind: Kind,
    pub answered: bool,
    /// Right: the number or choice accepted, or every step right without
    /// a model step taken.
    pub correct: bool,
    /// What was given, in words.
    pub given: String,
}

/// A code regraded.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    pub chapter: &'static str,
    pub seed: u64,
    pub exercises: Vec<Graded>,
}

impl Report {
    /// Exercises right.
    pub fn right(&self) -> usize {
        self.exercises.iter().filter(|g| g.correct).count()
    }
}

/// 16 bits that change when the exercises a seed generates change: their
/// ids, questions, choices and answers.
pub fn fingerprint(list: &[Exercise]) -> u64 {
    let mut h = Fnv::new();
    for e in list {
        h.text(e.id);
        h.text(&e.text);
        for c in &e.choices {
            h.text(c);
        }
        h.text(&e.answer_text());
    }
    h.0 & 0xffff
}

/// FNV-1a, 64 bits.
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    fn byte(&mut self, b: u8) {
        self.0 = (self.0 ^ b as u64).wrapping_mul(0x100_0000_01b3);
    }
    fn text(&mut self, s: &str) {
        s.bytes().for_each(|b| self.byte(b));
        self.byte(0);
    }
}

/// Symbols (values 0-31) being written.
#[derive(Default)]
struct Writer(Vec<u8>);

impl Writer {
    fn num(&mut self, mut x: u64) {
        loop {
            let low = (x & 15) as u8;
            x >>= 4;
            if x == 0 {
                self.0.push(low);
                return;
            }
            self.0.push(low | 16);
        }
    }
}

/// Symbols being read.
struct Reader<'a> {
    symbols: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn num(&mut self) -> Result<u64, CodeError> {
        let mut x = 0u64;
        for shift in (0..64).step_by(4) {
            let Some(&s) = self.symbols.get(self.at) else {
                return err("the code ends too early; it may have been cut short when copied");
            };
            self.at += 1;
            x |= ((s & 15) as u64) << shift;
            if s & 16 == 0 {
                return Ok(x);
            }
        }
        err("the code holds a number too large to be an answer")
    }

    fn small(&mut self, limit: u64, what: &str) -> Result<usize, CodeError> {
        let x = self.num()?;
        if x > limit {
            return err(format!("the code's {what} ({x}) is out of range"));
        }
        Ok(x as usize)
    }
}

/// The code for `given` (one entry per exercise of `list`, chapter `slug`,
/// seed `seed`), in groups of five symbols.
pub fn encode(slug: &str, seed: u64, list: &[Exercise], given: &[Given]) -> String {
    // SLUGS, not CHAPTERS: a page encodes without linking the generators.
    let chapter = SLUGS.iter().position(|s| *s == slug).unwrap_or(0);
    let mut w = Writer::default();
    w.num(VERSION);
    w.num(chapter as u64);
    w.num(seed);
    w.num(fingerprint(list));
    for (i, _) in list.iter().enumerate() {
        match given.get(i).unwrap_or(&Given::None) {
            Given::None => w.num(0),
            Given::Number(text) => {
                w.num(1);
                let symbols: Vec<u64> = text
                    .trim()
                    .bytes()
                    .filter_map(|b| NUMBER.iter().position(|&n| n == b.to_ascii_lowercase()))
                    .take(MAX_NUMBER)
                    .map(|p| p as u64)
                    .collect();
                w.num(symbols.len() as u64);
                symbols.into_iter().for_each(|s| w.num(s));
            }
            Given::Choice(c) => {
                w.num(2);
                w.num(*c as u64);
            }
            Given::Steps(steps) => {
                w.num(3);
                w.num(steps.len() as u64);
                for (answer, helped) in steps {
                    w.num(*helped as u64);
                    match answer {
                        StepAnswer::Node(p) => w.num(p.map_or(0, |p| p as u64 + 1)),
                        StepAnswer::Pairs(ps) => {
                            w.num(ps.len() as u64);
                            for &(a, b) in ps {
                                w.num(a as u64);
                                w.num(b as u64);
                            }
                        }
                        StepAnswer::Row(r) => {
                            w.num(r.len() as u64);
                            r.iter().for_each(|&x| w.num(x as u64));
                        }
                    }
                }
            }
        }
    }
    let mut h = Fnv::new();
    w.0.iter().for_each(|&s| h.byte(s));
    let sum = h.0 & 0xf_ffff;
    for k in 0..4 {
        w.0.push(((sum >> (5 * k)) & 31) as u8);
    }
    let text: Vec<char> = w.0.iter().map(|&s| ALPHABET[s as usize] as char).collect();
    text.chunks(5)
        .map(|c| c.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("-")
}

/// The symbols of a typed code.
fn symbols(code: &str) -> Result<Vec<u8>, CodeError> {
    let mut out = Vec::new();
    for c in code.chars().filter(|c| !matches!(c, '-' | ' ' | '\t')) {
        let c = match c.to_ascii_uppercase() {
            'I' | 'L' => '1',
            'O' => '0',
            c => c,
        };
        match ALPHABET.iter().position(|&a| a as char == c) {
            Some(p) => out.push(p as u8),
            None => return err(format!("'{c}' cannot appear in a completion code")),
        }
    }
    if out.len() < 8 {
        return err("that is too short to be a completion code");
    }
    Ok(out)
}

/// Reads `code` for chapter `slug` and judges its answers with the
/// chapter's graders.
pub fn regrade(slug: &str, code: &str) -> Result<Report, CodeError> {
    read(Some(slug), code)
}

/// Reads `code` for whichever chapter it names (a class file that mixes
/// chapters) and judges its answers with that chapter's graders.
pub fn regrade_any(code: &str) -> Result<Report, CodeError> {
    read(None, code)
}

/// Reads `code`, which must be for chapter `expected` if one is given.
fn read(expected: Option<&str>, code: &str) -> Result<Report, CodeError> {
    let all = symbols(code)?;
    let (body, tail) = all.split_at(all.len() - 4);
    let mut h = Fnv::new();
    body.iter().for_each(|&s| h.byte(s));
    let sum: u64 = (0..4).map(|k| (tail[k] as u64) << (5 * k)).sum();
    if h.0 & 0xf_ffff != sum {
        return err("the code's checksum does not match: a symbol was mistyped or lost");
    }
    let mut r = Reader {
        symbols: body,
        at: 0,
    };
    let version = r.num()?;
    if version != VERSION {
        return err(format!(
            "the code is of version {version}; this build of the book reads version {VERSION}"
        ));
    }
    let chapter = r.small(SLUGS.len() as u64, "chapter")?;
    let Some(&code_slug) = SLUGS.get(chapter) else {
        return err("the code names no chapter of the book");
    };
    let slug = expected.unwrap_or(code_slug);
    let Some(&slug) = SLUGS.iter().find(|s| **s == slug) else {
        return err(format!("there is no chapter '{slug}' with exercises"));
    };
    if code_slug != slug {
        return err(format!(
            "the code is for chapter '{code_slug}', not '{slug}'"
        ));
    }
    let seed = r.num()?;
    if seed > u32::MAX as u64 {
        return err("the code's seed is above 4294967295");
    }
    let list = generate(slug, seed).map_err(|e| CodeError(e.to_string()))?;
    if r.num()? != fingerprint(&list) {
        return err(format!(
            "the code was made with another build of the book: its exercises for seed {seed} differ from this build's"
        ));
    }
    let mut exercises = Vec::with_capacity(list.len());
    for ex in &list {
        let given = read_given(&mut r, ex)?;
        exercises.push(judge(ex, &given));
    }
    if r.at != body.len() {
        return err("the code has more in it than the chapter's answers");
    }
    Ok(Report {
        chapter: slug,
        seed,
        exercises,
    })
}

/// One exercise's answer, read in the form its question asks for.
fn read_given(r: &mut Reader, ex: &Exercise) -> Result<Given, CodeError> {
    let mismatch = || {
        err(format!(
            "the code's answer to '{}' is of the wrong kind",
            ex.id
        ))
    };
    Ok(match (r.small(3, "answer tag")?, ex.kind()) {
        (0, _) => Given::None,
        (1, Kind::Numeric) => {
            let len = r.small(MAX_NUMBER as u64, "number's length")?;
            let mut text = String::with_capacity(len);
            for _ in 0..len {
                let s = r.small(NUMBER.len() as u64 - 1, "digit")?;
                text.push(NUMBER[s] as char);
            }
            Given::Number(text)
        }
        (2, Kind::Choice) => Given::Choice(r.small(ex.choices.len() as u64, "choice")?),
        (3, Kind::DoIt) => {
            let Some(g) = ex.grader() else {
                return mismatch();
            };
            let count = r.small(g.len() as u64, "number of steps")?;
            let mut steps = Vec::with_capacity(count);
            for step in g.steps().iter().take(count) {
                let helped = r.small(1, "model-step flag")? == 1;
                let limit = 1 << 20;
                let answer = match step.answer {
                    StepAnswer::Node(_) => {
                        let p = r.small(limit, "processor")?;
                        StepAnswer::Node(p.checked_sub(1))
                    }
                    StepAnswer::Pairs(_) => {
                        let n = r.small(limit, "number of pairs")?;
                        let mut ps = Vec::with_capacity(n.min(1024));
                        for _ in 0..n {
                            ps.push((r.small(limit, "processor")?, r.small(limit, "processor")?));
                        }
                        StepAnswer::Pairs(ps)
                    }
                    StepAnswer::Row(_) => {
                        let n = r.small(limit, "row length")?;
                        let mut row = Vec::with_capacity(n.min(1024));
                        for _ in 0..n {
                            row.push(r.small(limit, "number")?);
                        }
                        StepAnswer::Row(row)
                    }
                };
                steps.push((answer, helped));
            }
            Given::Steps(steps)
        }
        _ => return mismatch(),
    })
}

/// Judges one answer as the page does.
pub fn judge(ex: &Exercise, given: &Given) -> Graded {
    let (answered, correct, words) = match given {
        Given::None => (false, false, "not answered".to_string()),
        Given::Number(t) => {
            let ok = crate::book::params::parse_finite(t).is_some_and(|x| ex.accepts_number(x));
            (true, ok, t.clone())
        }
        Given::Choice(c) => (
            true,
            ex.accepts_choice(*c),
            ex.choices.get(*c).map_or_else(
                || format!("choice {c}"),
                |s| format!("({}) {s}", letter(*c)),
            ),
        ),
        Given::Steps(steps) => {
            let g = ex.grader();
            let all = g.map_or(0, |g| g.len());
            let right = g.is_some_and(|g| {
                steps.len() == all
                    && steps.iter().enumerate().all(|(i, (a, helped))| {
                        !helped && matches!(g.check(i, a), Verdict::Correct)
                    })
            });
            let helped = steps.iter().filter(|s| s.1).count();
            let words = format!(
                "{} of {all} steps{}",
                steps.len(),
                if helped > 0 {
                    format!(", {helped} taken from the model")
                } else {
                    String::new()
                }
            );
            (!steps.is_empty(), right, words)
        }
    };
    Graded {
        id: ex.id,
        title: ex.title.clone(),
        kind: ex.kind(),
        answered,
        correct,
        given: words,
    }
}

/// (a), (b), … for choice `i`.
fn letter(i: usize) -> char {
    (b'a' + (i % 26) as u8) as char
}

#[cfg(test)]
#[path = "code_tests.rs"]
mod tests;
