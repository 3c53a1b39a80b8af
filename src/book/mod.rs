//! The book: its table of contents (compiled from `chapters/` at build
//! time), the pages fetched when a chapter opens, the figures and their
//! settings, the URL scheme and the search index. Native code: tested by
//! `cargo test`.

pub mod commands;
pub mod exercises;
pub mod figure;
pub mod figures;
pub mod inputs;
pub mod lab;
pub mod page;
pub mod params;
pub mod pooled;
pub mod reports;
/// The URL scheme, in the core (the lowest layer that writes a link).
pub use crate::core::route;
pub mod notes;
pub mod search;
pub mod settings;
pub mod slides;

/// A chapter as the table of contents lists it; its text is a page
/// fetched when it opens ([`page`]).
#[derive(Debug, PartialEq)]
pub struct Chapter {
    /// Position in `chapters/SUMMARY.md`, from 0 (for previous/next).
    pub index: usize,
    /// The chapter's number, from its file name (`09-…` is chapter 9).
    pub number: u32,
    /// The URL name (`#/chapter/<slug>`).
    pub slug: &'static str,
    pub title: &'static str,
    /// What the reader can do in the chapter, under its title in the
    /// contents (`chapters/SUMMARY.md`'s text after the link).
    pub blurb: &'static str,
    /// Its page under `pages/`, named by a hash of its content.
    pub file: &'static str,
    /// `(id, heading)` of each `##` section.
    pub sections: &'static [(&'static str, &'static str)],
    /// `(id, figure)` of each figure it places, in order.
    pub figures: &'static [(&'static str, &'static str)],
}

include!(concat!(env!("OUT_DIR"), "/toc.rs"));

/// Looks a chapter up by slug.
pub fn chapter(slug: &str) -> Option<&'static Chapter> {
    CHAPTERS.iter().find(|c| c.slug == slug)
}

impl Chapter {
    /// The chapter before this one.
    pub fn prev(&self) -> Option<&'static Chapter> {
        self.index.checked_sub(1).and_then(|i| CHAPTERS.get(i))
    }

    /// The chapter after this one.
    pub fn next(&self) -> Option<&'static Chapter> {
        CHAPTERS.get(self.index + 1)
    }

    /// "1. Title"; the appendix, read last, by its title alone.
    pub fn numbered_title(&self) -> String {
        if self.is_appendix() {
            return self.title.to_string();
        }
        format!("{}. {}", self.number, self.title)
    }

    /// The appendix keeps its file's number (13: its figures are 13.1, …)
    /// but comes after chapter 14 and is shown without a number.
    pub fn is_appendix(&self) -> bool {
        self.slug == "appendix"
    }

    /// The first chapter that places figure `name`, for an embed's link
    /// back to where it is taught.
    pub fn teaching(name: &str) -> Option<&'static Chapter> {
        CHAPTERS
            .iter()
            .find(|c| c.figures.iter().any(|(_, kind)| *kind == name))
    }
}
