//! The wasm module of the network animator and simulation reports of chapter 10: loaded by the book the first time a page shows
//! one of its figures (see `ui::packs`). Built by trunk's post-build hook;
//! it has no native use.

commbook::figure_module!(sim);
