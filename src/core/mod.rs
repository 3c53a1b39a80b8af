//! The scheduling core: pure Rust, deterministic, no web dependency.
//!
//! Everything here builds and tests natively (`cargo test`) and is what the
//! CLI, the JS API and the book's figures call. Randomness comes only from a
//! seeded [`rng::Rng`].

pub mod algo;
pub mod bench;
pub mod com;
pub mod cost;
pub mod fnv;
pub mod keyword;
pub mod lockstep;
pub mod mesh;
pub mod net;
pub mod pool;
pub mod published;
pub mod redist;
pub mod reproduce;
pub mod rng;
pub mod route;
pub mod schedule;
pub mod sim;
pub mod sorting;
pub mod stats;
pub mod step;
pub mod sweep;
pub mod trace;
pub mod verify;
pub mod words;
