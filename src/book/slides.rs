//! Presenter mode's slides: a chapter's page cut into what a lecture shows
//! one at a time (`#/present/<slug>`, drawn by `ui::present`).
//!
//! The rule, applied to the page the book already fetches (no new prose):
//! - **the title slide**: the chapter's title and its "Builds on" line;
//! - **a figure slide** for every figure, under the heading of the section
//!   it is in, with the paragraph just before it (and the one before that
//!   when both are short) as its passage;
//! - **a passage slide** for every section (`##` or `###`) that places no
//!   figure of its own: its heading and opening passage (the first
//!   paragraph or list, and the next one when the first is a short lead-in).
//!
//! A long paragraph keeps its first sentences (chapters write one sentence
//! a line), marked "…": about 500 characters beside a figure, 900 alone.
//!
//! The chapter's introduction between the title and the first section is
//! left to the reader, and so is the list of sources.
//!
//! Links: `slide=N` counts from 1; the figures keep the chapter link's keys
//! (`lp.n=6&lp.step=3`), so a slide shows a figure exactly as the chapter
//! link would, and leaving the presentation keeps them.

mod blocks;

use super::page::{FigureBlock, Page, Segment};
use super::params::Notice;
use super::route::{Query, Route, STEP};
use blocks::{Block, blocks, first_sentences, plain};

/// The query key of the slide shown, from 1.
pub const SLIDE: &str = "slide";

/// A passage shorter than this (in characters of text) takes the next
/// paragraph or list with it.
const SHORT: usize = 200;

/// The most text, in characters, a figure's passage keeps beside it:
/// a longer paragraph keeps its first sentences.
const BESIDE_FIGURE: usize = 520;

/// The most text a passage slide keeps of a paragraph.
const ALONE: usize = 900;

/// The id of the section a chapter never presents.
const SOURCES: &str = "sources";

/// What a slide shows besides its heading and passage.
#[derive(Clone, Debug, PartialEq)]
pub enum SlideKind {
    Title,
    Passage,
    Figure(FigureBlock),
}

/// One slide.
#[derive(Clone, Debug, PartialEq)]
pub struct Slide {
    pub kind: SlideKind,
    /// The heading, as HTML from the chapter.
    pub heading: String,
    /// The short passage, as HTML from the chapter (may be empty).
    pub passage: String,
    /// Where the slide is in the chapter (`at=` of a chapter link: a
    /// section's id or `widget-<figure id>`); `None` is the top.
    pub anchor: Option<String>,
}

impl Slide {
    /// The heading as plain text (for the announcement and the title).
    pub fn heading_text(&self) -> String {
        plain(&self.heading)
    }

    /// The figure's id, on a figure slide.
    pub fn figure_id(&self) -> Option<&str> {
        match &self.kind {
            SlideKind::Figure(f) => Some(&f.id),
            _ => None,
        }
    }
}

/// The slides of a chapter page; `title` is used when the page has no
/// `<h1>`. There is always at least the title slide.
pub fn deck(page: &Page, title: &str) -> Vec<Slide> {
    let mut d = Deck {
        fallback: escape(title),
        ..Deck::default()
    };
    for s in &page.segments {
        match s {
            Segment::Html(h) => blocks(h).into_iter().for_each(|b| d.block(&b)),
            Segment::Figure(f) => d.figure(f),
        }
    }
    d.close_section();
    let first = Slide {
        kind: SlideKind::Title,
        heading: d.title.unwrap_or(d.fallback),
        passage: d.builds_on.unwrap_or_default(),
        anchor: None,
    };
    std::iter::once(first).chain(d.slides).collect()
}

/// A section being read.
struct Section {
    heading: String,
    id: Option<String>,
    /// The opening passage's blocks so far.
    opening: Vec<String>,
    /// Whether the opening passage is complete.
    opened: bool,
    has_figure: bool,
}

#[derive(Default)]
struct Deck {
    /// The title to use when the page has no `<h1>`, as HTML.
    fallback: String,
    title: Option<String>,
    builds_on: Option<String>,
    slides: Vec<Slide>,
    section: Option<Section>,
    /// Inside the sources (skipped up to the next `##`).
    in_sources: bool,
    /// The paragraphs since the last heading, figure or other block.
    recent: Vec<String>,
}

impl Deck {
    fn block(&mut self, b: &Block) {
        match b.tag.as_str() {
            "h1" => {
                if self.title.is_none() {
                    self.title = Some(b.inner().trim().to_string());
                }
                self.recent.clear();
            }
            "h2" | "h3" => {
                self.close_section();
                let id = b.id();
                if b.tag == "h2" {
                    self.in_sources = id.as_deref() == Some(SOURCES);
                }
                self.section = Some(Section {
                    heading: b.inner().trim().to_string(),
                    id,
                    opening: Vec::new(),
                    opened: false,
                    has_figure: false,
                });
                self.recent.clear();
            }
            "p" if self.section.is_none()
                && self.builds_on.is_none()
                && b.inner().trim_start().starts_with("<strong>Builds on") =>
            {
                self.builds_on = Some(b.html.to_string());
            }
            tag => {
                if tag == "p" {
                    self.recent.push(b.html.to_string());
                } else {
                    self.recent.clear();
                }
                if let Some(s) = &mut self.section
                    && !s.opened
                {
                    let usable = matches!(tag, "p" | "ul" | "ol" | "blockquote");
                    if usable {
                        s.opening.push(first_sentences(b, ALONE));
                    }
                    let length: usize = s.opening.iter().map(|h| plain(h).chars().count()).sum();
                    // What comes before the first paragraph or list (a
                    // table, a display) is passed over; what comes after
                    // it ends the passage.
                    s.opened = (!usable && !s.opening.is_empty())
                        || s.opening.len() >= 2
                        || length >= SHORT;
                }
            }
        }
    }

    fn figure(&mut self, f: &FigureBlock) {
        if let Some(s) = &mut self.section {
            s.has_figure = true;
            s.opened = true;
        }
        // The paragraph just before (its first sentences if it is long),
        // and the one before it if both are short.
        let mut passage = Vec::new();
        if let Some((last, earlier)) = self.recent.split_last() {
            let last = first_sentences(&blocks(last)[0], BESIDE_FIGURE);
            let length = plain(&last).chars().count();
            passage.push(last);
            if let Some(p) = earlier.last()
                && length < SHORT
                && length + plain(p).chars().count() <= BESIDE_FIGURE
            {
                passage.push(p.clone());
            }
        }
        passage.reverse();
        let heading = match &self.section {
            Some(s) => s.heading.clone(),
            None => self.title.clone().unwrap_or_else(|| self.fallback.clone()),
        };
        self.slides.push(Slide {
            kind: SlideKind::Figure(f.clone()),
            heading,
            passage: passage.join("\n"),
            anchor: Some(format!("widget-{}", f.id)),
        });
        self.recent.clear();
    }

    fn close_section(&mut self) {
        if let Some(s) = self.section.take()
            && !s.has_figure
            && !self.in_sources
            && !s.opening.is_empty()
        {
            self.slides.push(Slide {
                kind: SlideKind::Passage,
                heading: s.heading,
                passage: s.opening.join("\n"),
                anchor: s.id,
            });
        }
    }
}

/// The length of `html`'s text, in characters.
pub fn plain_length(html: &str) -> usize {
    plain(html).chars().count()
}

/// Text made safe to show as HTML.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The slide a link names, from 0, of `count`; a value that is not a slide
/// gives the first with a notice that says so.
pub fn slide_of(query: &Query, count: usize) -> (usize, Option<Notice>) {
    let Some(raw) = query.iter().rev().find(|(k, _)| k == SLIDE) else {
        return (0, None);
    };
    let raw = raw.1.trim();
    let why = match raw.parse::<usize>() {
        Ok(n) if (1..=count).contains(&n) => return (n - 1, None),
        Ok(n) => format!("{n} is not a slide of this chapter (it has {count})"),
        Err(_) => format!("'{raw}' is not a slide number"),
    };
    (
        0,
        Some(Notice(format!(
            "{SLIDE}: {why}; showing slide 1 of {count}"
        ))),
    )
}

/// The presentation's query at slide `index` (from 0): `slide` first, the
/// figures' keys as they were, no `at`.
pub fn at_slide(query: &Query, index: usize) -> Query {
    let mut q: Query = vec![(SLIDE.to_string(), (index + 1).to_string())];
    q.extend(
        query
            .iter()
            .filter(|(k, _)| k != SLIDE && k != "at")
            .cloned(),
    );
    q
}

/// The query for entering a slide showing figure `id`: going forward it
/// opens where the figure starts (its step left out), going back at its
/// last step (`step=end`), as the presenter left it.
pub fn entering(query: &Query, id: &str, forward: bool) -> Query {
    let key = format!("{id}.{STEP}");
    let mut q: Query = query.iter().filter(|(k, _)| *k != key).cloned().collect();
    if !forward {
        q.push((key, "end".to_string()));
    }
    q
}

/// The chapter link that shows what a slide at `anchor` shows (its
/// [`Slide::anchor`]; `None` is the top): the figures' keys kept, `at`
/// naming the place.
pub fn chapter_hash(slug: &str, query: &Query, anchor: Option<&str>) -> String {
    let mut q: Query = query
        .iter()
        .filter(|(k, _)| k != SLIDE && k != "at")
        .cloned()
        .collect();
    if let Some(a) = anchor {
        q.push(("at".to_string(), a.to_string()));
    }
    Route::Chapter {
        slug: slug.to_string(),
        query: q,
    }
    .to_hash()
}

/// The presentation of chapter `slug` from its chapter link's query: the
/// figures' keys kept, from the first slide.
pub fn present_hash(slug: &str, chapter_query: &Query) -> String {
    Route::Present {
        slug: slug.to_string(),
        query: chapter_query
            .iter()
            .filter(|(k, _)| k != SLIDE && k != "at")
            .cloned()
            .collect(),
    }
    .to_hash()
}

#[cfg(test)]
mod tests;
