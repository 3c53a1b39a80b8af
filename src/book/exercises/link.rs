//! The figure an exercise points to, set to the exercise's instance: a
//! chapter link in the book's form, `#/chapter/<slug>?<id>.<key>=<value>`.

use crate::book::route::{Query, Route};

/// A figure of a chapter with the settings that show the instance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FigureLink {
    /// The chapter's slug.
    pub chapter: &'static str,
    /// The figure's id in that chapter (its ```` ```figure ```` block's `id`).
    pub id: &'static str,
    /// `(key, value)` settings of the figure, `step` included where the
    /// link opens at a step.
    pub settings: Vec<(&'static str, String)>,
}

impl FigureLink {
    /// A link to figure `id` of `chapter` with `settings`.
    pub fn new(
        chapter: &'static str,
        id: &'static str,
        settings: &[(&'static str, String)],
    ) -> Self {
        FigureLink {
            chapter,
            id,
            settings: settings.to_vec(),
        }
    }

    /// The hash that opens it: `#/chapter/cgm?gmcgm.n=8&gmcgm.d=3`.
    pub fn href(&self) -> String {
        let query: Query = self
            .settings
            .iter()
            .map(|(k, v)| (format!("{}.{k}", self.id), v.clone()))
            .collect();
        Route::Chapter {
            slug: self.chapter.to_string(),
            query,
        }
        .to_hash()
    }
}

/// `(key, value)` with the value written by `to_string`.
pub(super) fn kv(key: &'static str, value: impl ToString) -> (&'static str, String) {
    (key, value.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_the_book_link_form() {
        let l = FigureLink::new("cgm", "gmcgm", &[kv("n", 8), kv("d", 3)]);
        assert_eq!(l.href(), "#/chapter/cgm?gmcgm.n=8&gmcgm.d=3");
        let p = FigureLink::new("nice", "node_contention", &[kv("pairs", "1:4,3:4")]);
        assert_eq!(p.href(), "#/chapter/nice?node_contention.pairs=1:4,3:4");
    }
}
