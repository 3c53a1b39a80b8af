//! The command line's flags, read as the book's CLI reads them, and the
//! runner's small option types (counts, seconds, sizes, the sync).

use crate::exec::Sync;
use crate::usage::USAGE;

/// The flags in order, `--json` as a flag of its own.
pub struct Flags {
    pub pairs: Vec<(String, String)>,
    pub json: bool,
}

impl Flags {
    /// Reads `--name value`, `--name=value` and `--json`; a name given
    /// twice is refused, as the CLI refuses it.
    pub fn parse(flags: &[String]) -> Result<Flags, String> {
        let mut pairs = Vec::new();
        let mut json = false;
        let mut it = flags.iter();
        while let Some(flag) = it.next() {
            let Some(name) = flag.strip_prefix("--").filter(|s| !s.is_empty()) else {
                return Err(format!("expected an option like --n, got '{flag}'"));
            };
            if name == "json" {
                json = true;
                continue;
            }
            if name == "help" {
                return Err(format!("--help goes first; usage:\n{USAGE}"));
            }
            let (name, value) = match name.split_once('=') {
                Some((k, v)) => (k.to_string(), v.to_string()),
                None => {
                    let v = it.next().ok_or_else(|| format!("--{name} needs a value"))?;
                    (name.to_string(), v.clone())
                }
            };
            if pairs.iter().any(|(k, _)| *k == name) {
                return Err(format!("option {name} is given twice"));
            }
            pairs.push((name, value));
        }
        Ok(Flags { pairs, json })
    }

    /// Takes a runner option out.
    pub fn take(&mut self, name: &str) -> Option<String> {
        let i = self.pairs.iter().position(|(k, _)| k == name)?;
        Some(self.pairs.remove(i).1)
    }

    /// Fails on any option left (for the commands without book options).
    pub fn done(self, command: &str, known: &str) -> Result<(), String> {
        match self.pairs.first() {
            Some((k, _)) => Err(format!(
                "unknown option '{k}' for {command}; known: {known}"
            )),
            None => Ok(()),
        }
    }
}

/// A whole number option from 1 to `max`.
pub fn count(flags: &mut Flags, name: &str, default: usize, max: usize) -> Result<usize, String> {
    match flags.take(name) {
        None => Ok(default),
        Some(v) => v
            .trim()
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=max).contains(n))
            .ok_or_else(|| format!("{name} must be a whole number from 1 to {max} (got {v})")),
    }
}

/// `--timeout`, seconds (default 60).
pub fn timeout(flags: &mut Flags) -> Result<f64, String> {
    match flags.take("timeout") {
        None => Ok(60.0),
        Some(v) => v
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|t| (0.1..=86_400.0).contains(t))
            .ok_or_else(|| {
                format!("timeout must be a number of seconds from 0.1 to 86400 (got {v})")
            }),
    }
}

/// `--sync` (default loose, as the book's simulator).
pub fn sync(flags: &mut Flags) -> Result<Sync, String> {
    flags
        .take("sync")
        .map_or(Ok(Sync::Loose), |s| Sync::parse(&s))
}

/// A comma-separated list of sizes in bytes.
pub fn sizes(name: &str, text: &str) -> Result<Vec<u64>, String> {
    let v: Vec<u64> = text
        .split(',')
        .map(|s| s.trim().parse::<u64>().ok().filter(|&b| b <= 64 << 20))
        .collect::<Option<_>>()
        .ok_or_else(|| {
            format!(
                "{name} takes sizes in bytes separated by commas, each at most 64 MiB (got {text})"
            )
        })?;
    if v.is_empty() {
        return Err(format!("{name} needs at least one size"));
    }
    Ok(v)
}
