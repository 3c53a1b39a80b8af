//! The programs the site is finished with, and its content names.

use sha2::{Digest, Sha256};
use std::path::Path;
use std::process::Command;

/// Whether `program` is on `PATH` (the hook puts `tests/e2e/node_modules/.bin`,
/// where `.ci/lib.sh` installs wasm-opt and terser, on it).
pub fn installed(program: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(program).is_file()))
}

/// Runs `program` with `args`; an error names the program and the file it
/// failed on.
pub fn run(program: &str, args: &[&str], on: &Path) -> Result<(), String> {
    let status = Command::new(program).args(args).status().map_err(|e| {
        format!("cannot run {program} (is it installed? .ci/lib.sh installs it): {e}")
    })?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{program} failed on {} ({status})", on.display()))
    }
}

/// The first 16 hex digits of the SHA-256 of `parts`, one after the other.
pub fn content_hash(parts: &[&[u8]]) -> String {
    let mut h = Sha256::new();
    for p in parts {
        h.update(p);
    }
    h.finalize()
        .iter()
        .take(8)
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Reads a file, or says which one could not be read.
pub fn read(path: &Path) -> Result<Vec<u8>, String> {
    std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))
}

/// Writes a file, or says which one could not be written.
pub fn write(path: &Path, bytes: impl AsRef<[u8]>) -> Result<(), String> {
    std::fs::write(path, bytes).map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hash_is_sha256s_first_eight_bytes_over_the_parts_in_turn() {
        // sha256("abc"), as the shell's sha256sum gives it.
        assert_eq!(content_hash(&[b"abc"]), "ba7816bf8f01cfea");
        assert_eq!(content_hash(&[b"a", b"bc"]), content_hash(&[b"abc"]));
    }
}
