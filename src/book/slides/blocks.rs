//! A run of chapter HTML cut into its top-level elements (`<h2>`, `<p>`,
//! `<ul>` …), so the presenter can pick headings and paragraphs out of it.
//!
//! The HTML is what `commbook-pages` wrote from `chapters/` with
//! pulldown-cmark: well formed, `<` and `>` escaped in text and attribute
//! values. The reading is still forgiving, as every reading of the page
//! is: an element left open runs to the end of the text, stray text
//! becomes a block of its own, and nothing panics.

/// One top-level element (or a run of stray text, with an empty `tag`).
#[derive(Clone, Debug, PartialEq)]
pub struct Block<'a> {
    /// The element's name, lower case (`"h2"`, `"p"`); empty for text.
    pub tag: String,
    /// The element's whole HTML, tags included.
    pub html: &'a str,
}

/// Elements that never have a closing tag.
const VOID: &[&str] = &[
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
    "wbr",
];

impl Block<'_> {
    /// What lies between the opening and the closing tag.
    pub fn inner(&self) -> &str {
        let start = tag_end(self.html, 0).unwrap_or(self.html.len());
        let close = format!("</{}", self.tag);
        let end = match self.html.rfind(&close) {
            Some(e) if e >= start && !self.tag.is_empty() => e,
            _ => self.html.len(),
        };
        &self.html[start.min(end)..end]
    }

    /// The value of the opening tag's `id` attribute, if any.
    pub fn id(&self) -> Option<String> {
        let end = tag_end(self.html, 0)?;
        let open = &self.html[..end];
        let at = open.find(" id=\"")? + " id=\"".len();
        let len = open[at..].find('"')?;
        Some(open[at..at + len].to_string())
    }
}

/// The top-level elements of `html`, in order; comments and whitespace
/// between them are dropped.
pub fn blocks(html: &str) -> Vec<Block<'_>> {
    let b = html.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if html[i..].starts_with("<!--") {
            i = html[i..].find("-->").map_or(b.len(), |e| i + e + 3);
            continue;
        }
        if b[i] == b'<' && b.get(i + 1).is_some_and(u8::is_ascii_alphabetic) {
            let end = element_end(html, i);
            out.push(Block {
                tag: name_at(html, i + 1),
                html: &html[i..end],
            });
            i = end;
            continue;
        }
        let end = html[i + 1..].find('<').map_or(b.len(), |e| i + 1 + e);
        out.push(Block {
            tag: String::new(),
            html: html[i..end].trim_end(),
        });
        i = end;
    }
    out
}

/// Text without tags, with the few entities the page writer uses decoded
/// and runs of white space made one space (for lengths and announcements).
pub fn plain(html: &str) -> String {
    let mut text = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    let text = text
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&");
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Whether every element opened in `html` is closed, in order of nesting.
pub fn balanced(html: &str) -> bool {
    let mut open: Vec<String> = Vec::new();
    let mut i = 0;
    while let Some(k) = html[i..].find('<') {
        i += k;
        if html[i..].starts_with("<!--") {
            match html[i..].find("-->") {
                Some(e) => i += e + 3,
                None => return false,
            }
            continue;
        }
        let b = html.as_bytes();
        let closing = b.get(i + 1) == Some(&b'/');
        let name_from = i + 1 + usize::from(closing);
        if !b.get(name_from).is_some_and(u8::is_ascii_alphabetic) {
            i += 1;
            continue;
        }
        let Some(end) = tag_end(html, i) else {
            return false;
        };
        let name = name_at(html, name_from);
        if closing {
            if open.pop() != Some(name) {
                return false;
            }
        } else if !(html[..end].ends_with("/>") || VOID.contains(&name.as_str())) {
            open.push(name);
        }
        i = end;
    }
    open.is_empty()
}

/// The paragraph `p`, if longer than `limit` characters of text, cut to
/// the sentences that fit (at least one) and marked with "…". Chapters
/// write one sentence per line, so a line is a sentence; a paragraph that
/// cannot be cut cleanly (an element spanning lines) is kept whole.
pub fn first_sentences(p: &Block, limit: usize) -> String {
    let inner = p.inner();
    if p.tag != "p" || plain(inner).chars().count() <= limit {
        return p.html.to_string();
    }
    let mut kept = Vec::new();
    let mut length = 0;
    for line in inner.split('\n') {
        let n = plain(line).chars().count();
        if !kept.is_empty() && length + n > limit {
            break;
        }
        kept.push(line);
        length += n + 1;
    }
    let open = &p.html[..tag_end(p.html, 0).unwrap_or(0)];
    let cut = format!("{open}{} …</p>", kept.join("\n"));
    if kept.len() < inner.split('\n').count() && balanced(&cut) {
        cut
    } else {
        p.html.to_string()
    }
}

/// The element name starting at byte `i`, lower case.
fn name_at(html: &str, i: usize) -> String {
    html[i..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == ':')
        .collect::<String>()
        .to_ascii_lowercase()
}

/// Where the tag opening at byte `i` ends (just past its `>`), quotes
/// respected; `None` if it never closes.
fn tag_end(html: &str, i: usize) -> Option<usize> {
    let mut quote = None;
    for (k, c) in html[i..].char_indices() {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None, '>') => return Some(i + k + 1),
            _ => {}
        }
    }
    None
}

/// Where the element opening at byte `start` ends: past its matching
/// closing tag (or the end of the text if it is never closed).
fn element_end(html: &str, start: usize) -> usize {
    let b = html.as_bytes();
    let mut depth = 0usize;
    let mut i = start;
    while i < b.len() {
        if b[i] != b'<' {
            i += html[i..].find('<').unwrap_or(b.len() - i);
            continue;
        }
        if html[i..].starts_with("<!--") {
            i = html[i..].find("-->").map_or(b.len(), |e| i + e + 3);
            continue;
        }
        let closing = b.get(i + 1) == Some(&b'/');
        let name_from = i + 1 + usize::from(closing);
        if !b.get(name_from).is_some_and(u8::is_ascii_alphabetic) {
            i += 1; // a bare '<' in text
            continue;
        }
        let Some(end) = tag_end(html, i) else {
            return b.len();
        };
        let name = name_at(html, name_from);
        let self_closing = html[..end].ends_with("/>") || VOID.contains(&name.as_str());
        if closing {
            depth = depth.saturating_sub(1);
        } else if !self_closing {
            depth += 1;
        }
        if depth == 0 {
            return end;
        }
        i = end;
    }
    b.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_top_level_elements_only() {
        let html = "<h2 id=\"a-b\">A <code>b</code></h2>\n<p>One <math><msub><mi>P</mi><mn>0</mn></msub><mspace width=\"1em\"/></math><br />two.</p>\n\n<ul>\n<li><p>x</p></li>\n<li>y &lt; z</li>\n</ul>\n<hr />\n<!-- note -->\nloose text\n<p>last";
        let bs = blocks(html);
        let tags: Vec<&str> = bs.iter().map(|b| b.tag.as_str()).collect();
        assert_eq!(tags, ["h2", "p", "ul", "hr", "", "p"]);
        assert_eq!(bs[0].id().as_deref(), Some("a-b"));
        assert_eq!(bs[0].inner(), "A <code>b</code>");
        assert!(bs[1].html.ends_with("two.</p>"), "{}", bs[1].html);
        assert_eq!(plain(bs[1].inner()), "One P0two.");
        assert_eq!(plain(bs[2].html), "x y < z");
        assert_eq!(bs[4].html, "loose text");
        // An element left open runs to the end.
        assert_eq!(bs[5].html, "<p>last");
        assert_eq!(bs[5].inner(), "last");
    }

    #[test]
    fn quotes_and_bare_brackets_do_not_confuse_it() {
        let html = "<p title=\"a > b\">x < y</p><div><p>in</p></div>";
        let bs = blocks(html);
        assert_eq!(bs.len(), 2);
        assert_eq!(bs[0].inner(), "x < y");
        assert_eq!(bs[1].tag, "div");
        assert_eq!(bs[1].inner(), "<p>in</p>");
        assert_eq!(bs[1].id(), None);
        assert!(blocks("").is_empty());
        assert_eq!(blocks("<").len(), 1);
        assert_eq!(blocks("<p").len(), 1);
    }

    #[test]
    fn long_paragraphs_keep_their_first_sentences() {
        let html = "<p>One <em>a</em>.\nTwo is longer.\nThree.</p>";
        let p = &blocks(html)[0];
        assert_eq!(first_sentences(p, 100), html);
        assert_eq!(
            first_sentences(p, 21),
            "<p>One <em>a</em>.\nTwo is longer. …</p>"
        );
        assert_eq!(first_sentences(p, 1), "<p>One <em>a</em>. …</p>");
        // An element across sentences is not cut.
        let html = "<p>One <em>a.\nTwo</em> b.\nThree.</p>";
        assert_eq!(first_sentences(&blocks(html)[0], 1), html);
        // Lists are kept whole.
        let html = "<ul><li>One.\nTwo.</li></ul>";
        assert_eq!(first_sentences(&blocks(html)[0], 1), html);
        assert!(balanced("<p>a<br /><math><mi>x</mi></math></p><hr>"));
        assert!(!balanced("<p><em>a</p></em>"));
        assert!(!balanced("<p>a"));
    }
}
