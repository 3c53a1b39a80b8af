//! A figure's notes, the text under some of its settings, declared with
//! the settings themselves (`pub n: usize = N => "at most 64 here",` in
//! [`settings!`](crate::settings)): the constant functions that gather them
//! while compiling, and look them up by key for the groups whose notes each
//! figure writes (`sim_settings!`).

use super::figures::modules::same;
use super::params::ParamSpec;

/// The note of `notes` written under `key`, if any (for groups of settings
/// whose notes each figure writes, as `sim_settings!` does).
pub const fn note_for(key: &str, notes: &[(&'static str, &'static str)]) -> Option<&'static str> {
    let mut i = 0;
    while i < notes.len() {
        if same(notes[i].0, key) {
            return Some(notes[i].1);
        }
        i += 1;
    }
    None
}

/// True if every key of `notes` is the key of one of `params` (a note
/// under a setting the figure does not have fails to compile).
pub const fn notes_known(notes: &[(&str, &str)], params: &[ParamSpec]) -> bool {
    let mut i = 0;
    while i < notes.len() {
        let mut j = 0;
        while j < params.len() && !same(params[j].key, notes[i].0) {
            j += 1;
        }
        if j == params.len() {
            return false;
        }
        i += 1;
    }
    true
}

/// How many settings of `all` have a note (for [`settings!`](crate::settings)).
pub const fn count_notes(all: &[(&str, Option<&str>)]) -> usize {
    let (mut n, mut i) = (0, 0);
    while i < all.len() {
        if all[i].1.is_some() {
            n += 1;
        }
        i += 1;
    }
    n
}

/// The settings of `all` that have a note, with it, in order (`N` is
/// [`count_notes`]).
pub const fn only_notes<const N: usize>(
    all: &[(&'static str, Option<&'static str>)],
) -> [(&'static str, &'static str); N] {
    let mut out = [("", ""); N];
    let (mut n, mut i) = (0, 0);
    while i < all.len() {
        if let Some(note) = all[i].1 {
            out[n] = (all[i].0, note);
            n += 1;
        }
        i += 1;
    }
    out
}
