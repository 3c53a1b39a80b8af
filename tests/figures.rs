//! The figure list, its files and its catalogue agree: every figure file
//! is listed and every listed figure has its file and its view; each
//! figure's name is the same word in the list, the file and the type; its
//! choices read as typed values; its defaults are valid and run; the
//! README's catalogue lists them all.
#![cfg(not(target_arch = "wasm32"))]

use commbook::book::figures::modules::MODULES;
use commbook::book::figures::{CATALOGUE, PACKS, check_all, exercises, find};
use std::collections::BTreeSet;
use std::path::Path;

/// The `.rs` files of a folder of the repository, without the extension.
fn rust_files(dir: &str, skip: &[&str]) -> BTreeSet<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .flatten()
        .filter_map(|e| {
            e.file_name()
                .to_str()?
                .strip_suffix(".rs")
                .map(String::from)
        })
        .filter(|n| !skip.contains(&n.as_str()))
        .collect()
}

fn listed() -> BTreeSet<String> {
    CATALOGUE.iter().map(|e| e.name.to_string()).collect()
}

#[test]
fn every_figure_passes_its_checks() {
    let errors = check_all();
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

#[test]
fn every_figure_file_is_listed_and_every_listed_figure_has_its_files() {
    assert_eq!(
        rust_files("src/book/figures", &["mod", "checks", "modules"]),
        listed()
    );
    assert_eq!(
        rust_files("src/ui/figures", &["mod", "host", "erased"]),
        listed()
    );
    assert_eq!(listed().len(), CATALOGUE.len(), "a name is listed twice");
}

#[test]
fn every_figure_belongs_to_a_module_the_site_builds() {
    let bins = rust_files("src/bin", &[]);
    for e in CATALOGUE {
        // The exercises are computed in each chapter's module (every
        // module hosts them; `exercises.rs` tests the choice).
        if e.name == exercises::NAME {
            assert_eq!(e.pack, exercises::PACK);
            continue;
        }
        assert!(PACKS.contains(&e.pack));
        if e.pack != "main" {
            assert!(
                bins.contains(&format!("commbook-{}", e.pack)),
                "{}: no src/bin/commbook-{}.rs builds its module",
                e.name,
                e.pack
            );
        }
    }
    assert_eq!(PACKS[0], "main");
    // src/bin holds the worker and one binary per module besides the
    // book's own (the book is src/main.rs, the site program src/site).
    let modules: BTreeSet<String> = MODULES
        .iter()
        .filter(|m| m.name != "main")
        .map(|m| format!("commbook-{}", m.name))
        .chain(["commbook-worker".to_string()])
        .collect();
    assert_eq!(
        bins, modules,
        "src/bin holds exactly the modules and the worker"
    );
}

#[test]
fn the_readme_lists_every_figure() {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("README.md");
    let (_, rest) = readme
        .split_once("<!-- figures -->")
        .expect("README.md has a <!-- figures --> list");
    let (list, _) = rest.split_once("<!-- /figures -->").expect("the list ends");
    let names: BTreeSet<String> = list
        .lines()
        .filter_map(|l| l.strip_prefix("| `")?.split('`').next().map(String::from))
        .collect();
    assert_eq!(names, listed(), "README.md's figure list is out of date");
    for e in CATALOGUE {
        assert!(
            list.contains(e.title),
            "README.md does not give {}'s title",
            e.name
        );
    }
    assert!(find("lp").is_some() && find("nope").is_none());
}

/// A value no figure can use: for each setting of each figure, a value of
/// the wrong kind and one past its limits give a notice naming the key, the
/// value and what is used instead, and the figure still reads its settings.
#[test]
fn every_unusable_value_is_a_notice_naming_key_value_and_fallback() {
    use commbook::book::figures::read_settings;
    use commbook::book::params::ParamKind;
    for e in CATALOGUE {
        for p in e.params {
            let bad: Vec<(String, &str)> = match p.kind {
                ParamKind::Int { max, .. } => vec![
                    ("banana".into(), "is not a whole number"),
                    ((max + 1).to_string(), "is outside"),
                ],
                ParamKind::Number { max, .. } => vec![
                    ("x1".into(), "is not a number"),
                    (format!("{}", max * 2.0 + 1.0), "is outside"),
                ],
                ParamKind::Choice { .. } => vec![("zzz".into(), "is not one of")],
                ParamKind::Text { max_len } => vec![("x".repeat(max_len + 1), "is longer than")],
            };
            for (value, why) in bad {
                let raw = [(p.key.to_string(), value.clone())];
                let notices = read_settings(e.name, &raw).expect("listed");
                let first = notices
                    .first()
                    .unwrap_or_else(|| panic!("{}.{}={value}: no notice", e.name, p.key));
                let text = &first.0;
                assert!(
                    text.starts_with(&format!("{}: ", p.key)),
                    "{}: {text}",
                    e.name
                );
                assert!(text.contains(why), "{}.{}: {text}", e.name, p.key);
                assert!(
                    text.contains("; using ") || text.contains("; ignoring it"),
                    "{}.{}: {text}",
                    e.name,
                    p.key
                );
                if !matches!(p.kind, ParamKind::Text { .. }) {
                    assert!(
                        text.contains(value.as_str()) || why == "is outside",
                        "{text}"
                    );
                }
            }
        }
        // A key the figure lacks is named too.
        let notices = read_settings(e.name, &[("nosuch".into(), "1".into())]).expect("listed");
        assert_eq!(
            notices[0].0,
            "nosuch is not a setting of this figure; ignoring it"
        );
    }
}

/// The six per-module exercise figures' names, released before the one
/// `exercises` figure replaced them, still name it, with the chapter the
/// old figure opened on; `commbook figures --name exercises_sim` describes
/// it.
#[test]
fn the_old_exercise_figures_resolve_to_the_one() {
    use commbook::book::figures::resolve;
    for (old, chapter) in [
        ("exercises_main", "permutations"),
        ("exercises_mesh", "scatter"),
        ("exercises_redist", "redistribution"),
        ("exercises_sim", "nice"),
        ("exercises_synthesis", "choosing"),
        ("exercises_lab", "lab"),
    ] {
        let (e, implied) = resolve(old).unwrap_or_else(|| panic!("{old}"));
        assert_eq!(e.name, exercises::NAME);
        assert_eq!(implied, vec![("chapter".to_string(), chapter.to_string())]);
    }
    assert_eq!(
        resolve("lp").map(|(e, v)| (e.name, v.len())),
        Some(("lp", 0))
    );
    assert!(resolve("exercises_nope").is_none());
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_commbook"))
        .args(["figures", "--name", "exercises_sim", "--json"])
        .output()
        .expect("the CLI runs");
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["figures"][0]["name"], "exercises");
    assert_eq!(v["figures"][0]["chapter"], "nice");
    assert_eq!(v["figures"][0]["embed"], "#/embed/exercises?chapter=nice");
    assert_eq!(v["figures"][0]["module"], "by chapter");
}

/// The native reading of a link is the page's (`Entry::read`): a figure's
/// limits apply natively too, with the page's notice (netsim's mesh has at
/// most 16 rows; its fat tree takes 32 × 32).
#[test]
fn native_checks_apply_the_limits_the_page_applies() {
    use commbook::book::figures::read_settings;
    use commbook::book::params::pairs;
    let notices = read_settings("netsim", &pairs(&[("net", "mesh"), ("rows", "17")])).unwrap();
    assert!(
        notices
            .iter()
            .any(|n| n.0 == "rows: 17 is outside 1…16; using 4"),
        "{notices:?}"
    );
    let notices = read_settings(
        "netsim",
        &pairs(&[("net", "fattree"), ("rows", "17"), ("cols", "4")]),
    )
    .unwrap();
    assert!(
        !notices.iter().any(|n| n.0.contains("outside")),
        "{notices:?}"
    );
}
