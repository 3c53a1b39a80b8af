//! Chapter 14, *From the CM-5 to today's clusters*: where a block sits
//! during Bruck's algorithm, how many steps an all-to-all takes, and which
//! algorithm an MPI library runs. Every answer is read from the core: the
//! carries of [`Bruck`], the steps of [`ExchangePlan`] and the rules of
//! [`crate::core::algo::cm5::libraries`].

use super::link::kv;
use super::{Answer, Exercise, FigureLink, number, pick, stream};
use crate::core::algo::cm5::bruck::Bruck;
use crate::core::algo::cm5::exchange::{Exchange, ExchangePlan};
use crate::core::algo::cm5::libraries::Library;
use serde_json::json;

const CHAPTER: &str = "today";

/// The chapter's exercises for `seed`.
pub fn generate(seed: u64) -> Vec<Exercise> {
    vec![bruck_block(seed), steps(seed), library(seed)]
}

/// Choice: the block at one position of one processor after step k.
fn bruck_block(seed: u64) -> Exercise {
    let id = "bruck-block";
    let mut rng = stream(seed, id);
    let p = pick(&mut rng, &[5, 6, 7, 8, 10, 12]);
    let b = Bruck::new(p).expect("2 ≤ p ≤ 12");
    let k = 1 + rng.below(b.steps.len());
    let r = rng.below(p);
    let q = 1 + rng.below(p - 1);
    let held = b.slots_after(k);
    let right = held[r][q];
    // Distractors: the block there before the step, the block the rule
    // would bring from the other side, and r's own block for r + q.
    let mut options = vec![right, b.slots_after(k - 1)[r][q], ((r + p - q) % p, r).into_block(), (r, (r + q) % p).into_block()];
    options.sort_unstable();
    options.dedup();
    let mut extra = 1;
    while options.len() < 4 {
        let cand = held[(r + extra) % p][q];
        if !options.contains(&cand) {
            options.push(cand);
        }
        extra += 1;
    }
    // A fixed order that does not give the answer away: by the draw.
    let shift = rng.below(options.len());
    options.rotate_left(shift);
    let index = options.iter().position(|&o| o == right).unwrap_or(0);
    Exercise {
        id,
        title: format!("Bruck on {p}: position {q} of P{r} after step {k}"),
        text: format!(
            "Bruck's all-to-all runs on p = {p} processors. After the first rotation, position q of processor r holds r's \
             block for (r + q) mod p; in step k every processor sends the blocks at the positions whose bit k − 1 is set \
             to r + 2^(k−1) mod p, which puts them at the same positions there. Which block (source→destination) is at \
             position {q} of processor {r} after step {k}?"
        ),
        instance: json!({ "p": p, "step": k, "processor": r, "position": q }),
        choices: options.iter().map(|&(s, d)| format!("{s}→{d}")).collect(),
        answer: Answer::Choice { index },
        explanation: format!(
            "{}→{}. A block at position q moves by the binary digits of q, lowest first: q = {q} moves by {}. \
             After step {k} the block at position {q} of P{r} has made the moves of the first {k} digits, so it \
             left its source that many places to the left [Bruck et al. 1997 §3].",
            right.0,
            right.1,
            (0..b.steps.len())
                .filter(|i| q >> i & 1 == 1)
                .map(|i| (1usize << i).to_string())
                .collect::<Vec<_>>()
                .join(" + ")
        ),
        figure: FigureLink::new(CHAPTER, "bruck-steps", &[kv("p", p), kv("step", k + 1)]),
    }
}

/// (source, destination) from processor numbers.
trait IntoBlock {
    fn into_block(self) -> (u32, u32);
}

impl IntoBlock for (usize, usize) {
    fn into_block(self) -> (u32, u32) {
        (self.0 as u32, self.1 as u32)
    }
}

/// Numeric: how many steps (messages per processor) an all-to-all takes.
fn steps(seed: u64) -> Exercise {
    let id = "alltoall-steps";
    let mut rng = stream(seed, id);
    let e = pick(&mut rng, &[Exchange::Bruck, Exchange::Shift, Exchange::Bruck]);
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
                Exchange::Bruck => "Bruck's algorithm, which sends in step k the blocks whose rotated index has bit k set to r + 2^k",
                _ => "the shift (Open MPI's pairwise), which sends to r + i and receives from r − i in step i",
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
        figure: FigureLink::new(CHAPTER, "map-mpich", &[kv("by", "mpich")]),
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
    let options = [Exchange::Bruck, Exchange::Linear, Exchange::Shift, Exchange::Pex];
    let index = options.iter().position(|&e| e == right).unwrap_or(0);
    let by = match lib {
        Library::Mpich => "mpich",
        Library::OpenMpi => "openmpi",
    };
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
                                   (Thakur, Rabenseifner and Gropp 2005)."
                    .to_string(),
                Library::OpenMpi => "Open MPI 4.1's fixed rule is a table of thresholds on the process count and the \
                                     block size; its linear_sync posts every send at once too, so the book counts it \
                                     as the linear burst (coll_tuned_decision_fixed.c of Open MPI 4.1.4)."
                    .to_string(),
            }
        ),
        figure: FigureLink::new(
            CHAPTER,
            if by == "mpich" { "map-mpich" } else { "map-openmpi" },
            &[kv("by", by)],
        ),
    }
}
