//! The book's prediction for a plan, phase by phase, so a measured
//! timeline and the model compare directly.
//!
//! Each command is priced by the model the book uses for it, the same as
//! the CLI's `predicted_us`:
//!
//! | command | model | default machine |
//! |---|---|---|
//! | `schedule` | τ + Mφ per phase (paper 000 §2.1, `PermCost::transfers_us`) | `--machine` (cm5) |
//! | `exchange` | α + L·max(β, f(i)·β_sat) per step (paper 004 §4) | the CM-5 fit |
//! | `collective` | the Intel Delta model per superstep (paper 001, `DeltaCost`) | the Delta fit |
//! | `redist` | T_d + m·τ_d per step (paper 003 §3.2, GDM) | the IBM SP-2 |
//!
//! With `--preset FILE` (a machine measured by `commbook-mpi calibrate`)
//! every model is rescaled to its τ and φ exactly as chapter 11's advisor
//! rescales it (`core::cost::advise`): α = τ and the contention model's
//! per-byte rates scaled by φ/0.112; the Delta model's set-ups by τ/75 µs
//! and rates by φ/(1/7.5); GDM's T_d = τ and τ_d = φ.

use crate::preset::Preset;
use commbook_core::cost::advise::scaled_delta;
use commbook_core::cost::contention::{CM5_BETA_EX, CM5_BETA_SAT, ContentionCost};
use commbook_core::cost::delta::DeltaCost;
use commbook_core::cost::gdm::Gdm;
use commbook_core::published::ponnusamy93::FIT_US_PER_BYTE;
use serde::{Deserialize, Serialize};

/// A prediction: what was priced, on which machine, and the time of each
/// phase in µs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Model {
    /// The model, e.g. `τ + Mφ (paper 000 §2.1)`.
    pub formula: String,
    /// The machine's short name (`cm5`, `sp2`, `custom` for a preset).
    pub machine: String,
    /// Where its numbers come from.
    pub source: String,
    /// Predicted time of each phase, µs.
    pub phase_us: Vec<f64>,
}

impl Model {
    /// The whole run, µs.
    pub fn total_us(&self) -> f64 {
        self.phase_us.iter().sum()
    }
}

/// Paper 004's contention model on the CM-5, or rescaled to a preset as
/// chapter 11's advisor does for a complete exchange.
pub fn contention(preset: Option<&Preset>) -> (ContentionCost, String, String) {
    match preset {
        None => (
            ContentionCost::cm5(),
            "cm5".into(),
            "paper 004 §3.2 (α, β_s) with β_ex and β_sat fitted to its Table 4".into(),
        ),
        Some(p) => {
            let k = p.phi_us_per_byte / FIT_US_PER_BYTE;
            let c = ContentionCost {
                alpha_us: p.tau_us,
                beta_s_us: p.phi_us_per_byte,
                beta_ex_us: CM5_BETA_EX * k,
                beta_sat_us: CM5_BETA_SAT * k,
            };
            (c, p.name.clone(), rescaled(p))
        }
    }
}

/// Paper 001's Delta model, or rescaled to a preset.
pub fn delta(preset: Option<&Preset>) -> (DeltaCost, String, String) {
    match preset {
        None => (
            DeltaCost::delta(),
            "delta".into(),
            "the Intel Delta model fitted to paper 001's Figures 2 and 6".into(),
        ),
        Some(p) => (scaled_delta(p.cost()), p.name.clone(), rescaled(p)),
    }
}

/// Paper 003's GDM model on the SP-2 (the first machine the CLI prices a
/// redistribution on), or with T_d = τ and τ_d = φ of a preset.
pub fn gdm(preset: Option<&Preset>) -> (Gdm, String) {
    match preset {
        None => (
            Gdm::SP2,
            "paper 003 §5: T_d = 40 µs, τ_d = 15 ns/byte".into(),
        ),
        Some(p) => (
            Gdm {
                name: "custom",
                t_d_us: p.tau_us,
                tau_d_us_per_byte: p.phi_us_per_byte,
            },
            rescaled(p),
        ),
    }
}

/// Where a rescaled model's numbers come from.
pub fn rescaled(p: &Preset) -> String {
    format!(
        "{}: τ = {:.3} µs, 1/φ = {:.0} MB/s ({}), rescaled as chapter 11's advisor does",
        p.title, p.tau_us, p.bandwidth_mb_s, p.source
    )
}
