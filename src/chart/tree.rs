//! A scatter's send tree drawn as an SVG string (chapter 6), from the
//! core's [`SendTree`] and its layout.
//!
//! The whole tree is drawn faintly from the start, so its final shape is in
//! view; the edges of supersteps up to the current one are drawn solid and
//! the processors they reached filled. Processors and edges share the mesh
//! figures' CSS classes (`www/figures.css`, "Mesh figures").

use super::mesh::shape;
use super::svg::esc;
use crate::core::mesh::tree::SendTree;
use std::fmt::Write;

const DX: f64 = 30.0;
const DY: f64 = 44.0;
const R: f64 = 11.0;

/// The tree after superstep `upto`, at most `width` CSS pixels wide.
pub fn tree_svg(tree: &SendTree, upto: usize, width: u32, label: &str) -> String {
    let at = tree.layout();
    let depth = at.iter().map(|a| a.1).max().unwrap_or(0);
    let pos = |v: usize| {
        (
            at[v].0 as f64 * DX + DX / 2.0,
            at[v].1 as f64 * DY + DY / 2.0,
        )
    };
    let (w, h) = (tree.leaves().max(1) as f64 * DX, (depth + 1) as f64 * DY);
    let small = tree.parent.len() <= 32;
    let mut s = String::new();
    let _ = write!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="mesh tree" viewBox="0 0 {w:.0} {h:.0}" width="{:.0}" role="img" aria-label="{}">"#,
        (w * 1.3).min(width as f64),
        esc(label)
    );
    for (v, parent) in tree.parent.iter().enumerate() {
        let Some(u) = *parent else { continue };
        let ((x1, y1), (x2, y2)) = (pos(u), pos(v));
        let on = tree.step[v] <= upto;
        // An elbow: down from the parent, across, down to the child.
        let mid = y2 - DY / 2.0;
        let _ = write!(
            s,
            r#"<path class="{}" d="M{x1:.0} {y1:.0}V{mid:.0}H{x2:.0}V{y2:.0}"><title>superstep {}: P{u} → P{v}</title></path>"#,
            if on { "edge" } else { "edge later" },
            tree.step[v]
        );
        if small {
            let _ = write!(
                s,
                r#"<text class="step" x="{:.0}" y="{:.0}">{}</text>"#,
                x2 + 3.0,
                mid + 12.0,
                tree.step[v]
            );
        }
    }
    for v in 0..tree.parent.len() {
        let (x, y) = pos(v);
        let kind = if v == tree.root {
            "hold"
        } else if tree.step[v] <= upto && tree.parent[v].is_some() {
            "done"
        } else {
            "idle"
        };
        let _ = write!(s, r#"<g class="node {kind}"><title>P{v}</title>"#);
        shape(&mut s, (x, y), R, v == tree.root);
        if small {
            let _ = write!(s, r#"<text x="{x:.0}" y="{:.0}">{v}</text>"#, y + 4.0);
        }
        s.push_str("</g>");
    }
    s.push_str("</svg>");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::mesh::config::{Algo, CollectiveConfig, Op};
    use crate::core::mesh::run;

    #[test]
    fn edges_fill_in_superstep_by_superstep() {
        let spec = CollectiveConfig::new(Op::Scatter, Algo::LogpLevSq, 4, 4)
            .validate()
            .unwrap();
        let t = SendTree::of(&run(&spec)).unwrap();
        let count = |svg: &str, class: &str| svg.matches(&format!(r#"class="{class}""#)).count();
        let start = tree_svg(&t, 0, 400, "tree");
        assert_eq!(
            (count(&start, "edge"), count(&start, "edge later")),
            (0, 15)
        );
        // B4: superstep k adds 2^(k−1) edges.
        let two = tree_svg(&t, 2, 400, "tree");
        assert_eq!(count(&two, "edge"), 1 + 2);
        assert_eq!(count(&two, "node done"), 3);
        assert_eq!(count(&tree_svg(&t, 4, 400, "tree"), "edge"), 15);
    }
}
