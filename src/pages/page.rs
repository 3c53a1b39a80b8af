//! The page format: what the book fetches when a chapter opens.
//!
//! A page is the chapter's HTML with each figure replaced by one comment
//! line naming it, its id, its caption and the chapter's settings for it,
//! as a link's query would:
//!
//! ```text
//! <p>…</p>
//! <!--figure id=lp&kind=lp&caption=Figure%201.3.%20…&n=8&d=3-->
//! <p>…</p>
//! ```
//!
//! Values are percent-encoded, so a comment can never end early, and the
//! book reads them with the decoder its links use (`book::route`). The
//! HTML comes only from the files in `chapters/`, never from a reader.

use crate::compile::Piece;

/// What opens a figure's line.
pub const FIGURE_OPEN: &str = "<!--figure ";
/// What closes it.
pub const FIGURE_CLOSE: &str = "-->";

/// The page of a compiled chapter.
pub fn write(pieces: &[Piece]) -> String {
    let mut out = String::new();
    for p in pieces {
        match p {
            Piece::Html(h) => out.push_str(h),
            Piece::Figure(b) => {
                let mut pairs = vec![
                    ("id", b.id.as_str()),
                    ("kind", b.kind.as_str()),
                    ("caption", b.caption.as_str()),
                ];
                pairs.extend(b.params.iter().map(|(k, v)| (k.as_str(), v.as_str())));
                let query: Vec<String> = pairs
                    .iter()
                    .map(|(k, v)| format!("{}={}", encode(k), encode(v)))
                    .collect();
                out.push('\n');
                out.push_str(FIGURE_OPEN);
                out.push_str(&query.join("&"));
                out.push_str(FIGURE_CLOSE);
                out.push('\n');
            }
        }
    }
    out
}

/// Percent-encodes everything but unreserved characters.
pub fn encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for &c in s.as_bytes() {
        if c.is_ascii_alphanumeric() || b"-_.~,:".contains(&c) {
            out.push(c as char);
        } else {
            out.push_str(&format!("%{c:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::Block;

    #[test]
    fn figures_become_one_comment_line() {
        let page = write(&[
            Piece::Html("<p>a</p>".into()),
            Piece::Figure(Block {
                id: "lp".into(),
                kind: "lp".into(),
                caption: "Figure 1.3. A -->, & b+c".into(),
                params: vec![("n".into(), "8".into())],
            }),
        ]);
        assert_eq!(
            page,
            "<p>a</p>\n<!--figure id=lp&kind=lp&caption=Figure%201.3.%20A%20-%2D%3E,%20%26%20b%2Bc&n=8-->\n"
                .replace("-%2D", "--")
        );
        assert_eq!(page.matches("-->").count(), 1);
    }
}
