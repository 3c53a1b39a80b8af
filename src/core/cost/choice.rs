//! Choosing a scheduler: NICE's S/R + C (paper 002, §7).
//!
//! A schedule that is computed once and reused R times costs, per use, its
//! amortised scheduling cost S/R plus its communication cost C. NICE picks
//! the scheme with the smallest S/R + C: with few reuses the cheap
//! schedulers (AC, LP) win, with many the careful ones (RS_NL, RS_NH), whose
//! scheduling cost grows in the order AC ≤ LP ≤ RS_N ≤ RS_NL ≤ RS_NH while
//! their communication cost falls in the same order. If scheduling is done
//! statically, S = 0 and only C counts.
//!
//! These are pure functions over S and C in any one unit (measured or
//! modelled); the book draws the regions of Figures 16-17 with [`regions`].
//!
//! ```
//! use commbook_core::cost::choice::{Candidate, best, break_even};
//! let lp = Candidate { name: "lp", s: 0.1, c: 9.0 };
//! let rs = Candidate { name: "rs-nh", s: 20.0, c: 5.0 };
//! assert_eq!(best(&[lp, rs], 1).map(|c| c.name), Some("lp"));
//! assert_eq!(best(&[lp, rs], 100).map(|c| c.name), Some("rs-nh"));
//! // They cost the same at R = (20 − 0.1) / (9 − 5) ≈ 5.
//! assert!((break_even(&lp, &rs).unwrap() - 4.975).abs() < 1e-9);
//! ```

/// A scheme with its scheduling cost S and communication cost C.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Candidate<'a> {
    /// The scheme's name.
    pub name: &'a str,
    /// Scheduling cost S (0 if scheduled statically).
    pub s: f64,
    /// Communication cost C of one use of the schedule.
    pub c: f64,
}

impl Candidate<'_> {
    /// S/R + C: the cost per use when the schedule is used `r` ≥ 1 times.
    pub fn per_use(&self, r: u64) -> f64 {
        self.s / r.max(1) as f64 + self.c
    }
}

/// The candidate with the smallest S/R + C (the first on a tie), or `None`
/// for an empty list. Candidates with a cost that is not a number lose.
pub fn best<'a, 'b>(candidates: &'b [Candidate<'a>], r: u64) -> Option<&'b Candidate<'a>> {
    candidates.iter().filter(|c| c.per_use(r).is_finite()).fold(
        None,
        |acc: Option<&Candidate>, c| match acc {
            Some(b) if b.per_use(r) <= c.per_use(r) => Some(b),
            _ => Some(c),
        },
    )
}

/// The reuse count at which `cheap` (smaller S) and `careful` (smaller C)
/// cost the same; `None` if one of them is never worse.
pub fn break_even(cheap: &Candidate, careful: &Candidate) -> Option<f64> {
    let ds = careful.s - cheap.s;
    let dc = cheap.c - careful.c;
    (ds > 0.0 && dc > 0.0).then(|| ds / dc)
}

/// The winner's index for each reuse count in `rs` (a region map's row).
pub fn regions(candidates: &[Candidate], rs: &[u64]) -> Vec<Option<usize>> {
    rs.iter()
        .map(|&r| {
            best(candidates, r).and_then(|b| candidates.iter().position(|c| std::ptr::eq(c, b)))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_follow_the_break_even_points() {
        let cands = [
            Candidate {
                name: "ac",
                s: 0.0,
                c: 30.0,
            },
            Candidate {
                name: "lp",
                s: 1.0,
                c: 20.0,
            },
            Candidate {
                name: "rs-n",
                s: 40.0,
                c: 12.0,
            },
            Candidate {
                name: "rs-nh",
                s: 90.0,
                c: 10.0,
            },
        ];
        let r = regions(&cands, &[1, 2, 5, 10, 30, 1000]);
        assert_eq!(
            r,
            vec![Some(1), Some(1), Some(2), Some(2), Some(3), Some(3)]
        );
        assert_eq!(break_even(&cands[2], &cands[1]), None);
        assert_eq!(break_even(&cands[2], &cands[3]), Some(25.0));
        assert_eq!(best(&[], 3), None);
        let nan = Candidate {
            name: "x",
            s: f64::NAN,
            c: 1.0,
        };
        assert_eq!(best(&[nan], 3), None);
        // Static scheduling: S = 0 leaves only C.
        assert_eq!(cands[0].per_use(0), 30.0);
    }
}
