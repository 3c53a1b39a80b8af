//! The layers import only downwards (issue 27), read from the paths every
//! source file names, as rust-analyzer's tidy tests read its tree:
//! - the core (`src/core`, its own crate) knows nothing above it;
//! - the command layer (`src/api`, the crate `commbook-api`: the commands
//!   the CLI, the JS API and the MPI runner share) knows only the core;
//! - the MPI runner (`mpi/`) knows the core and the commands, never the
//!   book, so it builds without the pages and their parsers (read from
//!   `Cargo.lock`, as `cargo tree -p commbook-mpi` would show it);
//! - the site program (`src/site`) builds neither the book nor the pages:
//!   it reads the modules from `src/book/figures/modules.rs` by path;
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
        &[
            "commbook::",
            "crate::book",
            "crate::ui",
            "crate::cli",
            "crate::chart",
        ],
    ),
    ("mpi/src", &["commbook::"]),
    // The site program learns the modules from one file of data.
    ("src/site", &["commbook::", "commbook_"]),
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

/// The packages `package` depends on, directly or not, read from
/// `Cargo.lock` (each `[[package]]` block's `name` and `dependencies`).
fn closure(package: &str) -> Vec<String> {
    let lock = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.lock"))
        .expect("Cargo.lock");
    let mut deps: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    for block in lock.split("[[package]]").skip(1) {
        let name = block
            .lines()
            .find_map(|l| l.strip_prefix("name = "))
            .expect("a package's name")
            .trim_matches('"')
            .to_string();
        let list = block
            .split("dependencies = [")
            .nth(1)
            .map(|rest| rest.split(']').next().unwrap_or(""))
            .unwrap_or("");
        let names = list
            .lines()
            .map(|l| l.trim().trim_end_matches(',').trim_matches('"'))
            .filter(|l| !l.is_empty())
            // A dependency on two versions names its version after a space.
            .map(|l| l.split(' ').next().unwrap_or(l).to_string());
        deps.entry(name).or_default().extend(names);
    }
    let mut seen = vec![package.to_string()];
    let mut i = 0;
    while i < seen.len() {
        for d in deps.get(&seen[i]).cloned().unwrap_or_default() {
            if !seen.contains(&d) {
                seen.push(d);
            }
        }
        i += 1;
    }
    seen
}

#[test]
fn the_mpi_runner_and_the_commands_build_without_the_book() {
    for package in ["commbook-mpi", "commbook-api", "commbook-site"] {
        let all = closure(package);
        assert!(all.len() > 3, "{package} not found in Cargo.lock: {all:?}");
        for book in [
            "commbook",
            "commbook-pages",
            "pulldown-cmark",
            "pulldown-latex",
        ] {
            assert!(
                !all.iter().any(|d| d == book),
                "{package} depends on {book}: {all:?}"
            );
        }
    }
    // The check sees a dependency: the book's crate needs the pages.
    assert!(closure("commbook").iter().any(|d| d == "pulldown-cmark"));
}

#[test]
fn every_link_the_book_writes_goes_through_route() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    sources(&root.join("src"), &mut files);
    sources(&root.join("mpi/src"), &mut files);
    let mut found = Vec::new();
    for f in files {
        let rel = f.strip_prefix(root).unwrap_or(&f).display().to_string();
        if rel == "src/core/route.rs" || rel.ends_with("tests.rs") || rel.contains("/tests/") {
            continue;
        }
        let text = code(&f);
        // A file's own tests may spell the links they expect.
        let text = text.split("#[cfg(test)]").next().unwrap_or("");
        for (i, line) in text.lines().enumerate() {
            if line.contains("\"#/") {
                found.push(format!("{rel}:{}: {}", i + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "links written by hand (use core::route::Route):\n{}",
        found.join("\n")
    );
}
