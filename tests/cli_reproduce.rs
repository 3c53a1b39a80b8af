#![cfg(not(target_arch = "wasm32"))]
//! `commbook reproduce`: the printed tables recomputed, as text or JSON,
//! with the exit status the README documents.

use crate::common;

use common::{bad, run};
use serde_json::Value;

#[test]
fn json_holds_published_and_ours_for_every_cell() {
    let out = run("reproduce --paper 004 --json");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["ok"], true);
    let tables = v["tables"].as_array().unwrap();
    let ids: Vec<&str> = tables.iter().map(|t| t["id"].as_str().unwrap()).collect();
    assert_eq!(
        ids,
        [
            "004-t1", "004-t2", "004-t3", "004-t4", "004-t5", "004-t6", "004-t7", "004-t8"
        ]
    );
    for t in tables {
        assert_eq!(t["paper"], "004");
        for row in t["rows"].as_array().unwrap() {
            for c in row["cells"].as_array().unwrap() {
                assert!(!c["published"].is_null() && !c["ours"].is_null(), "{c}");
                let kind = c["verdict"]["kind"].as_str().unwrap();
                assert!(["matches", "within", "explained"].contains(&kind), "{c}");
                if kind == "explained" {
                    assert!(c["verdict"]["reason"].as_str().unwrap().len() > 20);
                }
            }
        }
    }
    // Table 1: PEX's first step as printed.
    let first = &tables[0]["rows"][0]["cells"][0];
    assert_eq!(first["published"], "0–1 2–3 4–5 6–7");
    assert_eq!(first["ours"], first["published"]);
}

#[test]
fn text_is_aligned_with_verdicts_and_reasons() {
    let out = run("reproduce --paper 003");
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("== paper 003, Figure 11"), "{text}");
    assert!(text.contains("✓ matches"));
    // Corollary 1's erratum is explained with its evidence.
    assert!(text.contains("! explained [1]"));
    assert!(text.contains("2, 5, 8, 0, 3, 6"));
    assert!(text.trim_end().lines().last().unwrap().contains("0 differ"));
}

#[test]
fn one_table_and_bad_requests() {
    let out = run("reproduce --table 004-t2");
    assert_eq!(out.status.code(), Some(0));
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .contains("1 tables, 3 cells")
    );
    assert!(bad("reproduce --paper 007").contains("the papers are 000, 001, 002, 003, 004"));
    assert!(bad("reproduce --table fig99").contains("001-fig9"));
    assert!(bad("reproduce --paper").contains("needs a value"));
    assert!(bad("reproduce --papers 001").contains("--paper"));
}
