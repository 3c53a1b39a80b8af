//! Numbers typed into a setting are read the same natively (Rust's parser)
//! and in the browser (JavaScript's `parseFloat` behind Rust's syntax; see
//! `book::params::parse_finite`): checked on both platforms.

use commbook::book::params::parse_finite;

/// Strings at the edges of Rust's float syntax and of exact rounding.
const CASES: &[&str] = &[
    "0",
    "-0",
    "+1",
    "1.",
    ".5",
    "-.5",
    "+.5e-3",
    "1e5",
    "1E+5",
    "2.5e-3",
    "007",
    "0.75",
    "0.1",
    "0.30000000000000004",
    "123456789012345678901234567890",
    "2.2250738585072011e-308",
    "4.9e-324",
    "1e-400",
    "1.7976931348623157e308",
    "1e400",
    "-1e400",
    "",
    ".",
    "+",
    "-",
    "e5",
    ".e5",
    "1e",
    "1e+",
    "1..2",
    "1.2.3",
    "1_000",
    "0x10",
    " 1",
    "1 ",
    "inf",
    "-infinity",
    "NaN",
    "Infinity",
    "1e5.5",
    "1,5",
    "½",
    "١",
];

/// Every case reads as `str::parse::<f64>` reads it, finite values only.
pub fn numbers_parse_as_rust_parses_them() {
    for s in CASES {
        let rust = s.parse::<f64>().ok().filter(|v| v.is_finite());
        assert_eq!(
            parse_finite(s).map(f64::to_bits),
            rust.map(f64::to_bits),
            "{s:?}"
        );
    }
}
