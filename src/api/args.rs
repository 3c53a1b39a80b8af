//! Named options shared by the CLI (`--n 32`) and the JS API (`{n: 32}`).
//!
//! Both front ends hand the commands a map of option names to JSON values;
//! the CLI's values arrive as strings. Getters convert and range-check with
//! the same messages on both sides, and [`Args::finish`] rejects options a
//! command did not read, so a typo is reported instead of silently ignored.

use super::ApiError;
use crate::core::keyword::Keyword;
use crate::params::{self, ParamKind, ParamSpec, Value};
use serde_json::Value as Json;
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};

/// The options of one command call.
#[derive(Debug, Default)]
pub struct Args {
    values: BTreeMap<String, Json>,
    used: RefCell<BTreeSet<String>>,
}

impl Args {
    /// Options from a JSON object (the JS API).
    pub fn from_json(v: Json) -> Result<Args, ApiError> {
        match v {
            Json::Object(map) => Ok(Args {
                values: map.into_iter().collect(),
                used: Default::default(),
            }),
            Json::Null => Ok(Args::default()),
            other => Err(ApiError(format!(
                "options must be an object such as {{\"n\": 16}} (got {other})"
            ))),
        }
    }

    /// Sets an option (the CLI adds its flags one by one).
    pub fn insert(&mut self, key: &str, value: Json) -> Result<(), ApiError> {
        if self.values.insert(key.to_string(), value).is_some() {
            return Err(ApiError(format!("option {key} is given twice")));
        }
        Ok(())
    }

    /// The raw value of an option, marking it as read.
    pub fn raw(&self, key: &str) -> Option<&Json> {
        self.used.borrow_mut().insert(key.to_string());
        self.values.get(key)
    }

    /// An option checked against its spec, the same checker as a
    /// figure's settings ([`params::check`]), worded as an error.
    pub fn get(&self, spec: &ParamSpec) -> Result<Option<Value>, ApiError> {
        let raw = match self.raw(spec.key) {
            None => return Ok(None),
            Some(Json::String(s)) => s.clone(),
            Some(Json::Number(x)) => x.to_string(),
            Some(other) => match spec.kind {
                ParamKind::Text { .. } => {
                    return Err(ApiError(format!(
                        "{} must be a string (got {other})",
                        spec.key
                    )));
                }
                // Whatever it is, it is not the number or word asked for.
                _ => other.to_string(),
            },
        };
        match params::check(spec, &raw) {
            // A command reads its text as given (a page trims what a link
            // carries; a command's own parser says what is wrong with it).
            Ok(Value::Text(_)) => Ok(Some(Value::Text(raw))),
            Ok(v) => Ok(Some(v)),
            Err(p) => Err(ApiError(p.error(spec.key))),
        }
    }

    /// A whole-number option.
    pub fn whole(&self, spec: &ParamSpec) -> Result<Option<u64>, ApiError> {
        Ok(match self.get(spec)? {
            Some(Value::Int(v)) => Some(v),
            _ => None,
        })
    }

    /// A whole-number option, or its spec's default.
    pub fn whole_or_default(&self, spec: &ParamSpec) -> Result<u64, ApiError> {
        Ok(match (self.whole(spec)?, spec.kind) {
            (Some(v), _) => v,
            (None, ParamKind::Int { default, .. }) => default,
            (None, _) => 0,
        })
    }

    /// A required whole-number option.
    pub fn need(&self, spec: &ParamSpec) -> Result<u64, ApiError> {
        self.whole(spec)?.ok_or_else(|| match spec.kind {
            ParamKind::Int { min, max, .. } => ApiError(format!(
                "{} is required (a whole number from {min} to {max})",
                spec.key
            )),
            _ => ApiError(format!("{} is required", spec.key)),
        })
    }

    /// A text option (numbers read as their digits).
    pub fn text(&self, spec: &ParamSpec) -> Result<Option<String>, ApiError> {
        Ok(match self.get(spec)? {
            Some(Value::Text(t)) => Some(t),
            Some(Value::Choice(c)) => Some(c.to_string()),
            _ => None,
        })
    }

    /// A choice option read as the value of type `T` its word names.
    pub fn word<T: Keyword>(&self, spec: &ParamSpec) -> Result<Option<T>, ApiError> {
        Ok(match self.get(spec)? {
            Some(Value::Choice(w)) => T::from_keyword(w),
            _ => None,
        })
    }

    /// A text option named `key`, for the few a front end reads on its
    /// own (the book's `quiz` and `figures`, the benchmark call).
    pub fn string(&self, key: &'static str) -> Result<Option<String>, ApiError> {
        self.text(&super::options::text(key, key))
    }

    /// Fails if an option was given that the command never read.
    pub fn finish(&self, command: &str) -> Result<(), ApiError> {
        let used = self.used.borrow();
        if let Some(k) = self.values.keys().find(|k| !used.contains(*k)) {
            let known: Vec<&str> = used.iter().map(String::as_str).collect();
            return Err(ApiError(format!(
                "unknown option '{k}' for {command}; known: {}",
                known.join(", ")
            )));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::whole;
    use serde_json::json;

    #[test]
    fn reads_numbers_from_strings_and_json() {
        let a = Args::from_json(json!({"n": 16, "d": "4", "gen": "fig7"})).unwrap();
        assert_eq!(a.whole(&whole("n", "n", 1, 100, 1)).unwrap(), Some(16));
        assert_eq!(a.whole(&whole("d", "d", 1, 100, 1)).unwrap(), Some(4));
        assert_eq!(a.string("gen").unwrap().as_deref(), Some("fig7"));
        assert!(a.finish("com").is_ok());
    }

    #[test]
    fn explains_bad_values() {
        let a = Args::from_json(json!({"n": "abc", "d": -2, "x": 1, "seed": 0})).unwrap();
        assert_eq!(
            a.whole(&whole("n", "n", 1, 9, 1)).unwrap_err().0,
            "n must be a whole number (got abc)"
        );
        assert_eq!(
            a.whole(&whole("d", "d", 1, 9, 1)).unwrap_err().0,
            "d must be a whole number ≥ 0 (got -2)"
        );
        assert_eq!(
            a.whole(&whole("seed", "seed", 1, 9, 1)).unwrap_err().0,
            "seed must be between 1 and 9 (got 0)"
        );
        let e = a.finish("com").unwrap_err().0;
        assert!(e.starts_with("unknown option 'x' for com"), "{e}");
        assert!(Args::from_json(json!([1])).is_err());
    }

    #[test]
    fn a_command_and_a_figure_refuse_the_same_values_for_the_same_reason() {
        use crate::options::SYNC;
        use crate::params::{check, read};
        let n = whole("n", "n", 2, 64, 16);
        let tau = crate::params::ParamSpec {
            key: "tau",
            label: "τ",
            kind: crate::params::ParamKind::Number {
                min: 0.0,
                max: 9.0,
                default: None,
            },
        };
        for spec in [n, tau, SYNC] {
            for raw in [
                "16", "1", "65", "-3", "x", "2.5", " 8 ", "loose", "nope", "1e3",
            ] {
                let page = read(&[spec], &[(spec.key.to_string(), raw.to_string())], "");
                let cli = Args::from_json(json!({ spec.key: raw }))
                    .unwrap()
                    .get(&spec);
                assert_eq!(page.1.is_empty(), cli.is_ok(), "{} = {raw:?}", spec.key);
                if let Err(p) = check(&spec, raw) {
                    assert_eq!(cli.unwrap_err().0, p.error(spec.key));
                    assert_eq!(
                        page.1[0].0,
                        format!(
                            "{}: {}; {}",
                            spec.key,
                            p.why(),
                            match spec.kind {
                                crate::params::ParamKind::Int { default, .. } =>
                                    format!("using {default}"),
                                crate::params::ParamKind::Choice { default, .. } =>
                                    format!("using {default}"),
                                _ => "using the computed value".to_string(),
                            }
                        )
                    );
                }
            }
        }
    }
}
