//! Figures 2, 5, 6 and 9 of paper 001 recomputed: the five message-combining
//! one-to-all (or all-to-one) algorithms, or the eight all-to-all ones of
//! Figure 9, on one mesh, their set-ups, and
//! the Delta model's time for each message size the paper measured, beside
//! the printed values where the paper has them (256 processors only).
//!
//! Figure 5 itself did not survive the paper's conversion to text; its
//! caption and §3.2 say it relates the set-ups of the five algorithms to
//! their time *normalised to 1-lev-dir's*, one line per message size, with
//! the line for 16 384 bytes almost flat. [`SizeSweep::relative`] gives those
//! ratios; the paper's side comes from Figure 2's times and the set-up
//! counts printed in §3.2.
//!
//! ```
//! use commbook_core::mesh::config::Op;
//! use commbook_core::mesh::figures::SizeSweep;
//! let s = SizeSweep::new(Op::Scatter, 16, 16).unwrap();
//! let setups: Vec<usize> = s.curves.iter().map(|c| c.setups).collect();
//! assert_eq!(setups, [255, 30, 21, 8, 16]);
//! assert_eq!(s.curves[4].paper_setups, Some(15));
//! ```

use super::config::{
    Algo, CollectiveConfig, CollectiveError, GATHER_GAMMA, Op, SCATTER_GAMMA, Spec,
};
use super::{Collective, run, run_rooted};
use crate::cost::delta::DeltaCost;
use crate::published::hambrusch::{FIGURE2, FIGURE5_SETUPS, FIGURE6, FIGURE9, SIZES};
use crate::step::{Progress, Stepper};

/// The five algorithms of Figure 5, in the paper's order of set-ups.
pub const ALGOS: [Algo; 5] = [
    Algo::Dir,
    Algo::TwoLevRec,
    Algo::ThreeLevSq,
    Algo::LogpLevSq,
    Algo::LogpLevRec,
];

crate::mesh_words! {
    /// The meshes the Delta-model figures offer: the machine sizes of
    /// paper 001's experiments (4×4 to 16×16), then the whole Delta
    /// (16×32), which the paper did not measure.
    pub const MESHES: [(usize, usize); 6], MESH_WORDS = [(4, 4), (4, 8), (8, 8), (8, 16), (16, 16), (16, 32)];
}

/// The machine sizes of paper 001's experiments alone ([`MESH_WORDS`]
/// without the whole Delta).
pub const PAPER_MESH_WORDS: &[&str] = MESH_WORDS.as_slice().split_at(5).0;

crate::keyword_enum! {
    /// The figures of paper 001 that the Delta model redraws, by number.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum PaperFigure {
        /// The scatter's time against message size.
        Two = "2",
        /// The scatter's set-ups against its relative time.
        Five = "5",
        /// The gather's time.
        Six = "6",
        /// The all-to-all's time.
        Nine = "9",
    }
}

impl PaperFigure {
    /// The collective the figure measures.
    pub fn op(self) -> Op {
        match self {
            PaperFigure::Six => Op::Gather,
            PaperFigure::Nine => Op::AllToAll,
            PaperFigure::Two | PaperFigure::Five => Op::Scatter,
        }
    }

    /// True for Figure 5, which plots set-ups rather than times.
    pub fn setups(self) -> bool {
        self == PaperFigure::Five
    }
}

/// The message sizes drawn as lines of the set-ups figure.
pub const FIGURE5_SIZES: [u64; 5] = [16, 128, 1024, 4096, 16384];

/// One algorithm across the message sizes.
#[derive(Clone, Debug, PartialEq)]
pub struct Curve {
    /// The algorithm.
    pub spec: Spec,
    /// Its name with γ, e.g. `logp-lev-rec(0.75)`.
    pub title: String,
    /// Set-ups on the critical path (the same for every L).
    pub setups: usize,
    /// The paper's set-up count (§3.2; scatter on 256 processors only).
    pub paper_setups: Option<usize>,
    /// Predicted time in ms for each of [`SizeSweep::sizes`].
    pub model_ms: Vec<f64>,
    /// Printed time in ms for each size, where the paper has one.
    pub paper_ms: Vec<Option<f64>>,
}

impl Curve {
    /// How far the model is from the printed row, as a factor ≥ 1: e to the
    /// root-mean-square of ln(model / printed). `None` without printed values.
    pub fn factor(&self) -> Option<f64> {
        let errs: Vec<f64> = self
            .model_ms
            .iter()
            .zip(&self.paper_ms)
            .filter_map(|(m, p)| p.map(|p| (m / p).ln().powi(2)))
            .collect();
        (!errs.is_empty()).then(|| (errs.iter().sum::<f64>() / errs.len() as f64).sqrt().exp())
    }
}

/// The set-ups §3.2 prints for this scatter: a 16×16 mesh, and γ = 0.75
/// for *logp-lev-rec*.
pub fn paper_setups(spec: &Spec) -> Option<usize> {
    let (m, gamma) = (
        spec.mesh,
        (spec.algo == Algo::LogpLevRec).then_some(spec.gamma),
    );
    FIGURE5_SETUPS
        .iter()
        .find(|f| f.0 == spec.algo.name() && f.1 == gamma)
        .filter(|_| spec.op == Op::Scatter && (m.rows, m.cols) == (16, 16))
        .map(|f| f.2)
}

/// The five algorithms on one mesh, across the paper's message sizes.
#[derive(Clone, Debug, PartialEq)]
pub struct SizeSweep {
    /// Scatter (Figures 2 and 5) or gather (Figure 6).
    pub op: Op,
    /// Actual message sizes L, smallest first.
    pub sizes: Vec<u64>,
    /// One curve per algorithm of [`ALGOS`].
    pub curves: Vec<Curve>,
}

impl SizeSweep {
    /// Runs the five algorithms from P_0 with the paper's γ (0.75 for a
    /// scatter, 0.60 for a gather), or Figure 9's eight all-to-all ones,
    /// and prices them with the Delta preset. Printed values are attached
    /// on a 16×16 mesh.
    pub fn new(op: Op, rows: usize, cols: usize) -> Result<SizeSweep, CollectiveError> {
        crate::step::run(Box::new(SweepBuilder::new(op, rows, cols)))
    }

    /// Curve `a`'s time at size index `i` relative to 1-lev-dir's, from the
    /// model and (where printed) from the paper.
    pub fn relative(&self, a: usize, i: usize) -> (f64, Option<f64>) {
        let (dir, c) = (&self.curves[0], &self.curves[a]);
        let paper = match (c.paper_ms[i], dir.paper_ms[i]) {
            (Some(x), Some(d)) => Some(x / d),
            _ => None,
        };
        (c.model_ms[i] / dir.model_ms[i], paper)
    }

    /// The index of size `l` in [`SizeSweep::sizes`].
    pub fn size_index(&self, l: u64) -> Option<usize> {
        self.sizes.iter().position(|&s| s == l)
    }

    /// The sentence for the times figure after curve `k` (1-based) is added.
    pub fn times_caption(&self, k: usize) -> String {
        let Some(c) = k.checked_sub(1).and_then(|i| self.curves.get(i)) else {
            return format!(
                "No algorithm yet: step forward to add the {}.",
                if self.op == Op::AllToAll {
                    "eight of Figure 9"
                } else {
                    "five, fewest set-ups last"
                }
            );
        };
        let (lo, hi) = (0, self.sizes.len() - 1);
        let at = |i: usize| {
            let model = format!("{:.2} ms", c.model_ms[i]);
            match c.paper_ms[i] {
                Some(p) => format!("{model} (printed {p:.2})"),
                None => model,
            }
        };
        let setups = match c.paper_setups {
            Some(p) if p != c.setups => format!("{} set-ups (the paper counts {p})", c.setups),
            _ => format!("{} set-ups", c.setups),
        };
        let fit = c.factor().map_or(String::new(), |f| {
            format!("; over the row the model is off by ×{f:.2}")
        });
        format!(
            "{}: {setups}; the model predicts {} at {} bytes and {} at {} bytes{fit}.",
            c.title,
            at(lo),
            self.sizes[lo],
            at(hi),
            self.sizes[hi]
        )
    }

    /// The sentence for the set-ups figure after size `k` (1-based) of
    /// [`FIGURE5_SIZES`] is added.
    pub fn setups_caption(&self, k: usize) -> String {
        let Some(i) = k
            .checked_sub(1)
            .and_then(|j| FIGURE5_SIZES.get(j))
            .and_then(|&l| self.size_index(l))
        else {
            return "No message size yet: step forward to add one line per size, smallest first."
                .into();
        };
        let parts: Vec<String> = (1..self.curves.len())
            .map(|a| {
                let (model, paper) = self.relative(a, i);
                let printed = paper.map_or(String::new(), |p| format!(" (printed {p:.2})"));
                format!("{} {model:.2}{printed}", self.curves[a].title)
            })
            .collect();
        format!(
            "L = {} bytes, times relative to 1-lev-dir: {}.",
            self.sizes[i],
            parts.join(", ")
        )
    }
}

/// [`SizeSweep::new`] as a stepper: each algorithm's run, then its price
/// at each message size, one per step (a 16 × 16 all-to-all is thousands
/// of sends to price).
pub struct SweepBuilder {
    op: Op,
    rows: usize,
    cols: usize,
    curves: Vec<Curve>,
    /// The algorithm being priced: its run and its times so far.
    current: Option<(Spec, Collective, Vec<f64>)>,
    error: Option<CollectiveError>,
}

impl SweepBuilder {
    pub fn new(op: Op, rows: usize, cols: usize) -> Self {
        SweepBuilder {
            op,
            rows,
            cols,
            curves: Vec::new(),
            current: None,
            error: None,
        }
    }

    fn algos(&self) -> &'static [Algo] {
        match self.op {
            // Figure 9's eight, in its order.
            Op::AllToAll => Op::AllToAll.algos(),
            _ => &ALGOS,
        }
    }

    fn start(&self, algo: Algo) -> Result<(Spec, Collective, Vec<f64>), CollectiveError> {
        let mut cfg = CollectiveConfig::new(self.op, algo, self.rows, self.cols);
        if algo == Algo::LogpLevRec {
            cfg.gamma = Some(if self.op == Op::Gather {
                GATHER_GAMMA
            } else {
                SCATTER_GAMMA
            });
        }
        let spec = cfg.validate()?;
        let c = if self.op == Op::AllToAll {
            run(&spec)
        } else {
            run_rooted(&spec)
        };
        Ok((spec, c, Vec::new()))
    }

    fn curve(&self, spec: Spec, c: &Collective, model_ms: Vec<f64>) -> Curve {
        let table = match self.op {
            Op::Gather => &FIGURE6[..],
            Op::Scatter => &FIGURE2[..],
            Op::AllToAll => &FIGURE9[..],
        };
        let paper = self.rows == 16 && self.cols == 16;
        let row = table
            .iter()
            .find(|r| r.algo == spec.algo.name())
            .filter(|_| paper);
        let printed = |l: u64| {
            let i = SIZES.iter().position(|&s| s == l)?;
            row.and_then(|r| r.ms[i])
        };
        Curve {
            title: spec.title(),
            setups: c.setups(),
            paper_setups: paper_setups(&spec),
            model_ms,
            paper_ms: SIZES.iter().rev().map(|&l| printed(l)).collect(),
            spec,
        }
    }
}

impl Stepper for SweepBuilder {
    type Output = Result<SizeSweep, CollectiveError>;

    fn step(&mut self) -> bool {
        let algos = self.algos();
        if self.error.is_some() || self.curves.len() >= algos.len() {
            return false;
        }
        match self.current.take() {
            None => match self.start(algos[self.curves.len()]) {
                Ok(cur) => self.current = Some(cur),
                Err(e) => self.error = Some(e),
            },
            Some((spec, c, mut ms)) => {
                // Sizes smallest first, as the curves hold them.
                let l = SIZES[SIZES.len() - 1 - ms.len()];
                ms.push(DeltaCost::delta().collective_us_at(&c, l) / 1000.0);
                if ms.len() == SIZES.len() {
                    let curve = self.curve(spec, &c, ms);
                    self.curves.push(curve);
                } else {
                    self.current = Some((spec, c, ms));
                }
            }
        }
        self.error.is_none() && self.curves.len() < algos.len()
    }

    fn progress(&self) -> Progress {
        let per = SIZES.len() as u64 + 1;
        let partial = self.current.as_ref().map_or(0, |c| 1 + c.2.len() as u64);
        Progress {
            done: self.curves.len() as u64 * per + partial,
            total: self.algos().len() as u64 * per,
        }
    }

    fn finish(mut self: Box<Self>) -> Self::Output {
        while self.step() {}
        if let Some(e) = self.error {
            return Err(e);
        }
        Ok(SizeSweep {
            op: self.op,
            sizes: SIZES.iter().rev().copied().collect(),
            curves: self.curves,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_ups_matter_less_as_messages_grow() {
        let s = SizeSweep::new(Op::Scatter, 16, 16).unwrap();
        let small = s.size_index(16).unwrap();
        let big = s.size_index(16384).unwrap();
        // Every combining algorithm beats 1-lev-dir by far at 16 bytes, and
        // the spread nearly closes at 16 KB (the paper's flat line).
        for a in 1..5 {
            assert!(s.relative(a, small).0 < 0.4, "{}", s.curves[a].title);
            let (m, p) = s.relative(a, big);
            assert!((0.7..1.6).contains(&m), "{} {m}", s.curves[a].title);
            assert!((0.7..1.6).contains(&p.unwrap()));
        }
        // The fit the Delta preset was made for: within ×1.4 on every row.
        for c in &s.curves {
            assert!(c.factor().unwrap() < 1.4, "{} {:?}", c.title, c.factor());
        }
        let g = SizeSweep::new(Op::Gather, 16, 16).unwrap();
        assert_eq!(g.curves[4].title, "logp-lev-rec(0.6)");
        assert!(
            g.curves
                .iter()
                .all(|c| c.paper_setups.is_none() && c.factor().is_some())
        );
    }

    #[test]
    fn other_meshes_have_no_printed_values() {
        let s = SizeSweep::new(Op::Scatter, 4, 8).unwrap();
        assert!(s.curves.iter().all(|c| c.factor().is_none()));
        assert_eq!(s.curves[0].setups, 31);
        assert!(SizeSweep::new(Op::Scatter, 1, 1).is_err());
    }

    #[test]
    fn captions() {
        let s = SizeSweep::new(Op::Scatter, 16, 16).unwrap();
        assert!(s.times_caption(0).starts_with("No algorithm yet"));
        let last = s.times_caption(5);
        assert!(
            last.starts_with("logp-lev-rec(0.75): 16 set-ups (the paper counts 15)"),
            "{last}"
        );
        let first = s.setups_caption(1);
        assert!(
            first.starts_with("L = 16 bytes, times relative to 1-lev-dir: 2-lev-rec"),
            "{first}"
        );
        assert!(first.contains("(printed 0.14)"), "{first}");
    }

    #[test]
    fn figure_9_sweep_has_the_eight_all_to_all_algorithms() {
        let s = SizeSweep::new(Op::AllToAll, 16, 16).unwrap();
        let names: Vec<&str> = s.curves.iter().map(|c| c.spec.algo.name()).collect();
        assert_eq!(names.len(), 8);
        assert_eq!(names[2], "1-lev-xor");
        // 16 KB is the last size; printed 4,608.85 ms for 1-lev-xor.
        assert_eq!(
            s.curves[2].paper_ms.last().copied().flatten(),
            Some(4608.85)
        );
        assert!(s.times_caption(0).contains("eight of Figure 9"));
    }
}
