//! The layers import only downwards (issue 27), read from the paths every
//! source file names, as rust-analyzer's tidy tests read its tree:
//! - the core (`src/core`, its own crate) knows nothing above it;
//! - the command layer (`src/api`: the commands the CLI, the JS API and
//!   the MPI runner share) knows only the core;
//! - the book (`src/book`: pages, figures, exercises, and the commands
//!   that need them, `book::commands`) knows the core and the commands;
//! - the charts (`src/chart`) know only the core;
//! - the page (`src/ui`) and the command line (`src/cli`) sit on top and
//!   know nothing of each other.

use std::path::Path;

/// Each layer's folder and the paths it must not name.
const LAYERS: &[(&str, &[&str])] = &[
    (
        "src/core",
        &[
            "commbook::",
            "crate::api",
            "crate::book",
            "crate::ui",
            "crate::cli",
        ],
    ),
    (
        "src/api",
        &["crate::book", "crate::ui", "crate::cli", "crate::chart"],
    ),
    ("src/book", &["crate::ui", "crate::cli"]),
    (
        "src/chart",
        &["crate::api", "crate::book", "crate::ui", "crate::cli"],
    ),
    ("src/ui", &["crate::cli"]),
    ("src/cli", &["crate::ui"]),
];

fn sources(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).expect("a source folder") {
        let p = e.expect("an entry").path();
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// `file`'s code with its comments cut (a doc link is not an import).
fn code(file: &Path) -> String {
    std::fs::read_to_string(file)
        .expect("a readable source")
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The (file, path) pairs of `layer` that name a layer above it.
fn upward(layer: &str, banned: &[&str]) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    sources(&root.join(layer), &mut files);
    assert!(!files.is_empty(), "{layer} holds no source");
    let mut found = Vec::new();
    for f in files {
        let text = code(&f);
        for b in banned {
            if text.contains(b) {
                let rel = f.strip_prefix(root).unwrap_or(&f).display().to_string();
                found.push(format!("{rel} names {b}"));
            }
        }
    }
    found
}

#[test]
fn no_layer_imports_one_above_it() {
    let found: Vec<String> = LAYERS.iter().flat_map(|(l, b)| upward(l, b)).collect();
    assert!(
        found.is_empty(),
        "imports up the layers:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_check_sees_an_upward_import() {
    // The command layer as it was before `figures` and `quiz` moved up.
    let old = "use crate::book::figures::{CATALOGUE, find, names};";
    assert!(LAYERS[1].1.iter().any(|b| old.contains(b)));
}
