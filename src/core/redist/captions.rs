//! The sentences of the redistribution captions (see [`super::trace::caption`]).

use super::plan::{ColumnKind, Phase, StepKind};
use super::shape::Shape;
use crate::words::plural_s as plural;

/// What a caption says about a column transformation.
pub(crate) fn column_sentence(kind: ColumnKind, inverse: bool) -> &'static str {
    match (kind, inverse) {
        (ColumnKind::Stage1, false) => {
            "Stage 1 (local): in every column, row i moves to row (i mod K′)·G + i/K′, \
             gathering the G rows whose blocks differ by multiples of K; S becomes S1, \
             a grid of K′ × P′ submatrices of G × G."
        }
        (ColumnKind::Stage1, true) => {
            "Undoing stage 1 (local): row (i mod K′)·G + i/K′ returns to row i; every \
             processor now holds its blocks in cyclic(x) order (table S)."
        }
        (ColumnKind::Stage2Submatrices, false) => {
            "Stage 2, submatrices (local): in column j, submatrix row i₁′ moves to \
             (i₁′·P′ + j₁) mod K′, so each run of K′ submatrices becomes a diagonal."
        }
        (ColumnKind::Stage2Submatrices, true) => {
            "Undoing stage 2 for submatrices (local): submatrix row (i₁′·P′ + j₁) mod K′ \
             returns to row i₁′ (table S1)."
        }
        (ColumnKind::Stage2Within, false) => {
            "Stage 2, inside submatrices (local): row i₂′ of every submatrix moves to \
             (j₂ + i₂′) mod G; the table is S′, and Ps = ⌊S′/K⌋ is a generalized circulant \
             matrix whose every row is a permutation."
        }
        (ColumnKind::Stage2Within, true) => {
            "Undoing stage 2 inside submatrices (local): row (j₂ + i₂′) mod G of every \
             submatrix returns to row i₂′."
        }
        (ColumnKind::Unpack, false) => {
            "R′ → R (local): every processor moves block R′(i, j) to slot Dr(i, j), which \
             is cyclic(Kx) order; the redistribution is complete."
        }
        (ColumnKind::Unpack, true) => {
            "R → R′ (local): every processor moves the block in slot Dr(i, j) to row i, so \
             that each row can travel as a permutation."
        }
    }
}

/// What a caption says about a column transformation that ends a phase of
/// the multiphase baseline other than the last: the table reached is an
/// intermediate distribution, not the final one (`None` for every other
/// column transformation).
pub(crate) fn intermediate_sentence(
    kind: ColumnKind,
    inverse: bool,
    phase: Phase,
) -> Option<String> {
    match (kind, inverse) {
        // Going up, each phase but the last ends by unpacking.
        (ColumnKind::Unpack, false) if phase.index + 1 < phase.of => Some(format!(
            "Unpacking (local): every processor moves each block to its slot in \
             cyclic({}x) order, where phase {} starts.",
            phase.unit * phase.k,
            phase.index + 2
        )),
        // Going down the phases run last first: each but phase 1 ends by
        // undoing stage 1.
        (ColumnKind::Stage1, true) if phase.index > 0 => Some(format!(
            "Undoing stage 1 (local): every processor now holds its blocks in \
             cyclic({}x) order, where the next phase starts.",
            phase.unit
        )),
        _ => None,
    }
}

/// The facts a communication caption is written from.
pub(crate) struct SendFacts<'a> {
    pub kind: StepKind,
    pub inverse: bool,
    pub index: usize,
    pub rows: &'a [u32],
    pub messages: usize,
    pub blocks_each: usize,
    pub local: usize,
    pub relayed: usize,
}

fn row_list(rows: &[u32]) -> String {
    let shown: Vec<String> = rows.iter().take(8).map(u32::to_string).collect();
    let more = if rows.len() > 8 { ", …" } else { "" };
    format!("{}{more}", shown.join(", "))
}

/// What a caption says about a communication step.
pub(crate) fn send_sentence(sh: &Shape, f: SendFacts) -> String {
    let load = format!(
        "{} of {}",
        plural(f.messages, "message"),
        plural(f.blocks_each, "block")
    );
    let relayed = if f.relayed > 0 {
        format!("; {} relayed, not yet home", plural(f.relayed, "block"))
    } else {
        String::new()
    };
    let back = if f.inverse { "back " } else { "" };
    let what = match f.kind {
        StepKind::ShiftSubmatrices { bit } => format!(
            "(indirect, submatrix level): the {} whose submatrix row i₁ has bit {bit} set \
             shift {back}by {} submatrix column{} ({} processors)",
            plural(f.rows.len(), "row"),
            1 << bit,
            if bit == 0 { "" } else { "s" },
            (1usize << bit) * sh.g
        ),
        StepKind::ShiftWithin { bit } => format!(
            "(indirect, inside submatrices): the {} whose i₂ has bit {bit} set shift {back}by \
             {} inside each group of G = {} processors",
            plural(f.rows.len(), "row"),
            plural(1 << bit, "column"),
            sh.g
        ),
        StepKind::Deliver { classes: 1, .. } if f.rows.len() > 1 && f.inverse => {
            "(the final step reversed): whole columns move to the processors that will \
             forward their blocks"
                .to_string()
        }
        StepKind::Deliver { classes: 1, .. } if f.rows.len() > 1 => {
            "(final): whole columns move to their owners".to_string()
        }
        StepKind::Deliver { .. } if f.rows.len() == 1 => {
            format!(
                "(direct): row {} travels {back}as one permutation",
                f.rows[0]
            )
        }
        StepKind::Deliver { .. } => format!(
            "(direct, combined): rows {} are identical in Ps and travel {back}together",
            row_list(f.rows)
        ),
    };
    let kept = match f.local {
        0 => String::new(),
        1 => ", 1 processor keeps its own".into(),
        n => format!(", {n} processors keep their own"),
    };
    format!("Step {} {what}: {load}{kept}{relayed}.", f.index)
}
