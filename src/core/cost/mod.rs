//! Cost models that turn a schedule into predicted time.
//!
//! `perm` is paper 000's τ + Mφ: a phase in which every processor sends and
//! receives at most one message of at most M bytes costs τ + M·φ.

pub mod perm;
