//! `com`: generate (or read) a communication matrix.

use super::options::{D, GEN_BYTES, MAX_SIZE, N, POINTS, ROUNDS, SEED, UNIT};
use super::{ApiError, Args, options};
use crate::core::com::fig7::{Fig7Config, SwapMode};
use crate::core::com::nonuniform::NonuniformConfig;
use crate::core::com::random::{RandomConfig, check_messages};
use crate::core::com::unstructured::MeshConfig;
use crate::core::com::{Com, MAX_N, import};
use serde::Serialize;

/// The generators `--gen` accepts.
pub const GENERATORS: &[&str] = &["fig7", "random", "nonuniform", "mesh"];

/// Largest n a browser tab takes, declared once for the book's figures
/// (`book::inputs::matrix::MAX_BROWSER_N`, its notes) and the JS API: a
/// dense n × n matrix must travel through JSON, be drawn and be traced in
/// the tab's memory.
pub const BROWSER_MAX_N: usize = 1024;

/// Largest n the commands accept in this build: the core's limit natively,
/// the browser's in the JS API.
pub const MAX_API_N: usize = if cfg!(target_arch = "wasm32") {
    BROWSER_MAX_N
} else {
    MAX_N
};

/// Refuses an n this build cannot handle, with a way out.
pub fn check_api_n(n: usize) -> Result<(), ApiError> {
    check_n_limit(n, MAX_API_N)
}

fn check_n_limit(n: usize, limit: usize) -> Result<(), ApiError> {
    if n > limit {
        return Err(ApiError(format!(
            "n = {n} is too large for the browser (at most {limit} here); the native CLI takes n up to {MAX_N}"
        )));
    }
    Ok(())
}

/// `{ "n", "sizes": [[…]] }`.
#[derive(Debug, Serialize)]
pub struct ComResponse {
    pub n: usize,
    pub sizes: Vec<Vec<u64>>,
}

/// Runs `com`.
pub fn com(args: &Args) -> Result<ComResponse, ApiError> {
    let c = com_from_args(args)?;
    Ok(ComResponse {
        n: c.n(),
        sizes: c.to_rows(),
    })
}

/// The matrix an invocation describes: `com` (a matrix, or CSV/JSON text)
/// or `gen` with its parameters.
pub fn com_from_args(args: &Args) -> Result<Com, ApiError> {
    let given = args.raw("com").cloned();
    let gen_name = args.text(&options::GEN)?;
    match (given, gen_name) {
        (Some(_), Some(_)) => Err(ApiError("give either com or gen, not both".into())),
        (Some(v), None) => {
            let com = import::from_json_value(&v)?;
            check_api_n(com.n())?;
            Ok(com)
        }
        (None, Some(g)) => generate(&g, args),
        (None, None) => Err(ApiError(format!(
            "say which matrix: gen ({}) with n, d, seed, or com (a matrix file)",
            GENERATORS.join(", ")
        ))),
    }
}

fn generate(name: &str, args: &Args) -> Result<Com, ApiError> {
    match name {
        "fig7" => {
            let (n, d, seed) = size_and_seed(args)?;
            let mut cfg = Fig7Config::new(n, d, seed);
            if let Some(mode) = args.word::<SwapMode>(&options::SWAP)? {
                cfg.mode = mode;
            }
            cfg.rounds = args.whole(&ROUNDS)?.map(|r| r as usize);
            if let Some(b) = args.whole(&GEN_BYTES)? {
                cfg.bytes = b;
            }
            Ok(cfg.generate()?)
        }
        "random" => {
            let (n, d, seed) = size_and_seed(args)?;
            let mut cfg = RandomConfig::new(n, d, seed);
            if let Some(b) = args.whole(&GEN_BYTES)? {
                cfg.bytes = b;
            }
            Ok(cfg.generate()?)
        }
        "nonuniform" => {
            let (n, d, seed) = size_and_seed(args)?;
            let mut cfg = NonuniformConfig::new(n, d, seed);
            cfg.unit = args.whole(&UNIT)?.unwrap_or(cfg.unit);
            cfg.max = args.whole(&MAX_SIZE)?.unwrap_or(cfg.max);
            Ok(cfg.generate()?)
        }
        "mesh" => {
            let n = args.need(&N)? as usize;
            check_api_n(n)?;
            let mut cfg = MeshConfig::new(n, args.whole_or_default(&SEED)?);
            cfg.points = args.whole(&POINTS)?.map_or(cfg.points, |p| p as usize);
            cfg.unit = args.whole(&UNIT)?.unwrap_or(cfg.unit);
            Ok(cfg.generate()?)
        }
        other => Err(ApiError(format!(
            "unknown generator '{other}'; available: {}",
            GENERATORS.join(", ")
        ))),
    }
}

/// `n`, `d` and `seed` of a generator, with n checked for this build and
/// n·d for memory.
fn size_and_seed(args: &Args) -> Result<(usize, usize, u64), ApiError> {
    let n = args.need(&N)? as usize;
    let d = args.need(&D)? as usize;
    let seed = args.whole_or_default(&SEED)?;
    check_api_n(n)?;
    check_messages(n, d)?;
    Ok((n, d, seed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn browser_limit_explains_itself() {
        assert!(check_n_limit(1024, 1024).is_ok());
        assert_eq!(
            check_n_limit(2000, 1024).unwrap_err().0,
            "n = 2000 is too large for the browser (at most 1024 here); the native CLI takes n up to 8192"
        );
        assert!(check_api_n(MAX_N).is_ok() || cfg!(target_arch = "wasm32"));
    }
}
