//! Narrower ranges that hold while a choice setting reads one word (a
//! mesh's rows where the fat tree takes more), checked while compiling.

use super::{Notice, ParamKind, ParamSpec, Value, Values, describe_fallback};

/// Applies `limits` to the values a link gave (`raw`): a value past the
/// narrower range gets the same notice as one past the setting's own range,
/// and the default (`base`) instead.
pub fn apply_limits(
    limits: &[Limit],
    values: &mut Values,
    base: &Values,
    raw: &[(String, String)],
    prefix: &str,
) -> Vec<Notice> {
    let mut notices = Vec::new();
    for l in limits {
        let key = l.setting.key;
        let active = matches!(values.0.get(l.when.key), Some(Value::Choice(c)) if *c == l.is);
        let given = raw.iter().any(|(k, _)| k == key);
        let Some(&Value::Int(v)) = values.0.get(key) else {
            continue;
        };
        if active && given && v > l.max {
            let min = match l.setting.kind {
                ParamKind::Int { min, .. } => min,
                _ => 1,
            };
            let fallback = base.0.get(key).cloned();
            notices.push(Notice(format!(
                "{prefix}{key}: {v} is outside {min}…{}; {}",
                l.max,
                describe_fallback(fallback.as_ref())
            )));
            if let Some(d) = fallback {
                values.set(l.setting.key, d);
            }
        }
    }
    notices
}

/// While choice setting `when` reads `is`, whole-number setting `setting`
/// is at most `max`. Declared with [`Limit::new`], which refuses to compile
/// a word that is not one of `when`'s or a setting that is not a number.
///
/// ```
/// use commbook_api::params::{Limit, ParamKind, ParamSpec};
/// const NET: ParamSpec = ParamSpec {
///     key: "net",
///     label: "network",
///     kind: ParamKind::Choice { options: &["mesh", "fattree"], default: "mesh" },
/// };
/// const ROWS: ParamSpec = ParamSpec {
///     key: "rows",
///     label: "rows",
///     kind: ParamKind::Int { min: 1, max: 32, default: 4 },
/// };
/// const MESH: Limit = Limit::new(&ROWS, &NET, "mesh", 16);
/// assert_eq!(MESH.setting.key, "rows");
/// ```
///
/// A word the choice does not have is refused by the compiler:
///
/// ```compile_fail
/// use commbook_api::params::{Limit, ParamKind, ParamSpec};
/// const NET: ParamSpec = ParamSpec {
///     key: "net",
///     label: "network",
///     kind: ParamKind::Choice { options: &["mesh", "fattree"], default: "mesh" },
/// };
/// const ROWS: ParamSpec = ParamSpec {
///     key: "rows",
///     label: "rows",
///     kind: ParamKind::Int { min: 1, max: 32, default: 4 },
/// };
/// const RING: Limit = Limit::new(&ROWS, &NET, "ring", 16);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limit {
    pub setting: &'static ParamSpec,
    pub when: &'static ParamSpec,
    pub is: &'static str,
    pub max: u64,
}

impl Limit {
    /// The limit, checked while compiling: `setting` is a whole number
    /// whose range reaches past `max`, and `is` is one of `when`'s words.
    pub const fn new(
        setting: &'static ParamSpec,
        when: &'static ParamSpec,
        is: &'static str,
        max: u64,
    ) -> Limit {
        match setting.kind {
            ParamKind::Int { min, max: top, .. } => {
                assert!(
                    min <= max && max < top,
                    "a limit narrows a whole-number range"
                );
            }
            _ => panic!("a limit caps a whole-number setting"),
        }
        let ParamKind::Choice { options, .. } = when.kind else {
            panic!("a limit applies while a choice setting reads one of its words");
        };
        let mut k = 0;
        let mut found = false;
        while k < options.len() {
            found |= same_word(options[k], is);
            k += 1;
        }
        assert!(found, "a limit's word is one of its choice setting's words");
        Limit {
            setting,
            when,
            is,
            max,
        }
    }
}

/// Two words equal, in a constant.
const fn same_word(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut k = 0;
    while k < a.len() {
        if a[k] != b[k] {
            return false;
        }
        k += 1;
    }
    true
}
