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

crate::number_words! {
    /// Processor counts of Table 4's column groups.
    pub const TABLE4_N: [usize; 3], TABLE4_N_WORDS = [32, 128, 512];
}

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

/// Results for one density d in Tables 2-3: communication cost in ms per
/// message size, scheduling cost in ms (`comp`) and number of phases
/// (`perm`), each for the algorithms in [`TABLES_2_3_ALGOS`] order (`None`
/// where the paper prints "-").
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DensityResults {
    /// Messages sent and received by every processor.
    pub d: usize,
    /// `(message size in bytes, [AC, LP, GM, CGM] in ms)`.
    pub comm_ms: [(u64, [f64; 4]); 10],
    /// Scheduling cost on the CM-5 in ms, `[AC, LP, GM, CGM]`.
    pub comp_ms: [f64; 4],
    /// Number of phases, `[AC, LP, GM, CGM]` (AC has none).
    pub perm: [Option<f64>; 4],
}

/// The algorithms of the columns of Tables 2-3, by their CLI names.
pub const TABLES_2_3_ALGOS: [&str; 4] = ["ac", "lp", "gm", "cgm"];

/// Processors in the experiments of Tables 2-3.
pub const TABLES_2_3_N: usize = 32;

/// Tables 2 and 3 of paper 000 (§5), "Experimental results for different
/// message sizes on a 32-node CM-5": one entry per density d.
pub const TABLES_2_3: [DensityResults; 4] = [
    DensityResults {
        d: 4,
        comm_ms: [
            (16, [2.11, 3.593, 1.836, 1.855]),
            (32, [2.224, 3.659, 1.853, 1.861]),
            (128, [2.364, 3.829, 1.97, 1.989]),
            (256, [2.729, 4.095, 2.123, 2.141]),
            (1024, [4.656, 5.734, 3.137, 3.122]),
            (2048, [7.101, 7.92, 4.346, 4.324]),
            (8192, [21.936, 21.505, 11.889, 11.863]),
            (16384, [41.437, 40.364, 22.498, 22.413]),
            (32768, [79.102, 76.538, 43.742, 43.498]),
            (65536, [151.997, 146.295, 84.883, 84.523]),
        ],
        comp_ms: [0.0, 0.116, 14.608, 1.57],
        perm: [None, Some(31.0), Some(5.64), Some(5.54)],
    },
    DensityResults {
        d: 8,
        comm_ms: [
            (16, [3.392, 5.902, 3.42, 3.452]),
            (32, [3.577, 5.989, 3.502, 3.495]),
            (128, [4.202, 6.299, 3.737, 3.729]),
            (256, [5.165, 6.733, 4.041, 4.068]),
            (1024, [9.573, 9.613, 5.949, 5.897]),
            (2048, [15.379, 13.275, 8.199, 8.182]),
            (8192, [50.294, 36.758, 22.377, 22.337]),
            (16384, [95.294, 69.69, 42.342, 42.106]),
            (32768, [179.563, 133.827, 82.534, 82.035]),
            (65536, [324.347, 260.924, 160.129, 159.56]),
        ],
        comp_ms: [0.0, 0.121, 22.062, 3.05],
        perm: [None, Some(31.0), Some(10.26), Some(10.1)],
    },
    DensityResults {
        d: 16,
        comm_ms: [
            (16, [6.304, 8.361, 6.415, 6.551]),
            (32, [6.813, 8.526, 6.54, 6.636]),
            (128, [8.771, 9.038, 6.989, 7.085]),
            (256, [10.927, 9.662, 7.591, 7.72]),
            (1024, [21.427, 14.181, 11.153, 11.197]),
            (2048, [34.634, 19.641, 15.404, 15.504]),
            (8192, [111.244, 56.812, 42.092, 42.301]),
            (16384, [205.605, 109.885, 79.431, 79.733]),
            (32768, [402.905, 214.635, 155.073, 155.541]),
            (65536, [1233.859, 426.224, 301.124, 302.868]),
        ],
        comp_ms: [0.0, 0.126, 32.984, 6.348],
        perm: [None, Some(31.0), Some(18.58), Some(18.56)],
    },
    DensityResults {
        d: 24,
        comm_ms: [
            (16, [10.201, 9.617, 9.289, 9.465]),
            (32, [11.085, 9.715, 9.477, 9.596]),
            (128, [14.929, 10.331, 10.163, 10.3]),
            (256, [18.638, 11.081, 11.035, 11.204]),
            (1024, [35.36, 16.569, 16.206, 16.206]),
            (2048, [55.855, 23.16, 22.316, 22.431]),
            (8192, [174.728, 69.231, 60.896, 61.182]),
            (16384, [304.736, 135.531, 115.038, 115.108]),
            (32768, [676.008, 266.979, 224.753, 224.882]),
            (65536, [2362.268, 842.655, 438.658, 435.817]),
        ],
        comp_ms: [0.0, 0.131, 42.007, 9.547],
        perm: [None, Some(31.0), Some(26.56), Some(26.6)],
    },
];
