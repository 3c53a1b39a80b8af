//! `regions`: chapter 11's region maps. For one machine, which algorithm
//! is cheapest in every cell of a grid of message sizes (x) against a
//! second quantity (y): density for LP against CGM (paper 000 §5.1),
//! processors for the complete exchanges (paper 004), mesh size for the
//! all-to-all and scatter algorithms (paper 001), K for redistribution
//! (paper 003, Corollary 2). Every cell is `core::cost::advise::rank` — the
//! advisor's own pricing — so the map and the advisor never disagree.
//!
//! The map is computed as a stepper: one row per step, or one algorithm
//! of a row for the mesh maps (a 16 × 16 all-to-all is the slow case), so
//! the page shows progress and can cancel; the figure's player then walks
//! the rows.

use super::advisor::{BW, MACHINE, MachineChoice, TAU, machine_choice};
use crate::book::figure::Figure;
use crate::book::params::{Notice, ParamKind, ParamSpec};
use crate::core::cost::advise::{Workload, mesh_candidates, mesh_prices, rank};
use crate::core::mesh::Op;
use crate::core::step::{Progress, Stepper};

/// Which map.
pub const MAP: ParamSpec = ParamSpec {
    key: "map",
    label: "map",
    kind: ParamKind::Choice {
        options: &["lpcgm", "exchange", "alltoall", "scatter", "redist"],
        default: "lpcgm",
    },
};
/// Processors (LP/CGM's n and redistribution's P).
pub const P: ParamSpec = ParamSpec {
    key: "p",
    label: "processors (lpcgm, redist)",
    kind: ParamKind::Int {
        min: 2,
        max: 1024,
        default: 32,
    },
};

crate::settings! {
    /// The map and the machine.
    pub struct RegionsSettings {
        pub map: &'static str = MAP,
        pub machine: &'static str = MACHINE,
        pub tau: Option<f64> = TAU,
        pub bw: Option<f64> = BW,
        pub p: usize = P,
    }
}

/// The map's inputs.
#[derive(Clone, Debug, PartialEq)]
pub struct RegionsKey {
    pub map: &'static str,
    pub machine: MachineChoice,
    pub p: usize,
}

/// One cell: the cheapest candidate (an index into
/// [`RegionGrid::candidates`]), its time and the runner-up's, µs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Win {
    pub best: usize,
    pub us: f64,
    pub second_us: Option<f64>,
}

/// A finished map.
#[derive(Clone, Debug, PartialEq)]
pub struct RegionGrid {
    pub key: RegionsKey,
    pub title: String,
    pub x_label: &'static str,
    pub y_label: &'static str,
    /// Message sizes (bytes), the columns.
    pub xs: Vec<u64>,
    /// The rows' labels.
    pub ys: Vec<String>,
    /// Every algorithm that appears in any cell, in the order first met.
    pub candidates: Vec<String>,
    /// The chapter of each candidate.
    pub chapters: Vec<&'static str>,
    /// `cells[y][x]`, `None` where no candidate runs.
    pub cells: Vec<Vec<Option<Win>>>,
}

impl RegionGrid {
    fn index(&mut self, name: &str, chapter: &'static str) -> usize {
        match self.candidates.iter().position(|c| c == name) {
            Some(i) => i,
            None => {
                self.candidates.push(name.to_string());
                self.chapters.push(chapter);
                self.candidates.len() - 1
            }
        }
    }

    /// The cheapest and the runner-up of priced candidates.
    fn settle(&mut self, y: usize, x: usize, priced: &[(String, &'static str, f64)]) {
        let mut v: Vec<&(String, &'static str, f64)> = priced.iter().filter(|c| c.2.is_finite()).collect();
        crate::core::sorting::sort_by_u64(&mut v, |c| crate::core::sorting::f64_key(c.2));
        self.cells[y][x] = v.first().map(|b| {
            let best = (b.0.clone(), b.1, b.2);
            Win {
                best: self.index(&best.0, best.1),
                us: best.2,
                second_us: v.get(1).map(|c| c.2),
            }
        });
    }
}

const SIZES: [u64; 8] = [16, 64, 256, 1024, 4096, 16384, 65536, 262144];
const MESH_SIZES: [u64; 6] = [16, 64, 256, 1024, 4096, 16384];
const REDIST_SIZES: [u64; 6] = [1024, 16384, 262144, 1 << 20, 1 << 22, 1 << 24];
const MESHES: [(usize, usize); 5] = [(4, 4), (4, 8), (8, 8), (8, 16), (16, 16)];
const EXCHANGE_P: [usize; 8] = [4, 8, 16, 32, 64, 128, 256, 1024];
const REDIST_K: [usize; 8] = [2, 3, 4, 8, 16, 31, 64, 128];

/// A row's label and its workload at each message size.
type RankRow = (String, Box<dyn Fn(u64) -> Workload>);

/// The rows of a map: (label, workload builder over x).
enum Rows {
    /// Analytic rows: one workload per cell.
    Rank(Vec<RankRow>),
    /// Mesh rows: each algorithm run once per mesh.
    Mesh(Op, Vec<(usize, usize)>),
}

/// Computes a map one row (or one mesh algorithm) per step.
pub struct RegionsStepper {
    grid: RegionGrid,
    rows: Rows,
    /// Next row, and for mesh maps the next algorithm of that row.
    next: (usize, usize),
    /// Mesh maps: the row's prices so far, per x.
    partial: Vec<Vec<(String, &'static str, f64)>>,
    total: u64,
    done: u64,
}

impl RegionsStepper {
    pub fn new(key: &RegionsKey) -> Self {
        let p = key.p;
        let (title, x_label, y_label, xs, rows): (String, &'static str, &'static str, Vec<u64>, Rows) = match key.map {
            "exchange" => (
                "Complete exchange on a fat tree: LEX, PEX, REX or BEX (paper 004's model)".into(),
                "bytes per message",
                "processors",
                SIZES.to_vec(),
                Rows::Rank(
                    EXCHANGE_P
                        .iter()
                        .map(|&q| (format!("p = {q}"), Box::new(move |b| Workload::Exchange { p: q, bytes: b }) as Box<dyn Fn(u64) -> Workload>))
                        .collect(),
                ),
            ),
            "alltoall" | "scatter" => {
                let op = if key.map == "alltoall" { Op::AllToAll } else { Op::Scatter };
                (
                    format!(
                        "{} on a mesh (paper 001's algorithms, the Delta model rescaled)",
                        if op == Op::AllToAll { "All-to-all" } else { "One-to-all (scatter)" }
                    ),
                    "bytes per message",
                    "mesh",
                    MESH_SIZES.to_vec(),
                    Rows::Mesh(op, MESHES.to_vec()),
                )
            }
            "redist" => (
                format!("Redistribution cyclic(x) → cyclic(Kx) on {p} processors: direct, indirect or hybrid (paper 003, Corollary 2)"),
                "array bytes per processor",
                "K",
                REDIST_SIZES.to_vec(),
                Rows::Rank(
                    REDIST_K
                        .iter()
                        .map(|&k| (format!("K = {k}"), Box::new(move |b| Workload::Redist { k, p, bytes: b }) as Box<dyn Fn(u64) -> Workload>))
                        .collect(),
                ),
            ),
            _ => {
                let mut ds: Vec<usize> = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512].into_iter().filter(|&d| d < p).collect();
                if ds.last() != Some(&(p - 1)) {
                    ds.push(p - 1);
                }
                (
                    format!("LP or CGM for d messages per processor on {p} processors (paper 000 §5.1), schedule used once"),
                    "bytes per message",
                    "density d",
                    SIZES.to_vec(),
                    Rows::Rank(
                        ds.into_iter()
                            .map(|d| (format!("d = {d}"), Box::new(move |b| Workload::Irregular { p, d, bytes: b, reuse: 1 }) as Box<dyn Fn(u64) -> Workload>))
                            .collect(),
                    ),
                )
            }
        };
        let ys: Vec<String> = match &rows {
            Rows::Rank(r) => r.iter().map(|(l, _)| l.clone()).collect(),
            Rows::Mesh(_, m) => m.iter().map(|(r, c)| format!("{r} × {c}")).collect(),
        };
        let total = match &rows {
            Rows::Rank(r) => r.len() as u64,
            Rows::Mesh(op, m) => (m.len() * mesh_candidates(*op).len()) as u64,
        };
        let grid = RegionGrid {
            key: key.clone(),
            title,
            x_label,
            y_label,
            cells: vec![vec![None; xs.len()]; ys.len()],
            xs,
            ys,
            candidates: Vec::new(),
            chapters: Vec::new(),
        };
        RegionsStepper {
            partial: vec![Vec::new(); grid.xs.len()],
            grid,
            rows,
            next: (0, 0),
            total,
            done: 0,
        }
    }
}

impl Stepper for RegionsStepper {
    type Output = RegionGrid;

    fn step(&mut self) -> bool {
        let cost = self.grid.key.machine.cost;
        let (y, a) = self.next;
        match &self.rows {
            Rows::Rank(rows) => {
                let Some((_, w)) = rows.get(y) else { return false };
                for x in 0..self.grid.xs.len() {
                    let priced: Vec<(String, &'static str, f64)> = rank(cost, w(self.grid.xs[x]))
                        .into_iter()
                        .map(|c| (c.algo, c.chapter, c.us))
                        .collect();
                    self.grid.settle(y, x, &priced);
                }
                self.next = (y + 1, 0);
            }
            Rows::Mesh(op, meshes) => {
                let Some(&(r, c)) = meshes.get(y) else { return false };
                let algos = mesh_candidates(*op);
                if let Some((name, chapter, _, us)) = mesh_prices(cost, *op, algos[a], r, c, &self.grid.xs) {
                    for (x, t) in us.into_iter().enumerate() {
                        self.partial[x].push((name.clone(), chapter, t));
                    }
                }
                if a + 1 < algos.len() {
                    self.next = (y, a + 1);
                } else {
                    let partial = std::mem::replace(&mut self.partial, vec![Vec::new(); self.grid.xs.len()]);
                    for (x, priced) in partial.iter().enumerate() {
                        self.grid.settle(y, x, priced);
                    }
                    self.next = (y + 1, 0);
                }
            }
        }
        self.done += 1;
        self.done < self.total
    }

    fn progress(&self) -> Progress {
        Progress {
            done: self.done,
            total: self.total,
        }
    }

    fn finish(mut self: Box<Self>) -> RegionGrid {
        while self.step() {}
        self.grid
    }
}

/// The region-map figure.
pub struct Regions;

impl Figure for Regions {
    const TITLE: &'static str = "Which algorithm wins where, on your machine (chapter 11's region maps)";
    const UNIT: &'static str = "row";
    const START_AT_END: bool = true;
    const NOTES: &'static [(&'static str, &'static str)] = &[(
        "p",
        "lpcgm: n, 2 to 1,024; redist: P. The exchange map runs p = 4 to 1,024, the mesh maps 4 × 4 to 16 × 16",
    )];
    type Settings = RegionsSettings;
    type Key = RegionsKey;
    type Output = RegionGrid;

    fn key(s: &RegionsSettings) -> (RegionsKey, Vec<Notice>) {
        let (machine, notes) = machine_choice(s.machine, s.tau, s.bw);
        (
            RegionsKey {
                map: s.map,
                machine,
                p: s.p.max(2),
            },
            notes,
        )
    }

    fn compute(k: &RegionsKey) -> Box<dyn Stepper<Output = RegionGrid>> {
        Box::new(RegionsStepper::new(k))
    }

    fn steps(g: &RegionGrid) -> usize {
        g.ys.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::cost::machine::Machine;

    fn map(name: &'static str, machine: &str) -> RegionGrid {
        let (machine, _) = machine_choice(machine, None, None);
        crate::core::step::run(Regions::compute(&RegionsKey { map: name, machine, p: 32 }))
    }

    #[test]
    fn every_map_fills_its_cells_with_the_advisors_winner() {
        for name in ["lpcgm", "exchange", "alltoall", "scatter", "redist"] {
            let g = map(name, "delta");
            assert!(!g.candidates.is_empty(), "{name}");
            for (y, row) in g.cells.iter().enumerate() {
                for (x, cell) in row.iter().enumerate() {
                    let w = cell.unwrap_or_else(|| panic!("{name}: empty cell {y} {x}"));
                    if let Some(s) = w.second_us {
                        assert!(w.us <= s);
                    }
                }
            }
        }
        // The Delta: combining for small all-to-all messages on 16 × 16,
        // a 1-level algorithm for large (paper 001 §5.3).
        let g = map("alltoall", "delta");
        let last = g.cells.last().unwrap();
        assert!(!g.candidates[last[0].unwrap().best].starts_with("1-lev"));
        assert!(g.candidates[last.last().unwrap().unwrap().best].starts_with("1-lev"));
        // CM-5: CGM wins small messages at low density.
        let g = map("lpcgm", "cm5");
        assert_eq!(g.candidates[g.cells[0][0].unwrap().best], "CGM");
        assert_eq!(Machine::Cm5.name(), "cm5");
    }
}
