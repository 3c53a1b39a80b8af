//! Chapter 2, *Compacting the communication matrix*: filling CGM's holes
//! from `pvt`, the probes of an iteration, and what `Random_Swap` buys.

use super::board::{Board, Build, Focus, Shape as BoardShape, Spot};
use super::grader::{Grader, ModelStep, Step, StepAnswer};
use super::link::kv;
use super::masking::{Ev, Turn, turns};
use super::{Answer, Exercise, FigureLink, figure_seed, pick, stream};
use crate::core::algo::ccom::RowOrder;
use crate::core::algo::cgm::{self, CgmEvent, CgmState, CgmTrace};
use crate::core::com::Com;
use crate::core::com::fig7::Fig7Config;
use crate::core::rng::Rng;
use crate::core::trace::Trace;
use serde_json::json;

const CHAPTER: &str = "compaction";

/// The chapter's exercises for `seed`.
pub fn generate(seed: u64) -> Vec<Exercise> {
    vec![ccom_fill(seed), cgm_probes(seed), random_swap(seed)]
}

/// A small Figure 7 matrix: (n, d, figure seed, COM).
pub(super) fn small_matrix(rng: &mut Rng, ns: &[usize], ds: &[usize]) -> (usize, usize, u64, Com) {
    let n = pick(rng, ns);
    let d = pick(rng, ds).min(n - 1);
    let s = figure_seed(rng);
    let com = Fig7Config::new(n, d, s)
        .generate()
        .expect("1 ≤ d < n and n small: a valid Figure 7 setting");
    (n, d, s, com)
}

/// The active part of every row of CCOM in a state.
pub(super) fn ccom_rows(st: &CgmState) -> Vec<Vec<usize>> {
    (0..st.n)
        .map(|i| {
            let len = (st.pvt[i] + 1).max(0) as usize;
            st.ccom[i * st.width..i * st.width + len]
                .iter()
                .map(|&y| y as usize)
                .collect()
        })
        .collect()
}

/// Iteration `iter` of a CGM trace: the position of its start step, the
/// state before it and the steps `start..=end` it spans.
pub(super) fn iteration(t: &Trace<CgmState>, iter: usize) -> Option<(usize, usize)> {
    let find =
        |want: &dyn Fn(&CgmEvent) -> bool| (1..=t.len()).find(|&k| t.events(k).iter().any(want));
    let start = find(&|e| matches!(e, CgmEvent::Start { iter: i, .. } if *i == iter))?;
    let end = find(&|e| matches!(e, CgmEvent::End { iter: i, .. } if *i == iter))?;
    Some((start, end))
}

/// The rows' turns of iteration `iter` and the state at its start (after
/// its start step: masks cleared, start row drawn).
pub(super) fn cgm_turns(t: &CgmTrace, iter: usize) -> Option<(CgmState, Vec<Turn>)> {
    let (start, end) = iteration(&t.iterations, iter)?;
    let state = t.iterations.state_at(start);
    let rows = ccom_rows(&state);
    let evs: Vec<Ev> = (start..=end)
        .flat_map(|k| t.iterations.events(k))
        .filter_map(|e| match *e {
            CgmEvent::Skip { row } | CgmEvent::GiveUp { row } => Some(Ev::Visit(row)),
            CgmEvent::Probe {
                row,
                y,
                taken_by: Some(by),
                ..
            } => Some(Ev::Refused { row, dst: y, by }),
            CgmEvent::Chose { row, y, .. } => Some(Ev::Chose { row, dst: y }),
            _ => None,
        })
        .collect();
    Some((state, turns(&evs, |r| rows[r].clone())))
}

/// CCOM's active parts as a board's table.
pub(super) fn ccom_table(rows: &[Vec<usize>]) -> super::board::Table {
    super::board::Table {
        title: "CCOM (active part of each row)".into(),
        cells: rows
            .iter()
            .map(|r| r.iter().map(usize::to_string).collect())
            .collect(),
    }
}

/// CCOM's rows as text, with pvt.
pub(super) fn ccom_text(rows: &[Vec<usize>]) -> String {
    rows.iter()
        .enumerate()
        .map(|(i, r)| {
            let v: Vec<String> = r.iter().map(usize::to_string).collect();
            format!(
                "  row {i:>2}: [{}]  pvt = {}",
                v.join(", "),
                r.len() as i64 - 1
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn ccom_link(n: usize, d: usize, s: u64, shuffle: &str) -> FigureLink {
    FigureLink::new(
        CHAPTER,
        "ccom",
        &[
            kv("n", n),
            kv("d", d),
            kv("seed", s),
            kv("shuffle", shuffle),
        ],
    )
}

/// Do it yourself: fill the hole of each claim from pvt.
fn ccom_fill(seed: u64) -> Exercise {
    let id = "ccom-fill";
    let mut rng = stream(seed, id);
    let (n, d, s, com) = small_matrix(&mut rng, &[6, 7, 8], &[3, 4]);
    let iter = 1 + rng.below(2);
    let t = cgm::trace(&com, s);
    let (start, end) = iteration(&t.iterations, iter).expect("d ≥ 3: at least three iterations");
    let first = t.iterations.state_at(start);
    // The claims of the iteration (trace step, row, column, receiver); the
    // ones that leave a hole inside the row first, five of them, kept in
    // the order the iteration makes them.
    let mut claims: Vec<(usize, usize, usize, usize)> = (start..=end)
        .filter_map(|k| {
            t.iterations.events(k).iter().find_map(|e| match *e {
                CgmEvent::Chose { row, z, y, .. } => Some((k, row, z, y)),
                _ => None,
            })
        })
        .collect();
    crate::core::sorting::sort_by_u64(&mut claims, |&(k, row, z, _)| {
        let last = ccom_rows(&t.iterations.state_at(k - 1))[row].len() - 1;
        u64::from(z == last)
    });
    claims.truncate(5);
    crate::core::sorting::sort_by_u64(&mut claims, |c| c.0 as u64);
    let subjects: Vec<[usize; 3]> = claims.iter().map(|&(_, row, z, y)| [row, z, y]).collect();
    let mut steps = Vec::new();
    let mut foci = Vec::new();
    for (k, row, z, y) in claims {
        let before = ccom_rows(&t.iterations.state_at(k - 1))[row].clone();
        foci.push(Focus {
            on: (0..before.len())
                .map(|col| Spot::Cell { table: 0, row, col })
                .collect(),
            picks: before
                .iter()
                .enumerate()
                .map(|(col, &v)| (Spot::Cell { table: 0, row, col }, v))
                .collect(),
            build: Build::Sequence,
            writes: Some((0, row)),
            shows: Vec::new(),
            elsewhere: format!(
                "This step rewrites row {row}: point at its entries in their new order."
            ),
        });
        let after = ccom_rows(&t.iterations.state_at(k))[row].clone();
        let last = before.len() - 1;
        let mut shifted = before.clone();
        shifted.remove(z);
        let mut notes = vec![(
            StepAnswer::Row(before.clone()),
            format!("the claimed entry {y} must leave the active part of the row"),
        )];
        if shifted != after {
            notes.push((
                StepAnswer::Row(shifted),
                "that shifts the rest of the row left, up to d moves; CGM moves only the last active \
                 entry into the hole"
                    .into(),
            ));
        }
        let why = if z == last {
            format!(
                "The claimed entry {y} was the last active one (z = pvt = {z}): it becomes −1 and pvt({row}) drops to {}.",
                last as i64 - 1
            )
        } else {
            format!(
                "CCOM({row}, {last}) = {} moves into the hole at column {z}, CCOM({row}, {last}) becomes −1 and pvt({row}) drops to {}.",
                before[last],
                last as i64 - 1
            )
        };
        let cells: Vec<String> = before.iter().map(usize::to_string).collect();
        steps.push(Step {
            model: ModelStep {
                prompt: format!(
                    "Row {row} claims CCOM({row}, {z}) = {y} from its active part [{}] (pvt({row}) = {last}). \
                     What is the active part after the claim?",
                    cells.join(", ")
                ),
                answer: StepAnswer::Row(after),
                rule: format!(
                    "CGM [000 Figure 6, step 2c]: after claiming CCOM(x, z), set CCOM(x, z) = CCOM(x, pvt(x)), \
                     CCOM(x, pvt(x)) = −1 and pvt(x) = pvt(x) − 1; here x = {row}, z = {z}, pvt(x) = {last}."
                ),
                why,
            },
            notes,
            other: String::new(),
        });
    }
    let rows = ccom_rows(&first);
    let claims = steps.len();
    Exercise {
        id,
        title: "Filling CGM's holes from pvt".into(),
        text: format!(
            "CGM has compacted a Figure 7 matrix (n = {n}, d = {d}) into CCOM, each row shuffled by \
             Random_Swap [000 §4, Figure 5]. At the start of iteration {iter} CCOM holds\n{}\nThe iteration \
             starts at row {}. For {claims} of its claims, write the row's active part after CGM has claimed \
             the entry and filled the hole it leaves.",
            ccom_text(&rows),
            first.x.unwrap_or(0)
        ),
        instance: json!({
            "n": n, "d": d, "seed": s, "iteration": iter, "ccom": rows, "start": first.x, "claims": subjects,
        }),
        choices: Vec::new(),
        answer: Answer::Steps(Grader::new(steps).on(Board {
            shape: BoardShape::Tables(vec![ccom_table(&rows)]),
            steps: foci,
        })),
        explanation: "Moving the last active entry into the hole costs one move and keeps the active part \
             of every row contiguous, CCOM(x, 0..pvt(x)) with no −1 inside, so later searches never step \
             over a dead entry [000 §4]. The row's order changes, which does no harm: Random_Swap had \
             shuffled it anyway."
            .into(),
        figure: FigureLink::new(
            "cgm",
            "gmcgm",
            &[kv("n", n), kv("d", d), kv("seed", s)],
        ),
    }
}

/// Numeric: the probes of CGM's first iteration.
fn cgm_probes(seed: u64) -> Exercise {
    let id = "cgm-probes";
    let mut rng = stream(seed, id);
    let (n, d, s, com) = small_matrix(&mut rng, &[6, 8, 10], &[2, 3, 4]);
    let t = cgm::trace(&com, s);
    let (start, end) =
        iteration(&t.iterations, 1).expect("a matrix with messages has an iteration 1");
    let first = t.iterations.state_at(start);
    let last = t.iterations.state_at(end);
    let probes = last.probes - first.probes;
    let collisions = last.collisions - first.collisions;
    let claims = last.sent - first.sent;
    let rows = ccom_rows(&first);
    Exercise {
        id,
        title: "The probes of one CGM iteration".into(),
        text: format!(
            "CCOM of a Figure 7 matrix (n = {n}, d = {d}) after compaction [000 §4]:\n{}\nIteration 1 starts \
             at row {} and visits the rows in cyclic order; each row examines its active entries from column 0 \
             and claims the first whose receiver is free. How many probes (CCOM entries examined) does \
             iteration 1 make?",
            ccom_text(&rows),
            first.x.unwrap_or(0)
        ),
        instance: json!({ "n": n, "d": d, "seed": s, "ccom": rows, "start": first.x }),
        choices: Vec::new(),
        answer: Answer::Number {
            value: probes as f64,
            tolerance: 0.0,
        },
        explanation: format!(
            "Iteration 1 claims {claims} messages and collides {collisions} times (an entry whose receiver \
             was already taken): {probes} probes. A probe either claims or collides, because CGM never looks \
             at a −1; GM would also have paid for every zero of COM it walked over [000 §4]."
        ),
        figure: FigureLink::new("cgm", "gmcgm", &[kv("n", n), kv("d", d), kv("seed", s)]),
    }
}

/// Choice: what CGM's probes do without Random_Swap.
fn random_swap(seed: u64) -> Exercise {
    let id = "random-swap";
    let mut rng = stream(seed, id);
    let (n, d, s, com) = small_matrix(&mut rng, &[16, 24, 32], &[4, 6, 8]);
    let on = cgm::run_ordered(&com, s, RowOrder::Shuffled);
    let off = cgm::run_ordered(&com, s, RowOrder::Sorted);
    let index = match off.probes.cmp(&on.probes) {
        std::cmp::Ordering::Greater => 0,
        std::cmp::Ordering::Less => 1,
        std::cmp::Ordering::Equal => 2,
    };
    Exercise {
        id,
        title: "What Random_Swap buys".into(),
        text: format!(
            "CGM schedules a Figure 7 matrix with n = {n}, d = {d} (figure seed {s}). If Random_Swap is \
             switched off, so that every row of CCOM keeps COM's ascending column order [000 §4, Figure 5], \
             does CGM make more probes, fewer probes, or the same number as with the shuffle?"
        ),
        instance: json!({ "n": n, "d": d, "seed": s }),
        choices: vec![
            "more probes".into(),
            "fewer probes".into(),
            "the same number".into(),
        ],
        answer: Answer::Choice { index },
        explanation: format!(
            "With Random_Swap CGM makes {} probes in {} permutations; without it {} probes in {}. Sorted rows \
             all try their lowest-numbered receivers first, so the rows visited later in an iteration collide \
             on the receivers claimed earlier; the shuffle spreads the first tries [000 §4]. The number of \
             permutations hardly moves: the shuffle saves work, not phases.",
            on.probes,
            on.schedule.len(),
            off.probes,
            off.schedule.len()
        ),
        figure: ccom_link(n, d, s, "off"),
    }
}
