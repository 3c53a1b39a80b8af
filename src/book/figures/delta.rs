//! `delta`: Figures 2, 5, 6 and 9 of paper 001 recomputed on the fitted
//! Intel Delta model (`core::mesh::figures`): the scatter, gather and
//! all-to-all algorithms' times across message sizes beside the printed
//! times, and
//! set-ups against time relative to 1-lev-dir.

use crate::book::figure::Figure;
use crate::book::params::{Notice, ParamKind, ParamSpec, Value};
use crate::book::settings::FromValue;
use crate::core::mesh::config::{Op, parse_mesh};
use crate::core::mesh::figures::{FIGURE5_SIZES, MESH_WORDS, PaperFigure, SizeSweep, SweepBuilder};
use crate::core::step::{Stepper, map};

/// Which of the paper's figures.
pub const FIGURE: ParamSpec = ParamSpec {
    key: "figure",
    label: "figure",
    kind: ParamKind::Choice {
        options: PaperFigure::WORDS,
        default: "2",
    },
};
/// The machine size.
pub const MESH: ParamSpec = ParamSpec {
    key: "mesh",
    label: "mesh",
    kind: ParamKind::Choice {
        options: &MESH_WORDS,
        default: "16x16",
    },
};

/// A mesh's rows and columns, written `RxC`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MeshSize {
    pub rows: usize,
    pub cols: usize,
}

impl FromValue for MeshSize {
    fn from_value(v: Option<&Value>, spec: &ParamSpec) -> Self {
        let word = match v {
            Some(Value::Choice(c)) => c,
            _ => match spec.kind {
                ParamKind::Choice { default, .. } => default,
                _ => "",
            },
        };
        let (rows, cols) = parse_mesh(word).unwrap_or((16, 16));
        MeshSize { rows, cols }
    }

    fn check(spec: &ParamSpec) -> Result<(), String> {
        match spec.kind {
            ParamKind::Choice { options, .. } => match options.iter().find(|o| parse_mesh(o).is_err()) {
                Some(o) => Err(format!("{}: option '{o}' is not a mesh", spec.key)),
                None => Ok(()),
            },
            _ => Err(format!("{} is not a choice", spec.key)),
        }
    }
}

crate::keyword_settings!(whole: PaperFigure);

crate::settings! {
    /// The figure and the machine size.
    pub struct DeltaSettings {
        pub figure: PaperFigure = FIGURE,
        pub mesh: MeshSize = MESH => "printed values exist for 16×16 only",
    }
}

/// The Delta-model figure.
pub struct Delta;

/// Which figure, on which mesh.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Which {
    /// Figure 5: set-ups against relative time.
    pub setups: bool,
    pub op: Op,
    pub rows: usize,
    pub cols: usize,
}

/// The sweep, and which figure to draw from it.
pub struct DeltaRun {
    pub which: Which,
    pub sweep: Option<SizeSweep>,
}

impl Figure for Delta {
    const TITLE: &'static str =
        "Set-ups and time on the Delta model (Figures 2, 5, 6 and 9 of paper 001)";
    const START_AT_END: bool = true;
    const DEFERRED: bool = true;
    type Settings = DeltaSettings;
    type Key = Which;
    type Output = DeltaRun;

    fn key(s: &DeltaSettings) -> (Which, Vec<Notice>) {
        let which = Which {
            setups: s.figure.setups(),
            op: s.figure.op(),
            rows: s.mesh.rows,
            cols: s.mesh.cols,
        };
        (which, Vec::new())
    }

    /// Runs the five algorithms (eight for all-to-all) across the message
    /// sizes.
    fn compute(w: &Which) -> Box<dyn Stepper<Output = DeltaRun>> {
        let which = *w;
        Box::new(map(
            SweepBuilder::new(which.op, which.rows, which.cols),
            move |r| DeltaRun {
                which,
                sweep: r.ok(),
            },
        ))
    }

    /// One step per algorithm, or per message size for Figure 5.
    fn steps(f: &DeltaRun) -> usize {
        match &f.sweep {
            None => 0,
            Some(_) if f.which.setups => FIGURE5_SIZES.len(),
            Some(s) => s.curves.len(),
        }
    }
}
