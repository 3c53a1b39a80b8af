//! Reading a communication matrix that a person pasted or saved.
//!
//! Accepted forms, detected from the first non-blank character:
//! - JSON: `{"n": 3, "sizes": [[0, 5, 0], …]}` (what `commbook com --json`
//!   prints), a bare array of rows `[[0, 5, 0], …]`, or a sparse list
//!   `{"n": 3, "messages": [{"src": 0, "dst": 1, "bytes": 5}, …]}`.
//! - CSV: one row per line, entries separated by commas, semicolons, tabs or
//!   spaces; blank lines and lines starting with `#` are skipped.
//!
//! Every entry must be a whole number of bytes ≥ 0. Errors name the line (or
//! row and column) so the reader can find the mistake.

use super::{Com, ComError, MAX_N, Message};
use serde_json::Value;

/// Parses CSV or JSON text into a matrix.
pub fn parse(text: &str) -> Result<Com, ComError> {
    match text.trim_start().chars().next() {
        None => Err(ComError::Parse {
            line: 1,
            message: "the text is empty; paste a matrix as CSV rows or JSON".into(),
        }),
        Some('{') | Some('[') => parse_json(text),
        Some(_) => parse_csv(text),
    }
}

/// Parses dense CSV rows.
pub fn parse_csv(text: &str) -> Result<Com, ComError> {
    let mut rows: Vec<Vec<u64>> = Vec::new();
    for (k, line) in text.lines().enumerate() {
        let line_no = k + 1;
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        if rows.len() >= MAX_N {
            return Err(ComError::TooLarge {
                n: rows.len() + 1,
                max: MAX_N,
            });
        }
        let row_no = rows.len();
        let row = t
            .split(|c: char| c == ',' || c == ';' || c.is_whitespace())
            .filter(|f| !f.is_empty())
            .enumerate()
            .map(|(col, field)| entry_from_str(field, line_no, row_no, col))
            .collect::<Result<Vec<_>, _>>()?;
        rows.push(row);
    }
    if rows.is_empty() {
        return Err(ComError::Parse {
            line: 1,
            message: "no rows found; each line should hold one row of sizes".into(),
        });
    }
    Com::from_rows(&rows)
}

/// Rows and columns are numbered from 0, as processors are; the line
/// (from 1, as editors count) is said too since comments and blank lines
/// make them differ.
fn entry_from_str(field: &str, line: usize, row: usize, col: usize) -> Result<u64, ComError> {
    field.parse::<u64>().map_err(|_| ComError::Parse {
        line,
        message: if field.starts_with('-') {
            format!("row {row}, column {col} is negative ({field}); sizes are bytes ≥ 0")
        } else {
            format!("row {row}, column {col} is '{field}', not a whole number of bytes")
        },
    })
}

/// Parses JSON in any of the three accepted shapes.
pub fn parse_json(text: &str) -> Result<Com, ComError> {
    let v: Value = serde_json::from_str(text).map_err(|e| ComError::Parse {
        line: e.line(),
        message: format!("not valid JSON: {e}"),
    })?;
    from_json_value(&v)
}

/// Reads an already-parsed JSON value in any of the three accepted shapes
/// (the JS API receives objects, not text).
pub fn from_json_value(v: &Value) -> Result<Com, ComError> {
    match v {
        Value::String(text) => parse(text),
        Value::Array(_) => rows_from_json(v, None),
        Value::Object(o) => {
            let n = match o.get("n") {
                None => None,
                Some(x) => Some(json_uint(x, "n")? as usize),
            };
            if let Some(sizes) = o.get("sizes") {
                rows_from_json(sizes, n)
            } else if let Some(ms) = o.get("messages") {
                let n = n.ok_or_else(|| json_err("a \"messages\" list needs \"n\" beside it"))?;
                messages_from_json(ms, n)
            } else {
                Err(json_err(
                    "expected a \"sizes\" array of rows or a \"messages\" list",
                ))
            }
        }
        _ => Err(json_err(
            "expected an array of rows, an object with \"sizes\", or CSV text",
        )),
    }
}

fn json_err(message: &str) -> ComError {
    ComError::Parse {
        line: 1,
        message: message.to_string(),
    }
}

fn json_uint(x: &Value, what: &str) -> Result<u64, ComError> {
    x.as_u64().ok_or_else(|| {
        let why = match x.as_f64() {
            Some(f) if f < 0.0 => "is negative; sizes are bytes ≥ 0",
            Some(_) => "is not a whole number",
            None => "is not a number",
        };
        json_err(&format!("{what} = {x} {why}"))
    })
}

fn rows_from_json(sizes: &Value, n: Option<usize>) -> Result<Com, ComError> {
    let rows = sizes
        .as_array()
        .ok_or_else(|| json_err("\"sizes\" must be an array of rows"))?;
    if rows.len() > MAX_N {
        return Err(ComError::TooLarge {
            n: rows.len(),
            max: MAX_N,
        });
    }
    if let Some(n) = n.filter(|&n| n != rows.len()) {
        return Err(json_err(&format!(
            "\"n\" is {n} but \"sizes\" has {} rows",
            rows.len()
        )));
    }
    let mut dense = Vec::with_capacity(rows.len());
    for (i, row) in rows.iter().enumerate() {
        let row = row
            .as_array()
            .ok_or_else(|| json_err(&format!("row {i} is not an array")))?;
        let vals = row
            .iter()
            .enumerate()
            .map(|(j, x)| json_uint(x, &format!("row {i}, column {j}")))
            .collect::<Result<Vec<_>, _>>()?;
        dense.push(vals);
    }
    Com::from_rows(&dense)
}

fn messages_from_json(ms: &Value, n: usize) -> Result<Com, ComError> {
    let list = ms
        .as_array()
        .ok_or_else(|| json_err("\"messages\" must be an array"))?;
    let mut out = Vec::with_capacity(list.len());
    for (k, m) in list.iter().enumerate() {
        let field = |name: &str| -> Result<u64, ComError> {
            let x = m
                .get(name)
                .ok_or_else(|| json_err(&format!("message {k} has no \"{name}\"")))?;
            json_uint(x, &format!("message {k} {name}"))
        };
        out.push(Message {
            src: field("src")? as usize,
            dst: field("dst")? as usize,
            bytes: field("bytes")?,
        });
    }
    Com::from_messages(n, out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_and_json_agree() {
        let csv = "# a 3x3 example\n0, 5, 0\n1 0 2\n\n0;0;0\n";
        let a = parse(csv).unwrap();
        let b = parse(r#"{"n": 3, "sizes": [[0,5,0],[1,0,2],[0,0,0]]}"#).unwrap();
        let c = parse("[[0,5,0],[1,0,2],[0,0,0]]").unwrap();
        let d = parse(
            r#"{"n":3,"messages":[{"src":0,"dst":1,"bytes":5},{"src":1,"dst":0,"bytes":1},{"src":1,"dst":2,"bytes":2}]}"#,
        )
        .unwrap();
        assert_eq!(a, b);
        assert_eq!(a, c);
        assert_eq!(a, d);
    }

    #[test]
    fn errors_point_at_the_problem() {
        let e = parse("0 1\n0 -3\n").unwrap_err().to_string();
        assert_eq!(
            e,
            "line 2: row 1, column 1 is negative (-3); sizes are bytes ≥ 0"
        );
        let e = parse("0 1\n0 x\n").unwrap_err().to_string();
        assert!(e.contains("'x'"), "{e}");
        let e = parse("0 1 0\n0 1\n").unwrap_err().to_string();
        assert!(e.contains("row 0 has 3 entries"), "{e}");
        let e = parse("[[0, 1.5], [0, 0]]").unwrap_err().to_string();
        assert!(e.contains("not a whole number"), "{e}");
        let e = parse(r#"{"n": 3, "sizes": [[0]]}"#)
            .unwrap_err()
            .to_string();
        assert!(e.contains("\"n\" is 3"), "{e}");
        assert!(parse("").is_err());
        assert!(parse("{").is_err());
        assert!(parse("   \n# only a comment\n").is_err());
    }
}
