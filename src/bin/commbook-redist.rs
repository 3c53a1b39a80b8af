//! The wasm module of the block-cyclic redistribution tables of chapter 9 (paper 003): loaded by the book the first time a page shows
//! one of its figures (see `ui::packs`). Built by trunk's post-build hook;
//! it has no native use.

commbook::figure_module!(redist);
