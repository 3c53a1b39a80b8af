//! Sizes, times and chapter names as the figures' tables and captions
//! write them: kept on one line (no-break spaces) so a label never wraps
//! on a phone.

use crate::book::chapter;
use crate::chart::format_value;

/// A size in B, KB or MB.
pub fn bytes(u: u64) -> String {
    if u >= 1 << 20 {
        format!("{}\u{a0}MB", u >> 20)
    } else if u >= 1024 {
        format!("{}\u{a0}KB", u >> 10)
    } else {
        format!("{u}\u{a0}B")
    }
}

/// A time given in µs, written in µs or ms.
pub fn time(us: f64) -> String {
    if us >= 1000.0 {
        format!("{}\u{a0}ms", format_value(us / 1000.0))
    } else {
        format!("{}\u{a0}µs", format_value(us))
    }
}

/// "chapter 3, GM and CGM, iteration by iteration" for a slug (the slug
/// itself if the book has no such chapter).
pub fn chapter_name(slug: &str) -> String {
    chapter(slug).map_or_else(
        || slug.to_string(),
        |c| format!("chapter {}, {}", c.number, c.title),
    )
}
