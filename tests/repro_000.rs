#![cfg(not(target_arch = "wasm32"))]
//! Reproductions of paper 000's tables on Figure-7 matrices.
//!
//! Each published average is compared with our average over fixed seeds
//! (matrix seed s, algorithm seed s + 1000): Table 4 (CGM's permutations
//! for n = 32, 128, 512) and the `perm` rows of Tables 2-3 (GM and CGM,
//! n = 32), within 5 %. The cheap cells run in every `cargo test`; the
//! expensive ones (n = 128 with d ≥ 64, n = 512 with d ≥ 32) are
//! `#[ignore]`d and run with
//! `cargo test --release --test repro_000 -- --ignored`.
//!
//! Findings (see `src/core/algo/gm_scan.rs` and `masking.rs`):
//! - CGM reproduces every cell within 3 %.
//! - GM as Figure 4 prints it (scan from column 0) needs 6-16 % more
//!   permutations than Tables 2-3 report; swap mode, mixing rounds and the
//!   diagonal do not change that. Starting row x's scan at column x + 1
//!   (`Scan::AfterRow`) lands within 2 %. The test pins both facts.

use commbook::core::algo::cgm::{self, CgmEvent};
use commbook::core::algo::gm::{self, Scan};
use commbook::core::algo::lp;
use commbook::core::com::Com;
use commbook::core::com::fig7::Fig7Config;
use commbook::core::published::ranka94::{TABLE4, TABLE4_N, TABLES_2_3, TABLES_2_3_N};

/// Average phases of `algo` over `samples` Figure-7 matrices.
fn average(n: usize, d: usize, samples: u64, algo: impl Fn(&Com, u64) -> usize) -> f64 {
    let total: usize = (0..samples)
        .map(|s| {
            let com = Fig7Config::new(n, d, s).generate().unwrap();
            algo(&com, s + 1000)
        })
        .sum();
    total as f64 / samples as f64
}

fn cgm_phases(com: &Com, seed: u64) -> usize {
    cgm::run(com, seed).schedule.len()
}

fn gm_phases(scan: Scan) -> impl Fn(&Com, u64) -> usize {
    move |com, seed| gm::run(com, scan, seed).schedule.len()
}

fn rel(ours: f64, paper: f64) -> f64 {
    (ours - paper) / paper
}

#[test]
fn tables_2_3_perm_rows() {
    let n = TABLES_2_3_N;
    for row in TABLES_2_3 {
        let [_, lp_paper, gm_paper, cgm_paper] = row.perm.map(|p| p.unwrap_or(0.0));
        let lp_steps = lp::schedule(&Fig7Config::new(n, row.d, 1).generate().unwrap()).len();
        assert_eq!(lp_steps as f64, lp_paper, "LP takes n − 1 = 31 steps");
        let c = average(n, row.d, 300, cgm_phases);
        let after = average(n, row.d, 300, gm_phases(Scan::AfterRow));
        let zero = average(n, row.d, 300, gm_phases(Scan::FromZero));
        eprintln!(
            "Tables 2-3 d={}: CGM {c:.2} ({cgm_paper}), GM after-row {after:.2} / from zero {zero:.2} ({gm_paper})",
            row.d
        );
        for (name, ours, paper) in [("CGM", c, cgm_paper), ("GM after-row", after, gm_paper)] {
            assert!(
                rel(ours, paper).abs() < 0.05,
                "{name} d={}: {ours} vs {paper}",
                row.d
            );
        }
        // Figure 4 as printed: consistently more phases than published.
        let gap = rel(zero, gm_paper);
        assert!(
            (0.03..0.20).contains(&gap),
            "GM from zero d={}: {zero} vs {gm_paper}",
            row.d
        );
    }
}

/// Checks the Table 4 cells that `keep` selects, `samples` matrices each;
/// returns how many were checked.
fn check_table4(keep: impl Fn(usize, usize) -> bool, samples: u64) -> usize {
    let mut checked = 0;
    for row in TABLE4 {
        for (k, &n) in TABLE4_N.iter().enumerate() {
            let Some(paper) = row.perm[k] else { continue };
            if !keep(n, row.d) {
                continue;
            }
            let ours = average(n, row.d, samples, cgm_phases);
            eprintln!("Table 4 n={n} d={}: ours {ours:.2}, paper {paper}", row.d);
            assert!(
                rel(ours, paper).abs() < 0.05,
                "n={n} d={}: {ours} vs {paper}",
                row.d
            );
            checked += 1;
        }
    }
    checked
}

fn cheap(n: usize, d: usize) -> bool {
    n == 32 || (n == 128 && d <= 32) || (n == 512 && d <= 16)
}

#[test]
fn table4_cheap_cells() {
    // n = 32: all 7 cells; n = 128: d ≤ 32 (6 of 9); n = 512: d ≤ 16 (5 of 11).
    assert_eq!(check_table4(cheap, 100), 18);
}

#[test]
#[ignore = "expensive in debug builds: run with --release -- --ignored"]
fn table4_expensive_cells() {
    assert_eq!(check_table4(|n, d| !cheap(n, d), 100), 9);
}

#[test]
fn first_iteration_costs_about_n_ln_d_plus_n() {
    // Eq. 1 estimates the probes of one iteration with d entries per row as
    // n ln d + n. It is an upper estimate: the paper lets row j fail with
    // probability j/n, as if every earlier row had found a receiver.
    for (n, d) in [(32usize, 4usize), (128, 8), (128, 32)] {
        let probes: usize = (0..20)
            .map(|s| {
                let com = Fig7Config::new(n, d, s).generate().unwrap();
                let t = cgm::trace(&com, s + 1000);
                t.iterations
                    .all_events()
                    .iter()
                    .take_while(|e| !matches!(e, CgmEvent::End { .. }))
                    .filter(|e| matches!(e, CgmEvent::Probe { .. }))
                    .count()
            })
            .sum();
        let ours = probes as f64 / 20.0;
        let eq1 = n as f64 * (d as f64).ln() + n as f64;
        assert!(
            (0.65..1.0).contains(&(ours / eq1)),
            "n={n} d={d}: {ours} vs {eq1}"
        );
    }
}
