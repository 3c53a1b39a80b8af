//! `figures`: the book's catalogue of figures, the same list chapters,
//! embed links and the README use: each figure's name (as in
//! `#/embed/<name>`), title, the chapter that teaches it, and every setting
//! with its kind, limits, default and note. `--name N` gives one figure.

use crate::api::{ApiError, Args};
use crate::book::Chapter;
use crate::book::figure::Entry;
use crate::book::figures::{CATALOGUE, exercises, names, resolve};
use crate::book::params::ParamKind;
use crate::book::route::Route;
use serde::Serialize;

/// `{ "figures": [{ "name", "title", "chapter", "embed", "module", "unit",
/// "settings": [{ "key", "label", "kind", "min", "max", "default",
/// "options", "max_len", "note" }] }] }`.
#[derive(Debug, Serialize)]
pub struct FiguresResponse {
    pub figures: Vec<FigureJson>,
}

/// One figure of the catalogue.
#[derive(Debug, Serialize)]
pub struct FigureJson {
    pub name: &'static str,
    pub title: &'static str,
    /// The slug of the chapter that places it first, if any.
    pub chapter: Option<&'static str>,
    /// Its embed link (settings go after `?`, without a prefix).
    pub embed: String,
    /// The wasm module that draws it (`main` is the book's own; `by
    /// chapter` for the exercises, which each chapter's module draws).
    pub module: &'static str,
    /// What one step of its player is called.
    pub unit: &'static str,
    pub settings: Vec<SettingJson>,
}

/// One setting of a figure.
#[derive(Debug, Serialize)]
pub struct SettingJson {
    pub key: &'static str,
    pub label: &'static str,
    /// int, number, choice or text.
    pub kind: &'static str,
    /// Whole numbers for `int`, numbers for `number`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min: Option<serde_json::Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max: Option<serde_json::Value>,
    /// The default, as a link writes it (absent: computed by the figure).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub default: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub options: Option<&'static [&'static str]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_len: Option<usize>,
    #[serde(skip_serializing_if = "str::is_empty")]
    pub note: &'static str,
}

/// Figure `e` as the list gives it; `implied` are the settings a name it
/// was released under implies (`exercises_sim`: `chapter=nice`), which its
/// embed link and chapter then carry.
fn figure(e: &'static Entry, implied: &[(String, String)]) -> FigureJson {
    let settings = e
        .params
        .iter()
        .map(|p| {
            let mut s = SettingJson {
                key: p.key,
                label: p.label,
                kind: "text",
                min: None,
                max: None,
                default: None,
                options: None,
                max_len: None,
                note: e.note(p.key),
            };
            match p.kind {
                ParamKind::Int { min, max, default } => {
                    s.kind = "int";
                    (s.min, s.max) = (Some(min.into()), Some(max.into()));
                    s.default = Some(default.to_string());
                }
                ParamKind::Number { min, max, default } => {
                    s.kind = "number";
                    (s.min, s.max) = (Some(min.into()), Some(max.into()));
                    s.default = default.map(crate::book::params::format_number);
                }
                ParamKind::Choice { options, default } => {
                    s.kind = "choice";
                    s.options = Some(options);
                    s.default = Some(default.to_string());
                }
                ParamKind::Text { max_len } => s.max_len = Some(max_len),
            }
            s
        })
        .collect();
    FigureJson {
        name: e.name,
        title: e.title,
        chapter: if e.name == exercises::NAME {
            Some(exercises::chapter_of_raw(implied, &[]))
        } else {
            Chapter::teaching(e.name).map(|c| c.slug)
        },
        embed: implied
            .iter()
            .fold(Route::embed(e.name), |r, (k, v)| r.with(k, v))
            .to_hash(),
        module: e.pack,
        unit: e.unit,
        settings,
    }
}

/// Runs `figures`.
pub fn figures(args: &Args) -> Result<FiguresResponse, ApiError> {
    let figures = match args.string("name")? {
        None => CATALOGUE.iter().map(|e| figure(e, &[])).collect(),
        Some(n) => match resolve(&n) {
            Some((e, implied)) => vec![figure(e, &implied)],
            None => {
                return Err(ApiError(format!(
                    "there is no figure called '{n}'; figures: {}",
                    names().join(", ")
                )));
            }
        },
    };
    Ok(FiguresResponse { figures })
}
