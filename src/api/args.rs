//! Named options shared by the CLI (`--n 32`) and the JS API (`{n: 32}`).
//!
//! Both front ends hand the commands a map of option names to JSON values;
//! the CLI's values arrive as strings. Getters convert and range-check with
//! the same messages on both sides, and [`Args::finish`] rejects options a
//! command did not read, so a typo is reported instead of silently ignored.

use super::ApiError;
use serde_json::Value;
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};

/// The options of one command call.
#[derive(Debug, Default)]
pub struct Args {
    values: BTreeMap<String, Value>,
    used: RefCell<BTreeSet<String>>,
}

impl Args {
    /// Options from a JSON object (the JS API).
    pub fn from_json(v: Value) -> Result<Args, ApiError> {
        match v {
            Value::Object(map) => Ok(Args {
                values: map.into_iter().collect(),
                used: Default::default(),
            }),
            Value::Null => Ok(Args::default()),
            other => Err(ApiError(format!(
                "options must be an object such as {{\"n\": 16}} (got {other})"
            ))),
        }
    }

    /// Sets an option (the CLI adds its flags one by one).
    pub fn insert(&mut self, key: &str, value: Value) -> Result<(), ApiError> {
        if self.values.insert(key.to_string(), value).is_some() {
            return Err(ApiError(format!("option {key} is given twice")));
        }
        Ok(())
    }

    /// The raw value of an option, marking it as read.
    pub fn raw(&self, key: &str) -> Option<&Value> {
        self.used.borrow_mut().insert(key.to_string());
        self.values.get(key)
    }

    /// A string option.
    pub fn string(&self, key: &str) -> Result<Option<String>, ApiError> {
        match self.raw(key) {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(Value::Number(x)) => Ok(Some(x.to_string())),
            Some(other) => Err(ApiError(format!("{key} must be a string (got {other})"))),
        }
    }

    /// A whole-number option within `min..=max`.
    pub fn uint(&self, key: &str, min: u64, max: u64) -> Result<Option<u64>, ApiError> {
        let v = match self.raw(key) {
            None => return Ok(None),
            Some(Value::Number(x)) => x.as_u64().ok_or_else(|| not_whole(key, &x.to_string()))?,
            Some(Value::String(s)) => s.trim().parse::<u64>().map_err(|_| not_whole(key, s))?,
            Some(other) => return Err(not_whole(key, &other.to_string())),
        };
        if v < min || v > max {
            return Err(ApiError(format!(
                "{key} must be between {min} and {max} (got {v})"
            )));
        }
        Ok(Some(v))
    }

    /// A required whole-number option.
    pub fn need_uint(&self, key: &str, min: u64, max: u64) -> Result<u64, ApiError> {
        self.uint(key, min, max)?.ok_or_else(|| {
            ApiError(format!(
                "{key} is required (a whole number from {min} to {max})"
            ))
        })
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

fn not_whole(key: &str, got: &str) -> ApiError {
    let hint = if got.trim_start().starts_with('-') {
        " ≥ 0"
    } else {
        ""
    };
    ApiError(format!("{key} must be a whole number{hint} (got {got})"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_numbers_from_strings_and_json() {
        let a = Args::from_json(json!({"n": 16, "d": "4", "gen": "fig7"})).unwrap();
        assert_eq!(a.uint("n", 1, 100).unwrap(), Some(16));
        assert_eq!(a.uint("d", 1, 100).unwrap(), Some(4));
        assert_eq!(a.string("gen").unwrap().as_deref(), Some("fig7"));
        assert!(a.finish("com").is_ok());
    }

    #[test]
    fn explains_bad_values() {
        let a = Args::from_json(json!({"n": "abc", "d": -2, "x": 1, "seed": 0})).unwrap();
        assert_eq!(
            a.uint("n", 1, 9).unwrap_err().0,
            "n must be a whole number (got abc)"
        );
        assert_eq!(
            a.uint("d", 1, 9).unwrap_err().0,
            "d must be a whole number ≥ 0 (got -2)"
        );
        assert_eq!(
            a.uint("seed", 1, 9).unwrap_err().0,
            "seed must be between 1 and 9 (got 0)"
        );
        let e = a.finish("com").unwrap_err().0;
        assert!(e.starts_with("unknown option 'x' for com"), "{e}");
        assert!(Args::from_json(json!([1])).is_err());
    }
}
