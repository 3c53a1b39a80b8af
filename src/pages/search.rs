//! The search index: one line per section of every chapter, read by the
//! book's search box (`book::search`) on the first search.
//!
//! ```text
//! slug <TAB> section id <TAB> heading <TAB> the section's text
//! ```
//!
//! The text is the section's words as a reader sees them (tags removed,
//! entities decoded, figure captions included), on one line; the part of a
//! chapter before its first `##` heading has an empty section id and the
//! chapter's title as its heading. Plain text compresses well and needs no
//! parser in the book.

use crate::CompiledChapter;
use crate::compile::Piece;

/// The index of `chapters`.
pub fn index(chapters: &[CompiledChapter]) -> String {
    let mut out = String::new();
    for c in chapters {
        let mut html = String::new();
        for p in &c.pieces {
            match p {
                Piece::Html(h) => html.push_str(h),
                // A figure's caption is prose the reader sees.
                Piece::Figure(b) => {
                    html.push_str(" <p>");
                    html.push_str(&b.caption.replace('<', "&lt;"));
                    html.push_str("</p> ");
                }
            }
        }
        for (id, heading, part) in sections(&html, &c.title) {
            let text = plain(part);
            if text.is_empty() {
                continue;
            }
            out.push_str(&format!(
                "{}\t{id}\t{}\t{text}\n",
                c.slug,
                one_line(&heading)
            ));
        }
    }
    out
}

/// Splits a chapter's HTML at its `<h2 id="…">` headings: (id, heading,
/// HTML of the section, heading included).
fn sections<'a>(html: &'a str, title: &str) -> Vec<(String, String, &'a str)> {
    let mut out = Vec::new();
    let mut starts: Vec<usize> = html.match_indices("<h2 id=\"").map(|(i, _)| i).collect();
    starts.insert(0, 0);
    starts.push(html.len());
    for w in starts.windows(2) {
        let part = &html[w[0]..w[1]];
        let (id, heading) = match part.strip_prefix("<h2 id=\"") {
            Some(rest) => {
                let id = rest.split('"').next().unwrap_or("").to_string();
                let heading = rest
                    .split_once('>')
                    .and_then(|(_, r)| r.split_once("</h2>"))
                    .map_or(String::new(), |(h, _)| plain(h));
                (id, heading)
            }
            None => (String::new(), title.to_string()),
        };
        out.push((id, heading, part));
    }
    out
}

/// The text of some HTML: tags removed, the usual entities decoded,
/// whitespace collapsed to single spaces.
pub fn plain(html: &str) -> String {
    let mut text = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => {
                in_tag = true;
                text.push(' ');
            }
            '>' if in_tag => in_tag = false,
            _ if in_tag => {}
            c => text.push(c),
        }
    }
    let text = text
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&");
    one_line(&text)
}

fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_split_at_second_level_headings() {
        let html = "<h1 id=\"t\">Title</h1><p>Intro &amp; more</p><h2 id=\"a\">A <em>b</em></h2><p>x<sub>2</sub></p>";
        let s = sections(html, "Title");
        assert_eq!(s.len(), 2);
        assert_eq!((s[0].0.as_str(), s[0].1.as_str()), ("", "Title"));
        assert_eq!(plain(s[0].2), "Title Intro & more");
        assert_eq!((s[1].0.as_str(), s[1].1.as_str()), ("a", "A b"));
        assert_eq!(plain(s[1].2), "A b x 2");
    }
}
