//! The map against direct pricing, and Figure 20's panels.

use super::*;
use crate::published::lim;
use crate::step::run;
use expect_test::expect;

fn map(k: usize, p: usize, gdm: Gdm) -> WinnerMap {
    run(Box::new(
        Pricing::new(WinnerConfig { k, p, b: 4, gdm }).unwrap(),
    ))
}

#[test]
fn times_are_the_plans_prices() {
    let m = map(6, 9, Gdm::T3D);
    let labels: Vec<&str> = m.contenders.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(labels, ["D", "H1", "H2", "I", "M"]);
    let sh = Shape::new(6, 9).unwrap();
    for (c, contender) in m.contenders.iter().enumerate() {
        let pl = plan(&sh, contender.scheme, Direction::Up);
        for (n_idx, &n) in m.ns.iter().enumerate() {
            let array = ArrayConfig { n, x: 1 }.validate_for_cost(&sh).unwrap();
            let direct = plan_cost(&pl, &array, 4, &Gdm::T3D).us;
            let here = m.time_us(c, n_idx, Gdm::T3D.ratio());
            assert!((direct - here).abs() < 1e-6 * direct, "{c} {n}");
        }
    }
    // The winner depends on R only: scaling T_d and τ_d together changes
    // every time by the same factor.
    let faster = map(6, 9, Gdm::T3D.faster(10.0, 10.0));
    for n in 0..=DOUBLINGS {
        assert_eq!(m.winner(n, m.ratio(3)), faster.winner(n, faster.ratio(3)));
    }
}

#[test]
fn figure_20_answered_by_every_schedule() {
    let (p, k, _, _) = lim::FIG20_P_K_B_D;
    let m = map(k, p, Gdm::SP2_FIG20);
    let lines: Vec<String> = [6, 7, 5, 4]
        .iter()
        .map(|&row| {
            let panel = figure20_panel(&m, row).unwrap_or('?');
            format!("{} ({panel}): {}", row_label(row), runs(&m, m.ratio(row)))
        })
        .collect();
    expect![[r#"
        R (a): hybrid:6 is fastest from the smallest array, hybrid:5 from N = 131 072, hybrid:4 from N = 262 144, hybrid:3 from N = 524 288, hybrid:2 from N = 2 097 152, hybrid:1 from N = 4 194 304, direct from N = 8 388 608
        2R (b): hybrid:6 is fastest from the smallest array, hybrid:5 from N = 262 144, hybrid:4 from N = 524 288, hybrid:3 from N = 1 048 576, hybrid:2 from N = 4 194 304, hybrid:1 from N = 8 388 608, direct from N = 16 777 216
        R/2 (c): hybrid:6 is fastest from the smallest array, hybrid:5 from N = 65 536, hybrid:4 from N = 131 072, hybrid:3 from N = 262 144, hybrid:2 from N = 1 048 576, hybrid:1 from N = 2 097 152, direct from N = 4 194 304
        R/4 (d): hybrid:6 is fastest from the smallest array, hybrid:5 from N = 32 768, hybrid:4 from N = 65 536, hybrid:3 from N = 131 072, hybrid:2 from N = 524 288, hybrid:1 from N = 1 048 576, direct from N = 2 097 152"#]]
    .assert_eq(&lines.join("\n"));
}

#[test]
fn captions_and_labels() {
    let m = map(6, 9, Gdm::SP2);
    assert!(caption(&m, 0).starts_with("ℜ(6, 9) on the IBM SP-2: T_d = 40 µs, τ_d = 15 ns/byte"));
    assert!(
        caption(&m, 1).starts_with("R = R/64 = 41.7 B"),
        "{}",
        caption(&m, 1)
    );
    assert_eq!(count(1_048_576), "1\u{202f}048\u{202f}576");
    assert_eq!(count(999), "999");
    assert_eq!(
        [864, 16_384, 1_048_576, 67_108_864, 4_294_967_296].map(short_count),
        ["864", "16K", "1.0M", "67M", "4.3G"]
    );
    assert_eq!(bytes(2666.67), "2\u{202f}667 B");
    // K = 1 has nothing to shift: only direct and multiphase compete.
    let one = map(1, 4, Gdm::SP2);
    assert_eq!(one.contenders.len(), 2);
    assert!(
        Pricing::new(WinnerConfig {
            k: 0,
            p: 4,
            b: 4,
            gdm: Gdm::SP2
        })
        .is_err()
    );
}
