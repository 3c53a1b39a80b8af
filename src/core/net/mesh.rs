//! An R×C 2-D mesh with XY dimension-order routing.
//!
//! Processor `r·C + c` sits at row r, column c (row-major). Each neighbour
//! pair is joined by two directed links. XY routing first moves along the row
//! (changing the column) until the column matches, then along the column:
//! the route is fixed, minimal, and deadlock-free on a mesh.
//!
//! Link ids: `4·p + dir` for the link leaving processor p in direction `dir`
//! (0 = east, 1 = west, 2 = south, 3 = north); ids of links that would leave
//! the mesh are never used in a route.
//!
//! **Why it cannot deadlock.** A head travelling along its row waits only
//! for a link further along the same row or for the first link of its
//! column; one travelling along its column waits only for a link further
//! along that column (or its receiver, which always drains). Order the
//! links: row links first, each direction by its distance travelled, then
//! column links likewise; every wait is for a later link, so no cycle of
//! waits can close.

use super::layout::Placement;
use super::{Network, Vertex};
use crate::verify::LinkId;

/// Directions, in link-id order.
pub const DIRS: [&str; 4] = ["east", "west", "south", "north"];

/// An R×C mesh.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mesh {
    pub rows: usize,
    pub cols: usize,
}

impl Mesh {
    /// A mesh of `rows × cols` processors.
    pub fn new(rows: usize, cols: usize) -> Self {
        Mesh { rows, cols }
    }

    /// (row, column) of processor p.
    pub fn coords(&self, p: usize) -> (usize, usize) {
        (p / self.cols, p % self.cols)
    }

    /// The neighbour of p in direction `dir`, if inside the mesh.
    pub fn neighbour(&self, p: usize, dir: usize) -> Option<usize> {
        let (r, c) = self.coords(p);
        match dir {
            0 if c + 1 < self.cols => Some(p + 1),
            1 if c > 0 => Some(p - 1),
            2 if r + 1 < self.rows => Some(p + self.cols),
            3 if r > 0 => Some(p - self.cols),
            _ => None,
        }
    }

    /// Number of hops between two processors (Manhattan distance).
    pub fn hops(&self, a: usize, b: usize) -> usize {
        let ((ra, ca), (rb, cb)) = (self.coords(a), self.coords(b));
        ra.abs_diff(rb) + ca.abs_diff(cb)
    }

    /// The XY route as processors visited, `src` first, `dst` last.
    pub fn path(&self, src: usize, dst: usize) -> Vec<usize> {
        self.xy_links(src, dst)
            .map(|l| self.link_target(l))
            .fold(vec![src], |mut v, p| {
                v.push(p);
                v
            })
    }

    fn link_target(&self, l: LinkId) -> usize {
        let (p, dir) = ((l / 4) as usize, (l % 4) as usize);
        self.neighbour(p, dir).unwrap_or(p)
    }

    /// The XY route as directed link ids, without allocating: the links
    /// along the row first, then along the column.
    pub fn xy_links(&self, src: usize, dst: usize) -> impl Iterator<Item = LinkId> + '_ {
        let (rs, cs) = self.coords(src);
        let (rd, cd) = self.coords(dst);
        let mut p = src;
        let horizontal = (0..cs.abs_diff(cd)).map(move |_| if cd > cs { 0usize } else { 1 });
        let vertical = (0..rs.abs_diff(rd)).map(move |_| if rd > rs { 2usize } else { 3 });
        horizontal.chain(vertical).map(move |dir| {
            let l = (4 * p + dir) as LinkId;
            p = self.neighbour(p, dir).unwrap_or(p);
            l
        })
    }
}

impl Network for Mesh {
    fn procs(&self) -> usize {
        self.rows * self.cols
    }

    fn links(&self) -> usize {
        4 * self.procs()
    }

    fn link_ends(&self, l: LinkId) -> (Vertex, Vertex) {
        let p = (l / 4) as usize;
        (Vertex::Proc(p), Vertex::Proc(self.link_target(l)))
    }

    fn static_route(&self, src: usize, dst: usize) -> Vec<LinkId> {
        self.xy_links(src, dst).collect()
    }

    fn link_label(&self, l: LinkId) -> String {
        let (a, b) = ((l / 4) as usize, self.link_target(l));
        let ((ra, ca), (rb, cb)) = (self.coords(a), self.coords(b));
        format!("({ra},{ca})→({rb},{cb})")
    }

    /// Processor (r, c) sits at (c + ½, r + ½), one unit apart, as the
    /// Delta's nodes sit in its grid (paper 001 §2).
    fn placement(&self) -> Placement {
        Placement {
            width: self.cols as f64,
            height: self.rows as f64,
            radius: 0.13,
            nodes: (0..self.procs())
                .map(|p| {
                    let (r, c) = self.coords(p);
                    (Vertex::Proc(p), c as f64 + 0.5, r as f64 + 0.5)
                })
                .collect(),
            spread: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xy_goes_along_the_row_first() {
        let m = Mesh::new(3, 4);
        // (0,0) → (2,3): east three times, then south twice.
        assert_eq!(m.path(0, 11), vec![0, 1, 2, 3, 7, 11]);
        assert_eq!(m.path(11, 0), vec![11, 10, 9, 8, 4, 0]);
        assert_eq!(m.static_route(5, 5), Vec::<LinkId>::new());
        assert_eq!(m.link_label(m.static_route(0, 1)[0]), "(0,0)→(0,1)");
    }

    #[test]
    fn routes_are_minimal_and_connected() {
        let m = Mesh::new(4, 5);
        for a in 0..20 {
            for b in 0..20 {
                let r = m.static_route(a, b);
                assert_eq!(r.len(), m.hops(a, b));
                let mut at = Vertex::Proc(a);
                for &l in &r {
                    let (from, to) = m.link_ends(l);
                    assert_eq!(from, at);
                    at = to;
                }
                assert_eq!(at, Vertex::Proc(b));
            }
        }
    }
}
