//! Paper 004: Ponnusamy, Thakur, Choudhary, Velamakanni, Bozkus, Fox,
//! *Experimental Performance Evaluation of the CM-5* (1993).
//!
//! The paper prints each schedule table with steps as columns; here each
//! inner array is one step, its pairs in the printed order (top to bottom).

/// §3.2: start-up time, a 0-byte message, in µs.
pub const STARTUP_US: f64 = 64.0;

/// §3.2: the chi-square fit t = 0.112·l + 73 µs (l a multiple of 16 bytes)
/// or + 83 µs (otherwise), within a cluster of 4 without contention.
pub const FIT_US_PER_BYTE: f64 = 0.112;
/// Intercept of the fit for l mod 16 = 0.
pub const FIT_US_ALIGNED: f64 = 73.0;
/// Intercept of the fit for l mod 16 ≠ 0.
pub const FIT_US_UNALIGNED: f64 = 83.0;

/// §2: a packet is 20 bytes, 16 of them user data.
pub const PACKET_BYTES: u64 = 20;
/// User data per packet.
pub const PACKET_DATA_BYTES: u64 = 16;

/// Table 1: "Communication Schedule for PEX on 8 processors".
pub const TABLE1_PEX: [[(usize, usize); 4]; 7] = [
    [(0, 1), (2, 3), (4, 5), (6, 7)],
    [(0, 2), (1, 3), (4, 6), (5, 7)],
    [(0, 3), (1, 2), (4, 7), (5, 6)],
    [(0, 4), (1, 5), (2, 6), (3, 7)],
    [(0, 5), (1, 4), (2, 7), (3, 6)],
    [(0, 6), (1, 7), (2, 4), (3, 5)],
    [(0, 7), (1, 6), (2, 5), (3, 4)],
];

/// Table 2: "Communication Schedule for REX on 8 Processors".
pub const TABLE2_REX: [[(usize, usize); 4]; 3] = [
    [(0, 4), (1, 5), (2, 6), (3, 7)],
    [(0, 2), (1, 3), (4, 6), (5, 7)],
    [(0, 1), (2, 3), (4, 5), (6, 7)],
];

/// Table 3: "Communication Schedule for BEX on 8 Processors".
pub const TABLE3_BEX: [[(usize, usize); 4]; 7] = [
    [(0, 7), (1, 2), (3, 4), (5, 6)],
    [(0, 2), (1, 7), (3, 5), (4, 6)],
    [(0, 1), (2, 7), (3, 6), (4, 5)],
    [(0, 4), (1, 5), (2, 6), (3, 7)],
    [(0, 3), (1, 6), (2, 5), (4, 7)],
    [(0, 6), (1, 3), (2, 4), (5, 7)],
    [(0, 5), (1, 4), (2, 3), (6, 7)],
];

/// One row of Table 4 or 5: an algorithm's times in ms.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimesMs<const N: usize> {
    /// The algorithm's CLI name.
    pub algo: &'static str,
    /// One time per column.
    pub ms: [f64; N],
}

/// Table 4's columns: (density in %, message bytes).
pub const TABLE4_COLUMNS: [(u32, u64); 8] = [
    (10, 256),
    (10, 512),
    (25, 256),
    (25, 512),
    (50, 256),
    (50, 512),
    (75, 256),
    (75, 512),
];

/// Table 4: "Perf. of Scheduling Algorithms for Synthetic Irregular
/// Patterns on 32 Procs." (time in ms).
pub const TABLE4: [TimesMs<8>; 4] = [
    TimesMs {
        algo: "ls",
        ms: [4.723, 6.116, 11.67, 15.34, 29.01, 38.27, 50.14, 66.63],
    },
    TimesMs {
        algo: "ps",
        ms: [1.595, 2.018, 3.538, 4.569, 5.478, 7.120, 6.653, 8.817],
    },
    TimesMs {
        algo: "bs",
        ms: [1.704, 2.194, 3.287, 4.242, 5.263, 6.834, 6.561, 8.775],
    },
    TimesMs {
        algo: "gs",
        ms: [1.476, 1.905, 2.781, 3.599, 5.201, 6.792, 7.739, 10.31],
    },
];

/// Table 5's columns: (problem, density in %, average message bytes).
pub const TABLE5_COLUMNS: [(&str, u32, u64); 5] = [
    ("Conj. Grad. 16K", 9, 643),
    ("Euler 545", 37, 85),
    ("Euler 2K", 44, 226),
    ("Euler 3K", 29, 612),
    ("Euler 9K", 44, 505),
];

/// Table 5: "Perf. of Scheduling Algorithms for Real Irregular Patterns on
/// 32 Procs." (time in ms).
pub const TABLE5: [TimesMs<5>; 4] = [
    TimesMs {
        algo: "ls",
        ms: [8.046, 25.87, 48.88, 50.78, 77.13],
    },
    TimesMs {
        algo: "ps",
        ms: [6.623, 7.374, 15.04, 19.98, 21.91],
    },
    TimesMs {
        algo: "bs",
        ms: [7.188, 7.386, 15.07, 17.57, 20.19],
    },
    TimesMs {
        algo: "gs",
        ms: [5.799, 5.656, 12.30, 14.34, 17.01],
    },
];

/// Table 6's array sizes N (an N × N array).
pub const TABLE6_SIZES: [usize; 4] = [256, 512, 1024, 2048];
/// Table 6's machine sizes.
pub const TABLE6_PROCS: [usize; 2] = [32, 256];
/// Table 6: "Performance of 2D FFT (Time in sec.)": `[procs][size]`, each
/// the times with LEX, PEX, REX and BEX (the paper's Linear, Pairwise,
/// Recursive and Balanced columns).
pub const TABLE6_S: [[[f64; 4]; 4]; 2] = [
    [
        [0.215, 0.152, 0.112, 0.114],
        [0.845, 0.470, 0.467, 0.470],
        [3.135, 2.007, 2.480, 2.005],
        [14.780, 9.032, 9.245, 8.509],
    ],
    [
        [4.340, 0.076, 0.077, 0.076],
        [4.750, 0.120, 0.120, 0.120],
        [5.968, 0.314, 0.313, 0.312],
        [18.087, 1.738, 2.160, 1.668],
    ],
];

/// Table 7's and 8's matrix sizes N (an N × (N + 1) system).
pub const TABLE7_SIZES: [usize; 4] = [64, 128, 256, 512];
/// Table 7: "Cost of operations of Gaussian elimination on 32 node CM-5
/// (time in ms.)": per iteration, by matrix size.
pub const TABLE7_MS: [(&str, [f64; 4]); 4] = [
    ("Reduction double with max", [0.042, 0.042, 0.042, 0.042]),
    ("Reduction int with max", [0.006, 0.006, 0.006, 0.006]),
    ("Broadcast from node", [0.917, 1.680, 3.206, 6.252]),
    ("Computation", [0.266, 1.057, 4.213, 16.823]),
];
/// Table 7's last row, "Time per iteration", as printed.
pub const TABLE7_PER_ITERATION_MS: [f64; 4] = [1.231, 2.785, 7.467, 23.123];
/// Table 8: "Estimated and measured time (ms)".
pub const TABLE8_ESTIMATED_MS: [f64; 4] = [78.8, 356.5, 1911.6, 11839.0];
/// Table 8's measured times.
pub const TABLE8_MEASURED_MS: [f64; 4] = [72.5, 353.45, 1848.0, 10948.6];
