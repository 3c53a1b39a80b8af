//! Paper 000: Ranka, Wang, Fox, *Static and Runtime Algorithms for
//! All-to-Many Personalized Communication on Permutation Networks* (1994).

/// A row of Table 1: cost of one random permutation on a 32-node CM-5, in
/// milliseconds, over 1000 permutations, for one message size in bytes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PermutationCost {
    pub bytes: u64,
    pub ave_ms: f64,
    pub max_ms: f64,
    pub min_ms: f64,
}

/// Table 1 of paper 000 (§5): "Communication cost for one permutation on a
/// 32-node CM-5."
pub const TABLE1: [PermutationCost; 8] = [
    PermutationCost {
        bytes: 16,
        ave_ms: 0.211,
        max_ms: 0.223,
        min_ms: 0.208,
    },
    PermutationCost {
        bytes: 64,
        ave_ms: 0.220,
        max_ms: 0.231,
        min_ms: 0.217,
    },
    PermutationCost {
        bytes: 256,
        ave_ms: 0.258,
        max_ms: 0.265,
        min_ms: 0.252,
    },
    PermutationCost {
        bytes: 1024,
        ave_ms: 0.422,
        max_ms: 0.448,
        min_ms: 0.403,
    },
    PermutationCost {
        bytes: 4096,
        ave_ms: 1.046,
        max_ms: 1.116,
        min_ms: 0.973,
    },
    PermutationCost {
        bytes: 16384,
        ave_ms: 3.608,
        max_ms: 3.951,
        min_ms: 3.337,
    },
    PermutationCost {
        bytes: 65536,
        ave_ms: 14.013,
        max_ms: 15.565,
        min_ms: 12.900,
    },
    PermutationCost {
        bytes: 262144,
        ave_ms: 55.833,
        max_ms: 62.792,
        min_ms: 51.648,
    },
];

/// A row of Table 4: CGM's average number of permutations (`perm`) and
/// scheduling cost in ms on the CM-5 (`comp`) for density d, with n = 32,
/// 128 and 512 processors (`None` where the paper prints "-").
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CgmRow {
    pub d: usize,
    /// The paper's d + log d column.
    pub d_plus_log_d: f64,
    pub perm: [Option<f64>; 3],
    pub comp_ms: [Option<f64>; 3],
}

/// Processor counts of Table 4's column groups.
pub const TABLE4_N: [usize; 3] = [32, 128, 512];

/// Table 4 of paper 000 (§5): "The number of permutations generated and
/// scheduling cost (on the CM-5) for different densities (d) and number of
/// processors (n)."
pub const TABLE4: [CgmRow; 15] = [
    CgmRow {
        d: 1,
        d_plus_log_d: 1.0,
        perm: [Some(1.0), Some(1.0), Some(1.0)],
        comp_ms: [Some(0.6), Some(2.8), Some(11.0)],
    },
    CgmRow {
        d: 2,
        d_plus_log_d: 3.0,
        perm: [Some(3.0), Some(3.0), Some(3.0)],
        comp_ms: [Some(1.4), Some(6.0), Some(24.1)],
    },
    CgmRow {
        d: 4,
        d_plus_log_d: 6.0,
        perm: [Some(5.6), Some(6.0), Some(6.1)],
        comp_ms: [Some(2.6), Some(11.6), Some(47.3)],
    },
    CgmRow {
        d: 8,
        d_plus_log_d: 11.0,
        perm: [Some(10.2), Some(10.7), Some(11.1)],
        comp_ms: [Some(5.0), Some(22.4), Some(92.3)],
    },
    CgmRow {
        d: 16,
        d_plus_log_d: 20.0,
        perm: [Some(18.5), Some(19.5), Some(20.0)],
        comp_ms: [Some(9.9), Some(44.2), Some(183.3)],
    },
    CgmRow {
        d: 24,
        d_plus_log_d: 28.6,
        perm: [Some(26.5), None, None],
        comp_ms: [Some(14.9), None, None],
    },
    CgmRow {
        d: 31,
        d_plus_log_d: 36.0,
        perm: [Some(34.2), None, None],
        comp_ms: [Some(19.9), None, None],
    },
    CgmRow {
        d: 32,
        d_plus_log_d: 37.0,
        perm: [None, Some(36.3), Some(37.1)],
        comp_ms: [None, Some(91.0), Some(377.5)],
    },
    CgmRow {
        d: 64,
        d_plus_log_d: 70.0,
        perm: [None, Some(68.8), Some(70.3)],
        comp_ms: [None, Some(190.0), Some(813.6)],
    },
    CgmRow {
        d: 96,
        d_plus_log_d: 102.6,
        perm: [None, Some(100.7), None],
        comp_ms: [None, Some(291.7), None],
    },
    CgmRow {
        d: 127,
        d_plus_log_d: 134.0,
        perm: [None, Some(132.4), None],
        comp_ms: [None, Some(394.9), None],
    },
    CgmRow {
        d: 128,
        d_plus_log_d: 135.0,
        perm: [None, None, Some(135.4)],
        comp_ms: [None, None, Some(1786.0)],
    },
    CgmRow {
        d: 256,
        d_plus_log_d: 264.0,
        perm: [None, None, Some(263.7)],
        comp_ms: [None, None, Some(3892.9)],
    },
    CgmRow {
        d: 384,
        d_plus_log_d: 392.6,
        perm: [None, None, Some(391.2)],
        comp_ms: [None, None, Some(6068.9)],
    },
    CgmRow {
        d: 511,
        d_plus_log_d: 520.0,
        perm: [None, None, Some(519.0)],
        comp_ms: [None, None, Some(8306.7)],
    },
];
