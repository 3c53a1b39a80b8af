//! Full-text search over the book, from the index `commbook-pages` builds
//! at build time (one line per section: slug, section id, heading, text;
//! see `commbook_pages::search`). The page fetches the index on the first
//! search and keeps it; searching is a scan of a few hundred kilobytes of
//! text, well under a frame.
//!
//! Every word of the query must occur in a section (ignoring ASCII case;
//! other letters match exactly); sections rank by how often the words
//! occur, a word in the heading counting ten times. Each hit carries a
//! snippet around the first occurrence of the query's longest word.

use crate::core::sorting::sort_by_u64;

/// One section of one chapter.
#[derive(Clone, Debug, PartialEq)]
pub struct Section {
    pub slug: String,
    /// Empty for the part before the chapter's first `##` heading.
    pub id: String,
    pub heading: String,
    pub text: String,
}

/// The parsed index.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SearchIndex {
    pub sections: Vec<Section>,
}

/// A section that matches, with a snippet: `before`, the match, `after`.
#[derive(Clone, Debug, PartialEq)]
pub struct Hit {
    pub slug: String,
    pub id: String,
    pub heading: String,
    pub before: String,
    pub matched: String,
    pub after: String,
}

/// Characters of context on each side of a snippet's match.
const CONTEXT: usize = 70;
/// Longest query read, in bytes (a pasted paragraph is cut, not refused).
pub const MAX_QUERY: usize = 200;

impl SearchIndex {
    /// Reads the index; lines that do not have four fields are skipped.
    pub fn parse(text: &str) -> SearchIndex {
        let sections = text
            .lines()
            .filter_map(|l| {
                let mut f = l.splitn(4, '\t');
                Some(Section {
                    slug: f.next()?.to_string(),
                    id: f.next()?.to_string(),
                    heading: f.next()?.to_string(),
                    text: f.next()?.to_string(),
                })
            })
            .collect();
        SearchIndex { sections }
    }

    /// The sections where every word of `query` occurs, best first, at
    /// most `limit`.
    pub fn search(&self, query: &str, limit: usize) -> Vec<Hit> {
        let query = cut(query, MAX_QUERY);
        let words: Vec<&str> = query.split_whitespace().collect();
        if words.is_empty() {
            return Vec::new();
        }
        let longest = words.iter().copied().max_by_key(|w| w.len()).unwrap_or("");
        let mut scored: Vec<(u64, Hit)> = Vec::new();
        for s in &self.sections {
            let mut score = 0u64;
            for w in &words {
                let in_text = count(&s.text, w);
                let in_heading = count(&s.heading, w);
                if in_text + in_heading == 0 {
                    score = 0;
                    break;
                }
                score += (in_text + 10 * in_heading) as u64;
            }
            if score == 0 {
                continue;
            }
            let (before, matched, after) = snippet(&s.text, longest);
            scored.push((
                score,
                Hit {
                    slug: s.slug.clone(),
                    id: s.id.clone(),
                    heading: s.heading.clone(),
                    before,
                    matched,
                    after,
                },
            ));
        }
        // Best first; equal scores keep the book's order.
        sort_by_u64(&mut scored, |(score, _)| u64::MAX - score);
        scored.into_iter().take(limit).map(|(_, h)| h).collect()
    }
}

/// The first `max` bytes of `s`, cut at a character boundary.
fn cut(s: &str, max: usize) -> &str {
    let mut end = s.len().min(max);
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}

/// Where `needle` first occurs in `hay` at or after byte `from`, ignoring
/// ASCII case. The needle starts with a whole character and matches
/// byte for byte, so a match starts and ends on character boundaries.
fn find(hay: &str, needle: &str, from: usize) -> Option<usize> {
    let (h, n) = (hay.as_bytes(), needle.as_bytes());
    if n.is_empty() || h.len() < n.len() {
        return None;
    }
    (from..=h.len() - n.len()).find(|&i| h[i..i + n.len()].eq_ignore_ascii_case(n))
}

/// Occurrences of `needle` in `hay`, ignoring ASCII case.
fn count(hay: &str, needle: &str) -> usize {
    let mut n = 0;
    let mut at = 0;
    while let Some(i) = find(hay, needle, at) {
        n += 1;
        at = i + needle.len();
    }
    n
}

/// The text around the first occurrence of `word`, cut at spaces, with
/// "…" where the section goes on.
fn snippet(text: &str, word: &str) -> (String, String, String) {
    let Some(at) = find(text, word, 0) else {
        return (
            cut(text, 2 * CONTEXT).to_string(),
            String::new(),
            String::new(),
        );
    };
    let end = at + word.len();
    let mut start = at.saturating_sub(CONTEXT);
    while !text.is_char_boundary(start) {
        start -= 1;
    }
    if start > 0 {
        start = text[start..at].find(' ').map_or(start, |s| start + s + 1);
    }
    let mut stop = (end + CONTEXT).min(text.len());
    while !text.is_char_boundary(stop) {
        stop += 1;
    }
    if stop < text.len() {
        stop = text[end..stop].rfind(' ').map_or(stop, |s| end + s);
    }
    let before = format!("{}{}", if start > 0 { "…" } else { "" }, &text[start..at]);
    let after = format!(
        "{}{}",
        &text[end..stop],
        if stop < text.len() { "…" } else { "" }
    );
    (before, text[at..end].to_string(), after)
}

#[cfg(test)]
mod tests {
    use super::*;

    const INDEX: &str = "intro\t\tIntroduction\tPermutations move data. A permutation is a one-to-one map.\n\
                         intro\tcost\tThe cost model\tτ + Mφ prices a permutation of M bytes.\n\
                         cgm\trows\tCompacting rows\tCCOM keeps only the non-zero entries; Random_Swap shuffles each row.\n\
                         broken line\n";

    #[test]
    fn every_word_must_occur_and_headings_weigh_more() {
        let idx = SearchIndex::parse(INDEX);
        assert_eq!(idx.sections.len(), 3);
        let hits = idx.search("PERMUTATION", 10);
        assert_eq!(hits.len(), 2);
        assert_eq!((hits[0].slug.as_str(), hits[0].id.as_str()), ("intro", ""));
        assert_eq!(hits[0].matched, "Permutation");
        assert!(idx.search("permutation zebra", 10).is_empty());
        let rows = idx.search("rows ccom", 10);
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].heading, "Compacting rows");
        assert!(idx.search("   ", 10).is_empty());
        assert_eq!(idx.search("Mφ", 10)[0].id, "cost");
    }

    #[test]
    fn snippets_cut_at_spaces_and_character_boundaries() {
        let text = format!("{} needle {}", "αβγ ".repeat(40), "δεζ ".repeat(40));
        let (before, matched, after) = snippet(&text, "NEEDLE");
        assert_eq!(matched, "needle");
        assert!(before.starts_with('…') && after.ends_with('…'));
        assert!(before.chars().count() <= CONTEXT + 1);
        let q = "é".repeat(150);
        assert!(cut(&q, MAX_QUERY).len() <= MAX_QUERY);
    }
}
