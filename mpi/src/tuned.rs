//! Open MPI's own `MPI_Alltoall` with its algorithm forced: the baselines
//! `--baseline alltoall:linear|pairwise|bruck|auto` (chapter 14).
//!
//! Open MPI's `tuned` collective component picks an all-to-all algorithm by
//! a fixed rule (`ompi_coll_tuned_alltoall_intra_dec_fixed`, transcribed in
//! the core's `algo::cm5::libraries`) unless its dynamic rules are on, in
//! which case `coll_tuned_alltoall_algorithm` names one: 1 basic linear,
//! 2 pairwise (the book's shift), 3 modified Bruck. MCA parameters are read
//! from the environment when MPI starts, so the runner sets
//! `OMPI_MCA_coll_tuned_use_dynamic_rules` and
//! `OMPI_MCA_coll_tuned_alltoall_algorithm` in its own environment before
//! `MPI_Init` ([`prepare_environment`]); `auto` turns the dynamic rules off
//! so that the fixed rule decides whatever the caller's environment says.
//! After `MPI_Init` every rank reads both control variables back through
//! the MPI tool interface ([`check`]): a library without the `tuned`
//! component (another MPI, or `OMPI_MCA_coll=^tuned`) has no such
//! variables, and the run stops with a message saying so instead of timing
//! an algorithm nobody chose.

use serde::{Deserialize, Serialize};
use std::ffi::{CString, c_int, c_void};

/// An algorithm of Open MPI's `MPI_Alltoall`, or its own rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Forced {
    Linear,
    Pairwise,
    Bruck,
    Auto,
}

impl Forced {
    /// The words after `alltoall:`.
    pub const WORDS: [&'static str; 4] = ["linear", "pairwise", "bruck", "auto"];

    /// Reads a word of [`Forced::WORDS`].
    pub fn parse(word: &str) -> Option<Forced> {
        match word {
            "linear" => Some(Forced::Linear),
            "pairwise" => Some(Forced::Pairwise),
            "bruck" => Some(Forced::Bruck),
            "auto" => Some(Forced::Auto),
            _ => None,
        }
    }

    /// Its word after `alltoall:`.
    pub fn word(self) -> &'static str {
        match self {
            Forced::Linear => "linear",
            Forced::Pairwise => "pairwise",
            Forced::Bruck => "bruck",
            Forced::Auto => "auto",
        }
    }

    /// `coll_tuned_alltoall_algorithm`'s value (None: the fixed rule).
    pub fn number(self) -> Option<c_int> {
        match self {
            Forced::Linear => Some(1),
            Forced::Pairwise => Some(2),
            Forced::Bruck => Some(3),
            Forced::Auto => None,
        }
    }

    /// The baseline's name in the timeline.
    pub fn title(self) -> &'static str {
        match self {
            Forced::Linear => "MPI_Alltoall (Open MPI's basic linear, forced)",
            Forced::Pairwise => "MPI_Alltoall (Open MPI's pairwise, forced)",
            Forced::Bruck => "MPI_Alltoall (Open MPI's modified Bruck, forced)",
            Forced::Auto => "MPI_Alltoall (Open MPI's fixed rule)",
        }
    }
}

/// Which collective moves the same messages for comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BaselineKind {
    /// One `MPI_Alltoallv` of the plan's messages.
    Alltoallv,
    /// One `MPI_Alltoall`, for a complete exchange of equal blocks.
    Alltoall(Forced),
}

impl BaselineKind {
    /// Reads `alltoallv` or `alltoall:NAME`.
    pub fn parse(text: &str) -> Result<BaselineKind, String> {
        if text == "alltoallv" {
            return Ok(BaselineKind::Alltoallv);
        }
        let known = || {
            let mut all = vec!["alltoallv".to_string()];
            all.extend(Forced::WORDS.iter().map(|w| format!("alltoall:{w}")));
            all.join(", ")
        };
        match text.strip_prefix("alltoall:").map(Forced::parse) {
            Some(Some(f)) => Ok(BaselineKind::Alltoall(f)),
            _ => Err(format!(
                "baseline = {text} is not known; the baselines are {}",
                known()
            )),
        }
    }

    /// The baseline's name in the timeline.
    pub fn title(self) -> &'static str {
        match self {
            BaselineKind::Alltoallv => "MPI_Alltoallv",
            BaselineKind::Alltoall(f) => f.title(),
        }
    }
}

/// The forced algorithm `argv` asks for, if any (read before `MPI_Init`,
/// so without the runner's option parser: it only looks for
/// `--baseline alltoall:NAME` or `--baseline=alltoall:NAME`).
pub fn requested(argv: &[String]) -> Option<Forced> {
    let mut it = argv.iter();
    while let Some(a) = it.next() {
        let value = match a.strip_prefix("--baseline") {
            Some("") => it.next().map(String::as_str),
            Some(rest) => rest.strip_prefix('='),
            None => None,
        };
        if let Some(v) = value {
            return v.strip_prefix("alltoall:").and_then(Forced::parse);
        }
    }
    None
}

/// Sets the MCA parameters for `argv`'s forced algorithm in this process's
/// environment. Call before `MPI_Init`, while the process has one thread.
pub fn prepare_environment(argv: &[String]) {
    let Some(f) = requested(argv) else { return };
    let (dynamic, algorithm) = match f.number() {
        Some(n) => ("1", n.to_string()),
        None => ("0", "0".to_string()),
    };
    // SAFETY: called at the start of `main`, before MPI or anything else
    // has started a thread, so nothing reads the environment concurrently.
    unsafe {
        std::env::set_var("OMPI_MCA_coll_tuned_use_dynamic_rules", dynamic);
        std::env::set_var("OMPI_MCA_coll_tuned_alltoall_algorithm", algorithm);
    }
}

/// Reads an integer control variable of the MPI tool interface.
fn read_cvar(name: &str) -> Result<i64, String> {
    use mpi::ffi;
    let c_name = CString::new(name).expect("no NUL in a name");
    let missing = || {
        format!(
            "the MPI library has no control variable {name}: --baseline alltoall:… needs Open MPI's \
             'tuned' collective component (is this another MPI, or is OMPI_MCA_coll set to exclude tuned?)"
        )
    };
    // SAFETY: plain calls of the MPI tool interface with valid pointers;
    // the handle is freed before returning and the buffer is large enough
    // for any integer or boolean variable.
    let value = unsafe {
        let mut provided: c_int = 0;
        if ffi::MPI_T_init_thread(ffi::RSMPI_THREAD_SINGLE, &mut provided) != 0 {
            return Err("the MPI tool interface (MPI_T) could not start".into());
        }
        let mut index: c_int = -1;
        let found = ffi::MPI_T_cvar_get_index(c_name.as_ptr(), &mut index) == 0;
        let mut value: i64 = 0;
        let mut read = false;
        if found {
            let mut handle: ffi::MPI_T_cvar_handle = std::ptr::null_mut();
            let mut count: c_int = 0;
            if ffi::MPI_T_cvar_handle_alloc(index, std::ptr::null_mut(), &mut handle, &mut count)
                == 0
            {
                read = count == 1
                    && ffi::MPI_T_cvar_read(handle, (&mut value as *mut i64).cast::<c_void>()) == 0;
                ffi::MPI_T_cvar_handle_free(&mut handle);
            }
        }
        ffi::MPI_T_finalize();
        if !found || !read {
            return Err(missing());
        }
        value
    };
    // An int or a bool was written into the low bytes (little-endian
    // machines; the runner is built for the machine it runs on).
    Ok(i64::from(value as i32))
}

/// Checks, after `MPI_Init`, that Open MPI took the forced algorithm.
pub fn check(f: Forced) -> Result<(), String> {
    let dynamic = read_cvar("coll_tuned_use_dynamic_rules")?;
    let algorithm = read_cvar("coll_tuned_alltoall_algorithm")?;
    let want_dynamic = i64::from(f.number().is_some());
    let want_algorithm = i64::from(f.number().unwrap_or(0));
    if (dynamic & 1) != want_dynamic || (f.number().is_some() && algorithm != want_algorithm) {
        return Err(format!(
            "Open MPI did not take the baseline's settings: coll_tuned_use_dynamic_rules = {dynamic} and \
             coll_tuned_alltoall_algorithm = {algorithm}, where {} and {} were set (an MCA parameter file or \
             an mpirun --mca option may override the environment)",
            want_dynamic, want_algorithm
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_and_argv() {
        assert_eq!(
            BaselineKind::parse("alltoallv"),
            Ok(BaselineKind::Alltoallv)
        );
        assert_eq!(
            BaselineKind::parse("alltoall:bruck"),
            Ok(BaselineKind::Alltoall(Forced::Bruck))
        );
        assert_eq!(
            BaselineKind::parse("alltoall:foo").unwrap_err(),
            "baseline = alltoall:foo is not known; the baselines are alltoallv, alltoall:linear, \
             alltoall:pairwise, alltoall:bruck, alltoall:auto"
        );
        let argv = |s: &str| s.split(' ').map(String::from).collect::<Vec<_>>();
        assert_eq!(
            requested(&argv("exchange --baseline alltoall:pairwise --p 8")),
            Some(Forced::Pairwise)
        );
        assert_eq!(
            requested(&argv("exchange --baseline=alltoall:auto")),
            Some(Forced::Auto)
        );
        assert_eq!(requested(&argv("exchange --baseline alltoallv")), None);
        assert_eq!(requested(&argv("exchange --p 8")), None);
    }
}
