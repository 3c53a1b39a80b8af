//! The wasm module of the mesh collectives and balanced permutations of chapters 6 and 7 (paper 001): loaded by the book the first time a page shows
//! one of its figures (see `ui::packs`). Built by trunk's post-build hook;
//! it has no native use.

commbook::figure_module!(mesh);
