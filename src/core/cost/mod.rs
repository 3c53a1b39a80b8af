//! Cost models that turn a schedule into predicted time.
//!
//! `perm` is paper 000's τ + Mφ: a phase in which every processor sends and
//! receives at most one message of at most M bytes costs τ + M·φ.
//! `delta` is paper 001's Intel Delta: set-ups, send and receive rates,
//! 482 + 30-byte packets and link loads, for superstep algorithms.

pub mod delta;
pub mod perm;
