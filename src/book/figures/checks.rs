//! Native checks every figure of the list must pass (`tests/figures.rs`
//! runs them for the whole catalogue): the name is the same word in the
//! list, the file and the type; every choice setting reads as its typed
//! field; defaults lie within their limits; notes name real settings; and
//! the computation runs on the defaults.

use crate::book::figure::Figure;
use crate::book::params::{Notice, ParamKind, parse_one};
use crate::book::route::STEP;
use crate::book::settings::Settings;

/// What a native run of a figure gave.
#[derive(Debug)]
pub struct Ran {
    /// Notices for the settings given (and the corrections of `key`).
    pub notices: Vec<Notice>,
    /// Steps of the figure's player.
    pub steps: usize,
}

/// The notices `raw` settings of `F` give, up to its key.
pub fn notices<F: Figure>(raw: &[(String, String)]) -> Vec<Notice> {
    key::<F>(raw).1
}

/// Runs `F` on `raw` settings (`key=value` strings, as a link gives them).
pub fn run<F: Figure>(raw: &[(String, String)]) -> Ran {
    let (out, notices) = output::<F>(raw);
    Ran {
        notices,
        steps: F::steps(&out),
    }
}

/// The key `F` reads from `raw` settings, with every notice on the way.
pub fn key<F: Figure>(raw: &[(String, String)]) -> (F::Key, Vec<Notice>) {
    let (values, mut notices) = crate::book::figure::read_settings::<F>(raw, "");
    let (key, mut more) = F::key(&F::Settings::from_values(&values));
    notices.append(&mut more);
    (key, notices)
}

/// `F`'s output for `raw` settings, computed to the end, and the notices.
pub fn output<F: Figure>(raw: &[(String, String)]) -> (F::Output, Vec<Notice>) {
    let (key, notices) = key::<F>(raw);
    (crate::core::step::run(F::compute(&key)), notices)
}

/// Checks figure `F`, listed as `name: ty`, adding what fails to `errors`.
pub fn one<F: Figure>(name: &str, ty: &str, errors: &mut Vec<String>) {
    let mut fail = |what: String| errors.push(format!("figure {name}: {what}"));
    if ty != commbook_pages::type_of(name) {
        fail(format!(
            "its type is {ty}; the list names it {}",
            commbook_pages::type_of(name)
        ));
    }
    // A figure generic over its module's parts (the exercises' generators)
    // is named without its parameters.
    let full = std::any::type_name::<F>();
    let full = full.split('<').next().unwrap_or(full);
    let want = format!("commbook::book::figures::{name}::{ty}");
    if full != want {
        fail(format!("its type is {full}, not {want}"));
    }
    if let Err(e) = F::Settings::check_choices() {
        fail(e);
    }
    let params = <F::Settings as Settings>::PARAMS;
    for (i, p) in params.iter().enumerate() {
        if p.key == STEP || p.key.contains(['.', '&', '=', '#']) || p.key.is_empty() {
            fail(format!("'{}' cannot be a setting's key in a link", p.key));
        }
        if params[..i].iter().any(|q| q.key == p.key) {
            fail(format!("two settings are called '{}'", p.key));
        }
        let default = match p.kind {
            ParamKind::Int { default, .. } => Some(default.to_string()),
            ParamKind::Number { default, .. } => default.map(|d| d.to_string()),
            ParamKind::Choice { default, .. } => Some(default.to_string()),
            ParamKind::Text { .. } => None,
        };
        if let Some(d) = default
            && let Err(why) = parse_one(p, &d)
        {
            fail(format!("the default of '{}' is refused: {why}", p.key));
        }
    }
    // Limit::new checks the word and the kinds while compiling; here,
    // that both settings are this figure's.
    for l in F::LIMITS {
        for spec in [l.setting, l.when] {
            if !params.contains(spec) {
                fail(format!(
                    "a limit names '{}', which is not a setting",
                    spec.key
                ));
            }
        }
    }
    if F::POOLED && F::compute(&key::<F>(&[]).0).pool().is_none() {
        fail("it is marked POOLED but its stepper offers no items to the workers".into());
    }
    let ran = run::<F>(&[]);
    if !ran.notices.is_empty() {
        fail(format!("its defaults give notices: {:?}", ran.notices));
    }
}
