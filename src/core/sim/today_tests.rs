//! Chapter 14 on the simulator: today's all-to-alls on the CM-5's fat tree
//! beside paper 004's, and which of paper 004's exchanges each one is.

use super::{SimConfig, Sync, Traffic, simulate};
use crate::algo::cm5::exchange::{Exchange, ExchangePlan};
use crate::net::TopologySpec;

fn plan(e: Exchange, p: usize) -> ExchangePlan {
    ExchangePlan::new(e, p).unwrap()
}

fn cycles(e: Exchange, p: usize, bytes: u64) -> u64 {
    let t = Traffic::from_schedule(&plan(e, p).schedule(bytes), Sync::Loose);
    simulate(TopologySpec::FatTree { procs: p }, &SimConfig::cm5(), &t)
        .unwrap()
        .cycles
}

/// MPICH's pairwise exchange for a power of two (rank ⊕ i) is PEX, step
/// for step; the shift (Open MPI's pairwise) is neither PEX nor LEX: its
/// steps are permutations, like PEX's, but one-way rotations, not
/// exchanges, and none converges on one processor as LEX's do.
#[test]
fn the_shift_is_neither_lex_nor_pex() {
    let p = 32;
    let xor: Vec<Vec<(usize, usize)>> = (1..p)
        .map(|i| (0..p).filter(|&r| r < r ^ i).map(|r| (r, r ^ i)).collect())
        .collect();
    let norm = |steps: &[Vec<(usize, usize)>]| -> Vec<Vec<(usize, usize)>> {
        steps
            .iter()
            .map(|s| {
                let mut v: Vec<_> = s.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
                crate::sorting::sort_by_u64(&mut v, |&(a, b)| crate::sorting::key2(a, b));
                v
            })
            .collect()
    };
    assert_eq!(norm(&plan(Exchange::Pex, p).steps), norm(&xor));
    let shift = plan(Exchange::Shift, p);
    for (i, step) in shift.steps.iter().enumerate() {
        let i = i + 1;
        // Every processor sends once and receives once…
        let mut seen = vec![false; p];
        step.iter().for_each(|&(_, d)| seen[d] = true);
        assert!(seen.iter().all(|&s| s) && step.len() == p);
        // …but a goes to a + i while a + i goes to a + 2i: an exchange
        // only in step p/2.
        let pairs_up = step.iter().all(|&(a, b)| step.contains(&(b, a)));
        assert_eq!(pairs_up, i == p / 2, "step {i}");
    }
    // f(i) climbs to 2 only in the middle steps: the last steps are as
    // local as the first (r + (p − 1) is r − 1).
    let f = shift.contention();
    assert_eq!(f.first(), f.last());
    assert_eq!(f[p / 2 - 1], 2.0);
    assert!(
        f.iter().filter(|&&x| x == 2.0).count()
            < plan(Exchange::Pex, p)
                .contention()
                .iter()
                .filter(|&&x| x == 2.0)
                .count()
    );
}

/// On the simulated CM-5 (32 processors, 1 KB blocks, loosely
/// synchronous), the shift and PEX finish within 10 % of each other;
/// Bruck and REX, both lg p steps of p/2 blocks, within 5 % for short
/// blocks, and both far ahead of the p − 1 steps of the others there.
#[test]
fn today_beside_the_paper_on_the_fat_tree() {
    let (shift, pex) = (
        cycles(Exchange::Shift, 32, 1024),
        cycles(Exchange::Pex, 32, 1024),
    );
    assert!(shift.abs_diff(pex) * 10 < pex, "shift {shift}, PEX {pex}");
    let (bruck, rex) = (
        cycles(Exchange::Bruck, 32, 16),
        cycles(Exchange::Rex, 32, 16),
    );
    assert!(bruck.abs_diff(rex) * 20 < rex, "Bruck {bruck}, REX {rex}");
    assert!(bruck * 3 < cycles(Exchange::Shift, 32, 16));
    // The figures chapter 14 quotes ("about …"), from these seeded runs.
    let about =
        |x: u64, lo: u64, hi: u64| assert!((lo..=hi).contains(&x), "{x} not in {lo}..={hi}");
    about(bruck, 2_300, 2_700);
    about(rex, 2_300, 2_700);
    about(cycles(Exchange::Shift, 32, 16), 10_000, 10_800);
    about(cycles(Exchange::Pex, 32, 16), 10_000, 10_800);
    about(shift, 30_300, 31_300);
    about(pex, 32_000, 33_000);
    let linear = cycles(Exchange::Linear, 32, 1024);
    about(linear, 29_600, 30_600);
    assert!(linear < shift);
    // On 64 processors PEX is ahead by about 4 %.
    let (shift64, pex64) = (
        cycles(Exchange::Shift, 64, 1024),
        cycles(Exchange::Pex, 64, 1024),
    );
    assert!(
        pex64 < shift64
            && (shift64 - pex64) * 100 < 6 * pex64
            && (shift64 - pex64) * 100 > 2 * pex64
    );
    // Bruck works for any p: 24 processors in ⌈lg 24⌉ = 5 steps.
    assert!(cycles(Exchange::Bruck, 24, 16) < cycles(Exchange::Shift, 24, 16));
}

/// The CM-5's thinned fat tree against a full-bisection 4-ary 3-tree,
/// both with the CM-5's packets, rates and random up-routing, under PEX's
/// all-to-all of 256-byte blocks on 64 processors: only the wiring
/// differs, and the full tree finishes sooner because PEX's late steps,
/// which send every processor out of its cluster of 16, no longer share
/// eight links among sixteen messages.
#[test]
fn a_full_bisection_tree_carries_pexs_late_steps_without_waiting() {
    let t = Traffic::from_schedule(&plan(Exchange::Pex, 64).schedule(256), Sync::Loose);
    let run = |spec| simulate(spec, &SimConfig::cm5(), &t).unwrap();
    let (cm5, kary) = (
        run(TopologySpec::FatTree { procs: 64 }),
        run(TopologySpec::KaryTree { k: 4, n: 3 }),
    );
    let blocked = |r: &super::SimResult| r.links.iter().map(|l| l.blocked).sum::<u64>();
    eprintln!(
        "cm5 {} blocked {}, kary {} blocked {}",
        cm5.cycles,
        blocked(&cm5),
        kary.cycles,
        blocked(&kary)
    );
    assert!(
        kary.cycles < cm5.cycles,
        "{} vs {}",
        kary.cycles,
        cm5.cycles
    );
    assert!(blocked(&kary) < blocked(&cm5));
}
