//! The layers of a mesh drawing, bottom to top: tinted submachines, the
//! link-load heat map, and the processors (sends go between the last two).

use super::geometry::{centre, shape, towards};
use super::{CELL, MeshDrawing, NodeKind};
use crate::core::net::mesh::Mesh;
use std::fmt::Write;

impl MeshDrawing {
    pub(super) fn regions_svg(&self, s: &mut String) {
        for r in &self.regions {
            let tone = r.tone % 6;
            for &p in &r.members {
                let (x, y) = centre(self.cols, p);
                let _ = write!(
                    s,
                    r#"<rect class="t{tone}" x="{:.0}" y="{:.0}" width="{:.0}" height="{:.0}" rx="5"/>"#,
                    x - CELL / 2.0 + 1.0,
                    y - CELL / 2.0 + 1.0,
                    CELL - 2.0,
                    CELL - 2.0
                );
            }
            if let Some(o) = r.outline {
                let _ = write!(
                    s,
                    r#"<rect class="outline" x="{:.0}" y="{:.0}" width="{:.0}" height="{:.0}" rx="6"/>"#,
                    o.col as f64 * CELL + 1.0,
                    o.row as f64 * CELL + 1.0,
                    o.cols as f64 * CELL - 2.0,
                    o.rows as f64 * CELL - 2.0
                );
            }
            if r.path && r.members.len() > 1 {
                let pts: Vec<String> = r
                    .members
                    .iter()
                    .map(|&p| {
                        let (x, y) = centre(self.cols, p);
                        format!("{x:.0},{y:.0}")
                    })
                    .collect();
                let _ = write!(s, r#"<polyline class="snake" points="{}"/>"#, pts.join(" "));
            }
        }
    }

    pub(super) fn links_svg(&self, s: &mut String) {
        let mesh = Mesh::new(self.rows, self.cols);
        let top = match self.heat_max {
            0 => self.links.iter().copied().max().unwrap_or(0),
            m => m,
        };
        if top == 0 {
            return;
        }
        for (l, &load) in self.links.iter().enumerate() {
            let Some(q) = (load > 0).then(|| mesh.neighbour(l / 4, l % 4)).flatten() else {
                continue;
            };
            let (a, b) = (centre(self.cols, l / 4), centre(self.cols, q));
            let (ux, uy) = ((b.0 - a.0) / CELL, (b.1 - a.1) / CELL);
            // Each direction keeps to its right-hand side of the wire.
            let (ox, oy) = (-uy * 4.0, ux * 4.0);
            let (p, q2) = (towards(a, b, self.radius()), towards(b, a, self.radius()));
            let f = load.min(top) as f64 / top as f64;
            let level = (f * 4.0).ceil().clamp(1.0, 4.0);
            let _ = write!(
                s,
                r#"<path class="heat h{level}" stroke-width="{:.1}" d="M{:.1} {:.1}L{:.1} {:.1}"><title>P{} → P{q}: {load}</title></path>"#,
                1.5 + 4.5 * f,
                p.0 + ox,
                p.1 + oy,
                q2.0 + ox,
                q2.1 + oy,
                l / 4
            );
            if self.numbers {
                let (mx, my) = (
                    (a.0 + b.0) / 2.0 + ox * 3.5,
                    (a.1 + b.1) / 2.0 + oy * 3.5 + 4.0,
                );
                let _ = write!(
                    s,
                    r#"<text class="load" x="{mx:.1}" y="{my:.1}">{load}</text>"#
                );
            }
        }
    }

    pub(super) fn nodes_svg(&self, s: &mut String) {
        for p in 0..self.rows * self.cols {
            let n = self.nodes.get(p).copied().unwrap_or_default();
            let (x, y) = centre(self.cols, p);
            let kind = match n.kind {
                NodeKind::Idle => "idle",
                NodeKind::Hold => "hold",
                NodeKind::Done => "done",
            };
            let what = match (n.kind, n.count) {
                (NodeKind::Hold, c) => format!("holds {c} message(s) for others"),
                (NodeKind::Done, _) => "has its data".to_string(),
                (NodeKind::Idle, 0) => "waiting".to_string(),
                (NodeKind::Idle, c) => format!("has received {c}"),
            };
            let _ = write!(
                s,
                r#"<g class="node {kind}" data-p="{p}"><title>P{p}: {what}</title>"#
            );
            let radius = self.radius();
            shape(s, (x, y), radius, self.root == Some(p));
            if self.rings.contains(&p) {
                let _ = write!(
                    s,
                    r#"<circle class="ring" cx="{x:.0}" cy="{y:.0}" r="{}"/>"#,
                    radius + 4.0
                );
            }
            if self.ids {
                let _ = write!(s, r#"<text x="{x:.0}" y="{:.0}">{p}</text>"#, y + 4.0);
            }
            // Counts only where there is room for them.
            if n.count > 0 && (self.ids || self.rows * self.cols <= 64) {
                let _ = write!(
                    s,
                    r#"<text class="badge" x="{:.0}" y="{:.0}">{}</text>"#,
                    x + radius + 1.0,
                    y - radius + 1.0,
                    n.count
                );
            }
            s.push_str("</g>");
        }
    }
}
