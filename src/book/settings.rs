//! Typed settings: a figure's settings are one struct declared with
//! [`settings!`](crate::settings), which gives in one place the fields,
//! their keys in links, labels, kinds, limits and defaults (the
//! [`ParamSpec`] of each field), the list the controls and the chapter
//! checks read ([`Settings::PARAMS`]) and the typed reading of checked
//! values ([`Settings::from_values`]).
//!
//! Values arrive as strings and are checked one by one against their spec
//! by [`params::read`](super::params::read), which replaces an unusable
//! value by the default with a notice naming the key, the value and what
//! was used instead. What a single value cannot show (d must be below n, a
//! root inside the mesh) is checked by the figure's `key` with the typed
//! settings in hand, again with a notice.
//!
//! ```
//! use commbook::book::params::{ParamKind, ParamSpec, read};
//! use commbook::book::settings::Settings;
//! use commbook::core::com::fig7::SwapMode;
//!
//! const N: ParamSpec = ParamSpec {
//!     key: "n",
//!     label: "processors n",
//!     kind: ParamKind::Int { min: 2, max: 64, default: 16 },
//! };
//! const SWAP: ParamSpec = ParamSpec {
//!     key: "swap",
//!     label: "swap",
//!     kind: ParamKind::Choice { options: SwapMode::WORDS, default: "both" },
//! };
//! commbook::settings! {
//!     /// An example.
//!     pub struct Example {
//!         pub n: usize = N,
//!         pub swap: SwapMode = SWAP,
//!     }
//! }
//! let raw = vec![("n".to_string(), "8".to_string()), ("swap".to_string(), "rows".to_string())];
//! let (values, notices) = read(Example::PARAMS, &raw, "");
//! assert!(notices.is_empty());
//! assert_eq!(Example::from_values(&values), Example { n: 8, swap: SwapMode::Rows });
//! assert_eq!(Example::check_choices(), Ok(()));
//! ```

use super::params::{ParamKind, ParamSpec, Value, Values, default_of};
use crate::core::keyword::Keyword;

/// A figure's typed settings.
pub trait Settings: Clone + PartialEq + std::fmt::Debug + 'static {
    /// Every setting, in the order the controls show them.
    const PARAMS: &'static [ParamSpec];

    /// The notes shown under some settings (`(key, note)`), in the order
    /// of the settings: the limits the browser needs and why. A note is
    /// declared with its field (`pub n: usize = N => "at most 64 here",`),
    /// so it cannot name a setting the figure does not have.
    const NOTES: &'static [(&'static str, &'static str)];

    /// The settings from checked values (see [`super::params::read`]);
    /// a key that is missing reads as its default.
    fn from_values(v: &Values) -> Self;

    /// Checks that every option of every choice setting reads as a value of
    /// its field's type (`Err` names the first that does not).
    fn check_choices() -> Result<(), String>;
}

/// A field type of a settings struct, read from its checked value.
pub trait FromValue: Sized {
    /// The field from `v`, or from the spec's default when `v` is absent or
    /// of another kind (checked values never are).
    fn from_value(v: Option<&Value>, spec: &ParamSpec) -> Self;

    /// For a choice setting: every option must read as this type.
    fn check(spec: &ParamSpec) -> Result<(), String> {
        let _ = spec;
        Ok(())
    }
}

/// The value to read: `v`, else the spec's default.
fn or_default(v: Option<&Value>, spec: &ParamSpec) -> Value {
    v.cloned().unwrap_or_else(|| default_of(spec))
}

/// A whole number from an `Int` value or a choice of numbers ("32").
fn int_of(v: Option<&Value>, spec: &ParamSpec) -> u64 {
    match or_default(v, spec) {
        Value::Int(x) => x,
        Value::Number(Some(x)) => x as u64,
        Value::Choice(c) => c.parse().unwrap_or(0),
        _ => 0,
    }
}

/// For a choice of numbers: every option must parse with `f`.
fn check_options<T>(spec: &ParamSpec, f: impl Fn(&str) -> Option<T>) -> Result<(), String> {
    match spec.kind {
        ParamKind::Choice { options, .. } => match options.iter().find(|o| f(o).is_none()) {
            Some(o) => Err(format!("{}: option '{o}' does not read", spec.key)),
            None => Ok(()),
        },
        _ => Ok(()),
    }
}

macro_rules! whole_numbers {
    ($($t:ty),*) => {$(
        impl FromValue for $t {
            fn from_value(v: Option<&Value>, spec: &ParamSpec) -> Self {
                // Ranges keep checked values within the type.
                <$t>::try_from(int_of(v, spec)).unwrap_or(<$t>::MAX)
            }
            fn check(spec: &ParamSpec) -> Result<(), String> {
                check_options(spec, |o| o.parse::<$t>().ok())
            }
        }
    )*};
}
whole_numbers!(usize, u64, u32);

/// A number the reader may leave blank ("computed by the figure").
impl FromValue for Option<f64> {
    fn from_value(v: Option<&Value>, spec: &ParamSpec) -> Self {
        match or_default(v, spec) {
            Value::Number(x) => x,
            Value::Int(x) => Some(x as f64),
            _ => None,
        }
    }
}

/// A number with a default (never blank).
impl FromValue for f64 {
    fn from_value(v: Option<&Value>, spec: &ParamSpec) -> Self {
        Option::<f64>::from_value(v, spec)
            .or(match spec.kind {
                ParamKind::Number { default, .. } => default,
                _ => None,
            })
            .unwrap_or(0.0)
    }
}

/// Free text (edits, pairs): what the reader wrote, checked for length only.
impl FromValue for String {
    fn from_value(v: Option<&Value>, spec: &ParamSpec) -> Self {
        match or_default(v, spec) {
            Value::Text(t) => t,
            _ => String::new(),
        }
    }
}

/// A choice's word as its spec lists it (for choices that name data rather
/// than a type: the exercises' chapter, the lab's selected row).
impl FromValue for &'static str {
    fn from_value(v: Option<&Value>, spec: &ParamSpec) -> Self {
        match or_default(v, spec) {
            Value::Choice(c) => c,
            _ => "",
        }
    }

    fn check(spec: &ParamSpec) -> Result<(), String> {
        match spec.kind {
            ParamKind::Choice { .. } => Ok(()),
            _ => Err(format!("{} is not a choice", spec.key)),
        }
    }
}

/// A value named by a word (an algorithm, a machine, a mode): read by the
/// core's [`Keyword::from_keyword`], so links, the CLI and the JS API spell
/// it alike.
pub fn keyword_of<T: Keyword>(v: Option<&Value>, spec: &ParamSpec) -> T {
    let word = match or_default(v, spec) {
        Value::Choice(c) => c,
        _ => "",
    };
    let default = match spec.kind {
        ParamKind::Choice { default, .. } => default,
        _ => "",
    };
    T::from_keyword(word)
        .or_else(|| T::from_keyword(default))
        .unwrap_or(T::ALL[0])
}

/// Every option of a choice setting must name a value of `T`.
pub fn check_keyword<T: Keyword>(spec: &ParamSpec) -> Result<(), String> {
    match spec.kind {
        ParamKind::Choice { default, .. } => {
            if T::from_keyword(default).is_none() {
                return Err(format!("{}: default '{default}' does not read", spec.key));
            }
            check_options(spec, T::from_keyword)
        }
        _ => Err(format!(
            "{} is read as a word but is not a choice",
            spec.key
        )),
    }
}

/// A type the book owns and offers whole: its settings list exactly its
/// keywords, in the order of `T::ALL` (a variant added to the type and not
/// to the options, which no reader could choose, fails the checks).
pub fn check_keyword_whole<T: Keyword>(spec: &ParamSpec) -> Result<(), String> {
    check_keyword::<T>(spec)?;
    let words: Vec<&str> = T::ALL.iter().map(|t| t.keyword()).collect();
    match spec.kind {
        ParamKind::Choice { options, .. } if options == words.as_slice() => Ok(()),
        ParamKind::Choice { options, .. } => Err(format!(
            "{}: the options {options:?} are not the type's words {words:?}",
            spec.key
        )),
        _ => Err(format!(
            "{} is read as a word but is not a choice",
            spec.key
        )),
    }
}

/// Makes the types named by words fields of settings structs (one line per
/// type: a blanket impl would collide with the numbers'). `whole:` before
/// the types: types the book owns, whose settings must offer every word
/// ([`check_keyword_whole`]).
#[macro_export]
macro_rules! keyword_settings {
    (@checked_by $check:ident; $($t:ty),*) => {$(
        impl $crate::book::settings::FromValue for $t {
            fn from_value(
                v: Option<&$crate::book::params::Value>,
                spec: &$crate::book::params::ParamSpec,
            ) -> Self {
                $crate::book::settings::keyword_of(v, spec)
            }
            fn check(spec: &$crate::book::params::ParamSpec) -> Result<(), String> {
                $crate::book::settings::$check::<$t>(spec)
            }
        }
    )*};
    (whole: $($t:ty),* $(,)?) => {
        $crate::keyword_settings!(@checked_by check_keyword_whole; $($t),*);
    };
    ($($t:ty),* $(,)?) => {
        $crate::keyword_settings!(@checked_by check_keyword; $($t),*);
    };
}

keyword_settings!(
    crate::core::com::fig7::SwapMode,
    crate::core::algo::gm_scan::Scan,
    crate::core::algo::ccom::RowOrder,
    crate::core::sweep::GmRuns,
    crate::core::algo::Algo,
    crate::core::mesh::config::Algo,
    crate::core::sim::clusters::Experiment,
    crate::core::redist::Direction,
    crate::core::sim::Sync,
    crate::core::cost::gdm::Gdm,
    crate::core::cost::machine::Machine,
    crate::core::algo::cm5::exchange::Exchange,
    crate::core::algo::cm5::Cm5Algo,
);

/// Declares a settings struct: each field with its type and the
/// [`ParamSpec`] that gives its key, label, limits and default; `@name,`
/// in place of a field includes a group of settings several figures share,
/// declared once in [`settings_group!`](crate::settings_group). See the
/// module's documentation for an example.
#[macro_export]
macro_rules! settings {
    (@note) => { None };
    (@note $note:expr) => { Some($note) };
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident { $($body:tt)* }
    ) => {
        $crate::settings!(@munch ($(#[$meta])* $vis struct $name) [] $($body)*);
    };
    // A group, expanded in place.
    (@munch $head:tt [$($done:tt)*] @ $group:ident $(, $($rest:tt)*)?) => {
        $crate::settings_group!($group $head [$($done)*] $($($rest)*)?);
    };
    // One field, and the note shown under its control, if any.
    (@munch $head:tt [$($done:tt)*] $(#[$fmeta:meta])* $fvis:vis $field:ident : $ty:ty = $spec:expr $(=> $note:expr)? $(, $($rest:tt)*)?) => {
        $crate::settings!(@munch $head [$($done)* $(#[$fmeta])* $fvis $field : $ty = $spec => ($crate::settings!(@note $($note)?)),] $($($rest)*)?);
    };
    // Every field read: the struct and its reading.
    (@munch ($(#[$meta:meta])* $vis:vis struct $name:ident) [$( $(#[$fmeta:meta])* $fvis:vis $field:ident : $ty:ty = $spec:expr => ($note:expr), )*]) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq)]
        $vis struct $name {
            $( $(#[$fmeta])* $fvis $field: $ty ),*
        }

        impl $crate::book::settings::Settings for $name {
            const PARAMS: &'static [$crate::book::params::ParamSpec] = &[$($spec),*];

            const NOTES: &'static [(&'static str, &'static str)] = {
                const ALL: &[(&str, Option<&str>)] = &[$( ($spec.key, $note) ),*];
                const NOTES: [(&str, &str); $crate::book::notes::count_notes(ALL)] =
                    $crate::book::notes::only_notes(ALL);
                &NOTES
            };

            fn from_values(v: &$crate::book::params::Values) -> Self {
                $name {
                    $( $field: <$ty as $crate::book::settings::FromValue>::from_value(
                        v.0.get($spec.key),
                        &$spec,
                    ) ),*
                }
            }

            fn check_choices() -> Result<(), String> {
                $( <$ty as $crate::book::settings::FromValue>::check(&$spec)?; )*
                Ok(())
            }
        }
    };
}

/// The groups of settings several figures share, each declared once and
/// included with `@name,` in [`settings!`](crate::settings):
/// - `@machine`: the machine a workload is priced on, a preset or the
///   reader's own τ and bandwidth (the advisor, the region maps, the lab).
#[macro_export]
#[doc(hidden)]
macro_rules! settings_group {
    (machine $head:tt [$($done:tt)*] $($rest:tt)*) => {
        $crate::settings!(@munch $head [$($done)*
            pub machine: $crate::book::figures::advisor::MachineSetting = $crate::book::figures::advisor::MACHINE => (None),
            pub tau: Option<f64> = $crate::book::figures::advisor::TAU => (None),
            pub bw: Option<f64> = $crate::book::figures::advisor::BW => (None),
        ] $($rest)*);
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::params::read;
    use crate::core::algo::Algo;

    const N: ParamSpec = ParamSpec {
        key: "n",
        label: "n",
        kind: ParamKind::Choice {
            options: &["32", "128"],
            default: "32",
        },
    };
    const ALGO: ParamSpec = ParamSpec {
        key: "algo",
        label: "algorithm",
        kind: ParamKind::Choice {
            options: &["lp", "cgm"],
            default: "lp",
        },
    };
    const TAU: ParamSpec = ParamSpec {
        key: "tau",
        label: "τ",
        kind: ParamKind::Number {
            min: 0.0,
            max: 9.0,
            default: None,
        },
    };
    crate::settings! {
        struct Probe {
            n: usize = N,
            algo: Algo = ALGO => "lp or cgm",
            tau: Option<f64> = TAU => "blank: the preset's",
        }
    }

    #[test]
    fn notes_are_declared_with_their_settings_in_order() {
        assert_eq!(
            Probe::NOTES,
            &[("algo", "lp or cgm"), ("tau", "blank: the preset's")]
        );
        assert!(WithGroup::NOTES.is_empty());
        use crate::book::notes::{note_for, notes_known};
        let notes = [("algo", "lp or cgm"), ("n", "at most 128")];
        assert_eq!(note_for("n", &notes), Some("at most 128"));
        assert_eq!(note_for("tau", &notes), None);
        assert!(notes_known(&notes, Probe::PARAMS));
        assert!(!notes_known(&[("nn", "a typo")], Probe::PARAMS));
    }

    crate::settings! {
        struct WithGroup {
            n: usize = N,
            @machine,
            algo: Algo = ALGO,
        }
    }

    #[test]
    fn a_group_is_included_in_place() {
        let keys: Vec<&str> = WithGroup::PARAMS.iter().map(|p| p.key).collect();
        assert_eq!(keys, ["n", "machine", "tau", "bw", "algo"]);
        let d = WithGroup::from_values(&Values::default());
        assert_eq!(d.machine.keyword(), "cm5");
        assert_eq!((d.tau, d.bw), (None, None));
        assert_eq!(WithGroup::check_choices(), Ok(()));
    }

    #[test]
    fn checked_values_read_into_typed_fields() {
        let raw = vec![
            ("n".to_string(), "128".to_string()),
            ("algo".to_string(), "cgm".to_string()),
        ];
        let (v, notices) = read(Probe::PARAMS, &raw, "");
        assert!(notices.is_empty());
        let p = Probe::from_values(&v);
        assert_eq!((p.n, p.algo, p.tau), (128, Algo::Cgm, None));
        // Missing keys read as the defaults.
        let d = Probe::from_values(&Values::default());
        assert_eq!((d.n, d.algo), (32, Algo::Lp));
        assert_eq!(Probe::check_choices(), Ok(()));
    }

    #[test]
    fn an_option_that_does_not_read_is_caught() {
        const BAD: ParamSpec = ParamSpec {
            key: "algo",
            label: "algorithm",
            kind: ParamKind::Choice {
                options: &["lp", "lpx"],
                default: "lp",
            },
        };
        assert_eq!(
            check_keyword::<Algo>(&BAD),
            Err("algo: option 'lpx' does not read".into())
        );
        assert!(<usize as FromValue>::check(&ALGO).is_err());
    }
}
