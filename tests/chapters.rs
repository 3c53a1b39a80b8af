//! Every chapter compiled into the book is well formed: it has a title, its
//! figures exist with valid defaults, its math became MathML without errors,
//! and its links to other chapters lead somewhere.
#![cfg(not(target_arch = "wasm32"))]

use commbook::book::params::read;
use commbook::book::widgets::find;
use commbook::book::{CHAPTERS, Segment, chapter};

#[test]
fn chapters_are_listed_in_order_with_unique_slugs() {
    assert!(!CHAPTERS.is_empty());
    for (i, ch) in CHAPTERS.iter().enumerate() {
        assert_eq!(ch.index, i);
        assert!(!ch.title.is_empty(), "chapter {i} has no title");
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
fn every_figure_exists_and_its_defaults_are_valid() {
    for ch in CHAPTERS {
        let mut ids = Vec::new();
        for w in ch.widgets() {
            let spec =
                find(w.kind).unwrap_or_else(|| panic!("{}: unknown widget {}", ch.slug, w.kind));
            let raw: Vec<(String, String)> = w
                .params
                .iter()
                .filter(|(k, _)| *k != "step")
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect();
            let (_, notices) = read(spec.params, &raw, "");
            assert!(
                notices.is_empty(),
                "{}: widget {} has bad defaults: {notices:?}",
                ch.slug,
                w.id
            );
            ids.push(w.id);
        }
        let before = ids.len();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), before, "{}: widget ids repeat", ch.slug);
    }
}

#[test]
fn math_rendered_without_errors() {
    for ch in CHAPTERS {
        let html: String = ch
            .segments
            .iter()
            .filter_map(|s| match s {
                Segment::Html(h) => Some(*h),
                Segment::Widget(_) => None,
            })
            .collect();
        assert!(
            !html.contains("<merror"),
            "{}: a formula failed to render",
            ch.slug
        );
        assert!(!html.contains("$$"), "{}: unrendered display math", ch.slug);
        // Every chapter cites its sources.
        assert!(html.contains("Sources"), "{}: no Sources section", ch.slug);
    }
}

#[test]
fn links_between_chapters_lead_somewhere() {
    for ch in CHAPTERS {
        for s in ch.segments {
            let Segment::Html(h) = s else { continue };
            for part in h.split("href=\"#/chapter/").skip(1) {
                let slug: String = part
                    .chars()
                    .take_while(|c| *c != '"' && *c != '?')
                    .collect();
                assert!(
                    chapter(&slug).is_some(),
                    "{}: link to missing chapter '{slug}'",
                    ch.slug
                );
            }
            assert!(
                !h.contains("href=\"http"),
                "{}: the book must not link out at run time",
                ch.slug
            );
        }
    }
}
