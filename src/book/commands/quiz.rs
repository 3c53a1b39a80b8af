//! `quiz`: the exercises of one chapter for a seed, with their answers and
//! explanations (`book::exercises`), for an instructor preparing a class
//! or an exam. The same seed gives the same instances as `?ex.seed=N` in
//! the chapter's link.

use crate::api::{ApiError, Args};
use crate::book::exercises::{self, Answer, Exercise};
use serde::Serialize;
use serde_json::{Value, json};

/// The largest seed (the book's seeds are 32-bit, as in its links).
pub const MAX_SEED: u64 = 4_294_967_295;
/// `quiz`'s seed: exercises are drawn from 32-bit seeds (a link's `seed`).
const SEED_OPTION: crate::api::params::ParamSpec =
    crate::api::options::whole("seed", "seed", 0, MAX_SEED, 1);

/// `{ "chapter", "title", "seed", "questions": [question] }`.
#[derive(Debug, Serialize)]
pub struct QuizResponse {
    /// The chapter's slug.
    pub chapter: &'static str,
    /// "3. GM and CGM, iteration by iteration".
    pub title: String,
    /// The seed the instances were drawn from.
    pub seed: u64,
    /// The chapter's exercises.
    pub questions: Vec<Question>,
}

/// `{ "id", "kind", "title", "text", "instance", "choices"?, "answer",
/// "tolerance"?, "explanation", "figure", "steps"? }`.
#[derive(Debug, Serialize)]
pub struct Question {
    /// Unique within the chapter, the same for every seed.
    pub id: &'static str,
    /// `do-it`, `numeric` or `choice`.
    pub kind: &'static str,
    /// A short title.
    pub title: String,
    /// The question with its instance.
    pub text: String,
    /// The instance as data.
    pub instance: Value,
    /// A choice question's choices.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub choices: Option<Vec<String>>,
    /// A number, the right choice's text, or (do it yourself) the model
    /// answer of every step.
    pub answer: Value,
    /// A numeric answer's relative tolerance, when it is not exact.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tolerance: Option<f64>,
    /// Why, citing the paper.
    pub explanation: String,
    /// The chapter link of the figure that shows why.
    pub figure: String,
    /// Do it yourself: the model steps.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub steps: Option<Vec<StepJson>>,
}

/// `{ "prompt", "answer", "rule", "why" }`: one model step.
#[derive(Debug, Serialize)]
pub struct StepJson {
    /// What is decided at the step.
    pub prompt: String,
    /// The model answer: a number, null (none), `[[a, b], …]` or `[x, …]`.
    pub answer: Value,
    /// What the rule says at the step.
    pub rule: String,
    /// The model step in words.
    pub why: String,
}

/// The `chapter` option, which `quiz` and its `--check` require (and
/// `--grade` reads when given).
pub(super) fn chapter_named(args: &Args) -> Result<String, ApiError> {
    args.string("chapter")?.ok_or_else(|| {
        ApiError(format!(
            "chapter is required: one of {}",
            exercises::SLUGS.join(", ")
        ))
    })
}

/// The chapter with exercises called `name`.
pub(super) fn chapter_slug(name: &str) -> Result<&'static str, ApiError> {
    exercises::SLUGS
        .iter()
        .copied()
        .find(|s| *s == name.trim())
        .ok_or_else(|| ApiError(exercises::UnknownChapter(name.trim().to_string()).to_string()))
}

/// Runs `quiz`.
pub fn quiz(args: &Args) -> Result<QuizResponse, ApiError> {
    let chapter = chapter_named(args)?;
    let seed = args.whole_or_default(&SEED_OPTION)?;
    let slug = chapter_slug(&chapter)?;
    let list = exercises::generate(slug, seed).map_err(|e| ApiError(e.to_string()))?;
    let title = crate::book::chapter(slug).map_or_else(|| slug.to_string(), |c| c.numbered_title());
    Ok(QuizResponse {
        chapter: slug,
        title,
        seed,
        questions: list.iter().map(question).collect(),
    })
}

/// A whole number as a JSON integer, anything else as a float.
fn number(x: f64) -> Value {
    if x.fract() == 0.0 && x.abs() < 9.0e15 {
        json!(x as i64)
    } else {
        json!(x)
    }
}

fn question(e: &Exercise) -> Question {
    let (answer, tolerance, steps) = match &e.answer {
        Answer::Number { value, tolerance } => (
            number(*value),
            (*tolerance > 0.0).then_some(*tolerance),
            None,
        ),
        Answer::Choice { .. } => (json!(e.answer_text()), None, None),
        Answer::Steps(g) => {
            let answers: Vec<Value> = g.steps().iter().map(|s| s.answer.to_json()).collect();
            let steps = g
                .steps()
                .iter()
                .map(|s| StepJson {
                    prompt: s.prompt.clone(),
                    answer: s.answer.to_json(),
                    rule: s.rule.clone(),
                    why: s.why.clone(),
                })
                .collect();
            (json!(answers), None, Some(steps))
        }
    };
    Question {
        id: e.id,
        kind: e.kind().name(),
        title: e.title.clone(),
        text: e.text.clone(),
        instance: e.instance.clone(),
        choices: (!e.choices.is_empty()).then(|| e.choices.clone()),
        answer,
        tolerance,
        explanation: e.explanation.clone(),
        figure: e.figure.href(),
        steps,
    }
}
