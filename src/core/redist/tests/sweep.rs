//! The sweep over K (see [`super::super::sweep`]).

use crate::cost::gdm::Gdm;
use crate::redist::sweep::*;
use crate::redist::{ArrayConfig, Scheme, Shape};
use crate::step::run;

fn sweep(p: usize, n: usize, gdm: Gdm) -> KSweep {
    run(Box::new(
        KSweeping::new(KSweepConfig { p, n, b: 4, gdm }).unwrap(),
    ))
}

#[test]
fn rows_are_the_plans_step_counts() {
    let s = sweep(64, 1 << 20, Gdm::SP2);
    assert_eq!(s.rows.len(), 63);
    let k31 = &s.rows[29];
    // §1: K = 31, P = 64 takes 6 steps where direct and multiphase take 31.
    assert_eq!(k31.k, 31);
    assert_eq!((k31.direct.steps, k31.multiphase.steps), (31, 31));
    assert_eq!(k31.indirect.steps, 6);
    // 64 KB per processor: moving it once costs about 1 ms on the SP-2,
    // 25 start-ups. Direct pays 31 start-ups, the indirect schedule
    // moves the data about 3.4 times; one shift (17 steps, 1.5 times the
    // data) balances the two best.
    assert_eq!((k31.hybrid_d, k31.hybrid.steps), (1, 17));
    assert_eq!(k31.fastest(), "hybrid:1");
    for r in &s.rows {
        assert_eq!(r.direct.steps, r.k.min(64));
        assert!(r.hybrid.us <= r.direct.us && r.hybrid.us <= r.indirect.us);
    }
}

#[test]
fn hybrid_ends_are_the_direct_and_indirect_plans() {
    for (k, p) in [(6, 9), (31, 64), (8, 8), (9, 12)] {
        let sh = Shape::new(k, p).unwrap();
        let rows = |s| crate::redist::schedules::row_moves(&sh, s);
        assert_eq!(rows(Scheme::Hybrid(0)), rows(Scheme::Direct));
        assert_eq!(
            rows(Scheme::Hybrid(sh.max_degree())),
            rows(Scheme::Indirect)
        );
        let array = ArrayConfig { n: 1000, x: 1 }
            .validate_for_cost(&sh)
            .unwrap();
        let (d, best) = crate::redist::cost::best_degree(&sh, &array, 4, &Gdm::SP2);
        let s = sweep(p, 1000, Gdm::SP2);
        let row = &s.rows[k - 2];
        assert_eq!((row.hybrid_d, &row.hybrid), (d, &best));
    }
}

#[test]
fn start_up_heavy_machines_prefer_fewer_steps() {
    // A small array on the SP-2: start-ups dominate, so from K = 8 on a
    // schedule with fewer steps than direct wins.
    let s = sweep(32, 32 * 32, Gdm::SP2);
    assert!(s.rows[6..].iter().all(|r| r.fastest() != "direct"), "{s:?}");
    // A huge array on a machine with free start-ups: direct wins.
    let s = sweep(16, 1 << 26, Gdm::SP2.faster(1.0e6, 1.0));
    assert!(s.rows.iter().all(|r| r.fastest() == "direct"));
}

#[test]
fn refuses_what_cannot_be_priced() {
    let bad = |p, n| {
        KSweeping::new(KSweepConfig {
            p,
            n,
            b: 4,
            gdm: Gdm::SP2,
        })
        .err()
    };
    assert!(bad(0, 10).is_some());
    assert!(bad(16, 0).is_some());
    assert!(bad(16, 100).is_none());
    // P = 1 has no K to sweep but is still a valid, empty sweep.
    let s = sweep(1, 10, Gdm::T3D);
    assert!(s.rows.is_empty());
}

#[test]
fn caption_names_the_fastest() {
    let s = sweep(9, 54 * 1000, Gdm::SP2);
    let k6 = &s.rows[4];
    assert_eq!(k6.k, 6);
    let text = caption(&s.config, k6);
    assert!(text.starts_with("K = 6, G = 3: direct 6 steps"), "{text}");
    assert!(text.contains(&format!("Fastest on the IBM SP-2: {}.", k6.fastest())));
    assert!(caption(&s.config, &s.rows[7]).contains("all-to-all"));
}
