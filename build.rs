//! Compiles `chapters/` (with `commbook-pages`) into
//! `$OUT_DIR/toc.rs`, the table of contents `src/book/mod.rs` includes:
//! every chapter's number, slug, title, sections, figures and the name of
//! its page. The pages and the search index are also written to
//! `$OUT_DIR/pages/`: the site program (`src/site`, trunk's post-build
//! hook) copies them beside the site, so the chapters are compiled once
//! per build, and the browser tests serve them without a site. A broken
//! formula, a malformed figure block or a figure the catalogue lacks fails
//! the build with the chapter's name.

use std::fmt::Write;
use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=chapters");
    let dir = Path::new("chapters");
    if let Ok(entries) = std::fs::read_dir(dir) {
        for e in entries.flatten() {
            println!("cargo:rerun-if-changed={}", e.path().display());
        }
    }
    let out_dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let out = Path::new(&out_dir);
    let book = match commbook_pages::build(dir) {
        Ok(b) => b,
        Err(problems) => {
            for p in &problems {
                println!("cargo:warning={p}");
            }
            panic!(
                "{} problem(s) in the chapters:\n{}",
                problems.len(),
                problems.join("\n")
            );
        }
    };
    // Only this build's pages (their names change with their content): the
    // site program copies the whole folder beside the site.
    let _ = std::fs::remove_dir_all(out.join("pages"));
    commbook_pages::write(&book, out).expect("writing the pages into OUT_DIR");
    std::fs::write(out.join("toc.rs"), toc(&book)).expect("writing toc.rs");
    std::fs::write(out.join("bundled_pages.rs"), bundled(&book, out))
        .expect("writing bundled_pages.rs");
}

/// Every page and the search index as `(file, text)` pairs, for the
/// browser tests (which include this file; the book itself never does).
fn bundled(book: &commbook_pages::Book, out: &Path) -> String {
    let pages = out.join("pages");
    let mut s = String::from(
        "/// The pages and the search index, as the site serves them.\npub static PAGES: &[(&str, &str)] = &[\n",
    );
    let files = book
        .chapters
        .iter()
        .map(|c| &c.file)
        .chain(std::iter::once(&book.search_file));
    for f in files {
        let _ = writeln!(
            s,
            "    ({f:?}, include_str!({:?})),",
            pages.join(f).display().to_string()
        );
    }
    s.push_str("];\n");
    s
}

fn toc(book: &commbook_pages::Book) -> String {
    let mut out = String::from(
        "/// Every chapter, in reading order.\npub static CHAPTERS: &[Chapter] = &[\n",
    );
    let mut checks = String::new();
    for (index, c) in book.chapters.iter().enumerate() {
        let _ = write!(
            out,
            "    Chapter {{ index: {index}, number: {}, slug: {:?}, title: {:?}, blurb: {:?}, file: {:?}, sections: &[",
            c.number, c.slug, c.title, c.blurb, c.file
        );
        for (id, text) in &c.sections {
            let _ = write!(out, "({id:?}, {text:?}), ");
        }
        out.push_str("], figures: &[");
        for b in c.figures() {
            let _ = write!(out, "({:?}, {:?}), ", b.id, b.kind);
            // A figure the list lacks is a type that does not exist: the
            // book does not compile.
            let _ = writeln!(
                checks,
                "const _: Option<crate::book::figures::{}::{}> = None; // {}: {}",
                b.kind,
                commbook_pages::type_of(&b.kind),
                c.slug,
                b.id
            );
        }
        out.push_str("] },\n");
    }
    out.push_str("];\n\n");
    let _ = writeln!(
        out,
        "/// The cover page (`chapters/cover.md`): the HTML before and after the\n/// place where the contents list goes.\npub static COVER: [&str; 2] = [{:?}, {:?}];\n",
        book.cover[0], book.cover[1]
    );
    let _ = writeln!(
        out,
        "/// The search index's file under `pages/`.\npub static SEARCH_FILE: &str = {:?};\n",
        book.search_file
    );
    out.push_str(&checks);
    out
}
