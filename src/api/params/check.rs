//! The one checker of a value against its spec, and the two ways its
//! verdict is worded (a notice on the page, an error in a command).

use super::{ParamKind, ParamSpec, Value, format_number, parse_finite};

/// Why a value was refused, for each front end to word: the page as a
/// notice ([`Problem::why`]), the CLI and the JS API as an error
/// ([`Problem::error`]).
#[derive(Clone, Debug, PartialEq)]
pub enum Problem {
    /// Not a whole number (the value as given).
    NotWhole(String),
    /// A whole number below zero (the value as given), for a setting in
    /// `min..=max`.
    Negative { raw: String, min: u64, max: u64 },
    /// A number outside `min..=max`, each as it is printed.
    Outside { v: String, min: String, max: String },
    /// Not a finite decimal number.
    NotNumber(String),
    /// Not one of the setting's words.
    NotOneOf {
        raw: String,
        options: &'static [&'static str],
    },
    /// Text longer than the setting takes.
    TooLong(usize),
}

impl Problem {
    /// The reason as the page gives it after the key ("'abc' is not a
    /// whole number").
    pub fn why(&self) -> String {
        match self {
            Problem::NotWhole(raw) => format!("'{}' is not a whole number", raw.trim()),
            Problem::Negative { raw, min, max } => format!("{} is outside {min}…{max}", raw.trim()),
            Problem::Outside { v, min, max } => format!("{v} is outside {min}…{max}"),
            Problem::NotNumber(raw) => format!("'{}' is not a number", raw.trim()),
            Problem::NotOneOf { raw, options } => {
                format!("'{}' is not one of {}", raw.trim(), options.join(", "))
            }
            Problem::TooLong(n) => format!("is longer than {n} characters"),
        }
    }

    /// The reason as the CLI and the JS API give it: one line naming the
    /// option ("n must be between 1 and 9 (got 0)").
    pub fn error(&self, key: &str) -> String {
        match self {
            Problem::NotWhole(raw) => {
                let hint = if raw.trim_start().starts_with('-') {
                    " ≥ 0"
                } else {
                    ""
                };
                format!("{key} must be a whole number{hint} (got {raw})")
            }
            Problem::Negative { raw, .. } => {
                format!("{key} must be a whole number ≥ 0 (got {raw})")
            }
            Problem::Outside { v, min, max } => {
                format!("{key} must be between {min} and {max} (got {v})")
            }
            Problem::NotNumber(raw) => format!("{key} must be a number (got {raw})"),
            // The shape of every unknown word on a command line, the core's
            // names of algorithms and exchanges among them.
            Problem::NotOneOf { raw, options } => {
                format!("unknown {key} '{raw}'; available: {}", options.join(", "))
            }
            Problem::TooLong(n) => format!("{key} is longer than {n} characters"),
        }
    }
}

/// Checks one raw value against its spec: the value, or the problem.
pub fn check(spec: &ParamSpec, raw: &str) -> Result<Value, Problem> {
    let t = raw.trim();
    match spec.kind {
        ParamKind::Int { min, max, .. } => {
            let v: u64 = match t.parse() {
                Ok(v) => v,
                // "-0" is zero, as it always read.
                Err(_) => match t.strip_prefix('-').map(str::parse::<u64>) {
                    Some(Ok(0)) => 0,
                    Some(Ok(_)) => {
                        return Err(Problem::Negative {
                            raw: raw.to_string(),
                            min,
                            max,
                        });
                    }
                    _ => return Err(Problem::NotWhole(raw.to_string())),
                },
            };
            if v < min || v > max {
                return Err(Problem::Outside {
                    v: v.to_string(),
                    min: min.to_string(),
                    max: max.to_string(),
                });
            }
            Ok(Value::Int(v))
        }
        ParamKind::Number { min, max, .. } => {
            let v = parse_finite(t).ok_or_else(|| Problem::NotNumber(raw.to_string()))?;
            if v < min || v > max {
                return Err(Problem::Outside {
                    v: format_number(v),
                    min: format_number(min),
                    max: format_number(max),
                });
            }
            Ok(Value::Number(Some(v)))
        }
        ParamKind::Choice { options, .. } => options
            .iter()
            .find(|o| **o == t)
            .map(|o| Value::Choice(o))
            .ok_or_else(|| Problem::NotOneOf {
                raw: raw.to_string(),
                options,
            }),
        ParamKind::Text { max_len } => {
            if t.len() > max_len {
                Err(Problem::TooLong(max_len))
            } else {
                Ok(Value::Text(t.to_string()))
            }
        }
    }
}

/// Parses one raw value; `Err` says why it was refused, as the page says it.
pub fn parse_one(spec: &ParamSpec, raw: &str) -> Result<Value, String> {
    check(spec, raw).map_err(|p| p.why())
}
