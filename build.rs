//! Compiles `chapters/*.md` (in the order of `chapters/SUMMARY.md`) into
//! `$OUT_DIR/chapters.rs`, which `src/book/mod.rs` includes. Markdown and
//! LaTeX are turned into HTML and MathML here, so the wasm needs neither
//! parser and a broken formula or an unknown widget fails the build with the
//! chapter's name.

#[path = "src/book/compile.rs"]
mod compile;
#[path = "src/book/params.rs"]
#[allow(dead_code)]
mod params;
#[path = "src/book/widgets.rs"]
#[allow(dead_code)]
mod widgets;

use std::fmt::Write;
use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=chapters");
    println!("cargo:rerun-if-changed=src/book/compile.rs");
    println!("cargo:rerun-if-changed=src/book/params.rs");
    println!("cargo:rerun-if-changed=src/book/widgets.rs");
    let summary = std::fs::read_to_string("chapters/SUMMARY.md").expect("chapters/SUMMARY.md");
    let mut out = String::from("&[\n");
    let mut failures = Vec::new();
    for (k, file) in compile::summary_files(&summary).iter().enumerate() {
        let path = Path::new("chapters").join(file);
        println!("cargo:rerun-if-changed={}", path.display());
        let md = match std::fs::read_to_string(&path) {
            Ok(s) => s,
            Err(e) => {
                failures.push(format!("{}: {e}", path.display()));
                continue;
            }
        };
        let Some(number) = compile::number_of(file) else {
            failures.push(format!("{file}: chapter files are named NN-slug.md"));
            continue;
        };
        match compile::compile(&md) {
            Ok(ch) => {
                check_widgets(file, &ch, &mut failures);
                emit(&mut out, k, number, &compile::slug_of(file), &ch);
            }
            Err(errs) => failures.extend(errs.into_iter().map(|e| format!("{file}: {e}"))),
        }
    }
    out.push(']');
    if !failures.is_empty() {
        for f in &failures {
            println!("cargo:warning={f}");
        }
        panic!(
            "{} problem(s) in the chapters:\n{}",
            failures.len(),
            failures.join("\n")
        );
    }
    let out_dir = std::env::var("OUT_DIR").unwrap();
    std::fs::write(Path::new(&out_dir).join("chapters.rs"), out).unwrap();
    std::fs::write(Path::new(&out_dir).join("cover.rs"), cover()).unwrap();
}

/// The cover page, `chapters/cover.md`, as two HTML strings around the
/// `<!-- contents -->` marker (the contents list is drawn from the chapters).
fn cover() -> String {
    println!("cargo:rerun-if-changed=chapters/cover.md");
    let md = std::fs::read_to_string("chapters/cover.md").expect("chapters/cover.md");
    let ch =
        compile::compile(&md).unwrap_or_else(|e| panic!("chapters/cover.md: {}", e.join("; ")));
    let html: String = ch
        .pieces
        .iter()
        .map(|p| match p {
            compile::Piece::Html(h) => h.clone(),
            compile::Piece::Widget(_) => panic!("chapters/cover.md: the cover has no figures"),
        })
        .collect();
    let (before, after) = html
        .split_once("<!-- contents -->")
        .expect("cover.md has a <!-- contents --> line");
    format!("[{before:?}, {after:?}]")
}

fn check_widgets(file: &str, ch: &compile::Compiled, failures: &mut Vec<String>) {
    for p in &ch.pieces {
        let compile::Piece::Widget(b) = p else {
            continue;
        };
        let Some(spec) = widgets::find(&b.kind) else {
            failures.push(format!(
                "{file}: unknown widget '{}'; known: {}",
                b.kind,
                widgets::names().join(", ")
            ));
            continue;
        };
        for (k, v) in &b.params {
            if k == "step" {
                continue;
            }
            match spec.params.iter().find(|s| s.key == k) {
                None => failures.push(format!("{file}: widget {} has no parameter '{k}'", b.id)),
                Some(s) => {
                    if let Err(why) = params::parse_one(s, v) {
                        failures.push(format!("{file}: widget {}: {k}: {why}", b.id));
                    }
                }
            }
        }
    }
}

fn emit(out: &mut String, index: usize, number: u32, slug: &str, ch: &compile::Compiled) {
    let _ = write!(
        out,
        "Chapter {{ index: {index}, number: {number}, slug: {slug:?}, title: {:?}, sections: &[",
        ch.title
    );
    for (id, text) in &ch.sections {
        let _ = write!(out, "({id:?}, {text:?}),");
    }
    out.push_str("], segments: &[");
    for p in &ch.pieces {
        match p {
            compile::Piece::Html(h) => {
                let _ = write!(out, "Segment::Html({h:?}),");
            }
            compile::Piece::Widget(b) => {
                let _ = write!(
                    out,
                    "Segment::Widget(WidgetBlock {{ id: {:?}, kind: {:?}, caption: {:?}, params: &[",
                    b.id, b.kind, b.caption
                );
                for (k, v) in &b.params {
                    let _ = write!(out, "({k:?}, {v:?}),");
                }
                out.push_str("] }),");
            }
        }
    }
    out.push_str("] },\n");
}
