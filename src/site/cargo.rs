//! Building the figure modules for wasm, in the build's own profile and
//! target directory: in release builds the modules declared for speed get
//! the core at opt-level 3 ([`CORE_FOR_SPEED`]) and the others the
//! profile as it is. Every other crate is compiled alike for both, so the
//! speed modules reuse the dependencies trunk has just compiled for the
//! book and recompile only the core and the book's library: the same wasm,
//! byte for byte, as a profile of their own in a directory of their own,
//! which compiled every dependency a second time (a minute and a half of
//! a core on every fresh build, CI's among them).

use crate::Site;
use crate::modules::{Build, MODULES, Module};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const WASM: &str = "wasm32-unknown-unknown";

/// How a release build compiles the modules declared for speed: the core
/// at opt-level 3 and everything else as the release profile says. A
/// seek in the animator replays up to a million and a half flit moves,
/// and with the core at "z" the whole Delta's 256 B run took 5.3 s
/// against 3.9 s at 3 (README, Benchmarks); the whole module at 3 was
/// 160 KB larger gzipped for no further gain, the core alone 22-23 KB.
const CORE_FOR_SPEED: &str = "profile.release.package.commbook-core.opt-level=3";

/// The JS API's worker (`src/bin/commbook-worker.rs`), which the book's
/// Web Workers also run to share out long sweeps (`ui::pool`): built
/// beside the modules for speed, as they are, since every call it takes
/// is a computation (the seventeenth session measured the JS API's
/// simulations at 53-73 % of native with the core at "z", the animator's
/// module at 65-77 % with it at 3). It is not part of what a page loads.
pub const WORKER: &str = "worker";

/// The built modules and the pages of this build.
pub struct Built {
    /// Each module but the book's own, with its built `.wasm`.
    pub modules: Vec<(&'static Module, PathBuf)>,
    /// The JS API's worker's built `.wasm` ([`WORKER`]).
    pub worker: PathBuf,
    /// `$OUT_DIR/pages` of the book's build script in this profile: the
    /// pages and the search index compiled for this build.
    pub pages: PathBuf,
}

pub fn build_modules(site: &Site) -> Result<Built, String> {
    let modules: Vec<&'static Module> = MODULES.iter().filter(|m| m.name != "main").collect();
    let fast = |m: &Module| site.release && m.build == Build::Speed;
    let names = |want: bool| -> Vec<&'static str> {
        modules
            .iter()
            .filter(|m| fast(m) == want)
            .map(|m| m.name)
            .collect()
    };
    let (mut speed, mut size) = (names(true), names(false));
    let all: Vec<&str> = modules.iter().map(|m| m.name).collect();
    crate::say(&format!(
        "building the figure modules: {}, and the JS API's worker",
        all.join(" ")
    ));
    if site.release {
        speed.push(WORKER);
    } else {
        size.push(WORKER);
    }
    // The book's own build, which trunk has just made (so this costs
    // nothing): its build script's message names the folder of the pages
    // it compiled.
    let mut c = cargo(&site.target, &[], site.release);
    c.args([
        "--bin",
        "commbook",
        "--message-format=json-render-diagnostics",
    ]);
    let out = c
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !out.status.success() {
        return Err("building the book failed".into());
    }
    let book_out = out_dir(&String::from_utf8_lossy(&out.stdout))?;
    // One after the other: cargo locks the directory it builds in. The
    // book's build script is not run again for the modules for speed (its
    // run depends on the book's own settings, not the core's), so the
    // chapters are compiled once per build.
    // (No binary named would build every binary.)
    for (names, for_speed) in [(&size, false), (&speed, true)] {
        if names.is_empty() {
            continue;
        }
        let mut c = cargo(&site.target, names, site.release);
        if for_speed {
            c.args(["--config", CORE_FOR_SPEED]);
        }
        let ok = c
            .status()
            .map_err(|e| format!("cannot run cargo: {e}"))?
            .success();
        if !ok {
            let which = if for_speed { "compiled for speed " } else { "" };
            return Err(format!("building the figure modules {which}failed"));
        }
    }
    let pages = book_out.join("pages");
    let profile_dir = site
        .target
        .join(WASM)
        .join(if site.release { "release" } else { "debug" });
    let modules = modules
        .into_iter()
        .map(|m| (m, profile_dir.join(format!("commbook-{}.wasm", m.name))))
        .collect();
    let worker = profile_dir.join(format!("commbook-{WORKER}.wasm"));
    Ok(Built {
        modules,
        worker,
        pages,
    })
}

/// `cargo build` of modules `names` for wasm, quietly, in `target`.
fn cargo(target: &Path, names: &[&str], release: bool) -> Command {
    let mut c = Command::new("cargo");
    c.args(["build", "-q", "--target", WASM])
        .env("CARGO_TARGET_DIR", target);
    if release {
        c.arg("--release");
    }
    for n in names {
        c.args(["--bin", &format!("commbook-{n}")]);
    }
    c
}

/// The book's build script's output folder, from cargo's JSON messages
/// (one object a line).
fn out_dir(messages: &str) -> Result<PathBuf, String> {
    for line in messages.lines() {
        let Ok(v) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        if v["reason"] != "build-script-executed" || !is_the_book(&v["package_id"]) {
            continue;
        }
        if let Some(dir) = v["out_dir"].as_str() {
            return Ok(PathBuf::from(dir));
        }
    }
    Err("cargo did not say where the book's build script wrote the pages".into())
}

/// Whether a package id is the book's crate: `path+file:///…/main#commbook@0.1.0`
/// in today's cargo, `path+file:///…/commbook#0.1.0` when the folder has
/// the package's name, `commbook 0.1.0 (path+file:///…)` in older cargo.
fn is_the_book(id: &serde_json::Value) -> bool {
    let id = id.as_str().unwrap_or("");
    let name = match id.rsplit_once('#') {
        Some((url, fragment)) => match fragment.split_once('@') {
            Some((name, _)) => name,
            // Only a version: the name is the folder's.
            None => url.rsplit('/').next().unwrap_or(""),
        },
        None => id.split(' ').next().unwrap_or(""),
    };
    name == "commbook"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_books_build_script_output_is_found_in_cargos_messages() {
        let msgs = concat!(
            "{\"reason\":\"compiler-artifact\",\"package_id\":\"path+file:///r#commbook@0.1.0\"}\n",
            "{\"reason\":\"build-script-executed\",\"package_id\":\"registry+https://github.com/rust-lang/crates.io-index#serde@1.0.0\",\"out_dir\":\"/t/serde/out\"}\n",
            "{\"reason\":\"build-script-executed\",\"package_id\":\"path+file:///r/src/core#commbook-core@0.1.0\",\"out_dir\":\"/t/core/out\"}\n",
            "not json\n",
            "{\"reason\":\"build-script-executed\",\"package_id\":\"path+file:///r#commbook@0.1.0\",\"out_dir\":\"/t/book/out\"}\n",
        );
        assert_eq!(out_dir(msgs), Ok(PathBuf::from("/t/book/out")));
        assert!(out_dir("").is_err());
        let id = |s: &str| is_the_book(&serde_json::json!(s));
        assert!(id("commbook 0.1.0 (path+file:///r)"));
        assert!(id("path+file:///home/me/commbook#0.1.0"));
        assert!(!id("commbook-api 0.1.0 (path+file:///r)"));
        assert!(!id("path+file:///r/src/api#commbook-api@0.1.0"));
        assert!(!id("path+file:///home/me/site#0.1.0"));
    }
}
