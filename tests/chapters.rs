//! Every chapter compiled into the book is well formed: it has a title,
//! its figures exist and its settings for them are valid, its math became
//! MathML without errors, and its links to other chapters lead somewhere.
//! The pages checked are the ones the site serves (`commbook-pages`).
#![cfg(not(target_arch = "wasm32"))]

use commbook::book::figures::read_settings;
use commbook::book::page::{Page, Segment};
use commbook::book::route::STEP;
use commbook::book::{CHAPTERS, chapter};
use std::path::Path;

fn book() -> commbook_pages::Book {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("chapters");
    commbook_pages::build(&dir).unwrap_or_else(|e| panic!("{}", e.join("\n")))
}

#[test]
fn chapters_are_listed_in_order_with_unique_slugs() {
    assert!(!CHAPTERS.is_empty());
    for (i, ch) in CHAPTERS.iter().enumerate() {
        assert_eq!(ch.index, i);
        assert!(!ch.title.is_empty(), "chapter {i} has no title");
        assert!(
            ch.blurb.split_whitespace().count() >= 10,
            "chapter {i} needs a line in SUMMARY.md on what the reader can do there"
        );
        assert_eq!(
            chapter(ch.slug).map(|c| c.index),
            Some(i),
            "slug {} is not unique",
            ch.slug
        );
    }
    assert_eq!(CHAPTERS[0].slug, "permutations");
    // Numbers come from file names and rise with the reading order.
    assert!(CHAPTERS.windows(2).all(|w| w[0].number < w[1].number));
}

#[test]
fn the_contents_name_the_pages_the_site_serves() {
    let book = book();
    assert_eq!(book.chapters.len(), CHAPTERS.len());
    for (c, toc) in book.chapters.iter().zip(CHAPTERS) {
        assert_eq!((c.slug.as_str(), c.file.as_str()), (toc.slug, toc.file));
        let page = Page::parse(&c.page);
        assert_eq!(page.damaged, 0, "{}", c.slug);
        let figures: Vec<(&str, &str)> = page
            .figures()
            .map(|f| (f.id.as_str(), f.kind.as_str()))
            .collect();
        assert_eq!(figures, toc.figures.to_vec(), "{}", c.slug);
    }
    assert_eq!(book.search_file, commbook::book::SEARCH_FILE);
}

#[test]
fn every_figure_exists_and_its_settings_are_valid() {
    for c in book().chapters {
        let mut ids = std::collections::BTreeSet::new();
        for f in Page::parse(&c.page).figures() {
            let raw: Vec<(String, String)> = f
                .params
                .iter()
                .filter(|(k, _)| k != STEP)
                .cloned()
                .collect();
            let notices = read_settings(&f.kind, &raw)
                .unwrap_or_else(|| panic!("{}: unknown figure {}", c.slug, f.kind));
            assert!(
                notices.is_empty(),
                "{}: figure {} has bad settings: {notices:?}",
                c.slug,
                f.id
            );
            assert!(
                ids.insert(f.id.clone()),
                "{}: figure id {} repeats",
                c.slug,
                f.id
            );
        }
    }
}

fn html(page: &Page) -> String {
    page.segments
        .iter()
        .filter_map(|s| match s {
            Segment::Html(h) => Some(h.as_str()),
            Segment::Figure(_) => None,
        })
        .collect()
}

#[test]
fn math_rendered_without_errors() {
    for c in book().chapters {
        let html = html(&Page::parse(&c.page));
        assert!(
            !html.contains("<merror"),
            "{}: a formula failed to render",
            c.slug
        );
        assert!(!html.contains("$$"), "{}: unrendered display math", c.slug);
        // Every chapter cites its sources.
        assert!(html.contains("Sources"), "{}: no Sources section", c.slug);
    }
}

#[test]
fn links_between_chapters_lead_somewhere() {
    for c in book().chapters {
        let h = html(&Page::parse(&c.page));
        for part in h.split("href=\"#/chapter/").skip(1) {
            let slug: String = part
                .chars()
                .take_while(|c| *c != '"' && *c != '?')
                .collect();
            assert!(
                chapter(&slug).is_some(),
                "{}: link to missing chapter '{slug}'",
                c.slug
            );
        }
        assert!(
            !h.contains("href=\"http"),
            "{}: the book must not link out at run time",
            c.slug
        );
    }
}

#[test]
fn every_chapter_is_in_the_search_index() {
    let index = commbook::book::search::SearchIndex::parse(&book().search);
    for c in CHAPTERS {
        assert!(
            index.sections.iter().any(|s| s.slug == c.slug),
            "{} is not in the search index",
            c.slug
        );
    }
}
