//! The wasm module of chapter 11's advisor and region maps and of the appendix's recomputed tables (all five papers): loaded by the book the first time a page shows
//! one of its figures (see `ui::packs`). Built by trunk's post-build hook;
//! it has no native use.

commbook::figure_module!(synthesis);
