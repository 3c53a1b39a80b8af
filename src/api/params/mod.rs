//! The settings system: a setting's spec, its value, and the one checker
//! that reads values for every front end.
//!
//! A figure declares its settings as [`ParamSpec`]s (through the book's
//! typed settings, `book::settings`), and so does a command its options
//! (`super::options`). A value arrives as a string (from a link, a
//! chapter's figure block, a CLI flag or a JS API call) and [`check`]
//! either takes it or says why not with a [`Problem`]. The front ends only
//! word the problem: the page reads with [`read`], which never fails and
//! replaces an unusable value by the default with a [`Notice`] naming the
//! key, the value and what is used instead ([`Problem::why`]); the CLI and
//! the JS API refuse the call with one line ([`Problem::error`]).

use std::collections::BTreeMap;

mod check;
mod limit;

pub use check::{Problem, check, parse_one};
pub use limit::{Limit, apply_limits};

/// Longest value written into a link: a longer setting (the lab's large
/// matrix) stays out of the address, which mail and chat programs would
/// cut; the lab's `LINK_MAX_CHARS` is the same limit.
pub const LINK_TEXT_MAX: usize = 12_000;

/// What kind of value a parameter holds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ParamKind {
    /// A whole number in `min..=max` (every setting and option counts
    /// something or is a seed, so none is below zero).
    Int { min: u64, max: u64, default: u64 },
    /// A number in `min..=max`; `default: None` means "the figure computes it".
    Number {
        min: f64,
        max: f64,
        default: Option<f64>,
    },
    /// One of a fixed list of words.
    Choice {
        options: &'static [&'static str],
        default: &'static str,
    },
    /// Free text of at most `max_len` bytes (edits, lists of cells, …), never
    /// interpreted as HTML.
    Text { max_len: usize },
}

/// One parameter of a figure.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ParamSpec {
    pub key: &'static str,
    /// What the reader sees next to the control.
    pub label: &'static str,
    pub kind: ParamKind,
}

/// A parsed parameter value.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Int(u64),
    Number(Option<f64>),
    Choice(&'static str),
    Text(String),
}

/// A problem with a value the reader gave (usually in the URL).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice(pub String);

/// Parsed values of one figure, by key.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Values(pub BTreeMap<&'static str, Value>);

impl Values {
    /// An integer parameter (0 if absent or of another kind).
    pub fn int(&self, key: &str) -> u64 {
        match self.0.get(key) {
            Some(Value::Int(v)) => *v,
            _ => 0,
        }
    }

    /// A number parameter; `None` means "computed by the figure".
    pub fn number(&self, key: &str) -> Option<f64> {
        match self.0.get(key) {
            Some(Value::Number(v)) => *v,
            Some(Value::Int(v)) => Some(*v as f64),
            _ => None,
        }
    }

    /// A choice parameter ("" if absent).
    pub fn choice(&self, key: &str) -> &'static str {
        match self.0.get(key) {
            Some(Value::Choice(v)) => v,
            _ => "",
        }
    }

    /// A text parameter ("" if absent).
    pub fn text(&self, key: &str) -> &str {
        match self.0.get(key) {
            Some(Value::Text(v)) => v,
            _ => "",
        }
    }

    /// Sets a value (the figure's own controls use this).
    pub fn set(&mut self, key: &'static str, v: Value) {
        self.0.insert(key, v);
    }

    /// The values as URL strings, leaving out those equal to `defaults`, so
    /// a link carries only what the reader changed.
    pub fn to_strings(&self, defaults: &Values) -> Vec<(&'static str, String)> {
        self.0
            .iter()
            .filter(|(k, v)| defaults.0.get(*k) != Some(v))
            .filter_map(|(k, v)| {
                let s = match v {
                    Value::Int(x) => x.to_string(),
                    Value::Number(Some(x)) => format_number(*x),
                    Value::Number(None) => return None,
                    Value::Choice(c) => c.to_string(),
                    Value::Text(t) => t.clone(),
                };
                Some((*k, s))
            })
            .collect()
    }
}

/// Prints a number without a trailing ".0" and with at most 6 significant
/// decimals, so URLs stay short.
pub fn format_number(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        let s = format!("{x:.6}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// A finite decimal number, as `raw.parse::<f64>()` reads it (`None` for
/// anything else, infinities and NaN included). In the browser the digits
/// go to JavaScript's `parseFloat`, which rounds exactly as Rust does, once
/// the syntax is known to be Rust's: Rust's own parser would add 14 KB gzipped
/// (a table of powers of five) to the book's wasm.
pub fn parse_finite(raw: &str) -> Option<f64> {
    if !is_decimal(raw) {
        return None;
    }
    #[cfg(target_arch = "wasm32")]
    let v = js_sys::Number::parse_float(raw);
    #[cfg(not(target_arch = "wasm32"))]
    let v: f64 = raw.parse().ok()?;
    v.is_finite().then_some(v)
}

/// Rust's syntax for a decimal `f64`: a sign, digits with at most one
/// point (at least one digit), then an optional exponent `e`/`E`, sign and
/// digits.
fn is_decimal(s: &str) -> bool {
    let digits = |s: &str| s.bytes().take_while(u8::is_ascii_digit).count();
    let s = s.strip_prefix(['+', '-']).unwrap_or(s);
    let int = digits(s);
    let (frac, rest) = match s[int..].strip_prefix('.') {
        Some(r) => (digits(r), &r[digits(r)..]),
        None => (0, &s[int..]),
    };
    if int + frac == 0 {
        return false;
    }
    match rest.strip_prefix(['e', 'E']) {
        None => rest.is_empty(),
        Some(e) => {
            let e = e.strip_prefix(['+', '-']).unwrap_or(e);
            !e.is_empty() && digits(e) == e.len()
        }
    }
}

/// The default value of a spec.
pub fn default_of(spec: &ParamSpec) -> Value {
    match spec.kind {
        ParamKind::Int { default, .. } => Value::Int(default),
        ParamKind::Number { default, .. } => Value::Number(default),
        ParamKind::Choice { default, .. } => Value::Choice(default),
        ParamKind::Text { .. } => Value::Text(String::new()),
    }
}

/// All defaults of a figure.
pub fn defaults(specs: &[ParamSpec]) -> Values {
    // Inserted one by one: collecting into the map would compile a sort of
    // (key, value) pairs into the book's wasm just for this.
    let mut v = Values::default();
    for s in specs {
        v.set(s.key, default_of(s));
    }
    v
}

/// Describes the value used instead of a bad one ("using 16").
fn describe_fallback(v: Option<&Value>) -> String {
    match v {
        Some(Value::Int(v)) => format!("using {v}"),
        Some(Value::Number(Some(v))) => format!("using {}", format_number(*v)),
        Some(Value::Number(None)) => "using the computed value".into(),
        Some(Value::Choice(c)) => format!("using {c}"),
        Some(Value::Text(_)) | None => "ignoring it".into(),
    }
}

/// Reads `raw` values over the defaults of `specs`. Unknown keys and bad
/// values produce notices (prefixed with `prefix`, e.g. "lp.") and are
/// ignored; the result is always a complete, valid set.
pub fn read(specs: &[ParamSpec], raw: &[(String, String)], prefix: &str) -> (Values, Vec<Notice>) {
    read_over(specs, defaults(specs), raw, prefix)
}

/// Like [`read`], starting from `base` (a chapter's own defaults) instead
/// of the catalogue's.
pub fn read_over(
    specs: &[ParamSpec],
    base: Values,
    raw: &[(String, String)],
    prefix: &str,
) -> (Values, Vec<Notice>) {
    let mut values = base;
    let mut notices = Vec::new();
    for (k, v) in raw {
        match specs.iter().find(|s| s.key == k) {
            None => notices.push(Notice(format!(
                "{prefix}{k} is not a setting of this figure; ignoring it"
            ))),
            Some(spec) => match parse_one(spec, v) {
                Ok(value) => values.set(spec.key, value),
                Err(why) => notices.push(Notice(format!(
                    "{prefix}{k}: {why}; {}",
                    describe_fallback(values.0.get(spec.key))
                ))),
            },
        }
    }
    (values, notices)
}

/// `key=value` pairs as a link gives them, from string literals (for tests
/// and examples).
pub fn pairs(p: &[(&str, &str)]) -> Vec<(String, String)> {
    p.iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// Resolves a `step` value against a trace of `len` steps. `None` or a bad
/// value gives `default`; a bad value also gives a notice naming the range.
pub fn parse_step(
    raw: Option<&str>,
    len: usize,
    default: usize,
    prefix: &str,
) -> (usize, Option<Notice>) {
    let Some(raw) = raw.map(str::trim) else {
        return (default, None);
    };
    let why = match raw.parse::<usize>() {
        Ok(s) if s <= len => return (s, None),
        Ok(s) => format!("{s} is past the last step ({len})"),
        Err(_) if raw == "end" => return (len, None),
        Err(_) => format!("'{raw}' is not a step number"),
    };
    (
        default,
        Some(Notice(format!(
            "{prefix}step: {why}; showing step {default} of 0…{len}"
        ))),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPECS: &[ParamSpec] = &[
        ParamSpec {
            key: "n",
            label: "n",
            kind: ParamKind::Int {
                min: 2,
                max: 64,
                default: 16,
            },
        },
        ParamSpec {
            key: "mode",
            label: "mode",
            kind: ParamKind::Choice {
                options: &["a", "b"],
                default: "a",
            },
        },
        ParamSpec {
            key: "tau",
            label: "τ",
            kind: ParamKind::Number {
                min: 0.0,
                max: 10.0,
                default: None,
            },
        },
    ];

    #[test]
    fn good_values_are_taken() {
        let (v, notes) = read(
            SPECS,
            &pairs(&[("n", "32"), ("mode", "b"), ("tau", "2.5")]),
            "w.",
        );
        assert!(notes.is_empty());
        assert_eq!(v.int("n"), 32);
        assert_eq!(v.choice("mode"), "b");
        assert_eq!(v.number("tau"), Some(2.5));
    }

    #[test]
    fn bad_values_fall_back_with_a_notice() {
        let (v, notes) = read(
            SPECS,
            &pairs(&[
                ("n", "abc"),
                ("mode", "z"),
                ("tau", "99"),
                ("zz", "1"),
                ("n", "1000"),
            ]),
            "lp.",
        );
        assert_eq!(v, defaults(SPECS));
        let text: Vec<&str> = notes.iter().map(|n| n.0.as_str()).collect();
        assert_eq!(
            text,
            vec![
                "lp.n: 'abc' is not a whole number; using 16",
                "lp.mode: 'z' is not one of a, b; using a",
                "lp.tau: 99 is outside 0…10; using the computed value",
                "lp.zz is not a setting of this figure; ignoring it",
                "lp.n: 1000 is outside 2…64; using 16",
            ]
        );
    }

    #[test]
    fn steps_resolve_against_the_trace() {
        assert_eq!(parse_step(None, 10, 0, ""), (0, None));
        assert_eq!(parse_step(Some("7"), 10, 0, ""), (7, None));
        assert_eq!(parse_step(Some("end"), 10, 0, ""), (10, None));
        let (s, n) = parse_step(Some("11"), 10, 10, "lp.");
        assert_eq!(s, 10);
        assert_eq!(
            n.unwrap().0,
            "lp.step: 11 is past the last step (10); showing step 10 of 0…10"
        );
        assert!(parse_step(Some("-1"), 10, 0, "").1.is_some());
    }

    #[test]
    fn read_over_keeps_chapter_defaults() {
        let mut base = defaults(SPECS);
        base.set("n", Value::Int(32));
        let (v, notes) = read_over(SPECS, base, &pairs(&[("n", "x")]), "");
        assert_eq!(v.int("n"), 32);
        assert_eq!(notes[0].0, "n: 'x' is not a whole number; using 32");
    }

    #[test]
    fn only_changed_values_go_to_the_url() {
        let d = defaults(SPECS);
        let mut v = d.clone();
        v.set("n", Value::Int(8));
        v.set("tau", Value::Number(Some(0.125)));
        assert_eq!(
            v.to_strings(&d),
            vec![("n", "8".to_string()), ("tau", "0.125".to_string())]
        );
        assert_eq!(format_number(3.0), "3");
        assert_eq!(format_number(0.1 + 0.2), "0.3");
    }
}
