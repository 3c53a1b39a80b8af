//! commbook's chapters as static pages: each chapter's Markdown (in the
//! order of `chapters/SUMMARY.md`) compiled at build time into one page
//! the book fetches when the chapter is opened, plus the table of contents
//! compiled into the book and a search index it fetches on the first
//! search (like mdBook's `searchindex`).
//!
//! [`build`] runs once per build, in commbook's `build.rs`: it writes the
//! table of contents (which names each page by a hash of its content) and
//! the pages, which the site program (`src/site`) copies beside the site,
//! so the names always agree and a new build can never be served a stale
//! page.

pub mod compile;
pub mod page;
pub mod search;

use std::path::Path;

/// A chapter, compiled.
#[derive(Clone, Debug)]
pub struct CompiledChapter {
    /// The chapter's number, from its file name (`09-…` is chapter 9).
    pub number: u32,
    /// The URL name (`#/chapter/<slug>`).
    pub slug: String,
    pub title: String,
    /// What the reader can do in the chapter (SUMMARY.md's text after the
    /// link), shown under its title in the contents.
    pub blurb: String,
    /// `(id, heading)` of each `##` section.
    pub sections: Vec<(String, String)>,
    /// The HTML and figure blocks, in order.
    pub pieces: Vec<compile::Piece>,
    /// The page the book fetches ([`page::write`]).
    pub page: String,
    /// Its file name under `pages/`: `<slug>.<hash>.html`.
    pub file: String,
}

impl CompiledChapter {
    /// The figure blocks, in order.
    pub fn figures(&self) -> impl Iterator<Item = &compile::Block> {
        self.pieces.iter().filter_map(|p| match p {
            compile::Piece::Figure(b) => Some(b),
            compile::Piece::Html(_) => None,
        })
    }
}

/// The whole book.
#[derive(Clone, Debug)]
pub struct Book {
    pub chapters: Vec<CompiledChapter>,
    /// The cover's HTML before and after the contents list.
    pub cover: [String; 2],
    /// The search index ([`search::index`]).
    pub search: String,
    /// Its file name under `pages/`: `search.<hash>.txt`.
    pub search_file: String,
}

/// The type a figure called `name` is implemented by: the same word in
/// CamelCase (`redist_sweep` → `RedistSweep`). The book's list of figures
/// and the chapters' references to them both follow this rule.
pub fn type_of(name: &str) -> String {
    name.split('_')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                .unwrap_or_default()
        })
        .collect()
}

/// A short hash of `bytes` for file names (FNV-1a, 64 bits, in hex): a
/// page's name changes whenever its content does.
pub fn hash(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{:012x}", h >> 16)
}

/// Compiles every chapter of `dir` (`SUMMARY.md`, `cover.md` and the
/// chapter files). `Err` lists every problem found, each with its file.
pub fn build(dir: &Path) -> Result<Book, Vec<String>> {
    let read = |name: &str| {
        std::fs::read_to_string(dir.join(name)).map_err(|e| vec![format!("{name}: {e}")])
    };
    let summary = read("SUMMARY.md")?;
    let mut chapters = Vec::new();
    let mut failures = Vec::new();
    for (file, blurb) in compile::summary_entries(&summary) {
        let md = match read(&file) {
            Ok(md) => md,
            Err(mut e) => {
                failures.append(&mut e);
                continue;
            }
        };
        if blurb.is_empty() {
            failures.push(format!(
                "SUMMARY.md: {file} needs a line of what the reader can do there, after the link"
            ));
        }
        let Some(number) = compile::number_of(&file) else {
            failures.push(format!("{file}: chapter files are named NN-slug.md"));
            continue;
        };
        match compile::compile(&md) {
            Ok(c) => {
                let slug = compile::slug_of(&file);
                let page = page::write(&c.pieces);
                chapters.push(CompiledChapter {
                    number,
                    file: format!("{slug}.{}.html", hash(page.as_bytes())),
                    slug,
                    title: c.title,
                    blurb: blurb.clone(),
                    sections: c.sections,
                    pieces: c.pieces,
                    page,
                });
            }
            Err(errs) => failures.extend(errs.into_iter().map(|e| format!("{file}: {e}"))),
        }
    }
    let cover = match cover(&read("cover.md")?) {
        Ok(c) => c,
        Err(e) => {
            failures.push(format!("cover.md: {e}"));
            [String::new(), String::new()]
        }
    };
    if !failures.is_empty() {
        return Err(failures);
    }
    let search = search::index(&chapters);
    Ok(Book {
        search_file: format!("search.{}.txt", hash(search.as_bytes())),
        search,
        chapters,
        cover,
    })
}

/// The cover's HTML around its `<!-- contents -->` line (where the book
/// lists the chapters).
fn cover(md: &str) -> Result<[String; 2], String> {
    let c = compile::compile(md).map_err(|e| e.join("; "))?;
    let mut html = String::new();
    for p in c.pieces {
        match p {
            compile::Piece::Html(h) => html.push_str(&h),
            compile::Piece::Figure(_) => return Err("the cover has no figures".into()),
        }
    }
    let (before, after) = html
        .split_once("<!-- contents -->")
        .ok_or("the cover needs a <!-- contents --> line")?;
    Ok([before.to_string(), after.to_string()])
}

/// Writes the pages and the search index into `out/pages/`.
pub fn write(book: &Book, out: &Path) -> std::io::Result<()> {
    let dir = out.join("pages");
    std::fs::create_dir_all(&dir)?;
    for c in &book.chapters {
        std::fs::write(dir.join(&c.file), &c.page)?;
    }
    std::fs::write(dir.join(&book.search_file), &book.search)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_book_compiles_and_names_its_pages_by_content() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../chapters");
        let book = build(&dir).unwrap_or_else(|e| panic!("{}", e.join("\n")));
        assert!(!book.chapters.is_empty());
        for c in &book.chapters {
            assert!(c.file.starts_with(&format!("{}.", c.slug)));
            assert_eq!(
                c.file,
                format!("{}.{}.html", c.slug, hash(c.page.as_bytes()))
            );
        }
        assert!(book.cover[0].contains("<h1"));
        assert_ne!(hash(b"a"), hash(b"b"));
        assert_eq!(type_of("redist_sweep"), "RedistSweep");
        assert_eq!(type_of("scatter5"), "Scatter5");
        assert_eq!(hash(b"a").len(), 12);
    }
}
