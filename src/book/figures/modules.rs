//! The book's wasm modules, declared once: each module's name (the word in
//! `for_each_figure!`'s list and in
//! `src/bin/commbook-<name>.rs`), the chapters whose figures and exercises
//! it holds, and how a release build compiles it.
//!
//! Plain data with no imports, so the site program (`src/site`, which
//! builds the modules, and must not build the book to learn their names)
//! includes this very file. The figure registry checks at compile time
//! that its list names exactly these modules, in this order.

/// How a release build compiles a module.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Build {
    /// Cargo's `release` profile (opt-level "z") and `wasm-opt -Oz`: the
    /// smallest download.
    Size,
    /// Cargo's `release` profile with the core at opt-level 3 (the site
    /// program's `CORE_FOR_SPEED`) and `wasm-opt -O3`: the modules that
    /// run the simulator for the animator, whose seeks are mostly replay
    /// (measured in the README's "Sizes and speed"), and the
    /// redistribution chapter's, whose figures price every schedule's
    /// exact plan for every K (the chapter drawn in 1.6-2.0 s instead of
    /// 2.4-2.7 s, for 7 KB more to download, gzipped).
    Speed,
}

/// One wasm module.
#[derive(Clone, Copy, Debug)]
pub struct Module {
    /// `main` is the book's own (built by trunk); every other one is
    /// `src/bin/commbook-<name>.rs`, loaded when a page first shows one of
    /// its figures.
    pub name: &'static str,
    /// The slugs of the chapters whose exercises it holds, in order.
    pub chapters: &'static [&'static str],
    pub build: Build,
}

/// Every module, the book's own first.
pub const MODULES: &[Module] = &[
    Module {
        name: "main",
        chapters: &["permutations", "compaction", "cgm"],
        build: Build::Size,
    },
    Module {
        name: "mesh",
        chapters: &["scatter", "tournament", "combining"],
        build: Build::Size,
    },
    Module {
        name: "redist",
        chapters: &["redistribution"],
        build: Build::Speed,
    },
    Module {
        name: "sim",
        chapters: &["nice", "cm5", "simulation", "today"],
        build: Build::Speed,
    },
    Module {
        name: "synthesis",
        chapters: &["choosing", "appendix"],
        build: Build::Size,
    },
    Module {
        name: "lab",
        chapters: &["lab"],
        build: Build::Speed,
    },
];

/// Module `name` (a name not in [`MODULES`] fails the build where this is
/// called in a constant).
pub const fn module(name: &str) -> &'static Module {
    let mut i = 0;
    while i < MODULES.len() {
        if same(MODULES[i].name, name) {
            return &MODULES[i];
        }
        i += 1;
    }
    panic!("no such module")
}

/// The module whose exercises include chapter `slug`.
pub fn module_of_chapter(slug: &str) -> Option<&'static Module> {
    MODULES.iter().find(|m| m.chapters.contains(&slug))
}

/// Whether `names` are exactly the modules' names, in order.
pub const fn are_the_modules(names: &[&str]) -> bool {
    if names.len() != MODULES.len() {
        return false;
    }
    let mut i = 0;
    while i < names.len() {
        if !same(names[i], MODULES[i].name) {
            return false;
        }
        i += 1;
    }
    true
}

/// String equality a constant can use.
pub const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}
