//! Balanced permutations of a k-processor linear array from a round-robin
//! tournament (paper 001, §5.1, after Scott \[13\]).
//!
//! The left half `0 … k/2 − 1` are the players; the round-robin tournament
//! is the 1-factor (circle) method of Harary \[7\], the same as
//! [`crate::algo::pairing::Pairing::Circle`]. Write x′ = k − 1 − x for
//! the mirror of x. A match of i and j (i < j) becomes the 4-cycle
//!
//! `i → j → i′ → j′ → i`
//!
//! in the round's first permutation and its reverse in the second, so the
//! k/2 − 1 rounds give k − 2 permutations. What remains are the mirror
//! messages x ↔ x′; sending them all at once would load the middle link
//! k/2 times, so they go in two closing permutations, the outer quarter's
//! swaps in one and the inner quarter's in the other: k permutations of load
//! k/4 each (the tests check every number below).
//!
//! **Other k (the paper only sketches these; our constructions):**
//! - k = 4i + 2: the k/2 players are odd, so a dummy player joins. The
//!   player x that meets the dummy swaps with its mirror (x ↔ x′) in the
//!   round's first permutation and stays put in the second. k permutations,
//!   half of load ⌈k/4⌉ and half ⌊k/4⌋, as the paper says (for k = 2 the
//!   second permutation moves nothing: one permutation).
//! - k = 4i + 3: the middle processor c = (k − 1)/2 is its own mirror; it
//!   joins as a player. The player y meeting c forms the 3-cycle
//!   `y → c → y′ → y` (and its reverse), which also carries y's mirror
//!   messages. k − 1 permutations, each of load ⌈k/4⌉; the paper counts k
//!   (one more than needed: k − 1 full permutations already hold all
//!   k(k − 1) messages).
//! - k = 4i + 1: c and a dummy both join. The player meeting c forms the
//!   3-cycle as above; the player meeting the dummy (or c, when c meets it)
//!   sits the round out. k + 1 permutations, as the paper says, all of load
//!   ⌊k/4⌋ (the paper allows half of them ⌈k/4⌉).
//!
//! Every family is completed with *fixed points* x → x (where x neither
//! sends nor receives) so that the permutations hold every ordered pair,
//! x → x included, exactly once: that is what the cross product on an R×C
//! mesh needs ([`super::perms::balanced`]). For k = 4i + 3 that takes one
//! extra permutation, the identity, which moves nothing.
//!
//! ```
//! use commbook_core::mesh::tournament::Tournament;
//! let t = Tournament::new(8);
//! assert_eq!(t.rounds.len(), 3);                    // k/2 − 1 rounds
//! let moving = t.array_permutations();
//! assert_eq!(moving.len(), 8);                      // k permutations
//! // Round 1 of the circle method matches 3 with 0 and 1 with 2.
//! assert_eq!(moving[0][0], Some(3));                // 0 → 3 → 7 → 4 → 0
//! ```

use crate::algo::pairing::Pairing;

/// A tournament player: a processor of the left half (or the middle one),
/// or the dummy that makes the number of players even.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// A processor of the left half, or the middle processor of an odd k.
    Proc(usize),
    /// The extra player that makes the number of players even.
    Dummy,
}

/// What one match contributes to its round's two permutations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    /// `[i, j, i′, j′]`: i → j → i′ → j′ → i, reversed in the second.
    FourCycle([usize; 4]),
    /// `[y, c, y′]` (k odd, c the middle): y → c → y′ → y, reversed in the
    /// second.
    ThreeCycle([usize; 3]),
    /// `(x, x′)` (k = 4i + 2): x ↔ x′ in the first, both stay in the second.
    Swap(usize, usize),
    /// x (and x′) sit the round out: fixed points in the first permutation.
    Bye(usize),
}

/// One round: its matches, what each became, and its two permutations
/// (destination per processor, fixed points included).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    /// Who plays whom (1-factor method).
    pub matches: Vec<(Player, Player)>,
    /// What each match became, in the order of `matches`.
    pub pieces: Vec<Piece>,
    /// The round's two permutations.
    pub perms: [Vec<Option<usize>>; 2],
}

/// The whole construction for a k-array.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tournament {
    /// Processors of the array.
    pub k: usize,
    /// The rounds of the tournament.
    pub rounds: Vec<Round>,
    /// The closing permutations (k = 4i: the two mirror halves; k = 4i + 3:
    /// the identity), fixed points included.
    pub closing: Vec<Vec<Option<usize>>>,
}

impl Tournament {
    /// Builds the tournament and its permutations for a k-processor array
    /// (k ≥ 1).
    pub fn new(k: usize) -> Tournament {
        let half = k / 2;
        let mut players: Vec<Player> = (0..half).map(Player::Proc).collect();
        if k % 2 == 1 {
            players.push(Player::Proc(half));
        }
        if players.len() % 2 == 1 {
            players.push(Player::Dummy);
        }
        let m = players.len();
        let pairing = Pairing::Circle { n: m, m };
        let rounds = (1..m)
            .map(|r| {
                let matches: Vec<(Player, Player)> = pairing
                    .pairs(r)
                    .into_iter()
                    .map(|(a, b)| (players[a], players[b]))
                    .collect();
                let pieces: Vec<Piece> = matches.iter().map(|&(a, b)| piece(k, a, b)).collect();
                let mut perms = [vec![None; k], vec![None; k]];
                for pc in &pieces {
                    apply(k, pc, &mut perms);
                }
                Round {
                    matches,
                    pieces,
                    perms,
                }
            })
            .collect();
        Tournament {
            k,
            rounds,
            closing: closing(k),
        }
    }

    /// Every permutation, fixed points included: together they hold each
    /// ordered pair (x → x too) exactly once.
    pub fn family(&self) -> Vec<Vec<Option<usize>>> {
        self.rounds
            .iter()
            .flat_map(|r| r.perms.iter().cloned())
            .chain(self.closing.iter().cloned())
            .collect()
    }

    /// The permutations that move something, fixed points dropped: 1-lev-bal
    /// on a k-array.
    pub fn array_permutations(&self) -> Vec<Vec<Option<usize>>> {
        self.family()
            .into_iter()
            .map(|p| drop_fixed(&p))
            .filter(|p| p.iter().any(Option::is_some))
            .collect()
    }
}

/// The permutation without its fixed points.
pub fn drop_fixed(perm: &[Option<usize>]) -> Vec<Option<usize>> {
    perm.iter()
        .enumerate()
        .map(|(x, d)| d.filter(|&d| d != x))
        .collect()
}

fn piece(k: usize, a: Player, b: Player) -> Piece {
    let mirror = |x: usize| k - 1 - x;
    let middle = (k % 2 == 1).then_some(k / 2);
    match (a, b) {
        (Player::Dummy, Player::Proc(x)) | (Player::Proc(x), Player::Dummy) => {
            if k % 4 == 2 {
                Piece::Swap(x, mirror(x))
            } else {
                Piece::Bye(x)
            }
        }
        (Player::Proc(i), Player::Proc(j)) if Some(i) == middle || Some(j) == middle => {
            let (y, c) = if Some(j) == middle { (i, j) } else { (j, i) };
            Piece::ThreeCycle([y, c, mirror(y)])
        }
        (Player::Proc(i), Player::Proc(j)) => {
            let (i, j) = (i.min(j), i.max(j));
            Piece::FourCycle([i, j, mirror(i), mirror(j)])
        }
        // Not reached: there is one dummy at most.
        (Player::Dummy, Player::Dummy) => Piece::Bye(0),
    }
}

/// Writes a piece into the round's two permutations.
fn apply(k: usize, piece: &Piece, perms: &mut [Vec<Option<usize>>; 2]) {
    let [first, second] = perms;
    let mut cycle = |nodes: &[usize]| {
        for (w, &x) in nodes.iter().enumerate() {
            let next = nodes[(w + 1) % nodes.len()];
            first[x] = Some(next);
            second[next] = Some(x);
        }
    };
    match *piece {
        Piece::FourCycle(c) => cycle(&c),
        Piece::ThreeCycle(c) => cycle(&c),
        Piece::Swap(x, x2) => {
            first[x] = Some(x2);
            first[x2] = Some(x);
            second[x] = Some(x);
            second[x2] = Some(x2);
        }
        Piece::Bye(x) => {
            first[x] = Some(x);
            first[k - 1 - x] = Some(k - 1 - x);
        }
    }
}

/// The closing permutations: for k = 4i the outer-quarter swaps (inner
/// processors fixed) and the inner-quarter swaps (outer fixed); for
/// k = 4i + 3 the identity.
fn closing(k: usize) -> Vec<Vec<Option<usize>>> {
    match k % 4 {
        0 => {
            let mut c = [vec![None; k], vec![None; k]];
            for x in 0..k / 2 {
                let (swap, stay) = if x < k / 4 { (0, 1) } else { (1, 0) };
                let x2 = k - 1 - x;
                c[swap][x] = Some(x2);
                c[swap][x2] = Some(x);
                c[stay][x] = Some(x);
                c[stay][x2] = Some(x2);
            }
            c.into()
        }
        3 => vec![(0..k).map(Some).collect()],
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mesh::load::permutation_load;
    use crate::net::mesh::Mesh;

    /// Each permutation is one; the family holds each ordered pair once.
    fn check_family(k: usize) {
        let fam = Tournament::new(k).family();
        let mut seen = vec![0u32; k * k];
        for p in &fam {
            let mut hit = vec![false; k];
            for (x, d) in p.iter().enumerate() {
                if let Some(d) = *d {
                    assert!(
                        !std::mem::replace(&mut hit[d], true),
                        "k={k}: {d} receives twice"
                    );
                    seen[x * k + d] += 1;
                }
            }
        }
        assert!(seen.iter().all(|&c| c == 1), "k={k}: {seen:?}");
    }

    #[test]
    fn families_are_latin() {
        for k in 1..=40 {
            check_family(k);
        }
    }

    #[test]
    fn counts_and_loads_match_the_paper() {
        for k in 2..=40 {
            let perms = Tournament::new(k).array_permutations();
            let m = Mesh::new(1, k);
            let loads: Vec<usize> = perms
                .iter()
                .map(|p| permutation_load(&m, p) as usize)
                .collect();
            let (lo, hi) = (k / 4, k.div_ceil(4));
            let (count, ok) = match k % 4 {
                0 => (k, loads.iter().all(|&l| l == k / 4)),
                // k = 2: the dummy round's second permutation is all fixed points.
                2 if k == 2 => (1, loads == [1]),
                2 => (
                    k,
                    loads.iter().filter(|&&l| l == hi).count() == k / 2
                        && loads.iter().filter(|&&l| l == lo.max(1)).count() >= k / 2,
                ),
                3 => (k - 1, loads.iter().all(|&l| l == hi)),
                _ => (k + 1, loads.iter().all(|&l| l == lo)),
            };
            assert_eq!(perms.len(), count, "k = {k}");
            assert!(ok, "k = {k}: loads {loads:?}");
        }
    }
}
