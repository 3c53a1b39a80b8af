//! Helpers shared by the CLI integration tests: run the binary on a
//! command line written as one string.

#![allow(dead_code)]

use serde_json::Value;
use std::process::{Command, Output};

/// Runs `commbook` with the whitespace-separated words of `line`.
pub fn run(line: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_commbook"))
        .args(line.split_whitespace())
        .output()
        .expect("the binary runs")
}

/// Runs `line` (which should end in `--json`) and parses stdout.
pub fn json(line: &str) -> Value {
    let out = run(line);
    assert!(
        out.status.success(),
        "{line}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("valid JSON")
}

/// Runs `line`, checks that it fails as bad input (exit code 2, nothing on
/// stdout, one line on stderr) and returns the message.
pub fn bad(line: &str) -> String {
    let out = run(line);
    assert_eq!(out.status.code(), Some(2), "{line}");
    assert!(out.stdout.is_empty(), "{line}");
    let err = String::from_utf8(out.stderr).expect("UTF-8");
    assert_eq!(err.trim_end().lines().count(), 1, "{line}: {err}");
    let msg = err.trim_end().strip_prefix("commbook: error: ");
    msg.unwrap_or_else(|| panic!("{line}: {err}")).to_string()
}
