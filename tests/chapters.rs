//! Every chapter compiled into the book is well formed: it has a title,
//! its figures exist and its settings for them are valid, its math became
//! MathML without errors, and its links to other chapters lead somewhere.
//! Every chapter also opens by naming the chapters it builds on and ends
//! with a summary before its sources (issue 16, "The classroom").
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

/// The HTML of the section whose heading has id `id`: from its `<h2>` to
/// the next `<h2>` or the end of the page.
fn section<'a>(html: &'a str, id: &str) -> Option<&'a str> {
    let start = html.find(&format!("<h2 id=\"{id}\""))?;
    let len = html[start + 1..]
        .find("<h2")
        .map_or(html.len() - start, |e| e + 1);
    Some(&html[start..start + len])
}

#[test]
fn every_chapter_ends_with_a_summary_before_its_sources() {
    for c in book().chapters {
        let mut ids: Vec<&str> = c.sections.iter().map(|(id, _)| id.as_str()).collect();
        if ids.last() == Some(&"sources") {
            ids.pop();
        }
        assert_eq!(
            ids.last(),
            Some(&"summary"),
            "{}: the last section (before Sources, if any) must be '## Summary'",
            c.slug
        );
        assert!(
            c.sections
                .iter()
                .any(|(id, text)| id == "summary" && text == "Summary"),
            "{}: the summary's heading must read 'Summary'",
            c.slug
        );
        let html = html(&Page::parse(&c.page));
        let summary = section(&html, "summary").expect("the summary section");
        let points = summary.matches("<li>").count();
        assert!(
            points >= 3,
            "{}: the summary needs at least 3 points to remember, has {points}",
            c.slug
        );
    }
}

/// Sections renamed after a release keep their old id as an anchor, so a
/// shared `?at=` link still scrolls to them.
const FORMER_ANCHORS: &[(&str, &str)] = &[
    ("nice", "what-to-remember"),
    ("cm5", "what-to-remember"),
    ("combining", "what-to-remember"),
    ("choosing", "what-to-remember"),
];

#[test]
fn renamed_sections_keep_their_former_anchors() {
    let book = book();
    for (slug, anchor) in FORMER_ANCHORS {
        let c = book
            .chapters
            .iter()
            .find(|c| c.slug == *slug)
            .unwrap_or_else(|| panic!("no chapter {slug}"));
        assert!(
            html(&Page::parse(&c.page)).contains(&format!("id=\"{anchor}\"")),
            "{slug}: the anchor '{anchor}' of released links is gone"
        );
    }
}

#[test]
fn every_chapter_names_the_chapters_it_builds_on() {
    for c in book().chapters {
        let me = chapter(&c.slug).expect("a listed chapter");
        let html = html(&Page::parse(&c.page));
        // The paragraph right under the title: "**Builds on:** …".
        let line = html
            .split_once("</h1>")
            .and_then(|(_, rest)| {
                rest.trim_start()
                    .strip_prefix("<p><strong>Builds on:</strong>")
            })
            .and_then(|rest| rest.split_once("</p>"))
            .map(|(line, _)| line)
            .unwrap_or_else(|| {
                panic!(
                    "{}: the first paragraph under the title must start with '**Builds on:**'",
                    c.slug
                )
            });
        let links: Vec<(&str, &str)> = line
            .split("<a href=\"#/chapter/")
            .skip(1)
            .map(|part| {
                let (slug, rest) = part.split_once('"').unwrap_or((part, ""));
                let text = rest
                    .split_once('>')
                    .and_then(|(_, r)| r.split_once("</a>"))
                    .map_or("", |(t, _)| t);
                (slug, text)
            })
            .collect();
        assert!(
            !links.is_empty() || line.contains("no earlier chapter"),
            "{}: 'Builds on' must link the chapters it needs, or say it needs no earlier chapter",
            c.slug
        );
        for (slug, text) in links {
            let to = chapter(slug)
                .unwrap_or_else(|| panic!("{}: builds on a missing chapter '{slug}'", c.slug));
            assert!(
                to.index < me.index,
                "{}: builds on '{slug}', which comes later in the book",
                c.slug
            );
            assert_eq!(
                text,
                format!("chapter {}", to.number),
                "{}: the link to '{slug}' must read 'chapter {}'",
                c.slug,
                to.number
            );
        }
    }
}
