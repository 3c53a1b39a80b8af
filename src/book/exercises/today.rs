//! Chapter 14, *From the CM-5 to today's clusters*: the blocks one
//! processor sends in each step of Bruck's algorithm, how many steps an all-to-all takes, and which
//! algorithm an MPI library runs. Every answer is read from the core: the
//! carries of [`Bruck`], the steps of [`ExchangePlan`] and the rules of
//! [`crate::core::algo::cm5::libraries`].

use super::board::{self, Board, Build, Focus, Spot};
use super::grader::{Grader, ModelStep, Step, StepAnswer};
use super::link::kv;
use super::{Answer, Exercise, FigureLink, number, pick, stream};
use crate::core::algo::cm5::bruck::Bruck;
use crate::core::algo::cm5::exchange::{Exchange, ExchangePlan};
use crate::core::algo::cm5::libraries::Library;
use serde_json::json;

const CHAPTER: &str = "today";

/// The chapter's exercises for `seed`.
pub fn generate(seed: u64) -> Vec<Exercise> {
    vec![bruck_step(seed), steps(seed), library(seed)]
}

/// Do it yourself: one processor's messages in Bruck's algorithm, step by
/// step (the destinations of the blocks each one carries).
fn bruck_step(seed: u64) -> Exercise {
    let id = "bruck-step";
    let mut rng = stream(seed, id);
    let p = pick(&mut rng, &[5, 6, 7, 8, 10, 12]);
    let b = Bruck::new(p).expect("2 ≤ p ≤ 12");
    let r = rng.below(p);
    let mut steps = Vec::new();
    let mut rows = Vec::new();
    for (i, step) in b.steps.iter().enumerate() {
        let k = i + 1;
        let to = step.carries[r].to;
        let dests: Vec<usize> = step.carries[r]
            .blocks
            .iter()
            .map(|&(_, d)| d as usize)
            .collect();
        rows.push(dests.clone());
        let moved: Vec<usize> = (0..p).filter(|q| q & step.distance != 0).collect();
        // The slip of forgetting that earlier steps brought relayed blocks:
        // r's own blocks for r + q at those positions.
        let own: Vec<usize> = moved.iter().map(|q| (r + q) % p).collect();
        let mut notes = Vec::new();
        if own != dests {
            notes.push((
                StepAnswer::Row(own),
                format!(
                    "those are P{r}'s own blocks for r + q; by step {k} some positions hold blocks that earlier \
                     steps brought from the left, and they travel on"
                ),
            ));
        }
        steps.push(Step {
            model: ModelStep {
                prompt: format!(
                    "Step {k}: P{r} sends to P{to} the blocks at positions {}. List their destinations, in the \
                     order of the positions.",
                    moved.iter().map(usize::to_string).collect::<Vec<_>>().join(", ")
                ),
                answer: StepAnswer::Row(dests.clone()),
                rule: format!(
                    "Bruck [Bruck et al. 1997 §3]: in step {k} every processor sends the positions whose bit {} is \
                     set to r + {} mod {p}; the block at position q is bound for the processor q places to the \
                     right of where it started.",
                    k - 1,
                    step.distance
                ),
                why: format!(
                    "P{r} sends {} blocks, bound for {}.",
                    dests.len(),
                    dests.iter().map(|d| format!("P{d}")).collect::<Vec<_>>().join(", ")
                ),
            },
            notes,
            other: format!("list {} destinations, each below {p}", dests.len()),
        });
    }
    Exercise {
        id,
        title: format!("P{r}'s messages in Bruck's all-to-all on {p}"),
        text: format!(
            "Bruck's all-to-all on p = {p} processors. After the first rotation, position q of processor r holds \
             r's block for (r + q) mod p. In step k every processor sends, in one message, the blocks at the \
             positions whose bit k − 1 is set to processor r + 2^(k−1) mod p, which keeps them at the same \
             positions. For each of the {} steps, give the destinations of the blocks P{r} sends.",
            b.steps.len()
        ),
        instance: json!({ "p": p, "processor": r }),
        choices: Vec::new(),
        answer: Answer::Steps(Grader::new(steps).on(rotated_board(&b, r))),
        explanation: format!(
            "P{r} sends blocks for {} [Bruck et al. 1997 §3]. A block at position q moves by the binary digits of \
             q, lowest first, so after step k it has moved by q's lowest k digits: blocks are relayed, and each \
             message carries blocks from several sources.",
            rows.iter()
                .map(|d| format!(
                    "[{}]",
                    d.iter()
                        .map(usize::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                ))
                .collect::<Vec<_>>()
                .join(", then ")
        ),
        figure: FigureLink::new(CHAPTER, "bruck_steps", &[kv("p", p), kv("step", 2)]),
    }
}

/// The machine after the first rotation, one row per processor and one
/// column per position, each cell its block's destination: a block P_r
/// sends in step k sat, before the first step, in the same column of a
/// row to its left, and the reader points at it there (the board is
/// about P_r's row and the step's positions).
fn rotated_board(b: &Bruck, r: usize) -> Board {
    let p = b.p;
    let cells = (0..p)
        .map(|s| (0..p).map(|q| ((s + q) % p).to_string()).collect())
        .collect();
    let mut board = Board {
        shape: board::Shape::Tables(vec![board::Table {
            title: format!(
                "After the first rotation: row s is P_s, column q its position q, each cell the destination of the block there (row {r} is P{r})"
            ),
            cells,
        }]),
        steps: Vec::new(),
    };
    let picks: Vec<(Spot, usize)> = (0..p)
        .flat_map(|row| board.row_picks(0, row, |_, text| text.parse().ok()))
        .collect();
    board.steps = b
        .steps
        .iter()
        .map(|step| Focus {
            on: (0..p)
                .filter(|q| q & step.distance != 0)
                .map(|col| Spot::Cell {
                    table: 0,
                    row: r,
                    col,
                })
                .collect(),
            picks: picks.clone(),
            build: Build::Sequence,
            writes: None,
            shows: Vec::new(),
            elsewhere: "Point at the blocks in the table, in the order of the positions".into(),
        })
        .collect();
    board
}

/// Numeric: how many steps (messages per processor) an all-to-all takes.
fn steps(seed: u64) -> Exercise {
    let id = "alltoall-steps";
    let mut rng = stream(seed, id);
    let e = pick(
        &mut rng,
        &[Exchange::Bruck, Exchange::Shift, Exchange::Bruck],
    );
    let p = pick(&mut rng, &[6, 12, 24, 40, 100, 200, 1000]);
    let plan = ExchangePlan::new(e, p).expect("p ≤ 1024");
    let value = plan.steps.len() as f64;
    Exercise {
        id,
        title: format!("Steps of {} on {p} processes", e.title()),
        text: format!(
            "An MPI library runs an all-to-all of p = {p} processes with {}. How many steps (messages each process \
             sends, one after the other) does it take?",
            match e {
                Exchange::Bruck =>
                    "Bruck's algorithm, which sends in step k the blocks whose rotated index has bit k set to r + 2^k",
                _ =>
                    "the shift (Open MPI's pairwise), which sends to r + i and receives from r − i in step i",
            }
        ),
        instance: json!({ "algo": e.name(), "p": p }),
        choices: Vec::new(),
        answer: Answer::Number {
            value,
            tolerance: 0.0,
        },
        explanation: format!(
            "{}. {}",
            number(value),
            match e {
                Exchange::Bruck => format!(
                    "Bruck needs ⌈lg p⌉ steps for any p: the positions 1 … p − 1 have at most ⌈lg {p}⌉ binary digits \
                     [Bruck et al. 1997 §3]; REX needs the same lg p but only for a power of two [004 §4.3]."
                ),
                _ => format!(
                    "The shift meets every other process once, one per step: p − 1 = {} steps, like PEX [004 §4.2].",
                    p - 1
                ),
            }
        ),
        figure: FigureLink::new(CHAPTER, "map_mpich", &[kv("by", "mpich")]),
    }
}

/// Choice: which algorithm a library runs for (p, bytes).
fn library(seed: u64) -> Exercise {
    let id = "alltoall-choice";
    let mut rng = stream(seed, id);
    let lib = pick(&mut rng, &[Library::Mpich, Library::OpenMpi]);
    let p = pick(&mut rng, &[8, 12, 32, 64, 100, 256]);
    let bytes = pick(&mut rng, &[64u64, 200, 1000, 4096, 40_000, 300_000]);
    let right = lib.choose(p, bytes).exchange;
    let options = [
        Exchange::Bruck,
        Exchange::Linear,
        Exchange::Shift,
        Exchange::Pex,
    ];
    let index = options.iter().position(|&e| e == right).unwrap_or(0);
    let by = lib.word();
    Exercise {
        id,
        title: format!("What {} runs for {p} processes and {bytes}-byte blocks", lib.title()),
        text: format!(
            "A program calls MPI_Alltoall on {p} processes, every block {bytes} bytes. Which algorithm does {} run, \
             by its default rule?",
            lib.title()
        ),
        instance: json!({ "library": by, "p": p, "bytes": bytes }),
        choices: options
            .iter()
            .map(|e| match e {
                Exchange::Bruck => "Bruck's".to_string(),
                Exchange::Linear => "every send at once (linear, isend-irecv)".to_string(),
                Exchange::Shift => "the shift (r → r + i)".to_string(),
                _ => "pairwise exchange by XOR (PEX)".to_string(),
            })
            .collect(),
        answer: Answer::Choice { index },
        explanation: format!(
            "{} runs \"{}\" here. {}",
            lib.title(),
            lib.choose(p, bytes).algorithm,
            match lib {
                Library::Mpich => "MPICH: Bruck up to 256 bytes from 8 processes on, every send at once up to 32 KB, \
                                   then the pairwise exchange, by XOR for a power of two and by the shift otherwise \
                                   [Thakur, Rabenseifner and Gropp 2005; MPICH's alltoall.c]."
                    .to_string(),
                Library::OpenMpi => "Open MPI 4.1's fixed rule is a table of thresholds on the process count and the \
                                     block size; its linear_sync posts every send at once too, so the book counts it \
                                     as the linear burst [Open MPI 4.1.4, coll_tuned_decision_fixed.c]."
                    .to_string(),
            }
        ),
        figure: FigureLink::new(
            CHAPTER,
            if by == "mpich" { "map_mpich" } else { "map_openmpi" },
            &[kv("by", by)],
        ),
    }
}
