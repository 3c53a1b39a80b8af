//! The commands that need the book: `figures` (the figure catalogue, for
//! the CLI and the JS API) and `quiz` (every chapter's exercises and the
//! completion codes' regrading, for the CLI only). They sit above the
//! command layer ([`crate::api`]), which knows only the core, so the
//! front ends (the CLI, the JS API's worker) call [`run`] here, which
//! answers these two and hands every other command to [`api::run`].

mod figures;
mod quiz;
#[cfg(not(target_arch = "wasm32"))]
mod quiz_check;

pub use figures::{FiguresResponse, figures};
pub use quiz::{QuizResponse, quiz};

use crate::api::{self, ApiError, Args, json};

/// The command names, for help and error messages: the command layer's and
/// `figures` (the CLI adds `reproduce` and `quiz`, which the JS API does
/// not offer).
pub fn names() -> Vec<&'static str> {
    api::COMMANDS.iter().copied().chain(["figures"]).collect()
}

/// Runs a command by name and returns its JSON response.
pub fn run(command: &str, args: &Args) -> Result<serde_json::Value, ApiError> {
    let out = match command {
        "figures" => json(figures(args)?),
        // Native only, like `reproduce`: every chapter's exercises (the
        // appendix's recomputed tables among them) would add about 340 KB to
        // the API worker's wasm, and the book's pages build their own
        // chapter's exercises (`book::exercises`).
        #[cfg(not(target_arch = "wasm32"))]
        "quiz" => match (args.string("check")?, args.string("grade")?) {
            (Some(_), Some(_)) => Err(ApiError(
                "--check regrades one code and --grade a class file; give one of them".into(),
            )),
            (Some(code), None) => json(quiz_check::check(args, &code)?),
            (None, Some(class)) => json(quiz_check::grade(args, &class)?),
            (None, None) => json(quiz(args)?),
        },
        c if api::COMMANDS.contains(&c) => return api::run(c, args),
        other => Err(ApiError(format!(
            "unknown command '{other}'; available: {}",
            names().join(", ")
        ))),
    }?;
    args.finish(command)?;
    Ok(out)
}
