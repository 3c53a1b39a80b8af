//! The Yew front end (wasm only).
