//! The figures' views: one file per figure (`name.rs`, beside its native
//! half in `book/figures/name.rs`), each implementing [`FigureView`] for
//! the figure's type. The modules, and the list of figures each wasm
//! module hosts ([`packs`]), are generated from the one list in
//! `book::figures`, so a figure listed without a view, or a view of the
//! wrong figure, does not compile.
//!
//! A view reads the typed settings and the computation's output at the
//! player's position and draws them with the shared parts in `ui::parts`
//! (frame, settings row, matrix canvas, grids, charts, player controls).
//! Views never rerun an algorithm.

pub mod erased;
pub mod host;

use crate::book::figure::Figure;
use host::{Ctx, FigureProps, Shared};
use yew::Html;

/// A figure's view.
pub trait FigureView: Figure {
    /// Draws the figure: its frame, settings and the output at `ctx.pos`.
    fn view(
        props: &FigureProps,
        ctx: &Ctx<Self::Output>,
        settings: &Self::Settings,
        shared: &Shared,
    ) -> Html;
}

macro_rules! declare_views {
    ($( $pack:ident { $( $name:ident : $ty:ident ),* $(,)? } )*) => {
        $( $( mod $name; )* )*
        mod exercises;

        /// The figures each wasm module hosts, by module (`main` is the
        /// book's own; the others are `src/bin/commbook-<module>.rs`).
        pub mod packs {
            use super::host::{Host, Hosted};
            $(
                /// The figures of this module, and the exercises of its
                /// chapters (hosted as `exercises@<module>`, see
                /// [`super::host::hosting_name`]).
                pub fn $pack() -> &'static [(&'static str, &'static dyn Hosted)] {
                    &[
                        $( (stringify!($name), &Host::<crate::book::figures::$name::$ty>::NEW), )*
                        (
                            concat!("exercises@", stringify!($pack)),
                            &Host::<crate::book::figures::exercises::Exercises<crate::book::figures::exercises::tables::$pack>>::NEW,
                        ),
                    ]
                }
            )*

            /// Every figure (the browser tests host them all in one module).
            pub fn all() -> Vec<(&'static str, &'static dyn Hosted)> {
                let mut v = Vec::new();
                $( v.extend_from_slice($pack()); )*
                v
            }
        }
    };
}
crate::book::figures::for_each_figure!(declare_views);
