//! Paper 001: Hambrusch, Hameed, Khokhar, *Communication Operations on
//! Coarse-Grained Mesh Architectures* (Purdue CSD-TR-94-037, 1994).
//!
//! Times are in milliseconds on a 256-processor (16×16) Intel Touchstone
//! Delta with non-blocking sends; `None` where the paper prints "-" or "--".
//! Columns follow the paper's order, largest message first ([`SIZES`]).

/// The Intel Delta: 16 × 32 processors (§2).
pub const DELTA_MESH: (usize, usize) = (16, 32);
/// Packet size on the Delta: 512 bytes = 482 of data + 30 of header (§2).
pub const PACKET_BYTES: u64 = 512;
/// Data bytes per packet (§2).
pub const PACKET_PAYLOAD: u64 = 482;
/// Header bytes per packet (§2).
pub const PACKET_HEADER: u64 = 30;
/// The machine sizes of the experiments (§2).
pub const MACHINE_SIZES: [(usize, usize); 5] = [(4, 4), (4, 8), (8, 8), (8, 16), (16, 16)];

/// Actual message sizes L in bytes, the column order of Figures 2, 6 and 9.
pub const SIZES: [u64; 11] = [16384, 8192, 4096, 2048, 1024, 512, 256, 128, 64, 32, 16];

/// A row of a timing table: the label as printed, our algorithm name, its γ
/// (for logp-lev-rec) and the times for [`SIZES`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimingRow {
    /// The row label as printed.
    pub label: &'static str,
    /// The algorithm's name in this book (the CLI's `--algo`).
    pub algo: &'static str,
    /// γ, for logp-lev-rec.
    pub gamma: Option<f64>,
    /// Milliseconds for each of [`SIZES`]; `None` where none is printed.
    pub ms: [Option<f64>; 11],
}

const fn row(label: &'static str, algo: &'static str, ms: [Option<f64>; 11]) -> TimingRow {
    TimingRow {
        label,
        algo,
        gamma: None,
        ms,
    }
}

macro_rules! ms {
    ($($x:tt),*) => { [$(ms!(@ $x)),*] };
    (@ -) => { None };
    (@ $x:literal) => { Some($x) };
}

/// Figure 2: "Performance results for one-to-all communication on a
/// 256-Processor Intel Delta (times are in msec)", P_s = P_0 (§3.2).
pub const FIGURE2: [TimingRow; 7] = [
    row(
        "1-lev-dir",
        "1-lev-dir",
        ms![
            420.82, 226.21, 130.80, 75.22, 52.80, 37.61, 29.50, 28.58, 26.05, 26.45, 26.04
        ],
    ),
    row(
        "1-lev-sys-br",
        "1-lev-sys-br",
        ms![-, -, -, 1773.89, 887.07, 442.78, 219.30, 110.68, 53.65, 27.43, 13.13],
    ),
    row(
        "1-lev-our-br",
        "1-lev-our-br",
        ms![
            4377.44, 2193.51, 1096.23, 549.12, 275.79, 138.88, 70.67, 36.73, 19.90, 11.29, 6.78
        ],
    ),
    row(
        "2-lev-rec",
        "2-lev-rec",
        ms![
            400.03, 203.38, 103.79, 53.61, 28.90, 16.25, 9.79, 6.91, 5.06, 4.45, 3.77
        ],
    ),
    row(
        "3-lev-sq",
        "3-lev-sq",
        ms![
            402.60, 203.30, 104.60, 54.25, 29.46, 16.87, 10.57, 7.56, 5.52, 4.99, 4.17
        ],
    ),
    row(
        "logp-lev-sq",
        "logp-lev-sq",
        ms![
            545.37, 274.02, 138.30, 70.63, 36.62, 19.62, 11.21, 6.79, 4.48, 3.43, 2.80
        ],
    ),
    TimingRow {
        gamma: Some(0.75),
        ..row(
            "logp-lev-rec(0.75)",
            "logp-lev-rec",
            ms![
                393.44, 198.13, 100.35, 51.35, 27.14, 15.13, 9.10, 5.80, 4.35, 3.29, 3.02
            ],
        )
    },
];

/// Figure 6: "Performance results for all-to-one communication on a
/// 256-Processor Intel Delta (times are in msec)", P_d = P_0 (§4.1).
#[allow(clippy::approx_constant)] // 3.14 ms is a measurement, not π.
pub const FIGURE6: [TimingRow; 5] = [
    row(
        "1-lev-dir",
        "1-lev-dir",
        ms![
            1451.35, 540.16, 230.57, 118.24, 66.65, 40.26, 22.76, 20.06, 16.37, 16.76, 16.70
        ],
    ),
    row(
        "2-lev-rec",
        "2-lev-rec",
        ms![
            564.30, 287.27, 145.79, 95.32, 31.75, 17.07, 9.40, 5.99, 4.01, 3.14, 2.54
        ],
    ),
    row(
        "3-lev-sq",
        "3-lev-sq",
        ms![
            610.34, 300.63, 140.16, 67.60, 37.79, 18.98, 10.91, 6.41, 4.22, 3.13, 2.65
        ],
    ),
    row(
        "logp-lev-sq",
        "logp-lev-sq",
        ms![
            548.38, 276.10, 139.49, 71.04, 37.10, 19.75, 11.18, 6.78, 4.73, 3.42, 2.85
        ],
    ),
    TimingRow {
        gamma: Some(0.60),
        ..row(
            "logp-lev-rec(0.60)",
            "logp-lev-rec",
            ms![
                508.84, 255.51, 128.98, 67.53, 35.17, 18.93, 10.70, 6.30, 4.35, 3.25, 2.91
            ],
        )
    },
];

/// Figure 9: "Performance results for all-to-all communication on a
/// 256-processor Intel Delta (times are in msec)" (§5.3).
pub const FIGURE9: [TimingRow; 8] = [
    row(
        "1-lev-direct",
        "1-lev-dir",
        ms![
            6860.21, 3115.27, 1494.48, 598.82, 316.78, 169.48, 82.84, 73.21, 70.28, 68.11, 69.75
        ],
    ),
    row(
        "1-lev-lin",
        "1-lev-lin",
        ms![
            5476.28, 2661.56, 1294.39, 639.83, 330.90, 182.18, 94.48, 71.12, 67.66, 63.03, 66.55
        ],
    ),
    row(
        "1-lev-xor",
        "1-lev-xor",
        ms![
            4608.85, 2231.60, 1081.05, 536.01, 273.28, 147.98, 78.20, 63.75, 59.51, 59.21, 61.40
        ],
    ),
    row(
        "1-lev-balance",
        "1-lev-bal",
        ms![
            4988.76, 2492.90, 1221.90, 619.62, 305.24, 144.25, 77.43, 77.83, 72.83, 64.47, 61.11
        ],
    ),
    row(
        "2-lev-sq",
        "2-lev-sq",
        ms![
            6561.45, 3260.92, 1633.19, 809.42, 401.09, 201.35, 99.75, 60.03, 34.43, 24.18, 18.69
        ],
    ),
    row(
        "2-lev-c,r",
        "2-lev-c,r",
        ms![
            5632.29, 2659.75, 1319.53, 665.28, 330.50, 163.02, 78.58, 39.49, 23.46, 14.48, 11.74
        ],
    ),
    row(
        "2-lev-c,r-int",
        "2-lev-c,r-int",
        ms![
            4613.42, 2232.63, 1086.08, 543.55, 284.23, 168.85, 113.30, 91.23, 82.76, 78.81, 75.96
        ],
    ),
    row(
        "logp-lev-bfly",
        "logp-lev-bfly",
        ms![-, -, 2206.67, 1112.07, 569.08, 298.10, 163.34, 97.10, 74.03, 43.09, 31.84],
    ),
];

/// Figure 5's text (§3.2): message set-ups experienced on a 256-processor
/// machine, for any message size.
pub const FIGURE5_SETUPS: [(&str, Option<f64>, usize); 5] = [
    ("logp-lev-sq", None, 8),
    ("logp-lev-rec", Some(0.75), 15),
    ("3-lev-sq", None, 21),
    ("2-lev-rec", None, 30),
    ("1-lev-dir", None, 255),
];

/// The γ that worked best for all-to-one (§4.1): 0.60 – 0.65 on 256
/// processors (0.65 for L ≤ 2048 bytes, 0.60 above), 0.70 and 0.60 on 16
/// and 32 processors.
pub const GATHER_GAMMAS: [(usize, f64); 4] = [(256, 0.60), (256, 0.65), (16, 0.70), (32, 0.60)];

/// §5.1, on a √p × √p mesh with √p a multiple of 4 (after Scott \[13\]): the
/// lower bound on max_load for any partition into permutations, √p/4, which
/// balanced permutations reach.
pub fn balanced_max_load(p: usize) -> f64 {
    (p as f64).sqrt() / 4.0
}

/// §5.1: the lower bound on sum_load, p^{3/2}/4, which balanced
/// permutations reach.
pub fn balanced_sum_load(p: usize) -> f64 {
    (p as f64).powf(1.5) / 4.0
}

/// §5.1: max_load of linear and exclusive-or permutations, √p/2.
pub fn linear_xor_max_load(p: usize) -> f64 {
    (p as f64).sqrt() / 2.0
}

/// §5.1: sum_load of exclusive-or permutations, (3/7)·p^{3/2}.
pub fn xor_sum_load(p: usize) -> f64 {
    3.0 / 7.0 * (p as f64).powf(1.5)
}
