//! Chapter 7, *Balanced tournament permutations*: the rounds of the
//! round-robin tournament, and max_load and sum_load of linear, XOR and
//! balanced permutations on a mesh.

use super::board::Board;
use super::grader::{Grader, ModelStep, Step, StepAnswer};
use super::link::kv;
use super::{Answer, Exercise, FigureLink, pick, stream};
use crate::core::algo::pairing::Pairing;
use crate::core::mesh::load_view::{self, SCHEMES};
use crate::core::mesh::tournament::{Player, Tournament};
use crate::core::mesh::tournament_view;
use crate::core::net::mesh::Mesh;
use serde_json::json;

const CHAPTER: &str = "tournament";

/// The chapter's exercises for `seed`.
pub fn generate(seed: u64) -> Vec<Exercise> {
    vec![tournament_round(seed), load(seed), load_winner(seed)]
}

/// Do it yourself: the matches of every round.
fn tournament_round(seed: u64) -> Exercise {
    let id = "tournament-round";
    let mut rng = stream(seed, id);
    let k = pick(&mut rng, &[8, 12, 16]);
    let m = k / 2;
    let t = Tournament::new(k);
    let trace = tournament_view::record(k);
    let pairing = Pairing::Circle { n: m, m };
    let mut steps = Vec::new();
    for (r, round) in t.rounds.iter().enumerate() {
        let pairs: Vec<(usize, usize)> = round
            .matches
            .iter()
            .filter_map(|&(a, b)| match (a, b) {
                (Player::Proc(a), Player::Proc(b)) => Some((a, b)),
                _ => None,
            })
            .collect();
        steps.push(Step {
            model: ModelStep {
                prompt: format!("Round {}: which players meet?", r + 1),
                answer: StepAnswer::Pairs(pairs),
                rule: format!(
                    "Round {} of the round-robin tournament (the 1-factor method) [001 §5.1]: {}.",
                    r + 1,
                    pairing.rule(r + 1)
                ),
                why: tournament_view::caption(k, trace.events(r + 1)),
            },
            notes: Vec::new(),
            other: String::new(),
        });
    }
    Exercise {
        id,
        title: format!("The tournament for k = {k}"),
        text: format!(
            "Balanced permutations of a k = {k} processor array come from a round-robin tournament of the left \
             half, players 0 … {} [001 §5.1]. The book plays it by the 1-factor (circle) method: in round r \
             (1 ≤ r ≤ {}), player {} plays r − 1, and every other player i plays the j with \
             i + j ≡ 2(r − 1) (mod {}). Each match i–j then becomes the 4-cycle i → j → i′ → j′ → i with \
             x′ = {} − x, and its reverse. List the matches of every round as pairs such as 0-3, 1-2.",
            m - 1,
            m - 1,
            m - 1,
            m - 1,
            k - 1
        ),
        instance: json!({ "k": k, "players": m }),
        choices: Vec::new(),
        answer: Answer::Steps({
            let rounds = steps.len();
            Grader::new(steps).on(Board::ring(m, rounds))
        }),
        explanation: format!(
            "The {} rounds meet every pair of players once; each round gives two permutations of load {} on \
             the array, and two closing permutations carry the mirror messages x ↔ x′, so the k permutations \
             all have load k/4, the least any partition of all-to-all can reach [001 §5.1].",
            m - 1,
            k / 4
        ),
        figure: FigureLink::new(CHAPTER, "tournament", &[kv("k", k), kv("step", 1)]),
    }
}

const MESHES: [(usize, usize); 5] = [(4, 4), (8, 8), (4, 8), (8, 4), (2, 8)];

/// The three schemes' (max_load, sum_load) on a mesh, as the links figure
/// computes them.
fn loads(rows: usize, cols: usize) -> ([u32; 3], [u64; 3], usize) {
    let t = load_view::record(&Mesh::new(rows, cols));
    let end = t.final_state();
    let max = [0, 1, 2].map(|s| end.schemes[s].loads.max_load);
    let sum = [0, 1, 2].map(|s| end.schemes[s].loads.sum_load);
    (max, sum, t.len())
}

fn links_link(rows: usize, cols: usize, step: usize) -> FigureLink {
    FigureLink::new(
        CHAPTER,
        "links",
        &[kv("rows", rows), kv("cols", cols), kv("step", step)],
    )
}

/// Numeric: max_load or sum_load of one scheme.
fn load(seed: u64) -> Exercise {
    let id = "load";
    let mut rng = stream(seed, id);
    let (rows, cols) = pick(&mut rng, &MESHES);
    let scheme = rng.below(3);
    let sum = rng.below(2) == 1;
    let (max, sums, len) = loads(rows, cols);
    let (what, value) = if sum {
        ("sum_load", sums[scheme] as f64)
    } else {
        ("max_load", max[scheme] as f64)
    };
    let p = rows * cols;
    Exercise {
        id,
        title: format!("{what} of the {} permutations", SCHEMES[scheme]),
        text: format!(
            "All-to-all on a mesh of {rows} × {cols} processors (p = {p}) is cut into permutations, and every permutation's \
             messages follow XY routes. The load of a permutation is the most messages crossing one directed \
             link; max_load is the largest load over the permutations and sum_load their sum [001 §5.1]. \
             What is {what} of the {} permutations{}?",
            SCHEMES[scheme],
            match scheme {
                0 => " (step i sends j → (j + i) mod p)",
                1 => " (step i sends j → j ⊕ i)",
                _ => " (the cross product of the rows' and the columns' tournaments)",
            }
        ),
        instance: json!({ "rows": rows, "cols": cols, "scheme": SCHEMES[scheme], "measure": what }),
        choices: Vec::new(),
        answer: Answer::Number {
            value,
            tolerance: 0.0,
        },
        explanation: format!(
            "On this mesh max_load is {}, {} and {} and sum_load {}, {} and {} for linear, XOR and balanced. \
             On a √p × √p mesh the paper states √p/2 for the max_load of linear and XOR permutations and \
             √p/4, the least possible, for balanced ones, whose sum_load p^(3/2)/4 is also the least \
             [001 §5.1].",
            max[0], max[1], max[2], sums[0], sums[1], sums[2]
        ),
        figure: links_link(rows, cols, len),
    }
}

/// Choice: the scheme with the smallest or the largest sum_load.
fn load_winner(seed: u64) -> Exercise {
    let id = "load-winner";
    let mut rng = stream(seed, id);
    let mut case = (4, 4, false, [0u64; 3], [0u32; 3], 0usize);
    for _ in 0..32 {
        let (rows, cols) = pick(&mut rng, &MESHES);
        let largest = rng.below(2) == 1;
        let (max, sums, len) = loads(rows, cols);
        case = (rows, cols, largest, sums, max, len);
        let extreme = if largest {
            sums.iter().max()
        } else {
            sums.iter().min()
        };
        if sums.iter().filter(|&s| Some(s) == extreme).count() == 1 {
            break;
        }
    }
    let (rows, cols, largest, sums, max, len) = case;
    let index = if largest {
        (0..3).max_by_key(|&i| sums[i]).unwrap_or(0)
    } else {
        (0..3).min_by_key(|&i| sums[i]).unwrap_or(0)
    };
    let which = if largest { "largest" } else { "smallest" };
    Exercise {
        id,
        title: format!("The {which} sum_load on the {rows} × {cols} mesh"),
        text: format!(
            "All-to-all on a mesh of {rows} × {cols} processors with XY routing, cut into linear, XOR or balanced \
             permutations [001 §5.1]. sum_load adds up, over the permutations, the most messages crossing \
             one link: it measures the time the permutations take one after another when link contention \
             sets their pace. Which scheme has the {which} sum_load?"
        ),
        instance: json!({ "rows": rows, "cols": cols }),
        choices: SCHEMES.iter().map(|s| s.to_string()).collect(),
        answer: Answer::Choice { index },
        explanation: format!(
            "sum_load is {} for linear, {} for XOR and {} for balanced permutations (max_load {}, {} and {}). \
             Linear permutations send whole rows the same way at once; XOR halves the distances in a pattern \
             that still piles messages onto the middle links; the balanced permutations cross a row \
             tournament with a column tournament, so every permutation loads the links about evenly \
             [001 §5.1].",
            sums[0], sums[1], sums[2], max[0], max[1], max[2]
        ),
        figure: links_link(rows, cols, len),
    }
}
