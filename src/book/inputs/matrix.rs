//! The matrix behind the figures over a generated communication matrix
//! (`com`, `lp`, `ccom`, `gmcgm`): Figure 7's n, d, seed and swap mode,
//! plus the cells the reader toggled by hand, and the settings they share.
//!
//! Edits travel in the URL as `flip=i.j,i.j,…`: the cells whose message was
//! added or removed after generation. A cell listed twice is toggled twice,
//! i.e. not at all, so the list is kept normalised (sorted, no repeats).

use crate::book::params::{Notice, ParamKind, ParamSpec, Value, Values};
use crate::core::com::Com;
use crate::core::com::fig7::{Fig7Config, Fig7State, SwapMode};
use crate::core::step::{Progress, Stepper};
use crate::core::trace::Trace;

/// Largest n the matrix figures accept: above this a trace of the whole
/// construction no longer fits comfortably in a browser tab (the command
/// layer's limit for the JS API, declared there).
pub const MAX_BROWSER_N: u64 = crate::api::BROWSER_MAX_N as u64;

/// Processors, for the figures that draw the matrix as a canvas.
pub const N: ParamSpec = ParamSpec {
    key: "n",
    label: "processors n",
    kind: ParamKind::Int {
        min: 2,
        max: MAX_BROWSER_N,
        default: 16,
    },
};
/// Processors, for the figures that print CCOM as numbers or trace GM
/// probe by probe.
pub const N_TABLE: ParamSpec = ParamSpec {
    key: "n",
    label: "processors n",
    kind: ParamKind::Int {
        min: 2,
        max: 128,
        default: 16,
    },
};
/// Messages per processor.
pub const D: ParamSpec = ParamSpec {
    key: "d",
    label: "messages per processor d",
    kind: ParamKind::Int {
        min: 1,
        max: MAX_BROWSER_N - 1,
        default: 4,
    },
};
/// The generator's (and the randomised algorithms') seed.
pub const SEED: ParamSpec = ParamSpec {
    key: "seed",
    label: "seed",
    kind: ParamKind::Int {
        min: 0,
        max: 4_294_967_295,
        default: 1,
    },
};
/// Which lines Figure 7's mixing rounds swap.
pub const SWAP: ParamSpec = ParamSpec {
    key: "swap",
    label: "swap",
    kind: ParamKind::Choice {
        options: SwapMode::WORDS,
        default: "both",
    },
};
/// Cells the reader toggled after generation, as `i.j` items joined by `,`.
pub const FLIP: ParamSpec = ParamSpec {
    key: "flip",
    label: "edited cells",
    kind: ParamKind::Text { max_len: 4000 },
};
/// `Random_Swap` in CCOM's construction, on or off.
pub const SHUFFLE: ParamSpec = ParamSpec {
    key: "shuffle",
    label: "Random_Swap",
    kind: ParamKind::Choice {
        options: crate::core::algo::ccom::RowOrder::WORDS,
        default: "on",
    },
};

crate::settings! {
    /// The settings of the figures over a generated matrix of any size the
    /// browser holds (`com`, `lp`).
    pub struct MatrixSettings {
        pub n: usize = N => N_NOTE,
        pub d: usize = D,
        pub seed: u64 = SEED,
        pub swap: SwapMode = SWAP,
        pub flip: String = FLIP,
    }
}

impl MatrixSettings {
    /// The matrix these settings generate.
    pub fn matrix(&self) -> (Matrix, Vec<Notice>) {
        Matrix::check(self.n, self.d, self.seed, self.swap, &self.flip)
    }
}

/// The note under n of the figures that take any n the browser can hold.
pub const N_NOTE: &str = "at most 1024 in the browser";

/// Bytes given to a message the reader adds by hand (the generator's size).
pub const EDIT_BYTES: u64 = 1024;

/// The matrix a figure generates, its settings checked together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Matrix {
    pub n: usize,
    pub d: usize,
    pub seed: u64,
    pub mode: SwapMode,
    /// Toggled cells, sorted, each once.
    pub flips: Vec<(usize, usize)>,
}

impl Matrix {
    /// Checks what single settings cannot (d must be below n; edits must
    /// lie inside the matrix), fixing it with a notice.
    pub fn check(
        n: usize,
        d: usize,
        seed: u64,
        mode: SwapMode,
        flip: &str,
    ) -> (Matrix, Vec<Notice>) {
        let mut notices = Vec::new();
        let n = n.max(2);
        let mut d = d.max(1);
        if d >= n {
            let fixed = 4.min(n - 1);
            notices.push(Notice(format!(
                "d = {d} must be below n = {n} (each processor sends to at most n − 1 others); using d = {fixed}"
            )));
            d = fixed;
        }
        let (flips, mut flip_notices) = parse_flips(flip, n);
        notices.append(&mut flip_notices);
        (
            Matrix {
                n,
                d,
                seed,
                mode,
                flips,
            },
            notices,
        )
    }

    /// The Figure 7 configuration.
    pub fn fig7(&self) -> Fig7Config {
        Fig7Config {
            mode: self.mode,
            ..Fig7Config::new(self.n, self.d, self.seed)
        }
    }

    /// The generated matrix with the edits applied, and the generator's
    /// trace, built in one go (see [`MatrixBuild`] for the sliced version).
    pub fn build(&self) -> Built {
        crate::core::step::run(Box::new(MatrixBuild::new(self.clone())))
    }

    /// Stores the edits back into `values`.
    pub fn store_flips(&self, values: &mut Values) {
        values.set("flip", Value::Text(format_flips(&self.flips)));
    }
}

/// A generated matrix, its construction trace and the settings behind it.
#[derive(Clone, Debug)]
pub struct Built {
    pub com: Com,
    /// `None` only if the settings were refused (they are validated first,
    /// so in practice always present).
    pub trace: Option<Trace<Fig7State>>,
    pub params: Matrix,
}

/// Rows converted per step: small enough that a step of a 1024×1023 matrix
/// stays well under a millisecond.
const ROWS_PER_STEP: usize = 32;

/// Builds a matrix as a [`Stepper`]: first the generator's trace (events
/// only, cheap), then the final state row by row, then the edits.
pub struct MatrixBuild {
    params: Matrix,
    trace: Option<Trace<Fig7State>>,
    last: Option<Fig7State>,
    cols: Vec<u32>,
    rows: Vec<Vec<(u32, u64)>>,
    started: bool,
}

impl MatrixBuild {
    /// Prepares the build.
    pub fn new(params: Matrix) -> Self {
        MatrixBuild {
            params,
            trace: None,
            last: None,
            cols: Vec::new(),
            rows: Vec::new(),
            started: false,
        }
    }
}

impl Stepper for MatrixBuild {
    type Output = Built;

    fn step(&mut self) -> bool {
        if !self.started {
            self.started = true;
            if let Ok(trace) = self.params.fig7().trace_only() {
                let last = trace.final_state();
                self.cols = last.col_positions();
                self.last = Some(last);
                self.trace = Some(trace);
            }
            return self.last.is_some();
        }
        let Some(last) = &self.last else { return false };
        let from = self.rows.len();
        let to = (from + ROWS_PER_STEP).min(last.n());
        for i in from..to {
            self.rows.push(last.row_entries(i, &self.cols));
        }
        self.rows.len() < last.n()
    }

    fn progress(&self) -> Progress {
        Progress {
            done: self.rows.len() as u64 + self.started as u64,
            total: self.params.n as u64 + 1,
        }
    }

    fn finish(mut self: Box<Self>) -> Built {
        while self.step() {}
        let com = match self.last {
            Some(_) => Com::from_row_lists(std::mem::take(&mut self.rows))
                .map(|c| apply_flips(&c, &self.params.flips))
                .unwrap_or_else(|_| Com::none(self.params.n)),
            None => Com::none(self.params.n),
        };
        Built {
            com,
            trace: self.trace,
            params: self.params,
        }
    }
}

/// Parses `i.j,i.j`; bad items and cells outside an n×n matrix are skipped
/// with a notice.
pub fn parse_flips(text: &str, n: usize) -> (Vec<(usize, usize)>, Vec<Notice>) {
    let mut flips = Vec::new();
    let mut notices = Vec::new();
    for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let cell = item.split_once('.').and_then(|(a, b)| {
            Some((
                a.trim().parse::<usize>().ok()?,
                b.trim().parse::<usize>().ok()?,
            ))
        });
        match cell {
            Some((i, j)) if i < n && j < n => toggle(&mut flips, (i, j)),
            Some((i, j)) => notices.push(Notice(format!(
                "edited cell {i}.{j} lies outside the {n}×{n} matrix; ignoring it"
            ))),
            None => notices.push(Notice(format!(
                "edited cell '{item}' is not written row.column (e.g. 3.5); ignoring it"
            ))),
        }
    }
    (flips, notices)
}

/// Writes edits as `i.j,i.j`.
pub fn format_flips(flips: &[(usize, usize)]) -> String {
    flips
        .iter()
        .map(|(i, j)| format!("{i}.{j}"))
        .collect::<Vec<_>>()
        .join(",")
}

/// Toggles one cell in an edit list.
pub fn toggle(flips: &mut Vec<(usize, usize)>, cell: (usize, usize)) {
    match flips.binary_search(&cell) {
        Ok(k) => {
            flips.remove(k);
        }
        Err(k) => flips.insert(k, cell),
    }
}

/// The matrix with each listed cell toggled (added with [`EDIT_BYTES`] or removed).
///
/// Built row by row from sorted lists: `Com::from_messages` would sort every
/// message again, and compiling that sort into the book's wasm for this
/// alone costs more than the merge below.
pub fn apply_flips(com: &Com, flips: &[(usize, usize)]) -> Com {
    if flips.is_empty() {
        return com.clone();
    }
    let n = com.n();
    // The listed cells inside the matrix, sorted, each once (a sorted list
    // rather than a BTreeSet: one collection type less in the wasm).
    let mut flipped: Vec<(usize, usize)> = Vec::new();
    for &cell in flips {
        if let (true, Err(k)) = (cell.0 < n && cell.1 < n, flipped.binary_search(&cell)) {
            flipped.insert(k, cell);
        }
    }
    // Cells the edits add, in row-major order.
    let mut added = flipped
        .iter()
        .filter(|&&(i, j)| com.get(i, j) == 0)
        .peekable();
    let rows = (0..n)
        .map(|i| {
            let mut kept = com
                .row(i)
                .filter(|&(j, _)| flipped.binary_search(&(i, j)).is_err())
                .peekable();
            let mut row = Vec::new();
            loop {
                let add = added.peek().filter(|c| c.0 == i).map(|c| c.1);
                match (kept.peek().copied(), add) {
                    (Some((j, bytes)), Some(a)) if j < a => {
                        row.push((j as u32, bytes));
                        kept.next();
                    }
                    (_, Some(a)) => {
                        row.push((a as u32, EDIT_BYTES));
                        added.next();
                    }
                    (Some((j, bytes)), None) => {
                        row.push((j as u32, bytes));
                        kept.next();
                    }
                    (None, None) => break row,
                }
            }
        })
        .collect();
    Com::from_row_lists(rows).unwrap_or_else(|_| com.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_note_under_n_gives_the_limit_the_settings_apply() {
        assert_eq!(N_NOTE, format!("at most {MAX_BROWSER_N} in the browser"));
    }

    fn matrix(n: usize, d: usize, flip: &str) -> (Matrix, Vec<Notice>) {
        Matrix::check(n, d, 1, SwapMode::Both, flip)
    }

    #[test]
    fn d_at_or_above_n_is_fixed_with_a_notice() {
        let (p, notes) = matrix(3, 7, "");
        assert_eq!((p.n, p.d), (3, 2));
        assert_eq!(notes.len(), 1);
        assert!(
            notes[0].0.starts_with("d = 7 must be below n = 3"),
            "{}",
            notes[0].0
        );
    }

    #[test]
    fn flips_parse_normalise_and_apply() {
        let (f, notes) = parse_flips("1.2, 0.0,bad,9.9,1.2,3.1", 4);
        assert_eq!(f, vec![(0, 0), (3, 1)]);
        assert_eq!(notes.len(), 2);
        let mut g = f.clone();
        toggle(&mut g, (2, 2));
        toggle(&mut g, (0, 0));
        assert_eq!(format_flips(&g), "2.2,3.1");
        let com = Com::from_rows(&[vec![0, 5], vec![0, 0]]).unwrap();
        let edited = apply_flips(&com, &[(0, 1), (1, 0)]);
        assert_eq!(edited.to_rows(), vec![vec![0, 0], vec![EDIT_BYTES, 0]]);
    }

    #[test]
    fn build_applies_edits_to_the_generated_matrix() {
        let (p, _) = matrix(8, 2, "0.5");
        let base = p.fig7().generate().unwrap();
        let built = p.build();
        let expected = if base.get(0, 5) > 0 {
            base.len() - 1
        } else {
            base.len() + 1
        };
        assert_eq!(built.com.len(), expected);
        assert!(built.trace.is_some());
        assert_eq!(built.com, apply_flips(&base, &p.flips));
    }

    /// The row-by-row merge toggles exactly the listed cells (repeats and
    /// cells outside the matrix ignored), as a set of messages would.
    #[test]
    fn flips_toggle_exactly_the_listed_cells() {
        use crate::core::com::Message;
        use crate::core::rng::Rng;
        let mut rng = Rng::new(5);
        for n in [1, 2, 5, 9] {
            let com = Fig7Config::new(n, n / 2, 3)
                .generate()
                .unwrap_or_else(|_| Com::none(n));
            for _ in 0..50 {
                let flips: Vec<(usize, usize)> = (0..rng.below(12))
                    .map(|_| (rng.below(n + 2), rng.below(n + 2)))
                    .collect();
                let set: std::collections::BTreeSet<(usize, usize)> = flips
                    .iter()
                    .copied()
                    .filter(|&(i, j)| i < n && j < n)
                    .collect();
                let mut want: Vec<Message> = com
                    .messages()
                    .filter(|m| !set.contains(&(m.src, m.dst)))
                    .collect();
                want.extend(
                    set.iter()
                        .filter(|&&(i, j)| com.get(i, j) == 0)
                        .map(|&(src, dst)| Message {
                            src,
                            dst,
                            bytes: EDIT_BYTES,
                        }),
                );
                let want = Com::from_messages(n, want).unwrap();
                assert_eq!(apply_flips(&com, &flips), want, "n = {n}, flips {flips:?}");
            }
        }
    }
}
