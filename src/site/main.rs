//! `commbook-site`: what a build of the book needs after trunk has built
//! and staged the book's own wasm and its stylesheets. Run by
//! trunk's post-build hook (`.ci/post-build`, named in `Trunk.toml`) on the
//! staged site (`TRUNK_STAGING_DIR`, `TRUNK_PROFILE`), or by hand as
//! `commbook-site STAGE [debug|release]`. In order:
//! 1. the figure modules (`src/bin/commbook-<module>.rs`, the modules of
//!    `src/book/figures/modules.rs`) are built for wasm, each in the way
//!    its declaration says, and the JS API's worker for speed (see
//!    [`cargo`]);
//! 2. the chapters' pages and the search index, which the book's build
//!    script compiled for this very build, are copied beside the site
//!    (the chapters are compiled once per build: the modules compiled for
//!    speed share the book's package, and so its build script's run);
//! 3. each module is bound by wasm-bindgen, optimised by wasm-opt and its
//!    glue minified by terser in release builds, named by a hash of its
//!    content, and announced to the book by a
//!    `<meta name="commbook-pack-<module>">` in `index.html` (see
//!    [`bundle`]); the worker is bound as a classic worker script and
//!    optimised, under the fixed name its loader imports;
//! 4. in release builds, the book's own JavaScript is minified (trunk's
//!    minifier gives up on wasm-bindgen's `export default`);
//! 5. last, the service worker, `sw.js`, lists every file of the build
//!    under a version that changes with any of them (see
//!    [`service_worker`]).
//!
//! The tools it runs (cargo, wasm-bindgen, binaryen's wasm-opt and terser
//! from npm) were installed by `.ci/lib.sh`; a missing wasm-opt or terser
//! leaves the files unoptimised, with a warning, as in a first `--dev`
//! build.

// The site reads the modules' names and builds; the book reads the rest.
#[allow(dead_code)]
#[path = "../book/figures/modules.rs"]
mod modules;

mod bundle;
mod cargo;
mod service_worker;
mod tools;

use std::path::{Path, PathBuf};

/// The build being finished.
pub struct Site {
    /// The staged site trunk will publish.
    pub stage: PathBuf,
    /// A release build (optimised and minified) rather than a debug one.
    pub release: bool,
    /// Where cargo builds (`CARGO_TARGET_DIR`, or `target`).
    pub target: PathBuf,
}

fn main() {
    match read_site().and_then(|site| finish(&site)) {
        Ok(()) => {}
        Err(e) => {
            eprintln!("commbook-site: {e}");
            std::process::exit(1);
        }
    }
}

fn read_site() -> Result<Site, String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (stage, profile) = match args.as_slice() {
        [] => (
            std::env::var("TRUNK_STAGING_DIR").map_err(|_| {
                "run by trunk's post-build hook (TRUNK_STAGING_DIR is not set), or as: commbook-site STAGE [debug|release]".to_string()
            })?,
            std::env::var("TRUNK_PROFILE").unwrap_or_else(|_| "debug".into()),
        ),
        [stage] => (stage.clone(), "debug".into()),
        [stage, profile] => (stage.clone(), profile.clone()),
        _ => return Err("usage: commbook-site [STAGE [debug|release]]".into()),
    };
    let release = match profile.as_str() {
        "release" => true,
        "debug" => false,
        other => return Err(format!("unknown profile '{other}'; use debug or release")),
    };
    // Paths given relative to where it was started, then the repository's
    // root as the working folder (cargo, www/sw.js), wherever that was.
    let absolute = |p: PathBuf| std::path::absolute(&p).unwrap_or(p);
    let stage = absolute(PathBuf::from(stage));
    let target = absolute(
        std::env::var_os("CARGO_TARGET_DIR")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../target"))),
    );
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    std::env::set_current_dir(root).map_err(|e| format!("cannot work in {root}: {e}"))?;
    if !stage.join("index.html").is_file() {
        return Err(format!(
            "{} holds no index.html: not a site trunk has staged",
            stage.display()
        ));
    }
    Ok(Site {
        stage,
        release,
        target,
    })
}

fn finish(site: &Site) -> Result<(), String> {
    let built = cargo::build_modules(site)?;
    let pages = copy_pages(&built.pages, &site.stage.join("pages"))?;
    say(&format!("{pages} pages and the search index"));
    let metas = bundle::bundle_modules(site, &built.modules)?;
    bundle::bundle_worker(site, &built.worker)?;
    announce(&site.stage.join("index.html"), &metas)?;
    if site.release {
        bundle::minify_book_js(site)?;
    }
    service_worker::write(site)
}

/// Copies the pages the build script wrote (`$OUT_DIR/pages`); returns
/// how many chapters' pages there were (the search index aside).
fn copy_pages(from: &Path, to: &Path) -> Result<usize, String> {
    let io = |e: std::io::Error| format!("copying the pages from {}: {e}", from.display());
    std::fs::create_dir_all(to).map_err(io)?;
    let mut pages = 0;
    for entry in std::fs::read_dir(from).map_err(io)? {
        let path = entry.map_err(io)?.path();
        let name = path.file_name().unwrap_or_default();
        std::fs::copy(&path, to.join(name)).map_err(io)?;
        if path.extension().is_some_and(|x| x == "html") {
            pages += 1;
        }
    }
    Ok(pages)
}

/// Tells the book where each module is: one `<meta>` per module in
/// `index.html`'s head.
fn announce(html: &Path, metas: &str) -> Result<(), String> {
    let text = std::fs::read_to_string(html).map_err(|e| format!("{}: {e}", html.display()))?;
    let Some(at) = text.find("</head>") else {
        return Err(format!("{} has no </head>", html.display()));
    };
    let out = format!("{}{metas}{}", &text[..at], &text[at..]);
    std::fs::write(html, out).map_err(|e| format!("{}: {e}", html.display()))
}

/// A line on trunk's log.
pub fn say(what: &str) {
    eprintln!("commbook-site: {what}");
}
