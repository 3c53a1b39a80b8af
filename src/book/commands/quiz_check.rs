//! `quiz --check CODE` and `quiz --grade FILE`: completion codes regraded
//! with the core (`book::exercises::code`), one student or a whole class.

use crate::api::{ApiError, Args};
use crate::book::exercises::Kind;
use crate::book::exercises::code::{Report, regrade, regrade_any};
use serde::Serialize;

/// `{ "chapter", "seed", "right", "total", "exercises": [{ "id", "title",
/// "kind", "answered", "correct", "given" }] }`.
#[derive(Debug, Serialize)]
pub struct CheckResponse {
    pub chapter: &'static str,
    pub seed: u64,
    pub right: usize,
    pub total: usize,
    pub exercises: Vec<CheckedJson>,
}

/// One exercise of a regraded code.
#[derive(Debug, Serialize)]
pub struct CheckedJson {
    pub id: &'static str,
    pub title: String,
    /// `do-it`, `numeric` or `choice`.
    pub kind: &'static str,
    pub answered: bool,
    pub correct: bool,
    /// What the student gave, in words.
    pub given: String,
}

impl From<Report> for CheckResponse {
    fn from(r: Report) -> Self {
        CheckResponse {
            chapter: r.chapter,
            seed: r.seed,
            right: r.right(),
            total: r.exercises.len(),
            exercises: r
                .exercises
                .into_iter()
                .map(|g| CheckedJson {
                    id: g.id,
                    title: g.title,
                    kind: Kind::name(g.kind),
                    answered: g.answered,
                    correct: g.correct,
                    given: g.given,
                })
                .collect(),
        }
    }
}

/// `{ "chapter", "students": [{ "name", "chapter"?, "seed"?, "right"?,
/// "total"?, "marks"?, "error"? }] }`: `marks` has one letter per
/// exercise, `r` right, `w` answered wrong, `-` not answered. Without
/// `--chapter` the top `chapter` is null and each graded student names
/// the chapter their code is for.
#[derive(Debug, Serialize)]
pub struct GradeResponse {
    pub chapter: Option<&'static str>,
    pub students: Vec<StudentJson>,
}

/// One line of the class file.
#[derive(Debug, Serialize)]
pub struct StudentJson {
    pub name: String,
    /// The code's chapter, when the class was graded without `--chapter`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chapter: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub right: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub marks: Option<String>,
    /// Why the code could not be regraded.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// The chapter a check or grade is for.
fn chapter(args: &Args) -> Result<&'static str, ApiError> {
    super::quiz::chapter_slug(&super::quiz::chapter_named(args)?)
}

/// Runs `quiz --check CODE`: an error (exit 2) says why a code cannot be
/// regraded.
pub fn check(args: &Args, code: &str) -> Result<CheckResponse, ApiError> {
    let slug = chapter(args)?;
    let report = regrade(slug, code).map_err(|e| ApiError(format!("completion code: {e}")))?;
    Ok(report.into())
}

/// Runs `quiz --grade FILE` on the file's text: one line per student,
/// `name,code` (a header line `name,code` is skipped; blank lines too). A
/// code that cannot be regraded is reported on its line, not as an error
/// of the whole class.
///
/// With `--chapter` every code must be for that chapter; without it each
/// code is regraded for the chapter it names.
pub fn grade(args: &Args, text: &str) -> Result<GradeResponse, ApiError> {
    let slug = match args.string("chapter")? {
        Some(name) => Some(super::quiz::chapter_slug(&name)?),
        None => None,
    };
    let mut students = Vec::new();
    for (k, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || (k == 0 && line.eq_ignore_ascii_case("name,code")) {
            continue;
        }
        let (name, code) = line.rsplit_once(',').ok_or_else(|| {
            ApiError(format!(
                "line {} of the class file is not 'name,code': {line}",
                k + 1
            ))
        })?;
        let name = name.trim().trim_matches('"').to_string();
        let code = code.trim().trim_matches('"');
        let report = match slug {
            Some(slug) => regrade(slug, code),
            None => regrade_any(code),
        };
        students.push(match report {
            Ok(r) => StudentJson {
                name,
                chapter: slug.is_none().then_some(r.chapter),
                seed: Some(r.seed),
                right: Some(r.right()),
                total: Some(r.exercises.len()),
                marks: Some(
                    r.exercises
                        .iter()
                        .map(|g| match (g.correct, g.answered) {
                            (true, _) => 'r',
                            (false, true) => 'w',
                            _ => '-',
                        })
                        .collect(),
                ),
                error: None,
            },
            Err(e) => StudentJson {
                name,
                chapter: None,
                seed: None,
                right: None,
                total: None,
                marks: None,
                error: Some(e.to_string()),
            },
        });
    }
    if students.is_empty() {
        return Err(ApiError("the class file has no 'name,code' lines".into()));
    }
    Ok(GradeResponse {
        chapter: slug,
        students,
    })
}
