//! A 2-D mesh drawn as an SVG string: processors, submachines, sends as
//! curved arrows and link loads as a heat map (chapters 6 and 7).
//!
//! SVG rather than the matrix canvas: the mesh figures stop at 16×32
//! processors, a few thousand shapes, which the browser draws at once;
//! SVG keeps labels sharp at any zoom and in print, gives every processor,
//! send and link a hover title a screen reader can also reach, and takes
//! its colours from CSS classes (`www/figures.css`, "Mesh figures"), so a
//! theme switch needs no redraw. Writing the string natively (like the
//! charts) keeps the wasm small and lets `cargo test` check the drawing.
//!
//! Processor p sits at row p / C, column p % C, [`CELL`] units apart. A
//! processor element carries `data-p="p"`, so a click on it can be mapped
//! back to the processor.

mod geometry;
mod layers;

pub use geometry::curve;
pub(super) use geometry::shape;

use super::svg::esc;
use crate::core::mesh::grid::Rect;
use geometry::{Pt, centre};
use std::fmt::Write;

/// Distance between neighbouring processors, in SVG units.
pub const CELL: f64 = 48.0;
/// Processor radius with ids written inside, and without.
const RADIUS: f64 = 12.0;
const DOT: f64 = 7.0;

/// What a processor shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum NodeKind {
    /// Nothing to show: waiting, or already emptied.
    #[default]
    Idle,
    /// Holds messages bound for other processors (a dark fill).
    Hold,
    /// Has what it should end up with (a light fill).
    Done,
}

/// A processor: its kind and a count written beside it (0: none).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Node {
    /// The fill.
    pub kind: NodeKind,
    /// Written beside the processor when positive (messages held or received).
    pub count: u32,
}

/// A send, drawn as a curved arrow (opposite sends bend apart).
#[derive(Clone, Debug, PartialEq)]
pub struct Arrow {
    /// Sender.
    pub src: usize,
    /// Receiver.
    pub dst: usize,
    /// Short text at the arrow's middle (e.g. `8` messages), if any.
    pub label: Option<String>,
    /// Hover text.
    pub title: String,
}

/// A group of processors drawn with a tinted background: a submachine or a
/// part of a cut.
#[derive(Clone, Debug, PartialEq)]
pub struct Region {
    /// Its processors, in the group's own order.
    pub members: Vec<usize>,
    /// Tint number (cycles through six theme tones).
    pub tone: usize,
    /// A rectangle to outline (for rectangular submachines).
    pub outline: Option<Rect>,
    /// Join the members in order by a line (for spans of the snake order).
    pub path: bool,
}

/// Everything a mesh figure shows.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MeshDrawing {
    /// Mesh rows R.
    pub rows: usize,
    /// Mesh columns C.
    pub cols: usize,
    /// One per processor (missing ones are idle).
    pub nodes: Vec<Node>,
    /// Drawn as a square: the source or destination.
    pub root: Option<usize>,
    /// Circled: leaders of the parts just cut.
    pub rings: Vec<usize>,
    /// Tinted groups, drawn first.
    pub regions: Vec<Region>,
    /// Sends.
    pub arrows: Vec<Arrow>,
    /// Messages on each directed link, by the mesh's link id (empty: no heat
    /// map).
    pub links: Vec<u32>,
    /// The load drawn darkest (0: the largest of `links`), so several meshes
    /// can share one scale.
    pub heat_max: u32,
    /// Write each loaded link's count beside it.
    pub numbers: bool,
    /// Write each processor's id inside it.
    pub ids: bool,
    /// What the figure shows, for screen readers.
    pub label: String,
}

impl MeshDrawing {
    /// An empty drawing of an R×C mesh.
    pub fn new(rows: usize, cols: usize, label: impl Into<String>) -> MeshDrawing {
        MeshDrawing {
            rows,
            cols,
            label: label.into(),
            ..Default::default()
        }
    }

    /// Processors are smaller without ids, leaving room for links.
    fn radius(&self) -> f64 {
        if self.ids { RADIUS } else { DOT }
    }

    /// The SVG, `width` CSS pixels wide at most.
    pub fn svg(&self, width: u32) -> String {
        let (w, h) = (self.cols as f64 * CELL, self.rows as f64 * CELL);
        let array = self.rows == 1 || self.cols == 1;
        let curves: Vec<(Pt, Pt, Pt)> = self
            .arrows
            .iter()
            .map(|a| {
                curve(
                    centre(self.cols, a.src),
                    centre(self.cols, a.dst),
                    array,
                    self.radius() + 2.0,
                )
            })
            .collect();
        // The view box holds the mesh, every arc and the link numbers.
        let pad = if self.numbers { 18.0 } else { 4.0 };
        let (mut x0, mut y0, mut x1, mut y1) = (-pad, -pad, w + pad, h + pad);
        for &(p, c, q) in &curves {
            // The curve's midpoint is its farthest point from the chord.
            let m = ((p.0 + q.0) / 4.0 + c.0 / 2.0, (p.1 + q.1) / 4.0 + c.1 / 2.0);
            (x0, y0) = (x0.min(m.0 - 10.0), y0.min(m.1 - 10.0));
            (x1, y1) = (x1.max(m.0 + 10.0), y1.max(m.1 + 10.0));
        }
        let (vw, vh) = (x1 - x0, y1 - y0);
        let px = (vw * 1.4).min(width as f64).round();
        let mut s = String::new();
        let _ = write!(
            s,
            r#"<svg xmlns="http://www.w3.org/2000/svg" class="mesh" viewBox="{x0:.0} {y0:.0} {vw:.0} {vh:.0}" width="{px}" role="img" aria-label="{}">"#,
            esc(&self.label)
        );
        self.regions_svg(&mut s);
        self.links_svg(&mut s);
        for (a, &(p, c, q)) in self.arrows.iter().zip(&curves) {
            let (tx, ty) = (q.0 - c.0, q.1 - c.1);
            let len = tx.hypot(ty).max(1e-9);
            let (ux, uy) = (tx / len * 7.0, ty / len * 7.0);
            let _ = write!(
                s,
                r#"<g class="send"><title>{}</title><path d="M{:.1} {:.1}Q{:.1} {:.1} {:.1} {:.1}"/><path class="head" d="M{:.1} {:.1}L{:.1} {:.1}L{:.1} {:.1}Z"/>"#,
                esc(&a.title),
                p.0,
                p.1,
                c.0,
                c.1,
                q.0,
                q.1,
                q.0,
                q.1,
                q.0 - ux - uy * 0.6,
                q.1 - uy + ux * 0.6,
                q.0 - ux + uy * 0.6,
                q.1 - uy - ux * 0.6,
            );
            if let Some(l) = &a.label {
                // The curve's midpoint: ¼ start + ½ control + ¼ end.
                let (mx, my) = ((p.0 + 2.0 * c.0 + q.0) / 4.0, (p.1 + 2.0 * c.1 + q.1) / 4.0);
                let _ = write!(
                    s,
                    r#"<text x="{mx:.1}" y="{:.1}">{}</text>"#,
                    my + 4.0,
                    esc(l)
                );
            }
            s.push_str("</g>");
        }
        self.nodes_svg(&mut s);
        s.push_str("</svg>");
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_every_part() {
        let mut d = MeshDrawing::new(2, 3, "a <mesh>");
        d.nodes = vec![Node {
            kind: NodeKind::Hold,
            count: 5,
        }];
        d.root = Some(0);
        d.rings = vec![4];
        d.regions = vec![Region {
            members: vec![0, 1, 2],
            tone: 7,
            outline: Some(Rect {
                row: 0,
                col: 0,
                rows: 1,
                cols: 3,
            }),
            path: true,
        }];
        d.arrows = vec![Arrow {
            src: 0,
            dst: 5,
            label: Some("2".into()),
            title: "P0 → P5".into(),
        }];
        d.links = vec![0; 24];
        d.links[0] = 2; // P0 east
        d.links[4 * 2] = 1; // P2 east leaves the mesh: never drawn
        d.numbers = true;
        d.ids = true;
        let svg = d.svg(400);
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        assert!(svg.contains(r#"aria-label="a &lt;mesh&gt;""#));
        assert_eq!(svg.matches(r#"class="node"#).count(), 6);
        assert_eq!(svg.matches("<rect class=\"t1\"").count(), 3);
        assert!(svg.contains("<polyline class=\"snake\""));
        assert_eq!(svg.matches("class=\"heat").count(), 1);
        assert!(svg.contains("<title>P0 → P1: 2</title>"));
        assert!(svg.contains(r#"<text class="badge""#) && svg.contains(">5</text>"));
        assert!(svg.contains("class=\"ring\""));
    }

    #[test]
    fn opposite_sends_bend_apart() {
        let (a, b) = ((20.0, 20.0), (140.0, 20.0));
        let (_, c1, _) = curve(a, b, true, 14.0);
        let (_, c2, _) = curve(b, a, true, 14.0);
        assert!(c1.1 < 20.0 && c2.1 > 20.0, "{c1:?} {c2:?}");
        // The arrow stops short of the processors.
        let (p, _, q) = curve(a, b, false, 14.0);
        assert!(p.0 > a.0 && q.0 < b.0);
    }
}
