//! The wasm module of chapter 12's lab: loaded by the book the first time
//! a page shows its figure (see `ui::packs`). Built by trunk's post-build
//! hook; it has no native use.

commbook::figure_module!(lab);
