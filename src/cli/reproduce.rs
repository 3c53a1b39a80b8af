//! `commbook reproduce`: the papers' printed tables recomputed, the
//! same function the book's appendix shows (`core::reproduce`).

use crate::api::ApiError;
use crate::core::reproduce::{self, Selection, Table};
use serde_json::json;

/// Exit status when a cell differs without an explanation.
pub const EXIT_DIFFERS: i32 = 1;

/// Runs `reproduce` with its flags; returns the text to print and the exit
/// status (0 when every cell is acceptable, [`EXIT_DIFFERS`] otherwise).
pub fn run(flags: &[String]) -> Result<(String, i32), ApiError> {
    let mut sel = Selection::default();
    let mut json = false;
    let mut it = flags.iter();
    while let Some(flag) = it.next() {
        let (name, inline) = match flag.split_once('=') {
            Some((k, v)) => (k, Some(v.to_string())),
            None => (flag.as_str(), None),
        };
        let mut value = || {
            inline
                .clone()
                .or_else(|| it.next().cloned())
                .ok_or_else(|| ApiError(format!("{name} needs a value")))
        };
        match name {
            "--json" => json = true,
            "--paper" => sel.paper = Some(value()?),
            "--table" => sel.table = Some(value()?),
            _ => {
                return Err(ApiError(format!(
                    "reproduce takes --paper 000|001|002|003|004, --table ID and --json; got '{flag}'"
                )));
            }
        }
    }
    let tables = reproduce::reproduce(&sel).map_err(|e| ApiError(e.to_string()))?;
    let code = if reproduce::all_ok(&tables) {
        0
    } else {
        EXIT_DIFFERS
    };
    let text = if json {
        to_json(&tables)?
    } else {
        reproduce::render_text(&tables)
    };
    Ok((text, code))
}

fn to_json(tables: &[Table]) -> Result<String, ApiError> {
    serde_json::to_string(&json!({
        "ok": reproduce::all_ok(tables),
        "summary": reproduce::summary_line(tables),
        "tables": tables,
    }))
    .map_err(|e| ApiError(format!("internal error: {e}")))
}
