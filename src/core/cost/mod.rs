//! Cost models that turn a schedule into predicted time.
//!
//! `perm` is paper 000's τ + Mφ: a phase in which every processor sends and
//! receives at most one message of at most M bytes costs τ + M·φ; `machine`
//! lists τ and φ for the machines of the papers and one of today.
//! `contention` is paper 004's α + L·max(β_ex, f·β_sat), with `fatload`
//! measuring f on the CM-5 fat tree; `choice` is NICE's rule for picking a
//! scheduler, minimise S/R + C. `gdm` is paper 003's T_d + m·τ_d with its
//! machine presets and Corollary 2. `delta` is paper 001's Intel Delta:
//! set-ups, send and receive rates, 482 + 30-byte packets and link loads,
//! for superstep algorithms.

pub mod advise;
pub mod apps004;
pub mod breakeven;
pub mod choice;
pub mod contention;
pub mod delta;
pub mod fatload;
pub mod gdm;
pub mod machine;
pub mod perm;
pub mod preset;
mod priced;
pub mod tables004;
