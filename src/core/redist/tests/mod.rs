//! Tests of the redistribution modules taken together: the worked example
//! ℜ(6, 9) against the paper, exhaustive checks for 1 ≤ K < P ≤ 64, and
//! property tests.

mod exhaustive;
mod golden;
mod partners;
mod props;
mod sweep;
mod view;
