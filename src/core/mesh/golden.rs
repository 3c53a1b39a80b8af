//! Golden tests: traces of tiny examples rendered as text, one line per step.

use super::config::{Algo, CollectiveConfig, Op};
use super::{tournament_view, trace, view};
use expect_test::{Expect, expect};

fn render(
    op: Op,
    algo: Algo,
    (r, c): (usize, usize),
    root: Option<usize>,
    gamma: Option<f64>,
) -> String {
    let mut cfg = CollectiveConfig::new(op, algo, r, c);
    cfg.root = root;
    cfg.gamma = gamma;
    let (_, t) = trace(&cfg.validate().unwrap());
    view::render(&t)
}

fn check(
    op: Op,
    algo: Algo,
    shape: (usize, usize),
    root: Option<usize>,
    gamma: Option<f64>,
    want: Expect,
) {
    want.assert_eq(&render(op, algo, shape, root, gamma));
}

#[test]
fn binomial_scatter_on_the_snake() {
    check(
        Op::Scatter,
        Algo::LogpLevRec,
        (4, 4),
        Some(0),
        Some(0.75),
        expect![[r#"
        1: [snake 0–11]+[snake 12–15]@[0, 12] | 0→12:4 | arrived 1 | load 1 | setups 1
        2: [snake 0–8]+[snake 9–11]@[0, 9] [snake 13–15]+[snake 12–12]@[12, 15] | 0→9:3 12→15:1 | arrived 3 | load 1 | setups 2
        3: [snake 0–5]+[snake 6–8]@[0, 4] [snake 9–10]+[snake 11–11]@[9, 11] [snake 14–15]+[snake 13–13]@[12, 14] | 0→4:3 9→11:1 12→14:1 | arrived 6 | load 1 | setups 3
        4: [snake 0–3]+[snake 4–5]@[0, 6] [snake 6–7]+[snake 8–8]@[4, 8] [snake 9–9]+[snake 10–10]@[9, 10] [snake 15–15]+[snake 14–14]@[12, 13] | 0→6:2 4→8:1 9→10:1 12→13:1 | arrived 10 | load 1 | setups 4
        5: [snake 0–2]+[snake 3–3]@[0, 3] [snake 5–5]+[snake 4–4]@[6, 7] [snake 7–7]+[snake 6–6]@[4, 5] | 0→3:1 4→5:1 6→7:1 | arrived 13 | load 1 | setups 5
        6: [snake 0–1]+[snake 2–2]@[0, 2] | 0→2:1 | arrived 14 | load 1 | setups 6
        7: [snake 0–0]+[snake 1–1]@[0, 1] | 0→1:1 | arrived 15 | load 1 | setups 7
    "#]],
    );
}

#[test]
fn alternating_cuts() {
    check(
        Op::Scatter,
        Algo::LogpLevSq,
        (4, 4),
        Some(5),
        None,
        expect![[r#"
        1: [rows 0–3 × cols 0–1]+[rows 0–3 × cols 2–3]@[5, 7] | 5→7:8 | arrived 1 | load 1 | setups 1
        2: [rows 0–1 × cols 0–1]+[rows 2–3 × cols 0–1]@[5, 13] [rows 0–1 × cols 2–3]+[rows 2–3 × cols 2–3]@[7, 15] | 5→13:4 7→15:4 | arrived 3 | load 1 | setups 2
        3: [rows 0–1 × cols 1–1]+[rows 0–1 × cols 0–0]@[5, 4] [rows 2–3 × cols 1–1]+[rows 2–3 × cols 0–0]@[13, 12] [rows 0–1 × cols 3–3]+[rows 0–1 × cols 2–2]@[7, 6] [rows 2–3 × cols 3–3]+[rows 2–3 × cols 2–2]@[15, 14] | 5→4:2 7→6:2 13→12:2 15→14:2 | arrived 7 | load 1 | setups 3
        4: [rows 1–1 × cols 1–1]+[rows 0–0 × cols 1–1]@[5, 1] [rows 1–1 × cols 0–0]+[rows 0–0 × cols 0–0]@[4, 0] [rows 3–3 × cols 1–1]+[rows 2–2 × cols 1–1]@[13, 9] [rows 3–3 × cols 0–0]+[rows 2–2 × cols 0–0]@[12, 8] [rows 1–1 × cols 3–3]+[rows 0–0 × cols 3–3]@[7, 3] [rows 1–1 × cols 2–2]+[rows 0–0 × cols 2–2]@[6, 2] [rows 3–3 × cols 3–3]+[rows 2–2 × cols 3–3]@[15, 11] [rows 3–3 × cols 2–2]+[rows 2–2 × cols 2–2]@[14, 10] | 4→0:1 5→1:1 6→2:1 7→3:1 12→8:1 13→9:1 14→10:1 15→11:1 | arrived 15 | load 1 | setups 4
    "#]],
    );
}

#[test]
fn three_levels_on_square_submeshes() {
    check(
        Op::Scatter,
        Algo::ThreeLevSq,
        (4, 4),
        Some(5),
        None,
        expect![[r#"
        1: [rows 0–1 × cols 0–1]+[rows 0–1 × cols 2–3]+[rows 2–3 × cols 0–1]+[rows 2–3 × cols 2–3]@[5, 7, 13, 15] | 5→15:4 5→7:4 5→13:4 | arrived 3 | load 2 | setups 3
        2: [rows 0–0 × cols 0–1]+[rows 1–1 × cols 0–1]@[1, 5] [rows 0–0 × cols 2–3]+[rows 1–1 × cols 2–3]@[3, 7] [rows 2–2 × cols 0–1]+[rows 3–3 × cols 0–1]@[9, 13] [rows 2–2 × cols 2–3]+[rows 3–3 × cols 2–3]@[11, 15] | 5→1:2 7→3:2 13→9:2 15→11:2 | arrived 7 | load 1 | setups 4
        3: 1→0:1 3→2:1 5→4:1 7→6:1 9→8:1 11→10:1 13→12:1 15→14:1 | arrived 15 | load 1 | setups 5
    "#]],
    );
}

#[test]
fn gather_splits_around_the_destination() {
    check(
        Op::Gather,
        Algo::LogpLevRec,
        (1, 8),
        Some(4),
        Some(0.25),
        expect![[r#"
        1: [snake 6–6]+[snake 7–7]@[6, 7] [snake 1–1]+[snake 0–0]@[1, 0] | 0→1:1 7→6:1 | arrived 0 | load 1 | setups 1
        2: [snake 5–5]+[snake 6–7]@[5, 6] [snake 2–2]+[snake 0–1]@[2, 1] | 1→2:2 6→5:2 | arrived 0 | load 1 | setups 2
        3: [snake 4–4]+[snake 5–7]@[4, 5] [snake 3–3]+[snake 0–2]@[3, 2] | 2→3:3 5→4:3 | arrived 3 | load 1 | setups 3
        4: [snake 4–7]+[snake 0–3]@[4, 3] | 3→4:4 | arrived 7 | load 1 | setups 4
    "#]],
    );
}

#[test]
fn two_step_all_to_all() {
    check(
        Op::AllToAll,
        Algo::TwoLevCr,
        (2, 2),
        None,
        None,
        expect![[r#"
        1: 0→2:2 1→3:2 2→0:2 3→1:2 | arrived 4 | load 1 | setups 1
        2: 0→1:2 1→0:2 2→3:2 3→2:2 | arrived 12 | load 1 | setups 2
    "#]],
    );
}

#[test]
fn butterfly_on_three() {
    check(
        Op::AllToAll,
        Algo::LogpLevBfly,
        (1, 3),
        None,
        None,
        expect![[r#"
        1: [row-major 0–1]+[row-major 2–2]@[] | 0→2:1 1→2:1 2→0:2 | arrived 3 | load 2 | setups 2
        2: [row-major 0–0]+[row-major 1–1]@[] | 0→1:2 1→0:1 | arrived 6 | load 1 | setups 3
    "#]],
    );
}

#[test]
fn tournaments() {
    for (k, want) in [
        (
            8,
            expect![[r#"
        1: Π1 = [3 2 6 7 0 1 5 4] load 2
        1: Π2 = [4 5 1 0 7 6 2 3] load 2
        2: Π3 = [2 3 7 6 1 0 4 5] load 2
        2: Π4 = [5 4 0 1 6 7 3 2] load 2
        3: Π5 = [1 7 3 5 2 4 0 6] load 2
        3: Π6 = [6 0 4 2 5 3 7 1] load 2
        4: Π7 = [7 6 2 3 4 5 1 0] load 2
        4: Π8 = [0 1 5 4 3 2 6 7] load 2
    "#]],
        ),
        (
            6,
            expect![[r#"
        1: Π1 = [5 2 4 1 3 0] load 2
        1: Π2 = [0 3 1 4 2 5] load 1
        2: Π3 = [2 4 5 0 1 3] load 2
        2: Π4 = [3 1 0 5 4 2] load 1
        3: Π5 = [1 5 3 2 0 4] load 2
        3: Π6 = [4 0 2 3 5 1] load 1
    "#]],
        ),
        (
            7,
            expect![[r#"
        1: Π1 = [3 2 5 6 1 4 0] load 2
        1: Π2 = [6 4 1 0 5 2 3] load 2
        2: Π3 = [2 3 6 5 0 1 4] load 2
        2: Π4 = [4 5 0 1 6 3 2] load 2
        3: Π5 = [1 6 3 4 2 0 5] load 2
        3: Π6 = [5 0 4 2 3 6 1] load 2
        4: Π7 = [0 1 2 3 4 5 6] load 0
    "#]],
        ),
    ] {
        want.assert_eq(&tournament_view::render(&tournament_view::record(k)));
    }
}

#[test]
fn captions() {
    let mut cfg = CollectiveConfig::new(Op::Gather, Algo::TwoLevRec, 2, 3);
    cfg.bytes = 16;
    let spec = cfg.validate().unwrap();
    let (_, t) = trace(&spec);
    let lines: Vec<String> = (0..=t.len())
        .map(|k| view::caption(&spec, t.events(k)))
        .collect();
    expect![[r#"
        Every other processor holds a message of 16 bytes for P0.
        Superstep 1: 2 submachines work independently; 4 sends from 4 processors carry 4 messages (16 bytes); 2 reach their destination; busiest link 2 messages.
        Superstep 2: 2 parts merge into 1 submachine; 1 send from 1 processor carries 3 messages (48 bytes); 3 reach their destination; busiest link 1 message."#]].assert_eq(&lines.join("\n"));
    let t7 = tournament_view::record(7);
    let lines: Vec<String> = (0..=t7.len())
        .map(|k| tournament_view::caption(7, t7.events(k)))
        .collect();
    expect![[r#"
        A 7-processor array: the 3 players of the left half play a round-robin tournament.
        Round 1 of 3: 0 plays the middle 3: 0 → 3 → 6 → 0; 1 plays 2: 1 → 2 → 5 → 4 → 1. Permutation 1 (the cycles) and 2 (reversed) have loads 2 and 2.
        Round 2 of 3: 0 plays 2: 0 → 2 → 6 → 4 → 0; 1 plays the middle 3: 1 → 3 → 5 → 1. Permutation 3 (the cycles) and 4 (reversed) have loads 2 and 2.
        Round 3 of 3: 0 plays 1: 0 → 1 → 6 → 5 → 0; 2 plays the middle 3: 2 → 3 → 4 → 2. Permutation 5 (the cycles) and 6 (reversed) have loads 2 and 2.
        Closing: permutation 7 is the identity; it moves nothing but completes the family for the cross product."#]].assert_eq(&lines.join("\n"));
}
