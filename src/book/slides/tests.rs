use super::*;
use crate::book::CHAPTERS;
use std::path::Path;

/// The page the build wrote for a chapter, as the book fetches it.
fn page_of(slug: &str) -> Page {
    let ch = crate::book::chapter(slug).expect("a chapter of the book");
    let path = Path::new(env!("OUT_DIR")).join("pages").join(ch.file);
    Page::parse(&std::fs::read_to_string(path).expect("the build wrote the page"))
}

/// `kind heading` per slide, for reading a deck at a glance.
fn outline(slides: &[Slide]) -> Vec<String> {
    slides
        .iter()
        .map(|s| match &s.kind {
            SlideKind::Title => format!("title {}", s.heading_text()),
            SlideKind::Passage => format!("passage {}", s.heading_text()),
            SlideKind::Figure(f) => format!("figure {} {}", f.id, s.heading_text()),
        })
        .collect()
}

#[test]
fn chapter_one_as_slides() {
    let slides = deck(&page_of("permutations"), "unused");
    assert_eq!(
        outline(&slides),
        [
            "title Permutations as a communication primitive",
            "figure com The communication matrix",
            "passage Contention",
            "passage Partial permutations",
            "figure cost The cost of a phase",
            "figure lp A first schedule: linear permutation",
            "passage What the rest of the book does",
            "figure ex Exercises",
            "passage Summary",
        ]
    );
    let title = &slides[0];
    assert!(
        title.passage.starts_with("<p><strong>Builds on:</strong>"),
        "{}",
        title.passage
    );
    assert_eq!(title.anchor, None);
    // A figure's passage is the paragraph just before it.
    let com = &slides[1];
    assert!(
        plain(&com.passage).starts_with("Step through the construction below."),
        "{}",
        com.passage
    );
    assert_eq!(com.anchor.as_deref(), Some("widget-com"));
    assert_eq!(com.figure_id(), Some("com"));
    let lp = &slides[5];
    assert!(
        plain(&lp.passage).starts_with("LP's weakness"),
        "{}",
        lp.passage
    );
    // A section's opening passage: its first paragraph (with the next one
    // after a one-line lead-in), or its list.
    let contention = &slides[2];
    assert_eq!(contention.anchor.as_deref(), Some("contention"));
    assert_eq!(contention.passage.matches("<p>").count(), 2);
    assert!(plain(&contention.passage).starts_with("Two things can go wrong"));
    assert!(plain(&contention.passage).ends_with("[000 §1]."));
    let summary = &slides[8];
    assert!(summary.passage.starts_with("<ul>"), "{}", summary.passage);
    assert_eq!(summary.anchor.as_deref(), Some("summary"));
}

#[test]
fn every_chapter_has_a_slide_per_figure_and_places_that_exist() {
    for ch in CHAPTERS {
        let page = page_of(ch.slug);
        let slides = deck(&page, ch.title);
        assert_eq!(slides[0].kind, SlideKind::Title, "{}", ch.slug);
        assert_eq!(slides[0].heading_text(), ch.title, "{}", ch.slug);
        assert!(
            plain(&slides[0].passage).starts_with("Builds on:"),
            "{}",
            ch.slug
        );
        let figures: Vec<&str> = slides.iter().filter_map(Slide::figure_id).collect();
        let placed: Vec<&str> = ch.figures.iter().map(|(id, _)| *id).collect();
        assert_eq!(figures, placed, "{}", ch.slug);
        let headings: Vec<String> = page
            .segments
            .iter()
            .filter_map(|s| match s {
                Segment::Html(h) => Some(h.as_str()),
                Segment::Figure(_) => None,
            })
            .flat_map(blocks)
            .filter_map(|b| b.id())
            .collect();
        for s in &slides[1..] {
            assert!(!s.heading_text().is_empty(), "{}: {s:?}", ch.slug);
            let at = s
                .anchor
                .as_deref()
                .expect("every slide but the title has a place");
            let exists = match s.figure_id() {
                Some(id) => at == format!("widget-{id}"),
                None => headings.iter().any(|h| h == at),
            };
            assert!(exists, "{}: no place called {at}", ch.slug);
            assert_ne!(at, SOURCES, "{}", ch.slug);
            // Short: at most two blocks of the chapter's text.
            let blocks_in = blocks(&s.passage).len();
            assert!(blocks_in <= 2, "{}: {} has {blocks_in} blocks", ch.slug, at);
            if s.kind == SlideKind::Passage {
                assert!(!s.passage.is_empty(), "{}: {at}", ch.slug);
            }
        }
    }
}

#[test]
fn the_rule_on_a_page_of_its_own() {
    let fig = |id: &str| {
        Segment::Figure(FigureBlock {
            id: id.into(),
            kind: "lp".into(),
            caption: String::new(),
            params: vec![],
        })
    };
    let page = Page {
        segments: vec![
            Segment::Html("<p>Before any heading.</p>".into()),
            fig("early"),
            Segment::Html(
                "<h2 id=\"lead\">Lead</h2>\n<table><tr><td>1</td></tr></table>\n<p>Short.</p>\n<ul>\n<li>a</li>\n</ul>\n<p>Third.</p>\n\
                 <h2 id=\"four\">Four</h2>\n<p>Intro of four.</p>\n<h3 id=\"sub\">Sub</h3>\n<p>One.</p>\n<p>Two.</p>\n<ul><li>list</li></ul>"
                    .into(),
            ),
            fig("after-list"),
            Segment::Html("<p>Between.</p>".into()),
            fig("second"),
            Segment::Html(
                "<h2 id=\"sources\">Sources</h2>\n<p>[000] A paper.</p>\n<h3 id=\"more\">More</h3>\n<p>x</p>"
                    .into(),
            ),
        ],
        damaged: 0,
    };
    let slides = deck(&page, "A <title> & more");
    assert_eq!(
        outline(&slides),
        [
            "title A <title> & more",
            "figure early A <title> & more",
            "passage Lead",
            "passage Four",
            "figure after-list Sub",
            "figure second Sub",
        ]
    );
    assert_eq!(slides[0].heading, "A &lt;title&gt; &amp; more");
    assert_eq!(slides[0].passage, "");
    assert_eq!(slides[1].passage, "<p>Before any heading.</p>");
    // A table before the first paragraph is passed over; a short lead-in
    // takes the list after it.
    assert_eq!(slides[2].passage, "<p>Short.</p>\n<ul>\n<li>a</li>\n</ul>");
    assert_eq!(slides[3].passage, "<p>Intro of four.</p>");
    // A list just before a figure leaves it without a passage.
    assert_eq!(slides[4].passage, "");
    assert_eq!(slides[5].passage, "<p>Between.</p>");
    // Two short paragraphs go together.
    let page = Page {
        segments: vec![
            Segment::Html("<h2 id=\"s\">S</h2><p>One.</p><p>Two.</p><p>Three.</p>".into()),
            fig("f"),
        ],
        damaged: 0,
    };
    assert_eq!(deck(&page, "t")[1].passage, "<p>Two.</p>\n<p>Three.</p>");
    // An empty page still has its title slide.
    assert_eq!(outline(&deck(&Page::default(), "Empty")), ["title Empty"]);
}

#[test]
fn a_link_names_its_slide_or_says_why_not() {
    let q = |s: &str| crate::book::route::parse_query(s);
    assert_eq!(slide_of(&q(""), 8), (0, None));
    assert_eq!(slide_of(&q("slide=1"), 8), (0, None));
    assert_eq!(slide_of(&q("slide=8&lp.step=2"), 8), (7, None));
    assert_eq!(slide_of(&q("slide=2&slide=+3+"), 8), (2, None));
    let notice = |s: &str| slide_of(&q(s), 8).1.map(|n| n.0);
    assert_eq!(
        notice("slide=999"),
        Some("slide: 999 is not a slide of this chapter (it has 8); showing slide 1 of 8".into())
    );
    assert_eq!(
        notice("slide=0"),
        Some("slide: 0 is not a slide of this chapter (it has 8); showing slide 1 of 8".into())
    );
    assert_eq!(
        notice("slide=abc"),
        Some("slide: 'abc' is not a slide number; showing slide 1 of 8".into())
    );
    assert_eq!(slide_of(&q("slide=-2"), 8).0, 0);
    assert_eq!(slide_of(&q("slide"), 1).0, 0);
}

#[test]
fn moving_keeps_the_figures_keys() {
    let q = crate::book::route::parse_query("lp.n=6&at=contention&slide=2&lp.step=3&com.d=2");
    assert_eq!(
        Route::Present {
            slug: "permutations".into(),
            query: at_slide(&q, 5)
        }
        .to_hash(),
        "#/present/permutations?slide=6&lp.n=6&lp.step=3&com.d=2"
    );
    let fwd = entering(&q, "lp", true);
    assert!(!fwd.iter().any(|(k, _)| k == "lp.step"), "{fwd:?}");
    assert!(fwd.iter().any(|(k, v)| k == "lp.n" && v == "6"));
    let back = entering(&q, "lp", false);
    assert_eq!(
        back.iter()
            .filter(|(k, _)| k == "lp.step")
            .collect::<Vec<_>>(),
        [&("lp.step".to_string(), "end".to_string())]
    );
    assert_eq!(
        chapter_hash("permutations", &q, Some("widget-lp")),
        "#/chapter/permutations?lp.n=6&lp.step=3&com.d=2&at=widget-lp"
    );
    assert_eq!(
        chapter_hash("permutations", &q, None),
        "#/chapter/permutations?lp.n=6&lp.step=3&com.d=2"
    );
    assert_eq!(
        present_hash("permutations", &q),
        "#/present/permutations?lp.n=6&lp.step=3&com.d=2"
    );
    assert_eq!(present_hash("cgm", &vec![]), "#/present/cgm");
}
