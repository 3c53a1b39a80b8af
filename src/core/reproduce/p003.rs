//! Paper 003 (Lim, Bhat, Prasanna): Figure 11, the step counts of the
//! direct, indirect and hybrid schedules (Theorem 3, §1, §3.4), and
//! Corollary 1, recomputed.

use super::{Pending, RowBuilder, Rule, Value};
use crate::published::lim;
use crate::redist::shape::ceil_log2;
use crate::redist::tables::{Table as Grid, decomposition};
use crate::redist::{Scheme, Shape, Tables, incremental, schedules};

const PAPER: &str = "003";

pub(super) fn tables() -> Vec<Pending> {
    vec![figure11(), steps(), corollary1()]
}

fn row_text(t: &Grid, i: usize) -> String {
    t.row(i)
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

fn printed_text(rows: &[[u32; 9]; 6], i: usize) -> String {
    rows[i].map(|x| x.to_string()).join(" ")
}

fn figure11() -> Pending {
    let rule = Rule::Same;
    let mut t = Pending::new(
        PAPER,
        "003-fig11",
        "Figure 11",
        "The tables of ℜ(6, 9): S′, Ps and their two-digit decompositions, row by row",
        "§4, Figure 11",
        "Theorem 2's closed forms evaluated by the core for K = 6, P = 9",
        rule,
    );
    type Pick = fn(&Shape) -> Grid;
    let tables: [(&str, &'static [[u32; 9]; 6], Pick); 6] = [
        ("S′", &lim::FIG11_SP, |sh| Tables::new(sh).sp),
        ("S_base", &lim::FIG11_S_BASE, |sh| decomposition(sh).s_base),
        ("S_offset", &lim::FIG11_S_OFFSET, |sh| {
            decomposition(sh).s_offset
        }),
        ("Ps", &lim::FIG11_PS, |sh| Tables::new(sh).ps),
        ("P_base", &lim::FIG11_P_BASE, |sh| decomposition(sh).p_base),
        ("P_offset", &lim::FIG11_P_OFFSET, |sh| {
            decomposition(sh).p_offset
        }),
    ];
    for (name, printed, pick) in tables {
        t = t.row(move || {
            let sh = Shape::new(lim::EXAMPLE_K, lim::EXAMPLE_P).expect("ℜ(6, 9) is valid");
            let ours = pick(&sh);
            let mut b = RowBuilder::new(rule, name);
            for i in 0..lim::EXAMPLE_K {
                b.text(
                    format!("row {i}"),
                    printed_text(printed, i),
                    row_text(&ours, i),
                );
            }
            b.done()
        });
    }
    t
}

fn count(sh: &Shape, s: Scheme) -> usize {
    schedules::row_moves(sh, s).len()
}

fn steps() -> Pending {
    let rule = Rule::Digits(0);
    let mut t = Pending::new(
        PAPER,
        "003-steps",
        "Theorem 3, §1, §3.4",
        "Communication steps of the direct, indirect and hybrid schedules",
        "§1, §3.4 (Figures 8-10), §4 Theorem 3",
        "the steps of the schedules the core builds (each a set of row moves, one message \
         per processor); published: the count the paper states or its formula — direct K, \
         indirect ⌈log K′⌉ + ⌈log G⌉ + 1 (the paper: at most ⌈log K⌉ + 2), hybrid with \
         degree d: d + ⌈K/2^d⌉",
        rule,
    );
    t = t.row(move || {
        let sh = Shape::new(lim::EXAMPLE_K, lim::EXAMPLE_P).expect("valid");
        let indirect_shifts = schedules::row_moves(&sh, Scheme::Indirect).len() - 1;
        let (k, p, ind, prev) = lim::INTRO_K31_P64;
        let intro = Shape::new(k, p).expect("valid");
        RowBuilder::new(rule, "worked examples")
            .num(
                "ℜ(6, 9) direct (Fig. 8)",
                lim::FIG8_DIRECT_STEPS as f64,
                count(&sh, Scheme::Direct) as f64,
            )
            .num(
                "ℜ(6, 9) indirect shifts (Fig. 9)",
                lim::FIG9_INDIRECT_SHIFTS as f64,
                indirect_shifts as f64,
            )
            .num(
                "ℜ(6, 9) hybrid d = 1 (Fig. 10)",
                lim::FIG10_HYBRID1_STEPS as f64,
                count(&sh, Scheme::Hybrid(1)) as f64,
            )
            .num(
                "K = 31, P = 64 indirect (§1)",
                ind as f64,
                count(&intro, Scheme::Indirect) as f64,
            )
            .num(
                "K = 31, P = 64 direct (§1)",
                prev as f64,
                count(&intro, Scheme::Direct) as f64,
            )
            .num(
                "K = 31, P = 64 multiphase (§1)",
                prev as f64,
                count(&intro, Scheme::Multiphase) as f64,
            )
            .done()
    });
    for (k, p) in [
        (4, 8),
        (6, 9),
        (8, 12),
        (12, 18),
        (16, 24),
        (31, 64),
        (32, 48),
        (64, 64),
    ] {
        t = t.row(move || {
            let sh = Shape::new(k, p).expect("valid");
            let mut b = RowBuilder::new(rule, format!("K = {k}, P = {p}"));
            b.num("direct: K", k as f64, count(&sh, Scheme::Direct) as f64);
            let formula = ceil_log2(sh.kp) + ceil_log2(sh.g) + 1;
            b.num(
                "indirect",
                formula as f64,
                count(&sh, Scheme::Indirect) as f64,
            );
            b.cell(
                "indirect ≤ ⌈log K⌉ + 2",
                Value::Text("holds".into()),
                Value::Text(
                    if count(&sh, Scheme::Indirect) <= ceil_log2(k) + 2 {
                        "holds"
                    } else {
                        "fails"
                    }
                    .into(),
                ),
                None,
            );
            for d in [1usize, 2] {
                let hybrid = d + k.div_ceil(1 << d);
                b.num(
                    format!("hybrid d = {d}"),
                    hybrid as f64,
                    count(&sh, Scheme::Hybrid(d)) as f64,
                );
            }
            b.done()
        });
    }
    t
}

fn corollary1() -> Pending {
    let rule = Rule::Digits(0);
    let mut t = Pending::new(
        PAPER,
        "003-cor1",
        "Corollary 1",
        "Ps computed incrementally, row after row: cells equal to Theorem 2's closed form",
        "§4, Corollary 1",
        "Corollary 1's additions run column by column; published: every one of the K·P cells \
         (the corollary claims the closed form); ours: how many cells agree, as printed and \
         with the low digit's carry kept separate (`redist::incremental`)",
        rule,
    );
    for (k, p) in [(6, 9), (4, 6), (9, 6), (8, 12), (5, 7), (12, 18)] {
        t = t.row(move || {
            let sh = Shape::new(k, p).expect("valid");
            let exact = Tables::new(&sh).ps;
            let agree = |g: &Grid| {
                (0..k)
                    .flat_map(|i| (0..p).map(move |j| (i, j)))
                    .filter(|&(i, j)| g.get(i, j) == exact.get(i, j))
                    .count() as f64
            };
            let (printed, _) = incremental::columns_as_printed(&sh);
            let (carried, _) = incremental::columns(&sh);
            let all = (k * p) as f64;
            let evidence = "erratum: the printed rule adds (−n) mod P′ to the whole \
                 two-digit number, so the low digit's overflow carries into the high one; in \
                 ℜ(6, 9), column 3 of Ps in Figure 11 reads 2, 5, 8, 0, 3, 6 but the rule takes \
                 8 to (8 + 3 + 1) mod 9 = 3";
            RowBuilder::new(rule, format!("K = {k}, P = {p} (G = {})", sh.g))
                .num_why("as printed", all, agree(&printed), evidence)
                .num("with the carry", all, agree(&carried))
                .done()
        });
    }
    t
}
