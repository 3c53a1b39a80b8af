//! The worked example ℜ(6, 9) of Figures 7-11 (paper 003, §3.4, §4).
//!
//! Figure 11 is compared cell by cell with the published tables; Figures
//! 7-10 did not survive the conversion to text, so what §3.4 and §4 say
//! about them is checked, and the remaining tables and the traces are
//! golden texts.

use crate::published::lim;
use crate::redist::plan::{Action, StepKind};
use crate::redist::tables::{Table, decomposition};
use crate::redist::{Direction, Scheme, Shape, Tables, schedules, trace};
use expect_test::expect;

fn example() -> Shape {
    Shape::new(lim::EXAMPLE_K, lim::EXAMPLE_P).unwrap()
}

fn published(rows: &[[u32; 9]; 6]) -> Table {
    Table::from_fn(6, 9, |i, j| rows[i][j] as usize)
}

#[test]
fn figure_11_verbatim() {
    let sh = example();
    let t = Tables::new(&sh);
    let d = decomposition(&sh);
    assert_eq!(t.sp, published(&lim::FIG11_SP), "S′");
    assert_eq!(t.ps, published(&lim::FIG11_PS), "Ps");
    assert_eq!(d.s_base, published(&lim::FIG11_S_BASE), "S_base");
    assert_eq!(d.s_offset, published(&lim::FIG11_S_OFFSET), "S_offset");
    assert_eq!(d.p_base, published(&lim::FIG11_P_BASE), "P_base");
    assert_eq!(d.p_offset, published(&lim::FIG11_P_OFFSET), "P_offset");
}

#[test]
fn figure_7_stage_1() {
    let sh = example();
    for (from, to) in lim::FIG7_STAGE1 {
        assert_eq!(sh.stage1_row(from), to, "row {from}");
    }
}

#[test]
fn the_other_tables() {
    let t = Tables::new(&example());
    let all: Vec<String> = t
        .named()
        .iter()
        .filter(|(name, _)| !matches!(*name, "Sp" | "Ps"))
        .map(|(name, table)| format!("{name}:\n{}", table.render()))
        .collect();
    expect![[r#"
        S:
         0  1  2  3  4  5  6  7  8
         9 10 11 12 13 14 15 16 17
        18 19 20 21 22 23 24 25 26
        27 28 29 30 31 32 33 34 35
        36 37 38 39 40 41 42 43 44
        45 46 47 48 49 50 51 52 53
        P:
        0 0 0 0 0 0 1 1 1
        1 1 1 2 2 2 2 2 2
        3 3 3 3 3 3 4 4 4
        4 4 4 5 5 5 5 5 5
        6 6 6 6 6 6 7 7 7
        7 7 7 8 8 8 8 8 8
        S1:
         0  1  2  3  4  5  6  7  8
        18 19 20 21 22 23 24 25 26
        36 37 38 39 40 41 42 43 44
         9 10 11 12 13 14 15 16 17
        27 28 29 30 31 32 33 34 35
        45 46 47 48 49 50 51 52 53
        Ds:
        0 4 2 1 5 3 0 4 2
        2 0 4 3 1 5 2 0 4
        4 2 0 5 3 1 4 2 0
        1 5 3 0 4 2 1 5 3
        3 1 5 2 0 4 3 1 5
        5 3 1 4 2 0 5 3 1
        Pr:
        0 6 3 2 8 5 1 7 4
        1 7 4 0 6 3 2 8 5
        2 8 5 1 7 4 0 6 3
        3 0 6 5 2 8 4 1 7
        4 1 7 3 0 6 5 2 8
        5 2 8 4 1 7 3 0 6
        Dr:
        0 0 0 2 2 2 1 1 1
        1 1 1 0 0 0 2 2 2
        2 2 2 1 1 1 0 0 0
        3 3 3 5 5 5 4 4 4
        4 4 4 3 3 3 5 5 5
        5 5 5 4 4 4 3 3 3
        Rp:
         0  6 12 20 26 32 37 43 49
         1  7 13 18 24 30 38 44 50
         2  8 14 19 25 31 36 42 48
         3  9 15 23 29 35 40 46 52
         4 10 16 21 27 33 41 47 53
         5 11 17 22 28 34 39 45 51
        R:
         0  6 12 18 24 30 36 42 48
         1  7 13 19 25 31 37 43 49
         2  8 14 20 26 32 38 44 50
         3  9 15 21 27 33 39 45 51
         4 10 16 22 28 34 40 46 52
         5 11 17 23 29 35 41 47 53"#]]
    .assert_eq(&all.join("\n"));
}

fn rendered(scheme: Scheme, direction: Direction) -> String {
    let plan = schedules::plan(&example(), scheme, direction);
    trace::render(&plan, &trace::record(&plan))
}

#[test]
fn figure_8_direct() {
    let sh = example();
    let plan = schedules::plan(&sh, Scheme::Direct, Direction::Up);
    assert_eq!(plan.n_steps(), lim::FIG8_DIRECT_STEPS);
    // §3.4: step 0 sends row 0 of Ps, (p0, …, p8) → (p0, p6, p3, p2, p8, p5, p1, p7, p4).
    let first = plan.row_moves().next().unwrap();
    assert_eq!(first.to, [0, 6, 3, 2, 8, 5, 1, 7, 4]);
    expect![[r#"
        0: cyclic(x) → cyclic(Kx) on P = 9 processors, K = 6: one superblock of K × P = 54 blocks; G = gcd(K, P) = 3, K′ = 2, P′ = 3, and n = 2, m = 1 solve nK′ − mP′ = 1; the direct schedule takes 6 steps.
        1: Stage 1 (local): in every column, row i moves to row (i mod K′)·G + i/K′, gathering the G rows whose blocks differ by multiples of K; S becomes S1, a grid of K′ × P′ submatrices of G × G. 36 of 54 blocks change slot.
        2: Stage 2, submatrices (local): in column j, submatrix row i₁′ moves to (i₁′·P′ + j₁) mod K′, so each run of K′ submatrices becomes a diagonal. 18 of 54 blocks change slot.
        3: Stage 2, inside submatrices (local): row i₂′ of every submatrix moves to (j₂ + i₂′) mod G; the table is S′, and Ps = ⌊S′/K⌋ is a generalized circulant matrix whose every row is a permutation. 36 of 54 blocks change slot.
        4: Step 1 (direct): row 0 travels as one permutation: 6 messages of 1 block, 3 processors keep their own. 1→6[37] 2→3[20] 3→2[12] 4→8[49] 6→1[6] 8→4[26]
        5: Step 2 (direct): row 1 travels as one permutation: 9 messages of 1 block. 0→3[18] 1→0[1] 2→6[38] 3→5[30] 4→2[13] 5→8[50] 6→4[24] 7→1[7] 8→7[44]
        6: Step 3 (direct): row 2 travels as one permutation: 9 messages of 1 block. 0→6[36] 1→3[19] 2→0[2] 3→8[48] 4→5[31] 5→2[14] 6→7[42] 7→4[25] 8→1[8]
        7: Step 4 (direct): row 3 travels as one permutation: 9 messages of 1 block. 0→1[9] 1→7[46] 2→4[29] 3→0[3] 4→6[40] 5→3[23] 6→2[15] 7→8[52] 8→5[35]
        8: Step 5 (direct): row 4 travels as one permutation: 6 messages of 1 block, 3 processors keep their own. 0→4[27] 2→7[47] 4→0[4] 5→6[41] 6→5[33] 7→2[16]
        9: Step 6 (direct): row 5 travels as one permutation: 9 messages of 1 block. 0→7[45] 1→4[28] 2→1[11] 3→6[39] 4→3[22] 5→0[5] 6→8[51] 7→5[34] 8→2[17]
        10: R′ → R (local): every processor moves block R′(i, j) to slot Dr(i, j), which is cyclic(Kx) order; the redistribution is complete. 36 of 54 blocks change slot."#]]
    .assert_eq(&rendered(Scheme::Direct, Direction::Up));
}

#[test]
fn figure_9_indirect() {
    let sh = example();
    let plan = schedules::plan(&sh, Scheme::Indirect, Direction::Up);
    let shifts = plan
        .row_moves()
        .filter(|m| !matches!(m.kind, StepKind::Deliver { .. }))
        .count();
    assert_eq!((shifts, plan.n_steps()), (lim::FIG9_INDIRECT_SHIFTS, 4));
    // Figure 9(a)-(b): rows 3, 4, 5 move one submatrix (3 processors) left.
    let first = plan.row_moves().next().unwrap();
    assert_eq!(first.rows, [3, 4, 5]);
    assert_eq!(first.to, [6, 7, 8, 0, 1, 2, 3, 4, 5]);
    // Figure 9(e): after the shifts every column holds blocks for one processor.
    let t = trace::record(&plan);
    let aligned = t.state_at(3 + shifts);
    for j in 0..9 {
        let owners: Vec<usize> = (0..6)
            .map(|r| aligned.grid.get(r, j) as usize / 6)
            .collect();
        assert!(
            owners.iter().all(|&o| o == owners[0]),
            "column {j}: {owners:?}"
        );
    }
    expect![[r#"
        0: cyclic(x) → cyclic(Kx) on P = 9 processors, K = 6: one superblock of K × P = 54 blocks; G = gcd(K, P) = 3, K′ = 2, P′ = 3, and n = 2, m = 1 solve nK′ − mP′ = 1; the indirect schedule takes 4 steps.
        1: Stage 1 (local): in every column, row i moves to row (i mod K′)·G + i/K′, gathering the G rows whose blocks differ by multiples of K; S becomes S1, a grid of K′ × P′ submatrices of G × G. 36 of 54 blocks change slot.
        2: Stage 2, submatrices (local): in column j, submatrix row i₁′ moves to (i₁′·P′ + j₁) mod K′, so each run of K′ submatrices becomes a diagonal. 18 of 54 blocks change slot.
        3: Stage 2, inside submatrices (local): row i₂′ of every submatrix moves to (j₂ + i₂′) mod G; the table is S′, and Ps = ⌊S′/K⌋ is a generalized circulant matrix whose every row is a permutation. 36 of 54 blocks change slot.
        4: Step 1 (indirect, submatrix level): the 3 rows whose submatrix row i₁ has bit 0 set shift by 1 submatrix column (3 processors): 9 messages of 3 blocks; 24 blocks relayed, not yet home. 0→6[9,27,45] 1→7[46,10,28] 2→8[29,47,11] 3→0[3,21,39] 4→1[40,4,22] 5→2[23,41,5] 6→3[15,33,51] 7→4[52,16,34] 8→5[35,53,17]
        5: Step 2 (indirect, inside submatrices): the 2 rows whose i₂ has bit 0 set shift by 1 column inside each group of G = 3 processors: 9 messages of 2 blocks; 12 blocks relayed, not yet home. 0→2[18,21] 1→0[1,4] 2→1[38,41] 3→5[30,33] 4→3[13,16] 5→4[50,53] 6→8[24,27] 7→6[7,10] 8→7[44,47]
        6: Step 3 (indirect, inside submatrices): the 2 rows whose i₂ has bit 1 set shift by 2 columns inside each group of G = 3 processors: 9 messages of 2 blocks; 12 blocks relayed, not yet home. 0→1[36,39] 1→2[19,22] 2→0[2,5] 3→4[48,51] 4→5[31,34] 5→3[14,17] 6→7[42,45] 7→8[25,28] 8→6[8,11]
        7: Step 4 (final): whole columns move to their owners: 6 messages of 6 blocks, 3 processors keep their own. 1→6[37,38,36,40,41,39] 2→3[20,18,19,23,21,22] 3→2[12,13,14,15,16,17] 4→8[49,50,48,52,53,51] 6→1[6,7,8,9,10,11] 8→4[26,24,25,29,27,28]
        8: R′ → R (local): every processor moves block R′(i, j) to slot Dr(i, j), which is cyclic(Kx) order; the redistribution is complete. 36 of 54 blocks change slot."#]]
    .assert_eq(&rendered(Scheme::Indirect, Direction::Up));
}

#[test]
fn figure_10_hybrid() {
    let sh = example();
    let plan = schedules::plan(&sh, Scheme::Hybrid(1), Direction::Up);
    assert_eq!(plan.n_steps(), lim::FIG10_HYBRID1_STEPS);
    // Figure 10(c): after the one shift, rows 0 and 3, 1 and 4, 2 and 5 of
    // the destination table are identical, and travel together.
    let t = trace::record(&plan);
    let shifted = t.state_at(4);
    let dest_row = |r: usize| {
        (0..9)
            .map(|j| shifted.grid.get(r, j) / 6)
            .collect::<Vec<_>>()
    };
    for r in 0..3 {
        assert_eq!(dest_row(r), dest_row(r + 3), "rows {r} and {}", r + 3);
    }
    let combined: Vec<Vec<u32>> = plan.row_moves().skip(1).map(|m| m.rows.clone()).collect();
    assert_eq!(combined, [[0, 3], [1, 4], [2, 5]]);
    expect![[r#"
        0: cyclic(x) → cyclic(Kx) on P = 9 processors, K = 6: one superblock of K × P = 54 blocks; G = gcd(K, P) = 3, K′ = 2, P′ = 3, and n = 2, m = 1 solve nK′ − mP′ = 1; the hybrid:1 schedule takes 4 steps.
        1: Stage 1 (local): in every column, row i moves to row (i mod K′)·G + i/K′, gathering the G rows whose blocks differ by multiples of K; S becomes S1, a grid of K′ × P′ submatrices of G × G. 36 of 54 blocks change slot.
        2: Stage 2, submatrices (local): in column j, submatrix row i₁′ moves to (i₁′·P′ + j₁) mod K′, so each run of K′ submatrices becomes a diagonal. 18 of 54 blocks change slot.
        3: Stage 2, inside submatrices (local): row i₂′ of every submatrix moves to (j₂ + i₂′) mod G; the table is S′, and Ps = ⌊S′/K⌋ is a generalized circulant matrix whose every row is a permutation. 36 of 54 blocks change slot.
        4: Step 1 (indirect, submatrix level): the 3 rows whose submatrix row i₁ has bit 0 set shift by 1 submatrix column (3 processors): 9 messages of 3 blocks; 24 blocks relayed, not yet home. 0→6[9,27,45] 1→7[46,10,28] 2→8[29,47,11] 3→0[3,21,39] 4→1[40,4,22] 5→2[23,41,5] 6→3[15,33,51] 7→4[52,16,34] 8→5[35,53,17]
        5: Step 2 (direct, combined): rows 0, 3 are identical in Ps and travel together: 6 messages of 2 blocks, 3 processors keep their own. 1→6[37,40] 2→3[20,23] 3→2[12,15] 4→8[49,52] 6→1[6,9] 8→4[26,29]
        6: Step 3 (direct, combined): rows 1, 4 are identical in Ps and travel together: 9 messages of 2 blocks. 0→3[18,21] 1→0[1,4] 2→6[38,41] 3→5[30,33] 4→2[13,16] 5→8[50,53] 6→4[24,27] 7→1[7,10] 8→7[44,47]
        7: Step 4 (direct, combined): rows 2, 5 are identical in Ps and travel together: 9 messages of 2 blocks. 0→6[36,39] 1→3[19,22] 2→0[2,5] 3→8[48,51] 4→5[31,34] 5→2[14,17] 6→7[42,45] 7→4[25,28] 8→1[8,11]
        8: R′ → R (local): every processor moves block R′(i, j) to slot Dr(i, j), which is cyclic(Kx) order; the redistribution is complete. 36 of 54 blocks change slot."#]]
    .assert_eq(&rendered(Scheme::Hybrid(1), Direction::Up));
}

#[test]
fn multiphase_and_dual() {
    let plan = schedules::plan(&example(), Scheme::Multiphase, Direction::Up);
    let per_phase: Vec<usize> = plan
        .actions
        .iter()
        .filter_map(|a| match a {
            Action::Rows(m) => m.phase.map(|p| p.index),
            Action::Columns(_) => None,
        })
        .fold(vec![0; 2], |mut acc, i| {
            acc[i] += 1;
            acc
        });
    assert_eq!(per_phase, [2, 3]); // 6 = 2 · 3: cyclic(x) → cyclic(2x) → cyclic(6x)
    expect![[r#"
        0: cyclic(Kx) → cyclic(x) (the dual: ℜ(K, P) run backwards) on P = 9 processors, K = 6: one superblock of K × P = 54 blocks; G = gcd(K, P) = 3, K′ = 2, P′ = 3, and n = 2, m = 1 solve nK′ − mP′ = 1; the indirect schedule takes 4 steps.
        1: R → R′ (local): every processor moves the block in slot Dr(i, j) to row i, so that each row can travel as a permutation. 36 of 54 blocks change slot.
        2: Step 1 (the final step reversed): whole columns move to the processors that will forward their blocks: 6 messages of 6 blocks, 3 processors keep their own; 30 blocks relayed, not yet home. 1→6[6,7,8,9,10,11] 2→3[12,13,14,15,16,17] 3→2[20,18,19,23,21,22] 4→8[26,24,25,29,27,28] 6→1[37,38,36,40,41,39] 8→4[49,50,48,52,53,51]
        3: Step 2 (indirect, inside submatrices): the 2 rows whose i₂ has bit 1 set shift back by 2 columns inside each group of G = 3 processors: 9 messages of 2 blocks; 9 blocks relayed, not yet home. 0→2[2,5] 1→0[36,39] 2→1[19,22] 3→5[14,17] 4→3[48,51] 5→4[31,34] 6→8[8,11] 7→6[42,45] 8→7[25,28]
        4: Step 3 (indirect, inside submatrices): the 2 rows whose i₂ has bit 0 set shift back by 1 column inside each group of G = 3 processors: 9 messages of 2 blocks; 9 blocks relayed, not yet home. 0→1[1,4] 1→2[38,41] 2→0[18,21] 3→4[13,16] 4→5[50,53] 5→3[30,33] 6→7[7,10] 7→8[44,47] 8→6[24,27]
        5: Step 4 (indirect, submatrix level): the 3 rows whose submatrix row i₁ has bit 0 set shift back by 1 submatrix column (3 processors): 9 messages of 3 blocks. 0→3[3,21,39] 1→4[40,4,22] 2→5[23,41,5] 3→6[15,33,51] 4→7[52,16,34] 5→8[35,53,17] 6→0[9,27,45] 7→1[46,10,28] 8→2[29,47,11]
        6: Undoing stage 2 inside submatrices (local): row (j₂ + i₂′) mod G of every submatrix returns to row i₂′. 36 of 54 blocks change slot.
        7: Undoing stage 2 for submatrices (local): submatrix row (i₁′·P′ + j₁) mod K′ returns to row i₁′ (table S1). 18 of 54 blocks change slot.
        8: Undoing stage 1 (local): row (i mod K′)·G + i/K′ returns to row i; every processor now holds its blocks in cyclic(x) order (table S). 36 of 54 blocks change slot."#]]
    .assert_eq(&rendered(Scheme::Indirect, Direction::Down));
}

#[test]
fn table_1_and_the_introduction() {
    // §1: K = 31, P = 64 takes 6 indirect steps; direct and multiphase take 31.
    let (k, p, indirect, previous) = lim::INTRO_K31_P64;
    let sh = Shape::new(k, p).unwrap();
    let steps = |s| schedules::row_moves(&sh, s).len();
    assert_eq!(steps(Scheme::Indirect), indirect);
    assert_eq!(
        (steps(Scheme::Direct), steps(Scheme::Multiphase)),
        (previous, previous)
    );
    // Table 1, cyclic(x) → cyclic(y) with x, y, P pairwise coprime: at most
    // ⌈log x⌉ + ⌈log y⌉ + 4 indirect steps against x + y.
    use crate::redist::general::GeneralConfig;
    for (x, y, p) in [(3, 5, 8), (5, 7, 16), (7, 9, 32), (11, 13, 64)] {
        let problem = GeneralConfig {
            x,
            y,
            p,
            n: x * y * p,
        }
        .validate()
        .unwrap();
        let ours = problem.n_steps(Scheme::Indirect);
        let bound = crate::redist::shape::ceil_log2(x) + crate::redist::shape::ceil_log2(y) + 4;
        assert!(ours <= bound, "x = {x}, y = {y}: {ours} > {bound}");
        assert_eq!(problem.n_steps(Scheme::Direct), x + y);
        assert!(problem.execute(Scheme::Indirect).is_ok());
    }
}
