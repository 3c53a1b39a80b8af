//! The settings shared by widgets that show a generated communication matrix
//! (`com`, `lp`, …): Figure 7's n, d, seed and swap mode, plus the cells the
//! reader toggled by hand.
//!
//! Edits travel in the URL as `flip=i.j,i.j,…`: the cells whose message was
//! added or removed after generation. A cell listed twice is toggled twice,
//! i.e. not at all, so the list is kept normalised (sorted, no repeats).

use super::params::{Notice, Value, Values};
use crate::core::com::Com;
use crate::core::com::fig7::{Fig7Config, Fig7State, SwapMode};
use crate::core::step::{Progress, Stepper};
use crate::core::trace::Trace;

/// Bytes given to a message the reader adds by hand (the generator's size).
pub const EDIT_BYTES: u64 = 1024;

/// Validated matrix settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatrixParams {
    pub n: usize,
    pub d: usize,
    pub seed: u64,
    pub mode: SwapMode,
    /// Toggled cells, sorted, each once.
    pub flips: Vec<(usize, usize)>,
}

impl MatrixParams {
    /// Reads the widget's values, fixing what single-parameter checks cannot
    /// see (d must be below n; edits must lie inside the matrix).
    pub fn read(values: &Values) -> (MatrixParams, Vec<Notice>) {
        let mut notices = Vec::new();
        let n = values.int("n").max(2) as usize;
        let mut d = values.int("d").max(1) as usize;
        if d >= n {
            let fixed = 4.min(n - 1);
            notices.push(Notice(format!(
                "d = {d} must be below n = {n} (each processor sends to at most n − 1 others); using d = {fixed}"
            )));
            d = fixed;
        }
        let mode = SwapMode::parse(values.choice("swap")).unwrap_or(SwapMode::Both);
        let (flips, mut flip_notices) = parse_flips(values.text("flip"), n);
        notices.append(&mut flip_notices);
        let seed = values.int("seed").max(0) as u64;
        (
            MatrixParams {
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
    pub params: MatrixParams,
}

/// Rows converted per step: small enough that a step of a 1024×1023 matrix
/// stays well under a millisecond.
const ROWS_PER_STEP: usize = 32;

/// Builds a matrix as a [`Stepper`]: first the generator's trace (events
/// only, cheap), then the final state row by row, then the edits.
pub struct MatrixBuild {
    params: MatrixParams,
    trace: Option<Trace<Fig7State>>,
    last: Option<Fig7State>,
    cols: Vec<u32>,
    rows: Vec<Vec<(u32, u64)>>,
    started: bool,
}

impl MatrixBuild {
    /// Prepares the build.
    pub fn new(params: MatrixParams) -> Self {
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
    use crate::book::params::{Value, defaults};
    use crate::book::widgets::find;

    fn values(n: i64, d: i64, flip: &str) -> Values {
        let mut v = defaults(find("com").unwrap().params);
        v.set("n", Value::Int(n));
        v.set("d", Value::Int(d));
        v.set("flip", Value::Text(flip.into()));
        v
    }

    #[test]
    fn d_at_or_above_n_is_fixed_with_a_notice() {
        let (p, notes) = MatrixParams::read(&values(3, 7, ""));
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
        let (p, _) = MatrixParams::read(&values(8, 2, "0.5"));
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
