//! Each figure module made ready to load: bound by wasm-bindgen (the glue
//! a page imports), optimised and minified in release builds, and named by
//! a hash of its content, so a browser never runs a stale copy and a new
//! build's service worker knows what changed.

use crate::Site;
use crate::modules::{Build, Module};
use crate::tools::{content_hash, installed, read, run, write};
use std::path::{Path, PathBuf};

/// Bundles every module into the stage, one after another (wasm-opt uses
/// every core on its own, and the test run builds the site beside other
/// work); returns the `<meta>` tags that announce them.
pub fn bundle_modules(
    site: &Site,
    modules: &[(&'static Module, PathBuf)],
) -> Result<String, String> {
    let scratch = std::env::temp_dir().join(format!("commbook-site-{}", std::process::id()));
    let metas: Result<Vec<String>, String> = modules
        .iter()
        .map(|(m, wasm)| bundle(site, m, wasm, &scratch.join(m.name)))
        .collect();
    let _ = std::fs::remove_dir_all(&scratch);
    Ok(metas?.concat())
}

/// One module: its `<meta>` tag.
fn bundle(site: &Site, m: &Module, wasm: &Path, dir: &Path) -> Result<String, String> {
    let out_name = format!("commbook-{}", m.name);
    let dir_s = dir.to_string_lossy();
    let wasm_s = wasm.to_string_lossy();
    run(
        "wasm-bindgen",
        &[
            "--target",
            "web",
            "--no-typescript",
            "--out-dir",
            &dir_s,
            "--out-name",
            &out_name,
            &wasm_s,
        ],
        wasm,
    )?;
    let bg = dir.join(format!("{out_name}_bg.wasm"));
    let js = dir.join(format!("{out_name}.js"));
    if site.release {
        optimise(&out_name, m.build, &bg)?;
        minify(&js, true)?;
    }
    let (bg_bytes, js_bytes) = (read(&bg)?, read(&js)?);
    let name = format!("{out_name}-{}", content_hash(&[&bg_bytes, &js_bytes]));
    let glue = String::from_utf8_lossy(&js_bytes)
        .replace(&format!("{out_name}_bg.wasm"), &format!("{name}_bg.wasm"));
    write(&site.stage.join(format!("{name}.js")), glue)?;
    write(&site.stage.join(format!("{name}_bg.wasm")), bg_bytes)?;
    Ok(format!(
        "<meta name=\"commbook-pack-{}\" content=\"{name}.js\">",
        m.name
    ))
}

/// The JS API's worker staged as the book loads it: bound by wasm-bindgen
/// for a classic worker script (`--target no-modules`, which
/// `www/commbook-worker_loader.js` imports by its fixed name, as trunk
/// named it when trunk built the worker) and, in release builds,
/// optimised for speed like the modules built so, its glue minified.
pub fn bundle_worker(site: &Site, wasm: &Path) -> Result<(), String> {
    let name = format!("commbook-{}", crate::cargo::WORKER);
    run(
        "wasm-bindgen",
        &[
            "--target",
            "no-modules",
            "--no-typescript",
            "--out-dir",
            &site.stage.to_string_lossy(),
            "--out-name",
            &name,
            &wasm.to_string_lossy(),
        ],
        wasm,
    )?;
    if site.release {
        optimise(
            &name,
            Build::Speed,
            &site.stage.join(format!("{name}_bg.wasm")),
        )?;
        minify(&site.stage.join(format!("{name}.js")), false)?;
    }
    Ok(())
}

/// wasm-opt at the level the module is declared for: `-Oz` as trunk runs
/// it on the book's own wasm (`data-wasm-opt="z"`), `-O3` for speed.
fn optimise(name: &str, build: Build, bg: &Path) -> Result<(), String> {
    if !installed("wasm-opt") {
        crate::say(&format!(
            "wasm-opt is not installed (run .ci/serve or .ci/test once); {name} stays unoptimised"
        ));
        return Ok(());
    }
    let level = match build {
        Build::Size => "-Oz",
        Build::Speed => "-O3",
    };
    let opt = bg.with_extension("opt.wasm");
    run(
        "wasm-opt",
        &[level, &bg.to_string_lossy(), "-o", &opt.to_string_lossy()],
        bg,
    )?;
    std::fs::rename(&opt, bg).map_err(|e| format!("{}: {e}", bg.display()))
}

/// terser on one ES module (or, with `module` false, a classic script),
/// in place; without terser the file stays as it is.
fn minify(js: &Path, module: bool) -> Result<(), String> {
    if !installed("terser") {
        crate::say(&format!(
            "terser is not installed (run .ci/serve or .ci/test once); {} stays unminified",
            js.display()
        ));
        return Ok(());
    }
    let min = js.with_extension("min.js");
    let (js_s, min_s) = (js.to_string_lossy(), min.to_string_lossy());
    let mut args = vec![&*js_s];
    // A classic script's top-level names are its globals (the worker's
    // `wasm_bindgen`, which its loader calls): terser keeps them.
    if module {
        args.push("--module");
    }
    args.extend(["--compress", "--mangle", "--output", &*min_s]);
    run("terser", &args, js)?;
    std::fs::rename(&min, js).map_err(|e| format!("{}: {e}", js.display()))
}

/// Minifies the book's own glue in the stage (`commbook-<hash>.js`); the
/// worker's was minified as it was staged ([`bundle_worker`]) and the
/// modules' were minified before they were named.
pub fn minify_book_js(site: &Site) -> Result<(), String> {
    let entries =
        std::fs::read_dir(&site.stage).map_err(|e| format!("{}: {e}", site.stage.display()))?;
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if is_the_books_glue(&name) {
            minify(&entry.path(), true)?;
        }
    }
    Ok(())
}

/// Whether a staged file is the book's own glue: `commbook-<hash>.js`, not
/// the worker's nor a module's (`commbook-<module>-<hash>.js`).
fn is_the_books_glue(name: &str) -> bool {
    let Some(rest) = name
        .strip_prefix("commbook-")
        .and_then(|r| r.strip_suffix(".js"))
    else {
        return false;
    };
    !rest.starts_with("worker")
        && !crate::modules::MODULES
            .iter()
            .any(|m| rest.starts_with(&format!("{}-", m.name)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_books_glue_is_minified_afterwards() {
        assert!(is_the_books_glue("commbook-5f3a9c0d1e2b4a67.js"));
        assert!(!is_the_books_glue("commbook-worker-5f3a9c0d1e2b4a67.js"));
        assert!(!is_the_books_glue("commbook-sim-5f3a9c0d1e2b4a67.js"));
        assert!(!is_the_books_glue("commbook-5f3a9c0d1e2b4a67_bg.wasm"));
        assert!(!is_the_books_glue("index.html"));
    }
}
