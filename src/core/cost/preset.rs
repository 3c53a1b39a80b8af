//! A machine preset measured on a cluster: the book's two numbers for a
//! machine, τ and φ of the τ + Mφ model (paper 000 §2.1), as JSON.
//!
//! The book describes a machine by a start-up time τ in µs and a time per
//! byte φ in µs/byte, 1/φ being the bandwidth in MB/s
//! (`core::cost::machine`, `core::cost::perm::PermCost`). Chapter 11's
//! advisor takes a reader's own machine as the link settings
//! `machine=custom&tau=…&bw=…` (`src/book/figures/advisor.rs`), and
//! rescales every paper's model to those two numbers
//! (`core::cost::advise`). `commbook-mpi calibrate` writes this file;
//! its `--preset FILE` makes the runner's model use it, rescaled the same
//! way, and `commbook schedule --machine FILE` predicts with it.
//!
//! ```json
//! { "schema": "commbook-machine/1", "name": "custom", "title": "…",
//!   "tau_us": 0.8, "phi_us_per_byte": 0.0002, "bandwidth_mb_s": 5000.0,
//!   "source": "…", "points": [{ "bytes": 8, "one_way_us": 0.9 }, …],
//!   "advisor": "#/embed/advisor?machine=custom&tau=0.8&bw=5000" }
//! ```

use super::perm::PermCost;
use crate::route::Route;
use serde::{Deserialize, Serialize};

/// The schema name written into, and required from, every preset.
pub const SCHEMA: &str = "commbook-machine/1";

/// One measured size: half the fastest round trip of a ping-pong.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Point {
    pub bytes: u64,
    pub one_way_us: f64,
}

/// A measured machine.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Preset {
    pub schema: String,
    /// `custom`: the advisor's name for a reader's own machine.
    pub name: String,
    pub title: String,
    /// τ, µs.
    pub tau_us: f64,
    /// φ, µs per byte.
    pub phi_us_per_byte: f64,
    /// 1/φ in MB/s (10⁶ bytes per second), what the advisor's `bw` takes.
    pub bandwidth_mb_s: f64,
    /// How it was measured.
    pub source: String,
    pub points: Vec<Point>,
    /// Chapter 11's advisor on this machine, relative to the book's address.
    pub advisor: String,
}

impl Preset {
    /// A preset from a fit, with its links.
    pub fn new(cost: PermCost, title: String, source: String, points: Vec<Point>) -> Preset {
        let mut p = Preset {
            schema: SCHEMA.into(),
            name: "custom".into(),
            title,
            tau_us: cost.tau_us,
            phi_us_per_byte: cost.phi_us_per_byte,
            bandwidth_mb_s: cost.bandwidth_mb_s(),
            source,
            points,
            advisor: String::new(),
        };
        p.advisor = p.advisor_link();
        p
    }

    /// τ and φ for the core's models.
    pub fn cost(&self) -> PermCost {
        PermCost {
            tau_us: self.tau_us,
            phi_us_per_byte: self.phi_us_per_byte,
        }
    }

    /// `#/embed/advisor?machine=custom&tau=…&bw=…`: the advisor's own
    /// settings (τ at least 0.001 µs, bandwidth at most 10⁶ MB/s, its
    /// limits), rounded to what the advisor shows.
    pub fn advisor_link(&self) -> String {
        self.advisor_settings()
            .iter()
            .fold(Route::embed("advisor"), |r, (k, v)| r.with(k, v))
            .to_hash()
    }

    /// The advisor's settings for this machine, in the link's order.
    fn advisor_settings(&self) -> [(&'static str, String); 3] {
        [
            ("machine", "custom".into()),
            ("tau", short(self.tau_us.clamp(0.001, 100_000.0), 3)),
            ("bw", short(self.bandwidth_mb_s.clamp(0.01, 1_000_000.0), 1)),
        ]
    }

    /// The same settings on chapter 11's first advisor (figure id
    /// `advisor_cm5`), so the chapter opens with this machine.
    pub fn chapter_link(&self) -> String {
        self.advisor_settings()
            .iter()
            .fold(Route::chapter("choosing"), |r, (k, v)| {
                r.with(&format!("advisor_cm5.{k}"), v)
            })
            .to_hash()
    }

    /// Reads a preset file, with a message naming what is wrong.
    pub fn read(path: &str) -> Result<Preset, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read preset file {path}: {e}"))?;
        let p: Preset = serde_json::from_str(&text).map_err(|e| {
            format!(
                "{path} is not a machine preset ({e}); write one with `commbook-mpi calibrate --out {path}`"
            )
        })?;
        if p.schema != SCHEMA {
            return Err(format!(
                "{path} has schema '{}'; presets have '{SCHEMA}'",
                p.schema
            ));
        }
        let ok = |x: f64| x.is_finite() && x > 0.0;
        if !ok(p.tau_us) || !ok(p.phi_us_per_byte) {
            return Err(format!(
                "{path}: tau_us and phi_us_per_byte must be positive numbers (got {} and {})",
                p.tau_us, p.phi_us_per_byte
            ));
        }
        Ok(p)
    }
}

/// A number with at most `digits` decimals and no trailing zeros.
fn short(x: f64, digits: usize) -> String {
    let s = format!("{x:.digits$}");
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Preset {
        let cost = PermCost {
            tau_us: 0.8126,
            phi_us_per_byte: 0.0002,
        };
        Preset::new(cost, "here".into(), "test".into(), vec![])
    }

    #[test]
    fn links_use_the_advisor_settings() {
        let p = sample();
        assert_eq!(
            p.advisor,
            "#/embed/advisor?machine=custom&tau=0.813&bw=5000"
        );
        assert_eq!(
            p.chapter_link(),
            "#/chapter/choosing?advisor_cm5.machine=custom&advisor_cm5.tau=0.813&advisor_cm5.bw=5000"
        );
    }

    #[test]
    fn round_trips_and_refuses_bad_files() {
        let dir = std::env::temp_dir().join(format!("commbook-preset-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let good = dir.join("good.json");
        std::fs::write(&good, serde_json::to_string(&sample()).unwrap()).unwrap();
        assert_eq!(Preset::read(good.to_str().unwrap()).unwrap(), sample());
        let bad = dir.join("bad.json");
        std::fs::write(&bad, r#"{"schema": "x"}"#).unwrap();
        assert!(
            Preset::read(bad.to_str().unwrap())
                .unwrap_err()
                .contains("calibrate --out")
        );
        let mut neg = sample();
        neg.tau_us = -1.0;
        std::fs::write(&bad, serde_json::to_string(&neg).unwrap()).unwrap();
        assert!(
            Preset::read(bad.to_str().unwrap())
                .unwrap_err()
                .contains("positive")
        );
        assert!(
            Preset::read("/nonexistent/x.json")
                .unwrap_err()
                .starts_with("cannot read")
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
