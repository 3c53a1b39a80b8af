//! The lab's matrix: read from what a person pasted, uploaded or typed in a
//! link, written back in each of those forms, or generated.
//!
//! Accepted text (see `core::com::import` for CSV and JSON): CSV or
//! whitespace-separated rows, the CLI's JSON (`{"n", "sizes"}`, a bare
//! array of rows, or a `"messages"` list), and the link form `0,4,0;2,0,1;
//! 0,0,0` (one line, rows separated by `;`). Entry (i, j) is the bytes
//! processor i sends to j; 0 is no message.

use crate::core::com::fig7::Fig7Config;
use crate::core::com::nonuniform::NonuniformConfig;
use crate::core::com::random::{RandomConfig, check_messages};
use crate::core::com::unstructured::MeshConfig;
use crate::core::com::{Com, Message, import};
use crate::core::rng::Rng;
use crate::core::sim::randperm::derangement;

/// Most processors the lab takes: a dense matrix of this size is a million
/// messages, which the browser schedules in seconds; more would freeze it
/// (the browser's limit, declared once in the command layer).
pub const LAB_MAX_N: usize = crate::api::BROWSER_MAX_N;

/// Longest matrix the lab writes into a link. Browsers take much longer
/// addresses, but mail and chat programs cut or refuse them; a larger
/// matrix is shared as a file.
pub const LINK_MAX_CHARS: usize = crate::book::params::LINK_TEXT_MAX;

/// Reads a matrix in any accepted form. The error says where the problem
/// is (line, row, column) and what would be accepted.
pub fn read(text: &str) -> Result<Com, String> {
    let t = text.trim();
    let first = t.chars().next();
    let link_form = !t.contains('\n') && t.contains(';') && !matches!(first, Some('{' | '['));
    let com = if link_form {
        import::parse_csv(&t.replace(';', "\n")).map_err(|e| link_error(&e.to_string()))?
    } else {
        import::parse(t).map_err(|e| square_error(t, e.to_string()))?
    };
    if com.n() > LAB_MAX_N {
        return Err(format!(
            "the matrix has {} rows; the lab takes at most {LAB_MAX_N} processors (the command line takes more: commbook schedule --com FILE)",
            com.n()
        ));
    }
    Ok(com)
}

/// In the link form every row is one "line": say row, not line.
fn link_error(e: &str) -> String {
    match e.split_once(": ") {
        Some((line, rest)) if line.starts_with("line ") => format!("in the link's matrix: {rest}"),
        _ => format!("in the link's matrix: {e}"),
    }
}

/// A rectangle of equal rows is named as such rather than as a short row.
fn square_error(text: &str, e: String) -> String {
    if !e.contains("entries but the matrix has") || text.starts_with(['{', '[']) {
        return e;
    }
    let rows: Vec<usize> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            l.split(|c: char| c == ',' || c == ';' || c.is_whitespace())
                .filter(|f| !f.is_empty())
                .count()
        })
        .collect();
    match rows.first() {
        Some(&w) if rows.iter().all(|&r| r == w) => format!(
            "the matrix has {} rows of {w} entries; it must be square, n rows of n entries (entry (i, j) is what processor i sends to j)",
            rows.len()
        ),
        _ => e,
    }
}

/// The link form: rows joined by `;`, entries by `,`.
pub fn link_form(com: &Com) -> String {
    rows_joined(com, ",", ";")
}

/// CSV, one row per line.
pub fn csv(com: &Com) -> String {
    let mut s = rows_joined(com, ",", "\n");
    s.push('\n');
    s
}

/// The CLI's JSON (`commbook com --json`).
pub fn json(com: &Com) -> String {
    format!(
        "{{\"n\":{},\"sizes\":[[{}]]}}\n",
        com.n(),
        rows_joined(com, ",", "],[")
    )
}

fn rows_joined(com: &Com, entry: &str, row: &str) -> String {
    let n = com.n();
    let mut dense = vec![0u64; n];
    let mut out = String::new();
    for i in 0..n {
        dense.iter_mut().for_each(|b| *b = 0);
        for (j, b) in com.row(i) {
            dense[j] = b;
        }
        if i > 0 {
            out.push_str(row);
        }
        for (j, b) in dense.iter().enumerate() {
            if j > 0 {
                out.push_str(entry);
            }
            out.push_str(&b.to_string());
        }
    }
    out
}

crate::core::keyword_enum! {
    /// The lab's generators, in the order its control lists them.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Gen {
        /// NICE's test set 1 (paper 002 §6): about d messages a processor,
        /// sizes multiples of a unit.
        Nonuniform = "nonuniform",
        /// Paper 000's Figure 7: d diagonals, rows and columns mixed.
        Fig7 = "fig7",
        /// d messages per processor at random, one size (uniform density).
        Random = "random",
        /// NICE's test set 2 (paper 002 §6): the exchange of an unstructured
        /// mesh cut into n parts, sizes by shared boundary.
        Mesh = "mesh",
        /// One random permutation: each processor sends once, receives once.
        Perm = "perm",
    }
}

crate::keyword_settings!(whole: Gen);

impl Gen {
    /// Whether it reads d.
    pub fn uses_d(self) -> bool {
        matches!(self, Gen::Fig7 | Gen::Random | Gen::Nonuniform)
    }
}

/// Generates a matrix; `bytes` is the message size (the unit of the NICE
/// test sets). The error says which input to change.
pub fn generate(kind: Gen, n: usize, d: usize, bytes: u64, seed: u64) -> Result<Com, String> {
    if !(2..=LAB_MAX_N).contains(&n) {
        return Err(format!(
            "n = {n}: the lab generates 2 to {LAB_MAX_N} processors"
        ));
    }
    let d = d.clamp(1, n - 1);
    let made = match kind {
        Gen::Fig7 => {
            check_messages(n, d).map_err(|e| e.to_string())?;
            let mut c = Fig7Config::new(n, d, seed);
            c.bytes = bytes;
            c.generate()
        }
        Gen::Random => {
            check_messages(n, d).map_err(|e| e.to_string())?;
            let mut c = RandomConfig::new(n, d, seed);
            c.bytes = bytes;
            c.generate()
        }
        Gen::Nonuniform => {
            check_messages(n, d).map_err(|e| e.to_string())?;
            let mut c = NonuniformConfig::new(n, d, seed);
            c.unit = bytes;
            c.generate()
        }
        Gen::Mesh => {
            let mut c = MeshConfig::new(n, seed);
            c.unit = bytes;
            c.generate()
        }
        Gen::Perm => {
            let p = derangement(n, &mut Rng::new(seed));
            let messages = p
                .iter()
                .enumerate()
                .map(|(src, &dst)| Message { src, dst, bytes })
                .collect();
            Com::from_messages(n, messages)
        }
    };
    made.map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_form_reads_back_the_same_matrix() {
        let com = generate(Gen::Nonuniform, 9, 3, 64, 5).unwrap();
        for text in [link_form(&com), csv(&com), json(&com)] {
            assert_eq!(read(&text).unwrap(), com, "{text}");
        }
        assert_eq!(
            link_form(&read("0,4,0;2,0,1;0,0,0").unwrap()),
            "0,4,0;2,0,1;0,0,0"
        );
        assert_eq!(
            read("0 4 0\n2 0 1\n0 0 0").unwrap(),
            read("0,4,0;2,0,1;0,0,0").unwrap()
        );
    }

    #[test]
    fn bad_matrices_are_named_by_row_and_column() {
        let e = |t: &str| read(t).unwrap_err();
        assert_eq!(
            e("0,4;2,x"),
            "in the link's matrix: row 1, column 1 is 'x', not a whole number of bytes"
        );
        assert_eq!(
            e("0 4\n-2 0"),
            "line 2: row 1, column 0 is negative (-2); sizes are bytes ≥ 0"
        );
        assert_eq!(
            e("0,4;2,0,1"),
            "in the link's matrix: row 1 has 3 entries but the matrix has 2 rows; every row needs exactly 2 entries"
        );
        assert!(
            e("0 1 2\n3 4 5").starts_with("the matrix has 2 rows of 3 entries; it must be square")
        );
        assert!(e("").contains("empty"));
        let big = vec!["0"; 1025].join(" ");
        let rows = vec![big.as_str(); 1025].join("\n");
        assert!(e(&rows).contains("at most 1024 processors"), "{}", e(&rows));
    }

    #[test]
    fn generators_make_what_they_say() {
        for kind in [
            Gen::Fig7,
            Gen::Random,
            Gen::Nonuniform,
            Gen::Mesh,
            Gen::Perm,
        ] {
            let com = generate(kind, 16, 3, 256, 2).unwrap();
            assert_eq!(com.n(), 16);
            assert!(!com.is_empty(), "{kind:?}");
            assert_eq!(com, generate(kind, 16, 3, 256, 2).unwrap(), "seeded");
        }
        let p = generate(Gen::Perm, 16, 1, 100, 3).unwrap();
        assert_eq!(p.len(), 16);
        assert_eq!(p.max_degree(), 1);
        assert!(generate(Gen::Random, 1, 1, 1, 1).is_err());
        assert!(generate(Gen::Random, 2000, 1, 1, 1).is_err());
    }
}
