//! RS_NL's bookkeeping of links: the static route of every CCOM entry and
//! which message holds each link in the current phase.

use super::events::CEntry;
use crate::net::{Network, TopologySpec};
use crate::verify::LinkId;

/// Static routes and link owners for the link-avoiding variants.
pub(super) struct Links {
    net: Box<dyn Network>,
    /// The route of each CCOM entry, kept in step with CCOM (same rows, same
    /// order), so a route is computed once per message, not once per probe.
    routes: Vec<Vec<Vec<LinkId>>>,
    owner: Vec<Option<(usize, usize)>>,
    taken: Vec<LinkId>,
}

impl Links {
    /// Routes for every entry of `ccom` on the network `spec`.
    pub(super) fn new(spec: TopologySpec, ccom: &[Vec<CEntry>]) -> Links {
        let net = spec.build();
        let routes = ccom
            .iter()
            .enumerate()
            .map(|(i, row)| row.iter().map(|e| net.static_route(i, e.dst)).collect())
            .collect();
        Links {
            owner: vec![None; net.links()],
            net,
            routes,
            taken: Vec::new(),
        }
    }

    /// Frees every link (a new phase).
    pub(super) fn clear(&mut self) {
        for l in self.taken.drain(..) {
            self.owner[l as usize] = None;
        }
    }

    /// The first link of entry (i, j)'s route that is already taken, with
    /// the message holding it.
    pub(super) fn conflict(&self, i: usize, j: usize) -> Option<(LinkId, (usize, usize))> {
        self.routes[i][j]
            .iter()
            .find_map(|&l| self.owner[l as usize].map(|by| (l, by)))
    }

    /// Entry (i, j) is chosen: its links become `holder`'s, and its route
    /// leaves the row exactly as CCOM's compaction moves the last entry
    /// into the hole. Returns the route.
    pub(super) fn take(&mut self, i: usize, j: usize, holder: (usize, usize)) -> Vec<LinkId> {
        let route = self.routes[i].swap_remove(j);
        for &l in &route {
            self.owner[l as usize] = Some(holder);
            self.taken.push(l);
        }
        route
    }

    /// A remainder of `src → dst` went back to the end of row `src`.
    pub(super) fn requeue(&mut self, src: usize, dst: usize) {
        self.routes[src].push(self.net.static_route(src, dst));
    }

    /// The readable name of a link.
    pub(super) fn label(&self, l: LinkId) -> String {
        self.net.link_label(l)
    }
}
