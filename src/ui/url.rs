//! The link that reopens exactly this view.
//!
//! A chapter page owns one [`UrlState`]: the route's query, shared by its
//! figures. When a figure's settings or step change, it hands its pairs
//! here; the whole hash is rebuilt (other figures' pairs and chapter keys
//! kept) and written with `replaceState`, which fires no `hashchange`, so
//! writing the URL never remounts anything. Keys are `<figure id>.<key>`
//! on chapter pages and in presentations, and bare on the embed page.
//!
//! Figures drawn by another wasm module (`ui::packs`) hold a `UrlState` of
//! their own, so each write starts from the address as it is now, not as
//! this state last saw it: several writers never undo each other.

use crate::book::route::{Query, Route};
use crate::ui::dom;
use std::cell::RefCell;
use std::rc::Rc;

/// Where the page is and what its query holds.
#[derive(Clone)]
pub struct UrlState(Rc<RefCell<Inner>>);

struct Inner {
    route: Route,
}

impl PartialEq for UrlState {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl UrlState {
    /// State for a parsed route.
    pub fn new(route: Route) -> Self {
        UrlState(Rc::new(RefCell::new(Inner { route })))
    }

    /// Takes the address as it is now, if it is still this page's (another
    /// module's figure may have written it since).
    fn catch_up(&self) {
        let now = Route::parse(&dom::hash());
        let mut inner = self.0.borrow_mut();
        let same = match (&inner.route, &now) {
            (Route::Chapter { slug: a, .. }, Route::Chapter { slug: b, .. }) => a == b,
            (Route::Embed { figure: a, .. }, Route::Embed { figure: b, .. }) => a == b,
            (Route::Present { slug: a, .. }, Route::Present { slug: b, .. }) => a == b,
            _ => false,
        };
        if same {
            inner.route = now;
        }
    }

    fn query_mut<R>(&self, f: impl FnOnce(&mut Query) -> R) -> Option<R> {
        let mut inner = self.0.borrow_mut();
        match &mut inner.route {
            Route::Chapter { query, .. }
            | Route::Embed { query, .. }
            | Route::Present { query, .. } => Some(f(query)),
            _ => None,
        }
    }

    /// Whether the page shows figures one at a time (the embed view and
    /// presenter mode's slides), rather than a chapter to scroll through.
    pub fn one_at_a_time(&self) -> bool {
        matches!(
            self.0.borrow().route,
            Route::Embed { .. } | Route::Present { .. }
        )
    }

    /// Whether the page is a chapter opened by a link that sets another
    /// figure than `id` (`lp.n=6` on a page where `id` is not `lp`): a
    /// link about one figure, whose other figures wait for the reader.
    pub fn about_another_figure(&self, id: &str) -> bool {
        let own = format!("{id}.");
        match &self.0.borrow().route {
            Route::Chapter { query, .. } => query
                .iter()
                .any(|(k, _)| k.contains('.') && !k.starts_with(&own)),
            _ => false,
        }
    }

    /// The key prefix of figure `id` (`"id."`, or nothing on the embed page).
    pub fn prefix(&self, id: &str) -> String {
        match self.0.borrow().route {
            Route::Embed { .. } => String::new(),
            _ => format!("{id}."),
        }
    }

    /// The query pairs of figure `id`, prefix removed. On the embed page a
    /// key copied from a chapter link (`netsim.net=fattree`) works too.
    pub fn figure_query(&self, id: &str) -> Query {
        let prefix = self.prefix(id);
        let chapter_prefix = format!("{id}.");
        self.query_mut(|q| {
            q.iter()
                .filter_map(|(k, v)| {
                    let k = k.strip_prefix(&prefix)?;
                    let k = match prefix.is_empty() {
                        true => k.strip_prefix(&chapter_prefix).unwrap_or(k),
                        false => k,
                    };
                    Some((k.to_string(), v.clone()))
                })
                .collect()
        })
        .unwrap_or_default()
    }

    /// Replaces figure `id`'s pairs and rewrites the URL. A value too long
    /// for a link (the lab's large matrix, `LINK_TEXT_MAX`) stays out of
    /// it; the figure says so to the reader.
    pub fn set_figure(&self, id: &str, mut pairs: Vec<(String, String)>) {
        pairs.retain(|(_, v)| v.len() <= crate::book::params::LINK_TEXT_MAX);
        self.catch_up();
        let prefix = self.prefix(id);
        // A presentation's address names its slide, not a place in the page.
        let anchored = matches!(self.0.borrow().route, Route::Chapter { .. });
        let changed = self.query_mut(|q| {
            let before = q.clone();
            if prefix.is_empty() {
                // The embed page holds one figure: its pairs are the whole query.
                q.clear();
            } else {
                // A shared link also scrolls the reader to the figure last
                // changed (the page focuses the `at` anchor on load); a
                // section the link named stays until a figure is changed.
                let anchor = format!("widget-{id}");
                let mine = |k: &str, v: &str| k == "at" && v == anchor;
                q.retain(|(k, v)| !k.starts_with(&prefix) && !mine(k, v));
                if anchored && !pairs.is_empty() {
                    q.retain(|(k, _)| k != "at");
                    q.push(("at".to_string(), anchor));
                }
            }
            q.extend(pairs.into_iter().map(|(k, v)| (format!("{prefix}{k}"), v)));
            *q != before
        });
        if changed == Some(true) {
            dom::replace_hash(&self.0.borrow().route.to_hash());
        }
    }
}
