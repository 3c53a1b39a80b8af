//! `commbook-pages CHAPTERS OUT`: compiles the chapters in CHAPTERS and
//! writes their pages and the search index into OUT/pages/ (trunk's
//! post-build hook runs it on the site being built).

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [chapters, out] = args.as_slice() else {
        eprintln!("usage: commbook-pages CHAPTERS_DIR OUT_DIR");
        std::process::exit(2);
    };
    let book = match commbook_pages::build(std::path::Path::new(chapters)) {
        Ok(b) => b,
        Err(problems) => {
            for p in &problems {
                eprintln!("commbook-pages: {p}");
            }
            std::process::exit(1);
        }
    };
    if let Err(e) = commbook_pages::write(&book, std::path::Path::new(out)) {
        eprintln!("commbook-pages: cannot write into {out}: {e}");
        std::process::exit(1);
    }
    println!(
        "commbook-pages: {} chapters and the search index written to {out}/pages",
        book.chapters.len()
    );
}
