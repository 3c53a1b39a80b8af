//! The construction of balanced permutations, round by round, as a trace:
//! match → cycle → permutation (paper 001, §5.1; see [`super::tournament`]).
//!
//! Step r (1 ≤ r ≤ rounds) shows round r's matches, the piece each match
//! becomes (a 4-cycle, a 3-cycle through the middle, a swap or a bye) and
//! the round's two permutations with their loads on the k-array. A last
//! step adds the closing permutations (k = 4i: the mirror pairs in two
//! halves; k = 4i + 3: the identity that completes the family for the cross
//! product).
//!
//! ```
//! use commbook_core::mesh::tournament_view::{caption, record};
//! let t = record(8);
//! assert_eq!(t.len(), 3 + 1);
//! assert_eq!(t.final_state().perms.len(), 8);
//! assert_eq!(
//!     caption(8, t.events(1)),
//!     "Round 1 of 3: 0 plays 3: 0 → 3 → 7 → 4 → 0; 1 plays 2: 1 → 2 → 6 → 5 → 1. Permutation 1 (the cycles) and 2 (reversed) have loads 2 and 2."
//! );
//! ```

use super::load::permutation_load;
use super::tournament::{Piece, Player, Tournament, drop_fixed};
use crate::net::mesh::Mesh;
use crate::trace::{Recorder, Replay, Trace};

/// What the construction did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentEvent {
    /// Round `round` of `of` starts with these matches.
    Round {
        round: usize,
        of: usize,
        matches: Vec<(Player, Player)>,
    },
    /// A match became this piece.
    Piece(Piece),
    /// The closing permutations follow.
    Closing,
    /// Permutation `index` (1-based) is complete; `load` on the k-array.
    Permutation {
        index: usize,
        perm: Vec<Option<usize>>,
        load: u32,
    },
}

/// The construction so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TournamentState {
    /// Processors of the array.
    pub k: usize,
    /// The current round (0 before the first); past the rounds when closing.
    pub round: usize,
    /// True once the closing permutations are being added.
    pub closing: bool,
    /// The current round's matches.
    pub matches: Vec<(Player, Player)>,
    /// What the current round's matches became.
    pub pieces: Vec<Piece>,
    /// Every permutation built so far, fixed points included.
    pub perms: Vec<Vec<Option<usize>>>,
    /// load of each permutation on the k-array.
    pub loads: Vec<u32>,
}

impl Replay for TournamentState {
    type Event = TournamentEvent;
    fn apply(&mut self, e: &TournamentEvent) {
        match e {
            TournamentEvent::Round { round, matches, .. } => {
                self.round = *round;
                self.matches = matches.clone();
                self.pieces.clear();
            }
            TournamentEvent::Piece(p) => self.pieces.push(*p),
            TournamentEvent::Closing => {
                self.round += 1;
                self.closing = true;
                self.matches.clear();
                self.pieces.clear();
            }
            TournamentEvent::Permutation { perm, load, .. } => {
                self.perms.push(perm.clone());
                self.loads.push(*load);
            }
        }
    }
}

/// Records the construction for a k-array (k ≥ 1).
pub fn record(k: usize) -> Trace<TournamentState> {
    let t = Tournament::new(k);
    let array = Mesh::new(1, k);
    let mut rec = Recorder::new(
        TournamentState {
            k,
            ..Default::default()
        },
        4,
    );
    let mut index = 0;
    let mut perm_event = |perm: &Vec<Option<usize>>| {
        index += 1;
        TournamentEvent::Permutation {
            index,
            perm: perm.clone(),
            load: permutation_load(&array, &drop_fixed(perm)),
        }
    };
    let of = t.rounds.len();
    for (r, round) in t.rounds.iter().enumerate() {
        rec.event(TournamentEvent::Round {
            round: r + 1,
            of,
            matches: round.matches.clone(),
        });
        for p in &round.pieces {
            rec.event(TournamentEvent::Piece(*p));
        }
        for perm in &round.perms {
            rec.event(perm_event(perm));
        }
        rec.end_step();
    }
    if !t.closing.is_empty() {
        rec.event(TournamentEvent::Closing);
        for perm in &t.closing {
            rec.event(perm_event(perm));
        }
        rec.end_step();
    }
    rec.finish()
}

fn describe(piece: &Piece) -> String {
    match *piece {
        Piece::FourCycle([i, j, a, b]) => format!("{i} plays {j}: {i} → {j} → {a} → {b} → {i}"),
        Piece::ThreeCycle([y, c, a]) => format!("{y} plays the middle {c}: {y} → {c} → {a} → {y}"),
        Piece::Swap(x, a) => format!("{x} meets the dummy: {x} ↔ {a}, then both stay"),
        Piece::Bye(x) => format!("{x} sits out"),
    }
}

/// One sentence for a construction step, from its events.
pub fn caption(k: usize, events: &[TournamentEvent]) -> String {
    let perms: Vec<(usize, u32)> = events
        .iter()
        .filter_map(|e| match e {
            TournamentEvent::Permutation { index, load, .. } => Some((*index, *load)),
            _ => None,
        })
        .collect();
    match events.first() {
        Some(TournamentEvent::Round { round, of, .. }) => {
            let pieces: Vec<String> = events
                .iter()
                .filter_map(|e| match e {
                    TournamentEvent::Piece(p) => Some(describe(p)),
                    _ => None,
                })
                .collect();
            let (a, b) = (
                perms.first().copied().unwrap_or_default(),
                perms.get(1).copied().unwrap_or_default(),
            );
            format!(
                "Round {round} of {of}: {}. Permutation {} (the cycles) and {} (reversed) have loads {} and {}.",
                pieces.join("; "),
                a.0,
                b.0,
                a.1,
                b.1
            )
        }
        Some(TournamentEvent::Closing) if k.is_multiple_of(4) => {
            let loads: Vec<String> = perms.iter().map(|p| p.1.to_string()).collect();
            format!(
                "Closing: the mirror pairs x ↔ {} − x, the outer quarter in permutation {} and the inner quarter in permutation {} (loads {}).",
                k - 1,
                perms.first().map_or(0, |p| p.0),
                perms.get(1).map_or(0, |p| p.0),
                loads.join(" and ")
            )
        }
        Some(TournamentEvent::Closing) => format!(
            "Closing: permutation {} is the identity; it moves nothing but completes the family for the cross product.",
            perms.first().map_or(0, |p| p.0)
        ),
        _ => format!(
            "{} {k}-processor array: the {} players of the left half play a round-robin tournament.",
            // "An 8-", "an 11-", "an 18-", "an 80-…": numbers read with a vowel sound.
            if matches!(k, 8 | 11 | 18) || (80..90).contains(&k) {
                "An"
            } else {
                "A"
            },
            k / 2
        ),
    }
}

/// The construction as text, one line per step: each permutation as the
/// destination of processors 0 … k − 1 (`.` for none) and its load.
pub fn render(trace: &Trace<TournamentState>) -> String {
    let mut out = String::new();
    for pos in 1..=trace.len() {
        for e in trace.events(pos) {
            if let TournamentEvent::Permutation { index, perm, load } = e {
                let dests: Vec<String> = perm
                    .iter()
                    .map(|d| d.map_or(".".to_string(), |d| d.to_string()))
                    .collect();
                out.push_str(&format!(
                    "{pos}: Π{index} = [{}] load {load}\n",
                    dests.join(" ")
                ));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replay_gives_the_family() {
        for k in [2, 5, 6, 7, 8, 12] {
            let t = record(k);
            assert_eq!(
                t.final_state().perms,
                Tournament::new(k).family(),
                "k = {k}"
            );
        }
    }
}
