//! Building the figure modules for wasm: the modules declared for size in
//! the build's own profile, in the build's target directory; in release
//! builds, those declared for speed with Cargo's `release-fast` profile at
//! the same time, in a target directory of their own (cargo locks the
//! directory it builds in, and the two profiles share no artifact): each
//! build spends most of its time optimising one crate as one unit, on one
//! core, so the two together take the time of the longer.

use crate::Site;
use crate::modules::{Build, MODULES, Module};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const WASM: &str = "wasm32-unknown-unknown";

/// The built modules and the pages of this build.
pub struct Built {
    /// Each module but the book's own, with its built `.wasm`.
    pub modules: Vec<(&'static Module, PathBuf)>,
    /// `$OUT_DIR/pages` of the book's build script in this profile: the
    /// pages and the search index compiled for this build (once: the
    /// modules for speed reuse its table of contents).
    pub pages: PathBuf,
}

pub fn build_modules(site: &Site) -> Result<Built, String> {
    let modules: Vec<&'static Module> = MODULES.iter().filter(|m| m.name != "main").collect();
    let fast = |m: &Module| site.release && m.build == Build::Speed;
    let fast_dir = site.target.join("fast");
    let names = |want: bool| -> Vec<&'static str> {
        modules
            .iter()
            .filter(|m| fast(m) == want)
            .map(|m| m.name)
            .collect()
    };
    let (speed, size) = (names(true), names(false));
    let all: Vec<&str> = modules.iter().map(|m| m.name).collect();
    crate::say(&format!("building the figure modules: {}", all.join(" ")));
    // The book's own build, which trunk has just made (so this costs
    // nothing): its build script's message names the folder of the pages
    // and the table of contents it compiled.
    let mut c = cargo(&site.target, &[]);
    c.args([
        "--bin",
        "commbook",
        "--message-format=json-render-diagnostics",
    ]);
    if site.release {
        c.arg("--release");
    }
    let out = c
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !out.status.success() {
        return Err("building the book failed".into());
    }
    let book_out = out_dir(&String::from_utf8_lossy(&out.stdout))?;
    // The modules for speed build beside the others, reusing that table of
    // contents rather than compiling the chapters again (build.rs).
    let mut fast_build = if speed.is_empty() {
        None
    } else {
        let mut c = cargo(&site.target, &speed);
        c.args(["--profile", "release-fast"])
            .env("CARGO_TARGET_DIR", &fast_dir)
            .env("COMMBOOK_TOC_FROM", &book_out);
        Some(c.spawn().map_err(|e| format!("cannot run cargo: {e}"))?)
    };
    // (No binary named would build every binary.)
    let built = if size.is_empty() {
        Ok(true)
    } else {
        let mut c = cargo(&site.target, &size);
        if site.release {
            c.arg("--release");
        }
        c.status()
            .map(|s| s.success())
            .map_err(|e| format!("cannot run cargo: {e}"))
    };
    if let Some(child) = fast_build.as_mut() {
        let fast = child.wait().map_err(|e| format!("cargo: {e}"))?;
        if !fast.success() {
            return Err("building the modules compiled for speed failed".into());
        }
    }
    if !built? {
        return Err("building the figure modules failed".into());
    }
    let pages = book_out.join("pages");
    let profile_dir = |m: &Module| {
        if fast(m) {
            fast_dir.join(WASM).join("release-fast")
        } else {
            site.target
                .join(WASM)
                .join(if site.release { "release" } else { "debug" })
        }
    };
    let modules = modules
        .into_iter()
        .map(|m| (m, profile_dir(m).join(format!("commbook-{}.wasm", m.name))))
        .collect();
    Ok(Built { modules, pages })
}

/// `cargo build` of modules `names` for wasm, quietly, in `target`.
fn cargo(target: &Path, names: &[&str]) -> Command {
    let mut c = Command::new("cargo");
    c.args(["build", "-q", "--target", WASM])
        .env("CARGO_TARGET_DIR", target);
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
