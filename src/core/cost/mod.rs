//! Cost models that turn a schedule into predicted time.
//!
//! `perm` is paper 000's τ + Mφ: a phase in which every processor sends and
//! receives at most one message of at most M bytes costs τ + M·φ. `machine`
//! lists τ and φ for the machines of the papers and one of today.

pub mod machine;
pub mod perm;
