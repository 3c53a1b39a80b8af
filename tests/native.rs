//! The native integration tests, as one binary: each file of `tests/` is
//! a module here (`cargo test --test native cli_quiz::` runs one file's),
//! so the crate is linked into one test program instead of one per file.
//! The browser tests are `tests/browser.rs`, for wasm32 only.

// The CLI tests' helpers (tests/common/mod.rs), shared by the modules.
mod common;

#[path = "bench_redist.rs"]
mod bench_redist;
#[path = "chapters.rs"]
mod chapters;
#[path = "cli.rs"]
mod cli;
#[path = "cli_collective.rs"]
mod cli_collective;
#[path = "cli_exchange.rs"]
mod cli_exchange;
#[path = "cli_golden.rs"]
mod cli_golden;
#[path = "cli_nice.rs"]
mod cli_nice;
#[path = "cli_quiz.rs"]
mod cli_quiz;
#[path = "cli_redist.rs"]
mod cli_redist;
#[path = "cli_reproduce.rs"]
mod cli_reproduce;
#[path = "cli_schedule.rs"]
mod cli_schedule;
#[path = "cli_simulate.rs"]
mod cli_simulate;
#[path = "determinism.rs"]
mod determinism;
#[path = "exercises.rs"]
mod exercises;
#[path = "figures.rs"]
mod figures;
#[path = "lab.rs"]
mod lab;
#[path = "layers.rs"]
mod layers;
#[path = "prop_schedules.rs"]
mod prop_schedules;
#[path = "properties.rs"]
mod properties;
#[path = "props_002_004.rs"]
mod props_002_004;
#[path = "repro_000.rs"]
mod repro_000;

/// Every file of `tests/` is a module of this binary: with Cargo's
/// automatic test targets off, a file left out would never run.
#[test]
fn every_test_file_is_a_module_here() {
    let me = include_str!("native.rs");
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests");
    let mut seen = 0;
    for entry in std::fs::read_dir(dir).expect("tests/ is readable") {
        let name = entry
            .expect("an entry")
            .file_name()
            .into_string()
            .expect("a UTF-8 name");
        if name.ends_with(".rs") && name != "native.rs" && name != "browser.rs" {
            assert!(
                me.contains(&format!("#[path = \"{name}\"]")),
                "tests/{name} is not a module of tests/native.rs"
            );
            seen += 1;
        }
    }
    assert!(seen >= 19, "{seen} test files");
}
