//! The random COM generator of paper 000, Figure 7.
//!
//! The paper needs matrices in which every processor sends exactly d messages
//! and receives exactly d. Figure 7 starts from a banded circulant, row `j`
//! holding columns `j, j+1, …, j+d−1 (mod n)` (the loop `for i in 0..d`
//! writes diagonal `i`), then mixes it by swapping randomly chosen rows
//! and/or columns "many times". Swapping whole rows or columns never changes
//! how many entries a row or a column holds, so the result stays d-regular.
//!
//! Choices the figure leaves open, and what the book does:
//! - "and/or": [`SwapMode`] offers rows, columns, or both. With both, each
//!   round draws a fresh pair for the columns: reusing the row pair would only
//!   relabel the processors and keep every diagonal of the band intact.
//! - "ManyTimes": `rounds`, by default n·⌈log₂ n⌉, comfortably more than the
//!   ½·n·ln n random transpositions that mix a permutation of n items.
//! - Diagonal 0 puts `COM(j, j)` in the band, so some processors may "send to
//!   themselves". The book keeps the figure as printed; such an entry is a
//!   local copy (see `crate::schedule`).
//!
//! Rows and columns are not moved physically: the generator tracks which
//! original row sits at each position (`row_at`) and likewise for columns, so
//! a swap costs O(1) and the trace state is two vectors, not a matrix.

use super::{Com, ComError};
use crate::rng::Rng;
use crate::sorting::sort_usizes;
use crate::trace::{Recorder, Replay, Trace, snapshot_every};

crate::keyword_enum! {
    /// Which lines the mixing rounds swap.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum SwapMode {
        Both = "both",
        Rows = "rows",
        Cols = "cols",
    }
}

impl SwapMode {
    /// The name used in URLs and on the command line.
    pub fn name(self) -> &'static str {
        self.word()
    }
}

/// Parameters of the Figure 7 generator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fig7Config {
    pub n: usize,
    /// Messages per processor (the number of diagonals), 1 ≤ d < n.
    pub d: usize,
    /// Mixing rounds; `None` means the default n·⌈log₂ n⌉.
    pub rounds: Option<usize>,
    pub mode: SwapMode,
    /// Size given to every message, in bytes.
    pub bytes: u64,
    pub seed: u64,
}

/// Most mixing rounds accepted (each is one trace step in the browser).
pub const MAX_ROUNDS: usize = 1 << 20;

impl Fig7Config {
    /// The paper's setting: d messages of `bytes` each, rows and columns mixed.
    pub fn new(n: usize, d: usize, seed: u64) -> Self {
        Fig7Config {
            n,
            d,
            rounds: None,
            mode: SwapMode::Both,
            bytes: 1024,
            seed,
        }
    }

    /// The default number of mixing rounds for n processors.
    pub fn default_rounds(n: usize) -> usize {
        let log2 = usize::BITS - n.saturating_sub(1).leading_zeros();
        n * (log2 as usize).max(1)
    }

    fn rounds(&self) -> usize {
        self.rounds
            .unwrap_or_else(|| Fig7Config::default_rounds(self.n))
    }

    /// Checks the parameters; `generate` and `trace` then cannot fail.
    pub fn validate(&self) -> Result<(), ComError> {
        Com::check_n(self.n)?;
        // Paper 000 §5: 1 ≤ d < n.
        if self.d == 0 || self.d >= self.n {
            return Err(ComError::BadDensity {
                d: self.d,
                n: self.n,
            });
        }
        if self.bytes == 0 || self.bytes > super::MAX_BYTES {
            return Err(ComError::BadParam {
                name: "bytes",
                value: self.bytes.to_string(),
                expected: format!("1 to {}", super::MAX_BYTES),
            });
        }
        if self.rounds() > MAX_ROUNDS {
            return Err(ComError::BadParam {
                name: "rounds",
                value: self.rounds().to_string(),
                expected: format!("0 to {MAX_ROUNDS}"),
            });
        }
        Ok(())
    }

    /// Generates the matrix.
    pub fn generate(&self) -> Result<Com, ComError> {
        self.validate()?;
        let mut state = Fig7State::new(self.n, self.bytes);
        self.run(&mut |e| state.apply(&e), &mut || {});
        Ok(state.to_com())
    }

    /// Generates the matrix and the trace of its construction: one step per
    /// diagonal written, then one step per mixing round.
    pub fn trace(&self) -> Result<(Com, Trace<Fig7State>), ComError> {
        let trace = self.trace_only()?;
        Ok((trace.final_state().to_com(), trace))
    }

    /// The construction trace without building the final matrix (which the
    /// caller may build row by row from `trace.final_state()`).
    pub fn trace_only(&self) -> Result<Trace<Fig7State>, ComError> {
        self.validate()?;
        let steps = self.d + self.rounds();
        let initial = Fig7State::new(self.n, self.bytes);
        let rec =
            std::cell::RefCell::new(Recorder::new(initial, snapshot_every(steps, 2 * self.n)));
        self.run(&mut |e| rec.borrow_mut().event(e), &mut || {
            rec.borrow_mut().end_step()
        });
        Ok(rec.into_inner().finish())
    }

    /// The generator itself, emitting events; `end_step` closes a step.
    fn run(&self, emit: &mut dyn FnMut(Fig7Event), end_step: &mut dyn FnMut()) {
        for offset in 0..self.d {
            emit(Fig7Event::Diagonal { offset });
            end_step();
        }
        let mut rng = Rng::new(self.seed);
        let n = self.n;
        for _ in 0..self.rounds() {
            if matches!(self.mode, SwapMode::Rows | SwapMode::Both) {
                let (a, b) = (rng.below(n), rng.below(n));
                emit(Fig7Event::SwapRows { a, b });
            }
            if matches!(self.mode, SwapMode::Cols | SwapMode::Both) {
                let (a, b) = (rng.below(n), rng.below(n));
                emit(Fig7Event::SwapCols { a, b });
            }
            end_step();
        }
    }
}

/// One action of the generator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fig7Event {
    /// Diagonal `offset` written: `COM(j, (j + offset) mod n) = 1` for all j.
    Diagonal { offset: usize },
    /// Rows at positions `a` and `b` exchanged (a = b is a no-op, as in the paper).
    SwapRows { a: usize, b: usize },
    /// Columns at positions `a` and `b` exchanged.
    SwapCols { a: usize, b: usize },
}

impl Fig7Event {
    /// One line of caption.
    pub fn narrate(&self) -> String {
        match *self {
            Fig7Event::Diagonal { offset: 0 } => {
                "Write diagonal 0: every processor j gets the entry COM(j, j)".into()
            }
            Fig7Event::Diagonal { offset } => {
                format!("Write diagonal {offset}: every processor j sends to j + {offset} (mod n)")
            }
            Fig7Event::SwapRows { a, b } if a == b => {
                format!("Swap row {a} with itself (no change)")
            }
            Fig7Event::SwapRows { a, b } => format!("Swap rows {a} and {b}"),
            Fig7Event::SwapCols { a, b } if a == b => {
                format!("Swap column {a} with itself (no change)")
            }
            Fig7Event::SwapCols { a, b } => format!("Swap columns {a} and {b}"),
        }
    }
}

/// The matrix under construction: the band written so far, seen through the
/// row and column permutations applied so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fig7State {
    n: usize,
    bytes: u64,
    /// Diagonals written: entry (r, c) of the unpermuted band is set when
    /// (c − r) mod n < `diagonals`.
    pub diagonals: usize,
    /// Original row shown at each row position.
    pub row_at: Vec<u32>,
    /// Original column shown at each column position.
    pub col_at: Vec<u32>,
}

impl Fig7State {
    fn new(n: usize, bytes: u64) -> Self {
        Fig7State {
            n,
            bytes,
            diagonals: 0,
            row_at: (0..n as u32).collect(),
            col_at: (0..n as u32).collect(),
        }
    }

    /// Number of processors.
    pub fn n(&self) -> usize {
        self.n
    }

    /// Whether position (i, j) currently holds a message.
    pub fn has(&self, i: usize, j: usize) -> bool {
        let (r, c) = (self.row_at[i] as usize, self.col_at[j] as usize);
        (c + self.n - r) % self.n < self.diagonals
    }

    /// The matrix as it stands.
    pub fn to_com(&self) -> Com {
        let cols = self.col_positions();
        let rows = (0..self.n).map(|i| self.row_entries(i, &cols)).collect();
        Com::from_row_lists(rows).unwrap_or_else(|_| Com::none(self.n))
    }

    /// Position of each original column (the inverse of `col_at`), so a row's
    /// entries are found by walking its band rather than scanning n columns.
    pub fn col_positions(&self) -> Vec<u32> {
        let mut pos = vec![0u32; self.n];
        for (p, &c) in self.col_at.iter().enumerate() {
            pos[c as usize] = p as u32;
        }
        pos
    }

    /// Row `i`'s `(column, bytes)` entries, sorted; `cols` from [`Self::col_positions`].
    pub fn row_entries(&self, i: usize, cols: &[u32]) -> Vec<(u32, u64)> {
        let r = self.row_at[i] as usize;
        // Every entry has the same size, so sorting the columns suffices; as
        // `usize`s they share the one sort the book's wasm has for them.
        let mut row: Vec<usize> = (0..self.diagonals)
            .map(|k| cols[(r + k) % self.n] as usize)
            .collect();
        sort_usizes(&mut row);
        row.into_iter().map(|c| (c as u32, self.bytes)).collect()
    }
}

impl Replay for Fig7State {
    type Event = Fig7Event;
    fn apply(&mut self, e: &Fig7Event) {
        match *e {
            Fig7Event::Diagonal { offset } => self.diagonals = self.diagonals.max(offset + 1),
            Fig7Event::SwapRows { a, b } => self.row_at.swap(a, b),
            Fig7Event::SwapCols { a, b } => self.col_at.swap(a, b),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_and_column_has_d_entries() {
        for mode in [SwapMode::Rows, SwapMode::Cols, SwapMode::Both] {
            let cfg = Fig7Config {
                mode,
                ..Fig7Config::new(16, 5, 42)
            };
            let com = cfg.generate().unwrap();
            assert!(com.out_degrees().iter().all(|&d| d == 5));
            assert!(com.in_degrees().iter().all(|&d| d == 5));
            assert_eq!(com.len(), 80);
        }
    }

    #[test]
    fn zero_rounds_is_the_band() {
        let cfg = Fig7Config {
            rounds: Some(0),
            ..Fig7Config::new(4, 2, 0)
        };
        let com = cfg.generate().unwrap();
        let ones: Vec<Vec<u64>> = com
            .to_rows()
            .into_iter()
            .map(|r| r.into_iter().map(|b| (b > 0) as u64).collect())
            .collect();
        assert_eq!(
            ones,
            vec![
                vec![1, 1, 0, 0],
                vec![0, 1, 1, 0],
                vec![0, 0, 1, 1],
                vec![1, 0, 0, 1]
            ]
        );
    }

    #[test]
    fn trace_ends_at_the_generated_matrix_and_seeds_reproduce() {
        let cfg = Fig7Config::new(12, 3, 9);
        let (com, trace) = cfg.trace().unwrap();
        assert_eq!(com, cfg.generate().unwrap());
        assert_eq!(trace.len(), 3 + Fig7Config::default_rounds(12));
        assert_eq!(trace.state_at(0).to_com().len(), 0);
        assert_eq!(trace.state_at(3).to_com().len(), 36);
        assert_ne!(com, Fig7Config::new(12, 3, 10).generate().unwrap());
    }

    #[test]
    fn rejects_bad_parameters() {
        assert_eq!(
            Fig7Config::new(8, 9, 0).validate(),
            Err(ComError::BadDensity { d: 9, n: 8 })
        );
        assert!(Fig7Config::new(8, 0, 0).validate().is_err());
        assert!(Fig7Config::new(0, 1, 0).validate().is_err());
        let zero_bytes = Fig7Config {
            bytes: 0,
            ..Fig7Config::new(8, 1, 0)
        };
        assert!(zero_bytes.validate().is_err());
    }
}
