//! Cost models that turn a schedule into predicted time.
//!
//! `perm` is paper 000's τ + Mφ: a phase in which every processor sends and
//! receives at most one message of at most M bytes costs τ + M·φ.
//! `gdm` is paper 003's T_d + m·τ_d with its machine presets and
//! Corollary 2.

pub mod gdm;
pub mod perm;
