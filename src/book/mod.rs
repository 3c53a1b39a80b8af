//! The book: chapters compiled from `chapters/*.md` at build time, the
//! widget catalogue, and the URL scheme. Native code: tested by `cargo test`.

pub mod coll_params;
pub mod matrix_params;
pub mod params;
pub mod redist_params;
pub mod route;
pub mod sim_figs;
pub mod sim_params;
pub mod sim_reports;
pub mod widgets;

/// A compiled chapter.
#[derive(Debug, PartialEq)]
pub struct Chapter {
    /// Position in `chapters/SUMMARY.md`, from 0 (for previous/next).
    pub index: usize,
    /// The chapter's number, from its file name (`09-…` is chapter 9).
    pub number: u32,
    /// The URL name (`#/chapter/<slug>`).
    pub slug: &'static str,
    pub title: &'static str,
    /// `(id, heading)` of each `##` section.
    pub sections: &'static [(&'static str, &'static str)],
    pub segments: &'static [Segment],
}

/// A run of finished HTML, or a widget.
#[derive(Debug, PartialEq)]
pub enum Segment {
    /// HTML and MathML produced from the chapter's Markdown at build time.
    /// It comes only from files in `chapters/`, never from a reader.
    Html(&'static str),
    Widget(WidgetBlock),
}

/// A widget as a chapter places it.
#[derive(Debug, PartialEq)]
pub struct WidgetBlock {
    pub id: &'static str,
    pub kind: &'static str,
    pub caption: &'static str,
    /// Defaults the chapter chose, as `key: value` strings.
    pub params: &'static [(&'static str, &'static str)],
}

/// Every chapter, in reading order.
pub static CHAPTERS: &[Chapter] = include!(concat!(env!("OUT_DIR"), "/chapters.rs"));

/// The cover page (`chapters/cover.md`): the HTML before and after the
/// place where the contents list goes.
pub static COVER: [&str; 2] = include!(concat!(env!("OUT_DIR"), "/cover.rs"));

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

    /// The widgets of the chapter, in order.
    pub fn widgets(&self) -> impl Iterator<Item = &'static WidgetBlock> + use<> {
        self.segments.iter().filter_map(|s| match s {
            Segment::Widget(w) => Some(w),
            Segment::Html(_) => None,
        })
    }

    /// "1. Title".
    pub fn numbered_title(&self) -> String {
        format!("{}. {}", self.number, self.title)
    }
}
