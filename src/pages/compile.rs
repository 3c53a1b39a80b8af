//! Turns a chapter's Markdown into HTML segments and figure blocks.
//!
//! Runs at build time, so the book carries finished HTML and MathML and no
//! Markdown or LaTeX parser. Math between `$…$` and `$$…$$` becomes MathML
//! through pulldown-latex; a LaTeX error fails the build with the chapter
//! and the formula. A fenced block whose info string is `figure NAME` ends
//! the current HTML segment and places a figure; its body is `key: value`
//! lines (`id` and `caption` are the host's, the rest are the figure's
//! settings, which `tests/chapters.rs` checks against the catalogue).
//!
//! Headings get ids (`section-title`) so the table of contents can link them.

use pulldown_cmark::{CodeBlockKind, CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd};

/// One piece of a compiled chapter.
#[derive(Clone, Debug, PartialEq)]
pub enum Piece {
    Html(String),
    Figure(Block),
}

/// A figure placed by a chapter.
#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    /// Unique within the chapter; prefixes the figure's URL parameters.
    pub id: String,
    pub kind: String,
    /// A figure caption shown under the figure (plain text).
    pub caption: String,
    pub params: Vec<(String, String)>,
}

/// A compiled chapter.
#[derive(Clone, Debug, PartialEq)]
pub struct Compiled {
    /// The text of the first `#` heading.
    pub title: String,
    /// (id, text) of every `##` heading, for the table of contents.
    pub sections: Vec<(String, String)>,
    pub pieces: Vec<Piece>,
}

/// Reads `chapters/SUMMARY.md`: one `- [Title](file.md): what the reader
/// can do there` line per chapter, in reading order. Returns each file name
/// with the text after the link (without its leading colon).
pub fn summary_entries(summary: &str) -> Vec<(String, String)> {
    summary
        .lines()
        .filter_map(|l| {
            let l = l.trim();
            let start = l.find("](")? + 2;
            let end = l[start..].find(')')? + start;
            let blurb = l[end + 1..].trim_start_matches(':').trim();
            Some((l[start..end].to_string(), blurb.to_string()))
        })
        .collect()
}

/// The chapter files `chapters/SUMMARY.md` lists, in reading order.
pub fn summary_files(summary: &str) -> Vec<String> {
    summary_entries(summary).into_iter().map(|e| e.0).collect()
}

/// The URL slug of a chapter file: `01-permutations.md` → `permutations`.
pub fn slug_of(file: &str) -> String {
    let stem = file.trim_end_matches(".md");
    let rest = stem.trim_start_matches(|c: char| c.is_ascii_digit());
    rest.trim_start_matches('-').to_string()
}

/// The chapter number in a file name: `09-redist.md` → 9. Numbers come
/// from the file, not the position in SUMMARY.md, so a chapter keeps its
/// number (and its figures theirs) when chapters before it are added later.
pub fn number_of(file: &str) -> Option<u32> {
    let digits: String = file.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// A heading's id: lowercase letters and digits joined by single dashes.
pub fn anchor(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_string()
}

fn math_to_mathml(latex: &str, display: bool) -> Result<String, String> {
    use pulldown_latex::{
        Parser as Latex, RenderConfig, Storage, config::DisplayMode, push_mathml,
    };
    let storage = Storage::new();
    let events: Vec<_> = Latex::new(latex, &storage).collect();
    if let Some(Err(e)) = events.iter().find(|e| e.is_err()) {
        return Err(format!("LaTeX error in `{latex}`: {e}"));
    }
    // No TeX annotation: it would repeat every formula's source in the
    // site's data (about a tenth of a chapter's bytes) for no reader benefit;
    // screen readers speak the MathML itself.
    let config = RenderConfig {
        display_mode: if display {
            DisplayMode::Block
        } else {
            DisplayMode::Inline
        },
        ..RenderConfig::default()
    };
    let mut out = String::new();
    push_mathml(&mut out, events.into_iter(), config).map_err(|e| e.to_string())?;
    // `display="inline"` is what <math> means without it: 846 copies cost
    // the book's download 0.6 KB gzipped.
    if let Some(rest) = out.strip_prefix(r#"<math display="inline">"#) {
        out = format!("<math>{rest}");
    }
    Ok(out)
}

fn parse_block(kind: &str, body: &str, auto_id: usize) -> Result<Block, String> {
    let mut block = Block {
        id: format!("{kind}{auto_id}"),
        kind: kind.to_string(),
        caption: String::new(),
        params: Vec::new(),
    };
    for line in body.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let (k, v) = line
            .split_once(':')
            .ok_or_else(|| format!("figure {kind}: line '{line}' is not 'key: value'"))?;
        let (k, v) = (k.trim(), v.trim());
        match k {
            "id" => block.id = v.to_string(),
            "caption" => block.caption = v.to_string(),
            _ => block.params.push((k.to_string(), v.to_string())),
        }
    }
    if block.id.is_empty()
        || !block
            .id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_')
    {
        return Err(format!(
            "figure id '{}' must be letters, digits or _",
            block.id
        ));
    }
    Ok(block)
}

/// Compiles one chapter.
pub fn compile(markdown: &str) -> Result<Compiled, Vec<String>> {
    let opts = Options::ENABLE_MATH
        | Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH;
    let mut errors = Vec::new();
    let mut title = String::new();
    let mut sections = Vec::new();
    let mut pieces = Vec::new();
    let mut html_events: Vec<Event> = Vec::new();
    let mut figure: Option<(String, String)> = None;
    let mut heading: Option<(HeadingLevel, String, usize)> = None;
    let mut figures_seen = 0;

    let flush = |events: &mut Vec<Event>, pieces: &mut Vec<Piece>| {
        if !events.is_empty() {
            let mut s = String::new();
            pulldown_cmark::html::push_html(&mut s, events.drain(..));
            pieces.push(Piece::Html(s));
        }
    };

    for event in Parser::new_ext(markdown, opts) {
        if let Some((_, body)) = &mut figure {
            match event {
                Event::Text(t) => body.push_str(&t),
                Event::End(TagEnd::CodeBlock) => {
                    let (kind, body) = figure.take().unwrap_or_default();
                    figures_seen += 1;
                    match parse_block(&kind, &body, figures_seen) {
                        Ok(b) => {
                            flush(&mut html_events, &mut pieces);
                            pieces.push(Piece::Figure(b));
                        }
                        Err(e) => errors.push(e),
                    }
                }
                _ => {}
            }
            continue;
        }
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info)))
                if info.starts_with("figure") =>
            {
                let kind = info["figure".len()..].trim().to_string();
                if kind.is_empty() {
                    errors.push("a figure block needs a name: ```figure NAME".into());
                }
                figure = Some((kind, String::new()));
            }
            Event::InlineMath(ref m) | Event::DisplayMath(ref m) => {
                let display = matches!(event, Event::DisplayMath(_));
                match math_to_mathml(m, display) {
                    Ok(html) => html_events.push(Event::InlineHtml(CowStr::from(html))),
                    Err(e) => errors.push(e),
                }
            }
            Event::Start(Tag::Heading { level, .. }) => {
                heading = Some((level, String::new(), html_events.len()));
                html_events.push(event);
            }
            Event::Text(ref t) | Event::Code(ref t) if heading.is_some() => {
                if let Some((_, text, _)) = &mut heading {
                    text.push_str(t);
                }
                html_events.push(event);
            }
            Event::End(TagEnd::Heading(_)) => {
                if let Some((level, text, at)) = heading.take() {
                    let id = anchor(&text);
                    html_events[at] = Event::Start(Tag::Heading {
                        level,
                        id: Some(CowStr::from(id.clone())),
                        classes: vec![],
                        attrs: vec![],
                    });
                    match level {
                        HeadingLevel::H1 if title.is_empty() => title = text,
                        HeadingLevel::H2 => sections.push((id, text)),
                        _ => {}
                    }
                }
                html_events.push(event);
            }
            other => html_events.push(other),
        }
    }
    flush(&mut html_events, &mut pieces);
    if title.is_empty() {
        errors.push("the chapter has no '# Title' heading".into());
    }
    let mut ids = std::collections::BTreeSet::new();
    for p in &pieces {
        if let Piece::Figure(b) = p
            && !ids.insert(b.id.as_str())
        {
            errors.push(format!("two figures share the id '{}'", b.id));
        }
    }
    if errors.is_empty() {
        Ok(Compiled {
            title,
            sections,
            pieces,
        })
    } else {
        Err(errors)
    }
}
