//! What a figure is: typed settings, the computation they key, and the
//! number of steps its player walks. Each figure is one module in
//! [`super::figures`] implementing [`Figure`] (native, tested by `cargo
//! test`) plus one view in `ui::figures` implementing `FigureView` for the
//! same type; the list in [`super::figures`] registers both.
//!
//! How a figure reaches the screen (see also `src/book/figures/README.md`):
//! 1. A chapter places it with a ```` ```figure NAME ```` block (or a link
//!    names it: `#/embed/NAME`); the block's `key: value` lines are the
//!    chapter's defaults.
//! 2. The link's `id.key=value` pairs are checked one by one against
//!    [`super::settings::Settings::PARAMS`], then against the figure's
//!    [`Figure::LIMITS`] ([`Entry::read`], the one reading the page, the
//!    workers and the native checks share): a value that cannot be used
//!    becomes a notice and the default stands.
//! 3. [`Figure::key`] reads the typed settings into what the computation
//!    depends on, correcting what only the combination shows (with notices).
//! 4. [`Figure::compute`] returns a stepper the page runs in slices between
//!    frames; its output holds the trace the player walks
//!    ([`Figure::steps`]). A new key reruns it; other settings (what a
//!    chart plots) only redraw.
//! 5. The view draws the output at the player's position; it never reruns
//!    an algorithm.

use super::params::{Notice, ParamSpec, Values, apply_limits, read, read_over};
use super::settings::Settings;
use crate::core::step::Stepper;

/// A figure of the book.
pub trait Figure: 'static {
    /// The heading of its frame and of the embed page.
    const TITLE: &'static str;
    /// What one step of its player is called ("step", "phase", "cycle").
    const UNIT: &'static str = "step";
    /// Opens at the last step (the finished figure) rather than the first.
    const START_AT_END: bool = false;
    /// Settings whose range is narrower while another setting has a given
    /// value (a mesh has at most 16 rows, a fat tree 32); a link's value
    /// outside it gets the usual notice and the default.
    const LIMITS: &'static [Limit] = &[];

    /// The computation is a sweep of independent items (`core::pool`)
    /// that the book's Web Workers may share out; its stepper must then
    /// offer them (`Stepper::pool`), which the native checks verify.
    const POOLED: bool = false;

    /// On a chapter page, computed only when it comes within a screen of
    /// the viewport (or the reader asks), so that the chapter is drawn in
    /// time: for figures whose defaults take a large part of a second or
    /// more. A figure its link names, or one shown alone (embed, slides),
    /// is computed at once.
    const DEFERRED: bool = false;

    /// Every setting, typed.
    type Settings: Settings;
    /// What the computation depends on: settings that only change the
    /// drawing stay out, so changing them does not rerun it.
    type Key: Clone + PartialEq + std::fmt::Debug + 'static;
    /// What the computation returns: the trace and what the view reads.
    type Output: 'static;

    /// The computation's inputs, with a notice for each setting that had to
    /// be corrected because of another (d ≥ n, a root outside the mesh).
    fn key(s: &Self::Settings) -> (Self::Key, Vec<Notice>);

    /// The computation, as a stepper the page runs in slices.
    fn compute(key: &Self::Key) -> Box<dyn Stepper<Output = Self::Output>>;

    /// Steps of the player over `out` (positions `0..=steps`).
    fn steps(out: &Self::Output) -> usize;
}

/// A figure as the catalogue lists it: data only, so that listing every
/// figure costs the book's wasm nothing of their code.
#[derive(Debug)]
pub struct Entry {
    /// The one word that names it in links, chapters, files and types.
    pub name: &'static str,
    pub title: &'static str,
    pub unit: &'static str,
    pub params: &'static [ParamSpec],
    pub notes: &'static [(&'static str, &'static str)],
    pub limits: &'static [Limit],
    /// The wasm module its view is compiled into.
    pub pack: &'static str,
    /// See [`Figure::DEFERRED`].
    pub deferred: bool,
}

/// Entries are compared by name: a name is one figure.
impl PartialEq for Entry {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}

impl Entry {
    /// Reads a link's `raw` settings over `defaults` (the catalogue's, or
    /// a chapter's own), each value checked against its setting and then
    /// against the figure's limits, with a notice (prefixed, e.g. `lp.`)
    /// for each value replaced. The page, the Web Workers and the native
    /// checks all read settings through this, so they cannot disagree.
    pub fn read(
        &self,
        defaults: &Values,
        raw: &[(String, String)],
        prefix: &str,
    ) -> (Values, Vec<Notice>) {
        let (mut values, mut notices) = read_over(self.params, defaults.clone(), raw, prefix);
        notices.extend(apply_limits(
            self.limits,
            &mut values,
            defaults,
            raw,
            prefix,
        ));
        (values, notices)
    }

    /// The catalogue's defaults of every setting.
    pub fn defaults(&self) -> Values {
        read(self.params, &[], "").0
    }

    /// The note under setting `key` ("" if none).
    pub fn note(&self, key: &str) -> &'static str {
        self.notes.iter().find(|n| n.0 == key).map_or("", |n| n.1)
    }

    /// The spec of setting `key`.
    pub fn param(&self, key: &str) -> Option<&'static ParamSpec> {
        self.params.iter().find(|p| p.key == key)
    }
}

pub use super::params::Limit;

/// Figure `F`'s settings read from a link's `raw` values over the
/// catalogue's defaults, as [`Entry::read`] reads them.
pub fn read_settings<F: Figure>(raw: &[(String, String)], prefix: &str) -> (Values, Vec<Notice>) {
    let e = entry::<F>("", "");
    e.read(&e.defaults(), raw, prefix)
}

/// The catalogue entry of `F`, named `name` in pack `pack`.
pub const fn entry<F: Figure>(name: &'static str, pack: &'static str) -> Entry {
    Entry {
        name,
        title: F::TITLE,
        unit: F::UNIT,
        params: <F::Settings as Settings>::PARAMS,
        notes: <F::Settings as Settings>::NOTES,
        limits: F::LIMITS,
        pack,
        deferred: F::DEFERRED,
    }
}
