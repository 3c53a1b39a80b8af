//! The command layer (`commbook-api`, a crate of its own): the commands
//! behind the native CLI, the JS API and the MPI runner, over the core
//! alone (the two that need the book, `figures` and `quiz`, are the book's
//! `book::commands`, which the front ends call and which hands the others
//! to [`run`]).
//!
//! Each command takes [`args::Args`] and returns a serialisable response, so
//! `commbook com --gen fig7 --n 8 --d 2 --seed 1 --json` and
//! `commbook.com({gen: "fig7", n: 8, d: 2, seed: 1})` run the same code and
//! fail with the same one-line messages. Every schedule is checked by the
//! independent verifier before it is returned.

/// The core, under the name the book's crate gives it (`crate::core`).
use commbook_core as core;

pub mod args;
mod collective_cmd;
mod com_cmd;
mod exchange_cmd;
pub mod options;
pub mod params;
mod redist_cmd;
mod schedule_cmd;
mod simulate_cmd;

pub use args::Args;
pub use collective_cmd::{CollectiveResponse, SendJson, collective};
pub use com_cmd::{BROWSER_MAX_N, ComResponse, com};
pub use exchange_cmd::{ExchangeResponse, exchange};
pub use redist_cmd::{RedistResponse, redist};
pub use schedule_cmd::{ScheduleResponse, schedule, schedule_matrix};
pub use simulate_cmd::{SimulateResponse, simulate};

use serde::Serialize;
use std::fmt;

/// A one-line error for a person: what was wrong and what would work.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError(pub String);

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ApiError {}

impl From<crate::core::com::ComError> for ApiError {
    fn from(e: crate::core::com::ComError) -> Self {
        ApiError(e.to_string())
    }
}

impl From<crate::core::redist::RedistError> for ApiError {
    fn from(e: crate::core::redist::RedistError) -> Self {
        ApiError(e.to_string())
    }
}

/// This layer's command names (the front ends' list, with the book's
/// commands, is the book's `book::commands::names`).
pub const COMMANDS: &[&str] = &[
    "com",
    "schedule",
    "exchange",
    "redist",
    "collective",
    "simulate",
];

/// A response as JSON (what every command's front end returns).
pub fn json<T: Serialize>(v: T) -> Result<serde_json::Value, ApiError> {
    serde_json::to_value(v).map_err(|e| ApiError(format!("internal error: {e}")))
}

/// Runs a command by name and returns its JSON response.
pub fn run(command: &str, args: &Args) -> Result<serde_json::Value, ApiError> {
    let out = match command {
        "com" => json(com(args)?),
        "schedule" => json(schedule(args)?),
        "exchange" => json(exchange(args)?),
        "redist" => json(redist(args)?),
        "collective" => json(collective(args)?),
        "simulate" => json(simulate(args)?),
        other => Err(ApiError(format!(
            "unknown command '{other}'; available: {}",
            COMMANDS.join(", ")
        ))),
    }?;
    args.finish(command)?;
    Ok(out)
}
