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

use super::advisor::{MachineChoice, machine_choice};
use crate::book::figure::Figure;
use crate::book::params::{Notice, ParamKind, ParamSpec};
use crate::core::cost::advise::{Workload, mesh_candidates, mesh_prices, rank};
use crate::core::mesh::Op;
use crate::core::pool::{Sweep, Swept};
use crate::core::step::Stepper;
use serde::{Deserialize, Serialize};

/// Which map.
pub const MAP: ParamSpec = ParamSpec {
    key: "map",
    label: "map",
    kind: ParamKind::Choice {
        options: RegionMap::WORDS,
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

crate::core::keyword_enum! {
    /// Which map (`map`): the workload whose regions it draws.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum RegionMap {
        /// LP or CGM for d messages per processor (paper 000).
        LpCgm = "lpcgm",
        /// LEX, PEX, REX or BEX on a fat tree (paper 004).
        Exchange = "exchange",
        /// An all-to-all on a mesh (paper 001).
        AllToAll = "alltoall",
        /// A scatter on a mesh (paper 001).
        Scatter = "scatter",
        /// Direct, indirect or hybrid redistribution (paper 003).
        Redist = "redist",
    }
}

crate::keyword_settings!(whole: RegionMap);

crate::settings! {
    /// The map and the machine.
    pub struct RegionsSettings {
        pub map: RegionMap = MAP,
        @machine,
        pub p: usize = P => "lpcgm: n, 2 to 1,024; redist: P. The exchange map runs p = 4 to 1,024, the mesh maps 4 × 4 to 16 × 16",
    }
}

/// The map's inputs.
#[derive(Clone, Debug, PartialEq)]
pub struct RegionsKey {
    pub map: RegionMap,
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
    pub chapters: Vec<String>,
    /// `cells[y][x]`, `None` where no candidate runs.
    pub cells: Vec<Vec<Option<Win>>>,
}

impl RegionGrid {
    fn index(&mut self, name: &str, chapter: &str) -> usize {
        match self.candidates.iter().position(|c| c == name) {
            Some(i) => i,
            None => {
                self.candidates.push(name.to_string());
                self.chapters.push(chapter.to_string());
                self.candidates.len() - 1
            }
        }
    }

    /// The cheapest and the runner-up of priced candidates.
    fn settle(&mut self, y: usize, x: usize, priced: &[&Price]) {
        let mut v: Vec<&Price> = priced.iter().copied().filter(|c| c.us.is_finite()).collect();
        crate::core::sorting::sort_by_u64(&mut v, |c| crate::core::sorting::f64_key(c.us));
        self.cells[y][x] = v.first().map(|b| Win {
            best: self.index(&b.algo, &b.chapter),
            us: b.us,
            second_us: v.get(1).map(|c| c.us),
        });
    }
}

/// One candidate priced in one cell: an item of the map's sweep holds a
/// row's prices (or, on the mesh maps, one algorithm's along a row).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Price {
    /// The column.
    pub x: usize,
    pub algo: String,
    pub chapter: String,
    pub us: f64,
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

/// A map as a [`Sweep`]: an item is one row (or, on the mesh maps, one
/// algorithm of a row: a 16 × 16 all-to-all is the slow case), so the
/// items can be priced by the book's Web Workers; [`Sweep::finish`]
/// settles every cell in the order the rows and algorithms come.
pub struct RegionsSweep {
    grid: RegionGrid,
    rows: Rows,
}

/// A map's computation as a stepper.
pub type RegionsStepper = Swept<RegionsSweep>;

/// The map of `key`, computed an item a step.
pub fn regions(key: &RegionsKey) -> RegionsStepper {
    Swept::new(RegionsSweep::new(key))
}

impl RegionsSweep {
    pub fn new(key: &RegionsKey) -> Self {
        let p = key.p;
        let (title, x_label, y_label, xs, rows): (String, &'static str, &'static str, Vec<u64>, Rows) = match key.map {
            RegionMap::Exchange => (
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
            RegionMap::AllToAll | RegionMap::Scatter => {
                let op = if key.map == RegionMap::AllToAll { Op::AllToAll } else { Op::Scatter };
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
            RegionMap::Redist => (
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
            RegionMap::LpCgm => {
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
        RegionsSweep { grid, rows }
    }

    /// Items per row: one, or the mesh algorithms.
    fn per_row(&self) -> usize {
        match &self.rows {
            Rows::Rank(_) => 1,
            Rows::Mesh(op, _) => mesh_candidates(*op).len(),
        }
    }
}

impl Sweep for RegionsSweep {
    type Item = Vec<Price>;
    type Output = RegionGrid;

    fn len(&self) -> usize {
        self.grid.ys.len() * self.per_row()
    }

    fn item(&mut self, i: usize) -> Vec<Price> {
        let cost = self.grid.key.machine.cost;
        let (y, a) = (i / self.per_row(), i % self.per_row());
        let xs = &self.grid.xs;
        match &self.rows {
            Rows::Rank(rows) => {
                let Some((_, w)) = rows.get(y) else { return Vec::new() };
                (0..xs.len())
                    .flat_map(|x| {
                        rank(cost, w(xs[x])).into_iter().map(move |c| Price {
                            x,
                            algo: c.algo,
                            chapter: c.chapter.to_string(),
                            us: c.us,
                        })
                    })
                    .filter(|c| c.us.is_finite())
                    .collect()
            }
            Rows::Mesh(op, meshes) => {
                let Some(&(r, c)) = meshes.get(y) else { return Vec::new() };
                let algo = mesh_candidates(*op)[a];
                let Some((name, chapter, _, us)) = mesh_prices(cost, *op, algo, r, c, xs) else {
                    return Vec::new();
                };
                us.into_iter()
                    .enumerate()
                    .filter(|(_, t)| t.is_finite())
                    .map(|(x, us)| Price {
                        x,
                        algo: name.clone(),
                        chapter: chapter.to_string(),
                        us,
                    })
                    .collect()
            }
        }
    }

    fn finish(mut self, items: Vec<Vec<Price>>) -> RegionGrid {
        let per_row = self.per_row();
        for (y, row) in items.chunks(per_row).enumerate() {
            for x in 0..self.grid.xs.len() {
                // The candidates in the order they were priced.
                let priced: Vec<&Price> = row.iter().flatten().filter(|c| c.x == x).collect();
                self.grid.settle(y, x, &priced);
            }
        }
        self.grid
    }
}

/// The region-map figure.
pub struct Regions;

impl Figure for Regions {
    const TITLE: &'static str = "Which algorithm wins where, on your machine (chapter 11's region maps)";
    const UNIT: &'static str = "row";
    const START_AT_END: bool = true;
    const POOLED: bool = true;
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
        Box::new(regions(k))
    }

    fn steps(g: &RegionGrid) -> usize {
        g.ys.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::keyword::Keyword;
    use crate::core::cost::machine::Machine;

    fn map(name: &str, machine: &str) -> RegionGrid {
        let machine = crate::book::figures::advisor::MachineSetting::from_keyword(machine).expect("a machine");
        let (machine, _) = machine_choice(machine, None, None);
        let map = RegionMap::from_keyword(name).expect("a map");
        crate::core::step::run(Regions::compute(&RegionsKey { map, machine, p: 32 }))
    }

    #[test]
    fn every_map_fills_its_cells_with_the_advisors_winner() {
        for m in RegionMap::ALL {
            let name = m.keyword();
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
