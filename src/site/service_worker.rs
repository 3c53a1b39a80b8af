//! The service worker, written last: `www/sw.js` with the list of every
//! file of this build (its `FILES`), whether to save them (`PRECACHE`, in
//! release builds only) and a version made of all their names and
//! contents, so a reader's saved copy is replaced when anything changes.

use crate::Site;
use crate::tools::{content_hash, read};
use std::collections::BTreeSet;
use std::path::Path;

pub fn write(site: &Site) -> Result<(), String> {
    let mut files = BTreeSet::new();
    walk(&site.stage, &site.stage, &mut files)?;
    files.remove("sw.js");
    let mut contents = Vec::new();
    for f in &files {
        contents.push(f.as_bytes().to_vec());
        contents.push(read(&site.stage.join(f))?);
    }
    let parts: Vec<&[u8]> = contents.iter().map(Vec::as_slice).collect();
    let version = content_hash(&parts);
    // index.html is also what "./" (the book's address) serves.
    let listed: Vec<&str> = std::iter::once("./")
        .chain(files.iter().map(String::as_str))
        .collect();
    let template = String::from_utf8_lossy(&read(Path::new("www/sw.js"))?).into_owned();
    let sw = fill(&template, &version, site.release, &listed)?;
    crate::tools::write(&site.stage.join("sw.js"), sw)?;
    crate::say(&format!("service worker {version}: {} files", listed.len()));
    Ok(())
}

/// The template with its three blanks filled.
fn fill(template: &str, version: &str, precache: bool, files: &[&str]) -> Result<String, String> {
    let mut out = template.to_string();
    for (blank, value) in [
        (
            "\"__VERSION__\"",
            serde_json::Value::from(version).to_string(),
        ),
        ("\"__PRECACHE__\"", precache.to_string()),
        (
            "[/* __FILES__ */]",
            serde_json::Value::from(files.to_vec()).to_string(),
        ),
    ] {
        if !out.contains(blank) {
            return Err(format!("www/sw.js lacks {blank}"));
        }
        out = out.replace(blank, &value);
    }
    Ok(out)
}

/// Every file under `dir`, as paths relative to `root` with `/`.
fn walk(root: &Path, dir: &Path, out: &mut BTreeSet<String>) -> Result<(), String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            walk(root, &path, out)?;
        } else if let Ok(rel) = path.strip_prefix(root) {
            let parts: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            out.insert(parts.join("/"));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_blanks_are_filled_and_a_missing_one_is_an_error() {
        let t = "const VERSION = \"__VERSION__\";\nconst PRECACHE = \"__PRECACHE__\";\nconst FILES = [/* __FILES__ */];";
        let out = fill(t, "0123", true, &["./", "a.js"]).unwrap();
        assert_eq!(
            out,
            "const VERSION = \"0123\";\nconst PRECACHE = true;\nconst FILES = [\"./\",\"a.js\"];"
        );
        assert!(fill("no blanks", "0", false, &[]).is_err());
    }
}
