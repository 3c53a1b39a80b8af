//! A chapter's page as fetched: HTML with its figures in place (the format
//! is `commbook_pages::page`'s: each figure one
//! `<!--figure id=…&kind=…&caption=…&key=value-->` line). Reading cannot
//! fail: a figure line that does not parse stays out of the page and is
//! reported, so a damaged page still shows its text.

use super::route::parse_query;

/// What opens a figure's line.
const OPEN: &str = "<!--figure ";
/// What closes it.
const CLOSE: &str = "-->";

/// A chapter's page.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Page {
    pub segments: Vec<Segment>,
    /// Figure lines that did not parse (a page damaged in transit).
    pub damaged: usize,
}

/// A run of finished HTML, or a figure.
#[derive(Clone, Debug, PartialEq)]
pub enum Segment {
    /// HTML and MathML produced from the chapter's Markdown at build time.
    /// It comes only from files in `chapters/`, never from a reader.
    Html(String),
    Figure(FigureBlock),
}

/// A figure as a chapter places it.
#[derive(Clone, Debug, PartialEq)]
pub struct FigureBlock {
    pub id: String,
    /// The figure's name in the catalogue.
    pub kind: String,
    pub caption: String,
    /// The chapter's own defaults, as `key: value` lines gave them.
    pub params: Vec<(String, String)>,
}

impl Page {
    /// Reads a page.
    pub fn parse(text: &str) -> Page {
        let mut page = Page::default();
        let mut rest = text;
        while let Some(at) = rest.find(OPEN) {
            page.html(&rest[..at]);
            let after = &rest[at + OPEN.len()..];
            let Some(end) = after.find(CLOSE) else {
                page.damaged += 1;
                rest = "";
                break;
            };
            match figure(&after[..end]) {
                Some(f) => page.segments.push(Segment::Figure(f)),
                None => page.damaged += 1,
            }
            rest = &after[end + CLOSE.len()..];
        }
        page.html(rest);
        page
    }

    fn html(&mut self, h: &str) {
        if !h.trim().is_empty() {
            self.segments.push(Segment::Html(h.to_string()));
        }
    }

    /// The figures, in order.
    pub fn figures(&self) -> impl Iterator<Item = &FigureBlock> {
        self.segments.iter().filter_map(|s| match s {
            Segment::Figure(f) => Some(f),
            Segment::Html(_) => None,
        })
    }
}

/// `id=…&kind=…&caption=…&key=value…`.
fn figure(line: &str) -> Option<FigureBlock> {
    let mut q = parse_query(line).into_iter();
    let mut take = |key: &str| q.next().filter(|(k, _)| k == key).map(|(_, v)| v);
    let (id, kind, caption) = (take("id")?, take("kind")?, take("caption")?);
    Some(FigureBlock {
        id,
        kind,
        caption,
        params: q.collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_what_the_page_compiler_writes() {
        use commbook_pages::compile::{Block, Piece};
        let block = Block {
            id: "lp".into(),
            kind: "lp".into(),
            caption: "Figure 1.3. a --> b & c+d = 100%".into(),
            params: vec![("n".into(), "8".into()), ("d".into(), "3".into())],
        };
        let text = commbook_pages::page::write(&[
            Piece::Html("<p>before</p>".into()),
            Piece::Figure(block.clone()),
            Piece::Html("<p>after</p>".into()),
        ]);
        let page = Page::parse(&text);
        assert_eq!(page.damaged, 0);
        assert_eq!(page.segments.len(), 3);
        let f = page.figures().next().unwrap();
        assert_eq!(
            (f.id.as_str(), f.kind.as_str(), f.caption.as_str()),
            ("lp", "lp", block.caption.as_str())
        );
        assert_eq!(f.params, block.params);
    }

    #[test]
    fn a_damaged_page_keeps_its_text() {
        let page = Page::parse("<p>a</p><!--figure kind=lp--><p>b</p><!--figure id=x");
        assert_eq!(page.damaged, 2);
        assert_eq!(
            page.segments,
            vec![
                Segment::Html("<p>a</p>".into()),
                Segment::Html("<p>b</p>".into())
            ]
        );
    }
}
