//! A seed reproduces a run exactly (native side; `tests/browser/parts.rs`
//! checks the same value in the browser).
#![cfg(not(target_arch = "wasm32"))]

#[path = "common/golden.rs"]
mod golden;

#[path = "common/numbers.rs"]
mod numbers;

#[test]
fn numbers_parse_as_rust_parses_them() {
    numbers::numbers_parse_as_rust_parses_them();
}

#[test]
fn figure7_matches_the_golden_fingerprint() {
    assert_eq!(
        golden::fig7_fingerprint(),
        golden::FIG7_64_7_42,
        "{:#x}",
        golden::fig7_fingerprint()
    );
}
