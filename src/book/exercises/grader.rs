//! Grading a do-it-yourself exercise step by step.
//!
//! A [`Grader`] holds the model steps of one instance, each taken from the
//! core's own trace or schedule: what is decided at the step, the model
//! answer, what the rule says at that point and why the model answer
//! follows. [`Grader::check`] judges one step on its own (the steps before
//! it are taken as the model did them, so one slip does not spoil the
//! rest): [`Verdict::Correct`], or [`Verdict::Wrong`] with the rule, what
//! the student did (with the reason it is wrong where the instance tells
//! one, e.g. "3 already receives from 1") and the model step.

use serde_json::{Value, json};
use std::fmt;

/// A student's (or the model's) answer to one step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepAnswer {
    /// A processor or node, or none ("sends nothing", "sits out").
    Node(Option<usize>),
    /// A set of unordered pairs (a round of matches).
    Pairs(Vec<(usize, usize)>),
    /// A row of numbers, in order (a row of a table).
    Row(Vec<usize>),
}

impl StepAnswer {
    /// Pairs written (smaller, larger) and sorted; other answers as they are.
    pub fn normalized(&self) -> StepAnswer {
        match self {
            StepAnswer::Pairs(ps) => {
                let mut v: Vec<(usize, usize)> =
                    ps.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
                crate::core::sorting::sort_by_u64(&mut v, |&(a, b)| {
                    ((a as u64) << 32) | (b as u64 & 0xffff_ffff)
                });
                v.dedup();
                StepAnswer::Pairs(v)
            }
            other => other.clone(),
        }
    }

    /// The JSON form: a number or null, `[[a, b], …]`, or `[x, …]`.
    pub fn to_json(&self) -> Value {
        match self {
            StepAnswer::Node(n) => json!(n),
            StepAnswer::Pairs(ps) => json!(ps.iter().map(|&(a, b)| [a, b]).collect::<Vec<_>>()),
            StepAnswer::Row(r) => json!(r),
        }
    }

    /// What kind of answer this is, in words, for a student who gave
    /// another kind.
    pub fn form(&self) -> &'static str {
        match self {
            StepAnswer::Node(_) => "one processor (or none)",
            StepAnswer::Pairs(_) => "a list of pairs such as 0-3, 1-2",
            StepAnswer::Row(_) => "a row of numbers such as 4 0 7",
        }
    }

    /// Reads `text` as an answer of the same form as `self`: `3` or `none`;
    /// `0-3, 1-2`; `4 0 7` (commas or spaces).
    pub fn parse_like(&self, text: &str) -> Result<StepAnswer, String> {
        let t = text.trim();
        let num = |s: &str| {
            let s = s.trim().trim_start_matches(['P', 'p']);
            s.parse::<usize>()
                .map_err(|_| format!("'{}' is not a processor number", s.trim()))
        };
        let items = |s: &str| -> Vec<String> {
            s.split([',', ';', ' '])
                .map(str::trim)
                .filter(|x| !x.is_empty())
                .map(String::from)
                .collect()
        };
        match self {
            StepAnswer::Node(_) => {
                if matches!(t.to_ascii_lowercase().as_str(), "none" | "-" | "—" | "") {
                    Ok(StepAnswer::Node(None))
                } else {
                    num(t).map(|n| StepAnswer::Node(Some(n)))
                }
            }
            StepAnswer::Pairs(_) => {
                let mut pairs = Vec::new();
                for it in t.split([',', ';']).map(str::trim).filter(|x| !x.is_empty()) {
                    let (a, b) = it
                        .split_once(['-', '–', ':'])
                        .ok_or_else(|| format!("'{it}' is not a pair such as 0-3"))?;
                    pairs.push((num(a)?, num(b)?));
                }
                Ok(StepAnswer::Pairs(pairs).normalized())
            }
            StepAnswer::Row(_) => items(t)
                .iter()
                .map(|s| num(s))
                .collect::<Result<Vec<_>, _>>()
                .map(StepAnswer::Row),
        }
    }
}

impl fmt::Display for StepAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StepAnswer::Node(Some(n)) => write!(f, "{n}"),
            StepAnswer::Node(None) => f.write_str("none"),
            StepAnswer::Pairs(ps) => {
                let v: Vec<String> = ps.iter().map(|(a, b)| format!("{a}–{b}")).collect();
                f.write_str(&v.join(", "))
            }
            StepAnswer::Row(r) => {
                let v: Vec<String> = r.iter().map(usize::to_string).collect();
                f.write_str(&v.join(" "))
            }
        }
    }
}

/// One step as the core did it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModelStep {
    /// What is decided at this step ("Row 5: where does it send?").
    pub prompt: String,
    /// The model answer.
    pub answer: StepAnswer,
    /// What the rule says at this step, with this step's data.
    pub rule: String,
    /// The model step in words (from the core's trace).
    pub why: String,
}

/// The judgement of one step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The step is the model step.
    Correct,
    /// The step is not the model step.
    Wrong {
        /// What the rule says at this step.
        rule: String,
        /// What the student did, and why it is not the rule's choice.
        yours: String,
        /// The model step.
        model: ModelStep,
    },
    /// There is no step with that index (the exercise has `steps`).
    NoSuchStep { steps: usize },
}

/// The model steps of one instance, and why particular wrong answers are
/// wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grader {
    steps: Vec<ModelStep>,
    /// Per step: (a wrong answer, why it is wrong).
    notes: Vec<Vec<(StepAnswer, String)>>,
    /// Per step: why any other wrong answer is wrong.
    other: Vec<String>,
    /// The drawing the steps are answered on.
    board: Option<Box<super::board::Board>>,
}

/// A model step with the reasons for the wrong answers the instance can
/// explain, as a family builds it.
#[derive(Clone, Debug)]
pub(super) struct Step {
    pub model: ModelStep,
    pub notes: Vec<(StepAnswer, String)>,
    pub other: String,
}

impl Grader {
    /// A grader over `steps`.
    pub(super) fn new(steps: Vec<Step>) -> Grader {
        let mut g = Grader {
            steps: Vec::new(),
            notes: Vec::new(),
            other: Vec::new(),
            board: None,
        };
        for s in steps {
            g.notes.push(
                s.notes
                    .into_iter()
                    .map(|(a, why)| (a.normalized(), why))
                    .collect(),
            );
            g.other.push(s.other);
            g.steps.push(ModelStep {
                answer: s.model.answer.normalized(),
                ..s.model
            });
        }
        g
    }

    /// The same grader, answered on `board` (one focus per step).
    pub(super) fn on(mut self, board: super::board::Board) -> Grader {
        debug_assert_eq!(board.steps.len(), self.steps.len(), "one focus per step");
        self.board = Some(Box::new(board));
        self
    }

    /// The drawing the steps are answered on.
    pub fn board(&self) -> Option<&super::board::Board> {
        self.board.as_deref()
    }

    /// The model steps, in order.
    pub fn steps(&self) -> &[ModelStep] {
        &self.steps
    }

    /// Number of steps.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// True for a grader without steps (never generated).
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// Reads a typed answer to step `step` in that step's form.
    pub fn parse(&self, step: usize, text: &str) -> Result<StepAnswer, String> {
        match self.steps.get(step) {
            Some(s) => s.answer.parse_like(text),
            None => Err(format!("there are {} steps", self.steps.len())),
        }
    }

    /// Judges `answer` to step `step` (from 0).
    pub fn check(&self, step: usize, answer: &StepAnswer) -> Verdict {
        let Some(model) = self.steps.get(step) else {
            return Verdict::NoSuchStep {
                steps: self.steps.len(),
            };
        };
        let answer = answer.normalized();
        if answer == model.answer {
            return Verdict::Correct;
        }
        Verdict::Wrong {
            rule: model.rule.clone(),
            yours: self.yours(step, &answer),
            model: model.clone(),
        }
    }

    /// What the student did, and why it is wrong.
    fn yours(&self, step: usize, answer: &StepAnswer) -> String {
        let model = &self.steps[step].answer;
        if std::mem::discriminant(answer) != std::mem::discriminant(model) {
            return format!(
                "you answered {answer}, but this step asks for {}",
                model.form()
            );
        }
        if let Some((_, why)) = self.notes[step].iter().find(|(a, _)| a == answer) {
            return format!("you answered {answer}: {why}");
        }
        let detail = match (answer, model) {
            (StepAnswer::Pairs(mine), StepAnswer::Pairs(right)) => {
                let wrong: Vec<String> = mine
                    .iter()
                    .filter(|p| !right.contains(p))
                    .map(|(a, b)| format!("{a}–{b}"))
                    .collect();
                let missing = right.iter().filter(|p| !mine.contains(p)).count();
                let mut parts = Vec::new();
                if !wrong.is_empty() {
                    parts.push(format!(
                        "{} {} not in it",
                        wrong.join(", "),
                        is_are(wrong.len())
                    ));
                }
                if missing > 0 {
                    parts.push(format!(
                        "{missing} of its pairs {} missing",
                        is_are(missing)
                    ));
                }
                parts.join("; ")
            }
            (StepAnswer::Row(mine), StepAnswer::Row(right)) if mine.len() != right.len() => {
                format!("the row has {} entries, not {}", right.len(), mine.len())
            }
            (StepAnswer::Row(mine), StepAnswer::Row(right)) => {
                let cols: Vec<String> = (0..right.len())
                    .filter(|&j| mine[j] != right[j])
                    .map(|j| j.to_string())
                    .collect();
                format!(
                    "column{} {} {} wrong",
                    if cols.len() == 1 { "" } else { "s" },
                    cols.join(", "),
                    is_are(cols.len())
                )
            }
            _ => self.other[step].clone(),
        };
        format!("you answered {answer}: {detail}")
    }
}

fn is_are(n: usize) -> &'static str {
    if n == 1 { "is" } else { "are" }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grader() -> Grader {
        let model = |answer, prompt: &str| ModelStep {
            prompt: prompt.into(),
            answer,
            rule: "the rule".into(),
            why: "because".into(),
        };
        Grader::new(vec![
            Step {
                model: model(StepAnswer::Node(Some(3)), "row 0"),
                notes: vec![(StepAnswer::Node(Some(1)), "1 is taken".into())],
                other: "row 0 has no message for it".into(),
            },
            Step {
                model: model(StepAnswer::Pairs(vec![(3, 0), (1, 2)]), "round 1"),
                notes: Vec::new(),
                other: String::new(),
            },
            Step {
                model: model(StepAnswer::Row(vec![4, 0, 7]), "row 2"),
                notes: Vec::new(),
                other: String::new(),
            },
        ])
    }

    #[test]
    fn judges_steps_and_explains() {
        let g = grader();
        assert_eq!(g.check(0, &StepAnswer::Node(Some(3))), Verdict::Correct);
        let Verdict::Wrong { yours, model, .. } = g.check(0, &StepAnswer::Node(Some(1))) else {
            panic!("wrong expected");
        };
        assert_eq!(yours, "you answered 1: 1 is taken");
        assert_eq!(model.answer, StepAnswer::Node(Some(3)));
        let Verdict::Wrong { yours, .. } = g.check(0, &StepAnswer::Node(None)) else {
            panic!()
        };
        assert_eq!(yours, "you answered none: row 0 has no message for it");
        // Pairs in any order and orientation.
        let round = g.parse(1, "2-1, 0–3").unwrap();
        assert_eq!(g.check(1, &round), Verdict::Correct);
        let Verdict::Wrong { yours, .. } = g.check(1, &g.parse(1, "0-1").unwrap()) else {
            panic!()
        };
        assert_eq!(
            yours,
            "you answered 0–1: 0–1 is not in it; 2 of its pairs are missing"
        );
        let Verdict::Wrong { yours, .. } = g.check(2, &g.parse(2, "4 7 0").unwrap()) else {
            panic!()
        };
        assert_eq!(yours, "you answered 4 7 0: columns 1, 2 are wrong");
        let Verdict::Wrong { yours, .. } = g.check(2, &StepAnswer::Node(Some(2))) else {
            panic!()
        };
        assert!(
            yours.ends_with("asks for a row of numbers such as 4 0 7"),
            "{yours}"
        );
        assert_eq!(
            g.check(3, &StepAnswer::Node(None)),
            Verdict::NoSuchStep { steps: 3 }
        );
        assert_eq!(g.parse(0, "none").unwrap(), StepAnswer::Node(None));
        assert_eq!(g.parse(0, "P7").unwrap(), StepAnswer::Node(Some(7)));
        assert!(g.parse(0, "x").is_err());
        assert!(g.parse(1, "0 3").is_err());
    }
}
