//! Where things go in a mesh drawing: processor centres, the curves of
//! sends, and processor outlines.

use super::CELL;
use std::fmt::Write;

/// A point in SVG units.
pub type Pt = (f64, f64);

/// The centre of processor `p` on a mesh of `cols` columns.
pub fn centre(cols: usize, p: usize) -> Pt {
    (
        (p % cols) as f64 * CELL + CELL / 2.0,
        (p / cols) as f64 * CELL + CELL / 2.0,
    )
}

/// `p` moved by `d` towards `q`.
pub fn towards(p: Pt, q: Pt, d: f64) -> Pt {
    let (dx, dy) = (q.0 - p.0, q.1 - p.1);
    let len = dx.hypot(dy).max(1e-9);
    (p.0 + dx / len * d, p.1 + dy / len * d)
}

/// A send's curve: start, control point, end, leaving `gap` free around
/// the processors. The bend is to the left of the direction of travel, so
/// a → b and b → a never overlap; on a single row or column the arcs are
/// taller, to clear the processors between.
pub fn curve(a: Pt, b: Pt, array: bool, gap: f64) -> (Pt, Pt, Pt) {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = dx.hypot(dy).max(1e-9);
    let bend = if array {
        (0.5 * len).clamp(1.2 * CELL, 4.0 * CELL)
    } else {
        (0.18 * len).clamp(6.0, 1.5 * CELL)
    };
    let mid = (
        (a.0 + b.0) / 2.0 + dy / len * bend,
        (a.1 + b.1) / 2.0 - dx / len * bend,
    );
    (towards(a, mid, gap), mid, towards(b, mid, gap))
}

/// A processor's outline: a circle, or a square for the root.
pub fn shape(s: &mut String, (x, y): Pt, r: f64, square: bool) {
    let _ = if square {
        let r = r + 1.0;
        write!(
            s,
            r#"<rect x="{:.0}" y="{:.0}" width="{:.0}" height="{:.0}" rx="2"/>"#,
            x - r,
            y - r,
            2.0 * r,
            2.0 * r
        )
    } else {
        write!(s, r#"<circle cx="{x:.0}" cy="{y:.0}" r="{r}"/>"#)
    };
}
