//! Chapter 9, *Redistributing block-cyclic arrays*: rows of S′ and R′,
//! the hybrid schedule's steps, and direct against indirect on a GDM
//! machine.

use super::board::{self, Board, Build, Focus, Spot};
use super::grader::{Grader, ModelStep, Step, StepAnswer};
use super::link::kv;
use super::{Answer, Exercise, FigureLink, clear_min, pick, stream};
use crate::core::cost::gdm::Gdm;
use crate::core::redist::sweep::{KSweepConfig, KSweeping, time};
use crate::core::redist::{Direction, Scheme, Shape, Table, Tables, schedules};
use serde_json::json;

const CHAPTER: &str = "redistribution";
/// Bytes per element in the GDM predictions (the book's figures use 4).
const ELEMENT_BYTES: u64 = 4;

/// The chapter's exercises for `seed`.
pub fn generate(seed: u64) -> Vec<Exercise> {
    vec![
        table_row(seed),
        hybrid_steps(seed),
        direct_or_indirect(seed),
    ]
}

fn row(t: &Table, i: usize) -> Vec<usize> {
    t.row(i).iter().map(|&c| c as usize).collect()
}

fn table_text(t: &Table) -> String {
    t.render()
        .lines()
        .map(|l| format!("  {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

fn tables_link(k: usize, p: usize, extra: &[(&'static str, String)]) -> FigureLink {
    let mut settings = vec![kv("k", k), kv("p", p)];
    settings.extend_from_slice(extra);
    FigureLink::new(CHAPTER, "tables", &settings)
}

/// A redistribution table as a board's table.
fn board_table(title: &str, t: &Table) -> board::Table {
    board::Table {
        title: title.into(),
        cells: t
            .to_rows()
            .iter()
            .map(|r| r.iter().map(u32::to_string).collect())
            .collect(),
    }
}

/// The given tables (S and Ds, or S′) and the one to fill (S′ or R′),
/// empty: row by row, the reader points at the given blocks (not at Ds's
/// row numbers) in the order the filled row holds them.
fn fill_board(t: &Tables, to_rp: bool) -> Board {
    let mut tables = if to_rp {
        vec![board_table("S′ (given)", &t.sp)]
    } else {
        vec![
            board_table("S (given)", &t.s),
            board_table("Ds (given)", &t.ds),
        ]
    };
    let fill_name = if to_rp {
        "R′ (to fill)"
    } else {
        "S′ (to fill)"
    };
    let (rows, cols) = (t.s.to_rows().len(), t.s.row(0).len());
    tables.push(board::Table {
        title: fill_name.into(),
        cells: vec![vec![String::new(); cols]; rows],
    });
    let fill = tables.len() - 1;
    let b = Board {
        shape: board::Shape::Tables(tables),
        steps: Vec::new(),
    };
    let picks: Vec<(Spot, usize)> = (0..rows)
        .flat_map(|row| b.row_picks(0, row, |_, text| text.parse().ok()))
        .collect();
    let steps = (0..rows)
        .map(|i| Focus {
            on: (0..cols)
                .map(|col| Spot::Cell {
                    table: fill,
                    row: i,
                    col,
                })
                .collect(),
            picks: picks.clone(),
            build: Build::Sequence,
            writes: Some((fill, i)),
            shows: Vec::new(),
            elsewhere: format!(
                "Point at blocks of {}: row {i} of the table to fill is made of them{}.",
                if to_rp { "S′" } else { "S" },
                if to_rp {
                    ""
                } else {
                    " (Ds only says which row to take them from)"
                }
            ),
        })
        .collect();
    Board { steps, ..b }
}

/// Do it yourself: the rows of S′ (from S and Ds) or of R′ (from S′).
fn table_row(seed: u64) -> Exercise {
    let id = "table-row";
    let mut rng = stream(seed, id);
    let (k, p) = pick(
        &mut rng,
        &[(3, 4), (4, 6), (6, 9), (4, 8), (5, 7), (6, 4), (3, 9)],
    );
    let to_rp = rng.below(2) == 1;
    let sh = Shape::new(k, p).expect("K, P small");
    let t = Tables::new(&sh);
    let mut steps = Vec::new();
    for i in 0..k {
        let (answer, rule, why, same) = if to_rp {
            let ps = row(&t.ps, i);
            (
                row(&t.rp, i),
                format!(
                    "The row transformation [003 §3.3-3.4]: R′({i}, Ps({i}, j)) = S′({i}, j), where \
                     Ps({i}, j) = ⌊S′({i}, j) / {k}⌋ is the processor that must receive block S′({i}, j)."
                ),
                format!(
                    "Row {i} of Ps is {:?}: each block moves to the column of its destination processor.",
                    ps
                ),
                (
                    row(&t.sp, i),
                    format!("that is row {i} of S′ itself: its blocks still sit at their senders"),
                ),
            )
        } else {
            let ds = row(&t.ds, i);
            (
                row(&t.sp, i),
                format!(
                    "The column transformations [003 §4, Theorem 2]: S′({i}, j) = S(Ds({i}, j), j), the block of \
                     column j that Ds names for row {i}."
                ),
                format!("Row {i} of Ds is {ds:?}: column j takes S's block from row Ds({i}, j)."),
                (
                    row(&t.s, i),
                    format!(
                        "that is row {i} of S: the column transformations move blocks within each column"
                    ),
                ),
            )
        };
        steps.push(Step {
            model: ModelStep {
                prompt: format!("Row {i} of {}?", if to_rp { "R′" } else { "S′" }),
                answer: StepAnswer::Row(answer),
                rule,
                why,
            },
            notes: vec![(StepAnswer::Row(same.0), same.1)],
            other: String::new(),
        });
    }
    let grader = Grader::new(steps).on(fill_board(&t, to_rp));
    let (text, instance) = if to_rp {
        (
            format!(
                "ℜ(K = {k}, P = {p}): one superblock of K × P blocks, column j held by processor j. After the \
                 column transformations it reads S′ =\n{}\nFill R′ row by row: the row transformation sends \
                 every block of row i to the column of the processor that owns it in cyclic(Kx), \
                 Ps(i, j) = ⌊S′(i, j)/K⌋ [003 §3.4].",
                table_text(&t.sp)
            ),
            json!({ "k": k, "p": p, "given": { "Sp": t.sp.to_rows() }, "fill": "Rp" }),
        )
    } else {
        (
            format!(
                "ℜ(K = {k}, P = {p}): one superblock of K × P blocks in cyclic(x) order, S(i, j) = i·P + j:\n{}\n\
                 The send data location table Ds says which row of its column every block of S′ comes from:\n{}\n\
                 Fill S′ row by row, S′(i, j) = S(Ds(i, j), j) [003 §4].",
                table_text(&t.s),
                table_text(&t.ds)
            ),
            json!({ "k": k, "p": p, "given": { "S": t.s.to_rows(), "Ds": t.ds.to_rows() }, "fill": "Sp" }),
        )
    };
    Exercise {
        id,
        title: format!("Fill {} for ℜ({k}, {p})", if to_rp { "R′" } else { "S′" }),
        text,
        instance,
        choices: Vec::new(),
        answer: Answer::Steps(grader),
        explanation: if to_rp {
            "Every row of Ps is a permutation of the processors (Theorem 1: Ps is a generalized circulant \
             matrix), so the row transformation is a set of permutations: no processor sends or receives twice \
             in a step, and every schedule of Theorem 3 is built from such rows [003 §3.4, §4]."
                .into()
        } else {
            "The column transformations are local: each processor only reorders its own column, so that \
             afterwards every row of S′ holds exactly one block for each processor and the communication can \
             proceed row by row as permutations [003 §3.3, §4, Theorem 2]."
                .into()
        },
        figure: tables_link(k, p, &[]),
    }
}

/// Numeric: how many steps the hybrid schedule takes.
fn hybrid_steps(seed: u64) -> Exercise {
    let id = "hybrid-steps";
    let mut rng = stream(seed, id);
    let k = 4 + rng.below(13);
    let p = pick(&mut rng, &[4, 6, 8, 9, 12, 16]);
    let sh = Shape::new(k, p).expect("K, P small");
    let d = rng.below(sh.max_degree() + 1);
    let steps = |s: Scheme| schedules::plan(&sh, s, Direction::Up).n_steps();
    let value = steps(Scheme::Hybrid(d));
    Exercise {
        id,
        title: format!("Steps of the hybrid schedule for K = {k}, d = {d}"),
        text: format!(
            "ℜ(K = {k}, P = {p}): G = gcd(K, P) = {}, K′ = K/G = {}. The hybrid schedule of degree d performs \
             the first d combine-and-forward shift steps of the indirect schedule (the indirect schedule has \
             ⌈log K′⌉ + ⌈log G⌉ = {} of them), then delivers directly the rows those shifts made identical \
             [003 §4, Theorem 3]. How many communication steps does the hybrid schedule take for d = {d}?",
            sh.g,
            sh.kp,
            sh.max_degree()
        ),
        instance: json!({ "k": k, "p": p, "d": d }),
        choices: Vec::new(),
        answer: Answer::Number {
            value: value as f64,
            tolerance: 0.0,
        },
        explanation: format!(
            "{value} steps: the direct schedule takes {}, the indirect one {}. Each shift step halves the \
             number of distinct rows left to deliver, so hybrid:d takes about d + ⌈K/2^d⌉ steps (Theorem 3 \
             counts exactly that when the shifts can be split that way; the book's plans count the steps they \
             actually make) [003 §4].",
            steps(Scheme::Direct),
            steps(Scheme::Indirect)
        ),
        figure: tables_link(k, p, &[kv("schedule", "hybrid"), kv("d", d)]),
    }
}

/// Choice: direct or indirect on a GDM machine.
fn direct_or_indirect(seed: u64) -> Exercise {
    let id = "direct-or-indirect";
    let mut rng = stream(seed, id);
    let mut case = None;
    for _ in 0..24 {
        let p = pick(&mut rng, &[8, 12, 16]);
        let k = 2 + rng.below(p - 1);
        let n = pick(&mut rng, &[4_000, 40_000, 400_000, 4_000_000]);
        let gdm = pick(&mut rng, &[Gdm::SP2, Gdm::T3D]);
        let config = KSweepConfig {
            p,
            n,
            b: ELEMENT_BYTES,
            gdm,
        };
        let Ok(sweep) = KSweeping::new(config) else {
            continue;
        };
        let s = crate::core::step::run(Box::new(sweep));
        let Some(r) = s.rows.iter().find(|r| r.k == k).cloned() else {
            continue;
        };
        let clear = clear_min(&[r.direct.us, r.indirect.us], 0.02).is_some();
        case = Some((config, r));
        if clear {
            break;
        }
    }
    let (config, r) = case.expect("a sweep of P ≥ 8 has every K from 2 to P");
    let index = usize::from(r.indirect.us < r.direct.us);
    Exercise {
        id,
        title: format!("Direct or indirect for K = {}, P = {}", r.k, config.p),
        text: format!(
            "An array of N = {} elements of {ELEMENT_BYTES} bytes goes from cyclic(x) to cyclic(Kx) with \
             K = {}, on P = {} processors of {}. The GDM model charges a step T_d + m·τ_d, m its largest \
             message (T_d = {} µs, τ_d = {} µs/byte) [003 §5]. The direct schedule sends every block straight \
             to its owner, in more steps; the indirect schedule needs only ⌈log K′⌉ + ⌈log G⌉ + 1 steps but \
             forwards blocks through intermediate processors [003 §4, Theorem 3]. Which is faster?",
            config.n,
            r.k,
            config.p,
            config.gdm.title(),
            config.gdm.t_d_us,
            config.gdm.tau_d_us_per_byte
        ),
        instance: json!({ "n": config.n, "k": r.k, "p": config.p, "machine": config.gdm.name }),
        choices: vec!["direct".into(), "indirect".into()],
        answer: Answer::Choice { index },
        explanation: format!(
            "Direct: {} steps, {}; indirect: {} steps, {}; the best hybrid (degree {}) {}. Indirect saves \
             start-ups and pays in bytes, since a block may be forwarded up to ⌈log K⌉ times: it wins when \
             T_d dominates, that is for small arrays or a large T_d/τ_d, and loses when the messages are \
             long [003 §5, Figures 14-15, 20].",
            r.direct.steps,
            time(r.direct.us),
            r.indirect.steps,
            time(r.indirect.us),
            r.hybrid_d,
            time(r.hybrid.us)
        ),
        figure: FigureLink::new(
            CHAPTER,
            "sweep",
            &[
                kv("p", config.p),
                kv("n", config.n),
                kv("machine", config.gdm.name),
                kv("step", r.k - 1),
            ],
        ),
    }
}
