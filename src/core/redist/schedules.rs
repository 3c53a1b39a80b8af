//! Building the plans: column transformations plus the direct, indirect,
//! hybrid and multiphase communication schedules (paper 003, §3.4, §4,
//! Theorem 3, Figures 6-10).
//!
//! After stage 2, Ps(i, j) depends only on the *diagonal class*
//! ((j₁ − i₁) mod P′, (j₂ − i₂) mod G) of the cell: row i is a copy of the
//! class pattern shifted by (i₁ mod P′, i₂) (see [`Shape::row_shift`]).
//! - A submatrix-level shift step moves the rows whose i₁ has bit b set
//!   2^b·G columns left (processor j sends to j − 2^b·G mod P);
//! - a within-submatrix shift step moves the rows whose i₂ has bit b set
//!   2^b columns left inside each group of G processors;
//! - a delivery step takes one class of rows that are identical after the
//!   shifts so far, and sends each column's blocks to their common owner.
//!
//! The direct schedule is 0 shifts then one delivery per distinct row; the
//! indirect schedule is every shift then a single delivery (whole columns
//! move: Theorem 3's last step); hybrid:d is d shifts, split as
//! [`DegreeSplit::best`] says, then deliveries. For K < P every row is
//! distinct, so direct takes exactly K steps; for K ≥ P rows repeat every
//! P′ submatrix rows and identical rows travel together (P steps: the
//! all-to-all the paper mentions in §3.1).
//!
//! ```
//! use commbook_core::redist::{schedules, Direction, Scheme, Shape};
//! let sh = Shape::new(6, 9).unwrap();
//! assert_eq!(schedules::plan(&sh, Scheme::Direct, Direction::Up).n_steps(), 6);
//! assert_eq!(schedules::plan(&sh, Scheme::Indirect, Direction::Up).n_steps(), 4);
//! assert_eq!(schedules::plan(&sh, Scheme::Hybrid(1), Direction::Up).n_steps(), 4);
//! assert_eq!(schedules::plan(&sh, Scheme::Multiphase, Direction::Up).n_steps(), 5);
//! ```

use super::plan::{Action, ColumnKind, ColumnMove, Layout, Phase, Plan, RowMove, StepKind};
use super::scheme::{DegreeSplit, Direction, Scheme, multiphase_factors};
use super::shape::{Shape, sub_mod};

/// The plan of `scheme` on `sh` in `direction`.
pub fn plan(sh: &Shape, scheme: Scheme, direction: Direction) -> Plan {
    let mut actions = Vec::new();
    for part in phases(sh, scheme) {
        let stages = part.stages();
        actions.extend(part.columns_before(&stages));
        actions.extend(part.row_moves().into_iter().map(Action::Rows));
        actions.push(part.unpack(&stages));
    }
    let up = Plan {
        shape: *sh,
        scheme,
        direction: Direction::Up,
        actions,
    };
    match direction {
        Direction::Up => up,
        Direction::Down => up.reversed(),
    }
}

/// Only the communication steps of `plan(sh, scheme, Direction::Up)`:
/// cheaper when the column moves are not needed (step counts, listings of
/// who talks to whom).
pub fn row_moves(sh: &Shape, scheme: Scheme) -> Vec<RowMove> {
    phases(sh, scheme)
        .iter()
        .flat_map(PhasePart::row_moves)
        .collect()
}

/// One redistribution of a sub-table laid out on the grid: the whole
/// problem, or one phase of the multiphase baseline.
struct PhasePart {
    sub: Shape,
    layout: Layout,
    phase: Option<Phase>,
    split: DegreeSplit,
}

fn phases(sh: &Shape, scheme: Scheme) -> Vec<PhasePart> {
    if scheme != Scheme::Multiphase {
        return vec![PhasePart {
            sub: *sh,
            layout: Layout::identity(sh.k, sh.p),
            phase: None,
            split: DegreeSplit::best(sh, scheme.degree(sh)),
        }];
    }
    let factors = multiphase_factors(sh.k);
    let mut unit = 1;
    let mut parts = Vec::with_capacity(factors.len());
    for (index, &k) in factors.iter().enumerate() {
        let sub = Shape::derive(k, sh.p);
        parts.push(PhasePart {
            sub,
            layout: Layout {
                base_k: sh.k,
                k,
                unit,
                p: sh.p,
            },
            phase: Some(Phase {
                index,
                of: factors.len(),
                k,
                unit,
            }),
            split: DegreeSplit::best(&sub, 0),
        });
        unit *= k;
    }
    parts
}

impl PhasePart {
    fn column(&self, kind: ColumnKind, sub_from: &[u32]) -> Action {
        Action::Columns(ColumnMove {
            kind,
            phase: self.phase,
            inverse: false,
            from: self.layout.columns(sub_from),
        })
    }

    fn stages(&self) -> [Vec<u32>; 3] {
        let sub = &self.sub;
        [
            scatter(sub, |i, _| sub.stage1_row(i)),
            scatter(sub, |i, j| sub.stage2a_row(i, j)),
            scatter(sub, |i, j| sub.stage2b_row(i, j)),
        ]
    }

    /// Stage 1 and the two parts of stage 2.
    fn columns_before(&self, [s1, s2a, s2b]: &[Vec<u32>; 3]) -> [Action; 3] {
        [
            self.column(ColumnKind::Stage1, s1),
            self.column(ColumnKind::Stage2Submatrices, s2a),
            self.column(ColumnKind::Stage2Within, s2b),
        ]
    }

    /// R′ → R.
    fn unpack(&self, [s1, s2a, s2b]: &[Vec<u32>; 3]) -> Action {
        self.column(ColumnKind::Unpack, &unpack(&self.sub, [s1, s2a, s2b]))
    }

    fn row_moves(&self) -> Vec<RowMove> {
        communication(&self.sub, self.split)
            .into_iter()
            .map(|(kind, rows, to)| RowMove {
                kind,
                phase: self.phase,
                inverse: false,
                rows: self.layout.rows(&rows),
                to,
            })
            .collect()
    }
}

/// A column move in which old row i of column j goes to row `to(i, j)`.
fn scatter(sh: &Shape, to: impl Fn(usize, usize) -> usize) -> Vec<u32> {
    let mut from = vec![0u32; sh.cells()];
    for i in 0..sh.k {
        for j in 0..sh.p {
            from[to(i, j) * sh.p + j] = i as u32;
        }
    }
    from
}

/// R′ → R. The stage moves give Ds (S′(i, j) = S(Ds(i, j), j)); the block
/// in S′(i, j) travels along row i to its owner c and then drops into row
/// Dr = block mod K of R.
fn unpack(sh: &Shape, [s1, s2a, s2b]: [&[u32]; 3]) -> Vec<u32> {
    let p = sh.p;
    let mut from = vec![0u32; sh.cells()];
    for i in 0..sh.k {
        for j in 0..p {
            let before_2b = s2b[i * p + j] as usize;
            let before_2a = s2a[before_2b * p + j] as usize;
            let ds = s1[before_2a * p + j] as usize;
            let block = sh.s(ds, j);
            from[block % sh.k * p + block / sh.k] = i as u32;
        }
    }
    from
}

type Step = (StepKind, Vec<usize>, Vec<u32>);

/// The row transformations of a hybrid with the given split (direct: no
/// shifts; indirect: all shifts, one delivery).
fn communication(sh: &Shape, split: DegreeSplit) -> Vec<Step> {
    let g = sh.g;
    let mut steps = Vec::new();
    for bit in 0..split.a {
        let rows = (0..sh.k)
            .filter(|&i| sh.row_shift(i).0 >> bit & 1 == 1)
            .collect();
        let to = (0..sh.p)
            .map(|j| (sub_mod(j / g, 1 << bit, sh.pp) * g + j % g) as u32)
            .collect();
        steps.push((StepKind::ShiftSubmatrices { bit: bit as u32 }, rows, to));
    }
    for bit in 0..split.b {
        let rows = (0..sh.k).filter(|&i| (i % g) >> bit & 1 == 1).collect();
        let to = (0..sh.p)
            .map(|j| (j / g * g + sub_mod(j % g, 1 << bit, g)) as u32)
            .collect();
        steps.push((StepKind::ShiftWithin { bit: bit as u32 }, rows, to));
    }
    // What is left of each row's shift after the shift steps; rows with the
    // same residual are identical and travel together.
    let residual = |i: usize| {
        let (v1, v2) = sh.row_shift(i);
        (v1 >> split.a << split.a, v2 >> split.b << split.b)
    };
    // Classes in order of their first row; a residual (r1, r2) has
    // r1 < P′ and r2 < G, so r1·G + r2 indexes it.
    let mut class_of = vec![usize::MAX; sh.p];
    let mut classes: Vec<((usize, usize), Vec<usize>)> = Vec::new();
    for i in 0..sh.k {
        let (r1, r2) = residual(i);
        let slot = &mut class_of[r1 * g + r2];
        if *slot == usize::MAX {
            *slot = classes.len();
            classes.push(((r1, r2), Vec::new()));
        }
        classes[*slot].1.push(i);
    }
    let n_classes = classes.len();
    // Destinations by diagonal class, h[α·G + β] (see `Shape::diagonal_dest`).
    let h: Vec<u32> = (0..sh.pp * g)
        .map(|ab| sh.diagonal_dest(ab / g, ab % g) as u32)
        .collect();
    let back = |x: usize, r: usize, q: usize| if x >= r { x - r } else { x + q - r };
    for (class, ((r1, r2), rows)) in classes.into_iter().enumerate() {
        let to = (0..sh.p)
            .map(|c| h[back(c / g, r1, sh.pp) * g + back(c % g, r2, g)])
            .collect();
        steps.push((
            StepKind::Deliver {
                class,
                classes: n_classes,
            },
            rows,
            to,
        ));
    }
    steps
}
