//! Golden tests.
