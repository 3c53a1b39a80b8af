//! `crossover`: where combining stops paying (paper 001 §5.3). One 1-level
//! all-to-all algorithm against one combining algorithm on a mesh, timed by
//! the Delta model over message sizes from 16 bytes to 16 KB; the reader
//! can replace the model's six rates with their own machine's. Each step
//! is one of Figure 9's message sizes.

use super::delta::MeshSize;
use crate::book::figure::Figure;
use crate::book::params::{Notice, ParamKind, ParamSpec};
use crate::core::cost::delta::DeltaCost;
use crate::core::mesh::config::{Algo, CollectiveConfig, Op};
use crate::core::mesh::{Collective, run};
use crate::core::published::hambrusch::{FIGURE9, SIZES};
use crate::core::step::{Progress, Stepper};

const fn rate(key: &'static str, label: &'static str, max: f64) -> ParamSpec {
    ParamSpec {
        key,
        label,
        kind: ParamKind::Number {
            min: 0.0,
            max,
            default: None,
        },
    }
}

/// The 1-level algorithm the crossover compares.
const DIRECT: ParamSpec = ParamSpec {
    key: "direct",
    label: "1-level algorithm",
    kind: ParamKind::Choice {
        options: &[Algo::Dir.word(), Algo::Lin.word(), Algo::Xor.word(), Algo::Bal.word()],
        default: Algo::Xor.word(),
    },
};
/// The combining algorithm it compares with.
const COMBINING: ParamSpec = ParamSpec {
    key: "combining",
    label: "combining algorithm",
    kind: ParamKind::Choice {
        options: &[Algo::TwoLevSq.word(), Algo::TwoLevCr.word(), Algo::TwoLevCrInt.word(), Algo::LogpLevBfly.word()],
        default: Algo::TwoLevCr.word(),
    },
};

crate::settings! {
    /// The two algorithms, the mesh and the model's rates (blank: the
    /// Delta's fitted values).
    pub struct CrossoverSettings {
        pub mesh: MeshSize = ParamSpec {
            key: "mesh",
            label: "mesh",
            kind: ParamKind::Choice {
                options: crate::core::mesh::figures::PAPER_MESH_WORDS,
                default: "16x16",
            },
        },
        pub direct: Algo = DIRECT,
        pub combining: Algo = COMBINING,
        pub os: Option<f64> = rate("os", "send set-up o_s (µs)", 100_000.0) => "blank: the Delta's fitted value; set all six for your machine",
        pub or: Option<f64> = rate("or", "receive set-up o_r (µs)", 100_000.0),
        pub gs: Option<f64> = rate("gs", "send time g_s (ns per byte)", 100_000.0),
        pub gr: Option<f64> = rate("gr", "receive time g_r (ns per byte)", 100_000.0),
        pub gl: Option<f64> = rate("gl", "link time g_l (ns per byte)", 100_000.0),
        pub lambda: Option<f64> = rate("lambda", "superstep start λ (µs)", 100_000.0) => "paid by each processor when it starts a superstep's sends",
    }
}

/// What is compared.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CrossoverKey {
    pub rows: usize,
    pub cols: usize,
    pub direct: Algo,
    pub combining: Algo,
    pub cost: DeltaCost,
}

/// Printed times at the step sizes (`None` where Figure 9 has none).
pub type Printed = Vec<Option<f64>>;

/// Both curves and where they cross.
#[derive(Clone, Debug, PartialEq)]
pub struct CrossoverRun {
    pub key: CrossoverKey,
    /// Message sizes of the curves, 16 B to 16 KB, four per doubling.
    pub sizes: Vec<f64>,
    /// The 1-level and the combining algorithm's times (ms) at `sizes`.
    pub direct_ms: Vec<f64>,
    pub combining_ms: Vec<f64>,
    /// The message sizes at which the faster algorithm changes (geometric
    /// interpolation between neighbouring sizes).
    pub crossings: Vec<f64>,
    /// Figure 9's printed times for both, at [`step_sizes`], when the mesh
    /// is 16 × 16 and the rates are the Delta's.
    pub printed: Option<(Printed, Printed)>,
}

/// Where the faster of two curves changes, by geometric interpolation
/// between neighbouring sizes (points where either is missing skipped).
pub fn crossings(sizes: &[f64], a: &[Option<f64>], b: &[Option<f64>]) -> Vec<f64> {
    let pts: Vec<(f64, f64)> = sizes
        .iter()
        .zip(a.iter().zip(b))
        .filter_map(|(&x, (a, b))| Some((x, (*a)? - (*b)?)))
        .filter(|(_, d)| d.is_finite())
        .collect();
    pts.windows(2)
        .filter(|w| (w[0].1 > 0.0) != (w[1].1 > 0.0))
        .map(|w| {
            let t = w[0].1 / (w[0].1 - w[1].1);
            w[0].0 * (w[1].0 / w[0].0).powf(t)
        })
        .collect()
}

impl CrossoverRun {
    /// Where Figure 9's printed times cross, if they are shown.
    pub fn printed_crossings(&self) -> Option<Vec<f64>> {
        let (a, b) = self.printed.as_ref()?;
        let xs: Vec<f64> = step_sizes().iter().map(|&l| l as f64).collect();
        Some(crossings(&xs, a, b))
    }
}

/// The step sizes: Figure 9's, smallest first.
pub fn step_sizes() -> Vec<u64> {
    SIZES.iter().rev().copied().collect()
}

impl CrossoverRun {
    /// Times (ms) at a step's size: (1-level, combining).
    pub fn at(&self, l: u64) -> (f64, f64) {
        let i = self
            .sizes
            .iter()
            .position(|&s| s as u64 == l)
            .unwrap_or(0);
        (self.direct_ms[i], self.combining_ms[i])
    }
}

/// The two curves computed a piece at a time (a 16 × 16 all-to-all is
/// priced at 41 sizes): each algorithm run in a step of its own, then one
/// size per step.
struct Curves {
    key: CrossoverKey,
    sizes: Vec<f64>,
    runs: Vec<Option<Collective>>,
    direct_ms: Vec<f64>,
    combining_ms: Vec<f64>,
}

/// Sizes priced per step.
const PER_STEP: usize = 1;

impl Curves {
    fn new(key: CrossoverKey) -> Self {
        Curves {
            key,
            // 16 B to 16 KB, four per doubling.
            sizes: (0..=40).map(|i| (16.0 * 2f64.powf(i as f64 / 4.0)).round()).collect(),
            runs: Vec::new(),
            direct_ms: Vec::new(),
            combining_ms: Vec::new(),
        }
    }

    fn run(&self, a: Algo) -> Option<Collective> {
        let cfg = CollectiveConfig::new(Op::AllToAll, a, self.key.rows, self.key.cols);
        Some(run(&cfg.validate().ok()?))
    }

    fn price(&self, which: usize, l: f64) -> f64 {
        self.runs[which]
            .as_ref()
            .map_or(f64::NAN, |c| self.key.cost.collective_us_at(c, l as u64) / 1000.0)
    }
}

impl Stepper for Curves {
    type Output = CrossoverRun;

    fn step(&mut self) -> bool {
        if self.runs.len() < 2 {
            let a = if self.runs.is_empty() {
                self.key.direct
            } else {
                self.key.combining
            };
            let r = self.run(a);
            self.runs.push(r);
            return true;
        }
        let from = self.direct_ms.len();
        for i in from..(from + PER_STEP).min(self.sizes.len()) {
            let l = self.sizes[i];
            let (d, c) = (self.price(0, l), self.price(1, l));
            self.direct_ms.push(d);
            self.combining_ms.push(c);
        }
        self.direct_ms.len() < self.sizes.len()
    }

    fn progress(&self) -> Progress {
        Progress {
            done: (self.runs.len() * PER_STEP + self.direct_ms.len()) as u64,
            total: (2 * PER_STEP + self.sizes.len()) as u64,
        }
    }

    fn finish(mut self: Box<Self>) -> CrossoverRun {
        while self.step() {}
        let key = self.key;
        let some = |v: &[f64]| -> Vec<Option<f64>> { v.iter().map(|&x| Some(x)).collect() };
        let crossings = crossings(&self.sizes, &some(&self.direct_ms), &some(&self.combining_ms));
        let printed = (key.rows == 16 && key.cols == 16 && key.cost == DeltaCost::delta()).then(|| {
            let row = |a: Algo| {
                let r = FIGURE9.iter().find(|r| r.algo == a.name());
                step_sizes()
                    .iter()
                    .map(|&l| {
                        let i = SIZES.iter().position(|&s| s == l)?;
                        r.and_then(|r| r.ms[i])
                    })
                    .collect()
            };
            (row(key.direct), row(key.combining))
        });
        CrossoverRun {
            key,
            sizes: self.sizes,
            direct_ms: self.direct_ms,
            combining_ms: self.combining_ms,
            crossings,
            printed,
        }
    }
}

/// The crossover figure.
pub struct Crossover;

impl Figure for Crossover {
    const TITLE: &'static str = "1-level or combining? The crossover in message size (paper 001 §5.3)";
    const UNIT: &'static str = "message size";
    const DEFERRED: bool = true;
    type Settings = CrossoverSettings;
    type Key = CrossoverKey;
    type Output = CrossoverRun;

    fn key(s: &CrossoverSettings) -> (CrossoverKey, Vec<Notice>) {
        let d = DeltaCost::delta();
        let ns = |v: Option<f64>, fit: f64| v.map_or(fit, |x| x / 1000.0);
        let cost = DeltaCost {
            send_setup_us: s.os.unwrap_or(d.send_setup_us),
            recv_setup_us: s.or.unwrap_or(d.recv_setup_us),
            send_us_per_byte: ns(s.gs, d.send_us_per_byte),
            recv_us_per_byte: ns(s.gr, d.recv_us_per_byte),
            link_us_per_byte: ns(s.gl, d.link_us_per_byte),
            superstep_us: s.lambda.unwrap_or(d.superstep_us),
        };
        let mut notes = Vec::new();
        if cost.send_setup_us + cost.recv_setup_us + cost.superstep_us == 0.0 {
            notes.push(Notice(
                "with no set-up cost at all, combining can only lose: it moves every byte more than once".into(),
            ));
        }
        (
            CrossoverKey {
                rows: s.mesh.rows,
                cols: s.mesh.cols,
                direct: s.direct,
                combining: s.combining,
                cost,
            },
            notes,
        )
    }

    fn compute(k: &CrossoverKey) -> Box<dyn Stepper<Output = CrossoverRun>> {
        Box::new(Curves::new(*k))
    }

    fn steps(_: &CrossoverRun) -> usize {
        SIZES.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::figures::checks::output;
    use crate::book::params::pairs;

    fn run_with(p: &[(&str, &str)]) -> CrossoverRun {
        output::<Crossover>(&pairs(p)).0
    }

    #[test]
    fn the_crossover_moves_with_the_set_up_cost() {
        let delta = run_with(&[]);
        assert_eq!(delta.crossings.len(), 1, "{:?}", delta.crossings);
        let at = delta.crossings[0];
        assert!((64.0..4096.0).contains(&at), "{at}");
        // Combining wins small messages, the 1-level algorithm large ones.
        let (d, c) = delta.at(16);
        assert!(c < d);
        let (d, c) = delta.at(16384);
        assert!(d < c);
        // Printed values come with the Delta's own rates on 16 × 16.
        let (pd, pc) = delta.printed.clone().unwrap();
        assert_eq!(pd.last().copied().flatten(), Some(4608.85));
        assert_eq!(pc.first().copied().flatten(), Some(11.74));
        // Dearer set-ups push the crossover to larger messages.
        let dear = run_with(&[("os", "1000"), ("or", "500"), ("lambda", "1000")]);
        assert!(dear.crossings[0] > at, "{:?} vs {at}", dear.crossings);
        assert!(dear.printed.is_none());
        // Figure 9's own times cross between 128 and 256 bytes.
        let printed = delta.printed_crossings().unwrap();
        assert_eq!(printed.len(), 1);
        assert!((128.0..256.0).contains(&printed[0]), "{printed:?}");
    }
}
