//! Paper 003: Lim, Bhat, Prasanna, *Efficient Algorithms for Block-Cyclic
//! Redistribution of Arrays*.
//!
//! Figures 7-10 (the worked example ℜ(6, 9)) did not survive the conversion
//! to text; Figure 11, which decomposes S′ and Ps for the same example, did,
//! and is kept here verbatim with the facts the text states about the other
//! figures.

/// K and P of the worked example ℜ_x(6, 9) (Figures 7-11).
pub const EXAMPLE_K: usize = 6;
/// See [`EXAMPLE_K`].
pub const EXAMPLE_P: usize = 9;

/// Figure 11: S′ for ℜ(6, 9).
pub const FIG11_SP: [[u32; 9]; 6] = [
    [0, 37, 20, 12, 49, 32, 6, 43, 26],
    [18, 1, 38, 30, 13, 50, 24, 7, 44],
    [36, 19, 2, 48, 31, 14, 42, 25, 8],
    [9, 46, 29, 3, 40, 23, 15, 52, 35],
    [27, 10, 47, 21, 4, 41, 33, 16, 53],
    [45, 28, 11, 39, 22, 5, 51, 34, 17],
];

/// Figure 11: S_base, the part of S′ fixed by the submatrix.
pub const FIG11_S_BASE: [[u32; 9]; 6] = [
    [0, 0, 0, 12, 12, 12, 6, 6, 6],
    [0, 0, 0, 12, 12, 12, 6, 6, 6],
    [0, 0, 0, 12, 12, 12, 6, 6, 6],
    [9, 9, 9, 3, 3, 3, 15, 15, 15],
    [9, 9, 9, 3, 3, 3, 15, 15, 15],
    [9, 9, 9, 3, 3, 3, 15, 15, 15],
];

/// Figure 11: S_offset, the part of S′ fixed by the position in the submatrix.
pub const FIG11_S_OFFSET: [[u32; 9]; 6] = [
    [0, 37, 20, 0, 37, 20, 0, 37, 20],
    [18, 1, 38, 18, 1, 38, 18, 1, 38],
    [36, 19, 2, 36, 19, 2, 36, 19, 2],
    [0, 37, 20, 0, 37, 20, 0, 37, 20],
    [18, 1, 38, 18, 1, 38, 18, 1, 38],
    [36, 19, 2, 36, 19, 2, 36, 19, 2],
];

/// Figure 11: Ps, the destination processor table in generalized circulant
/// form.
pub const FIG11_PS: [[u32; 9]; 6] = [
    [0, 6, 3, 2, 8, 5, 1, 7, 4],
    [3, 0, 6, 5, 2, 8, 4, 1, 7],
    [6, 3, 0, 8, 5, 2, 7, 4, 1],
    [1, 7, 4, 0, 6, 3, 2, 8, 5],
    [4, 1, 7, 3, 0, 6, 5, 2, 8],
    [7, 4, 1, 6, 3, 0, 8, 5, 2],
];

/// Figure 11: P_base.
pub const FIG11_P_BASE: [[u32; 9]; 6] = [
    [0, 0, 0, 2, 2, 2, 1, 1, 1],
    [0, 0, 0, 2, 2, 2, 1, 1, 1],
    [0, 0, 0, 2, 2, 2, 1, 1, 1],
    [1, 1, 1, 0, 0, 0, 2, 2, 2],
    [1, 1, 1, 0, 0, 0, 2, 2, 2],
    [1, 1, 1, 0, 0, 0, 2, 2, 2],
];

/// Figure 11: P_offset.
pub const FIG11_P_OFFSET: [[u32; 9]; 6] = [
    [0, 6, 3, 0, 6, 3, 0, 6, 3],
    [3, 0, 6, 3, 0, 6, 3, 0, 6],
    [6, 3, 0, 6, 3, 0, 6, 3, 0],
    [0, 6, 3, 0, 6, 3, 0, 6, 3],
    [3, 0, 6, 3, 0, 6, 3, 0, 6],
    [6, 3, 0, 6, 3, 0, 6, 3, 0],
];

/// §4 on Figure 7: stage 1 moves rows 0, 2, 4 of S to rows 0, 1, 2 of S1
/// and rows 1, 3, 5 to rows 3, 4, 5.
pub const FIG7_STAGE1: [(usize, usize); 6] = [(0, 0), (2, 1), (4, 2), (1, 3), (3, 4), (5, 5)];

/// §3.4 on Figures 8-10: communication steps of the direct schedule, the
/// indirect shifts (⌈log 2⌉ + ⌈log 3⌉, then columns move) and the hybrid
/// with d = 1 (one shift, then three direct steps).
pub const FIG8_DIRECT_STEPS: usize = 6;
/// See [`FIG8_DIRECT_STEPS`]: shifts of Figure 9 before the final step.
pub const FIG9_INDIRECT_SHIFTS: usize = 3;
/// See [`FIG8_DIRECT_STEPS`]: Figure 10, 1 + 3 steps.
pub const FIG10_HYBRID1_STEPS: usize = 4;

/// §1: for K = 31 and P = 64 the indirect algorithm needs 6 steps where the
/// direct and multiphase approaches need 31.
pub const INTRO_K31_P64: (usize, usize, usize, usize) = (31, 64, 6, 31);

/// §5: GDM start-up time of the IBM SP-2, µs.
pub const SP2_T_D_US: f64 = 40.0;
/// §5: GDM time per byte of the IBM SP-2, ns.
pub const SP2_TAU_D_NS: f64 = 15.0;
/// §5: GDM start-up time of the Cray T3D, µs.
pub const T3D_T_D_US: f64 = 93.0;
/// §5: GDM time per byte of the Cray T3D, ns.
pub const T3D_TAU_D_NS: f64 = 43.0;
/// Figure 20(a): τ_d of the SP-2 as that figure uses it, ns/byte.
pub const FIG20_SP2_TAU_D_NS: f64 = 35.0;

/// Figure 20 (a)-(d): the factors by which T_d and τ_d are divided (R
/// becomes R, 2R, R/2 and R/4).
pub const FIG20_SPEEDUPS: [(f64, f64); 4] = [(1.0, 1.0), (2.0, 4.0), (4.0, 2.0), (32.0, 8.0)];
/// Figure 20: P = K = 128, 4-byte elements, hybrid degree 2.
pub const FIG20_P_K_B_D: (usize, usize, usize, usize) = (128, 128, 4, 2);

/// One experiment of §5.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Experiment {
    /// Figure number.
    pub figure: &'static str,
    /// Machine.
    pub machine: &'static str,
    /// Processors, where the text gives them.
    pub procs: Option<usize>,
    /// Array size in bytes.
    pub array_bytes: usize,
}

/// The timed experiments of §5 (plots lost in the conversion; their
/// set-ups survive). Figure 14 varies K over 3..=128; Figure 19 varies P
/// with K = P.
pub const EXPERIMENTS: [Experiment; 4] = [
    Experiment {
        figure: "14",
        machine: "IBM SP-2",
        procs: Some(128),
        array_bytes: 1_600_000,
    },
    Experiment {
        figure: "15",
        machine: "Cray T3D",
        procs: None,
        array_bytes: 400_000,
    },
    Experiment {
        figure: "16",
        machine: "IBM SP-2",
        procs: None,
        array_bytes: 800_000,
    },
    Experiment {
        figure: "19",
        machine: "IBM SP-2",
        procs: None,
        array_bytes: 400_000,
    },
];
