//! The operations and algorithms of paper 001, by the names it prints.
//!
//! ```
//! use commbook_core::mesh::algo::{Algo, Op};
//! assert_eq!(Algo::parse("2-lev-c,r"), Ok((Algo::TwoLevCr, None)));
//! assert!(Op::Gather.algos().contains(&Algo::LogpLevRec));
//! assert!(!Op::Gather.algos().contains(&Algo::OurBr));
//! ```

use super::error::CollectiveError;

/// The three operations of paper 001.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// One-to-all personalised communication (§3).
    Scatter,
    /// All-to-one (§4).
    Gather,
    /// All-to-all personalised communication (§5).
    AllToAll,
}

impl Op {
    /// Every operation.
    pub const ALL: [Op; 3] = [Op::Scatter, Op::Gather, Op::AllToAll];

    /// The CLI name.
    pub fn name(self) -> &'static str {
        match self {
            Op::Scatter => "scatter",
            Op::Gather => "gather",
            Op::AllToAll => "alltoall",
        }
    }

    /// Looks an operation up by its CLI name.
    pub fn parse(s: &str) -> Result<Op, CollectiveError> {
        Op::ALL
            .into_iter()
            .find(|o| o.name() == s)
            .ok_or_else(|| CollectiveError::UnknownOp(s.to_string()))
    }

    /// The algorithms the paper gives for this operation.
    pub fn algos(self) -> &'static [Algo] {
        use Algo::*;
        match self {
            Op::Scatter => &[
                Dir, SysBr, OurBr, TwoLevRec, ThreeLevSq, LogpLevSq, LogpLevRec,
            ],
            Op::Gather => &[Dir, TwoLevRec, ThreeLevSq, LogpLevSq, LogpLevRec],
            Op::AllToAll => &[
                Dir,
                Lin,
                Xor,
                Bal,
                TwoLevSq,
                TwoLevCr,
                TwoLevCrInt,
                LogpLevBfly,
            ],
        }
    }
}

crate::keyword_enum! {
    /// The algorithms of paper 001, by the names it prints.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
    pub enum Algo {
        /// *1-lev-dir*: direct sends.
        Dir = "1-lev-dir",
        /// *1-lev-sys-br*: the system's broadcast of the concatenated message.
        SysBr = "1-lev-sys-br",
        /// *1-lev-our-br*: broadcast of the concatenation by a binomial-heap tree.
        OurBr = "1-lev-our-br",
        /// *2-lev-rec*: rows as submachines, leaders in the source's column.
        TwoLevRec = "2-lev-rec",
        /// *3-lev-sq*: square submeshes, then *2-lev-rec* inside each.
        ThreeLevSq = "3-lev-sq",
        /// *logp-lev-sq*: halving by alternating vertical and horizontal cuts.
        LogpLevSq = "logp-lev-sq",
        /// *logp-lev-rec(γ)*: γ-splits of the snake order.
        LogpLevRec = "logp-lev-rec",
        /// *1-lev-lin*: linear permutations.
        Lin = "1-lev-lin",
        /// *1-lev-xor*: exclusive-or permutations.
        Xor = "1-lev-xor",
        /// *1-lev-bal*: balanced permutations from round-robin tournaments.
        Bal = "1-lev-bal",
        /// *2-lev-sq*: the 3-step algorithm on square submeshes.
        TwoLevSq = "2-lev-sq",
        /// *2-lev-c,r*: the 2-step algorithm, columns then rows.
        TwoLevCr = "2-lev-c,r",
        /// *2-lev-c,r-int*: *2-lev-c,r* with the two steps interleaved.
        TwoLevCrInt = "2-lev-c,r-int",
        /// *logp-lev-bfly*: the butterfly pattern.
        LogpLevBfly = "logp-lev-bfly",
    }
}

impl Algo {
    /// Every algorithm, one-to-all first.
    pub const ALL: [Algo; 14] = [
        Algo::Dir,
        Algo::SysBr,
        Algo::OurBr,
        Algo::TwoLevRec,
        Algo::ThreeLevSq,
        Algo::LogpLevSq,
        Algo::LogpLevRec,
        Algo::Lin,
        Algo::Xor,
        Algo::Bal,
        Algo::TwoLevSq,
        Algo::TwoLevCr,
        Algo::TwoLevCrInt,
        Algo::LogpLevBfly,
    ];

    /// The name as the paper prints it (and the CLI accepts).
    pub fn name(self) -> &'static str {
        self.word()
    }

    /// Parses a name; `logp-lev-rec(0.75)` also gives its γ.
    pub fn parse(s: &str) -> Result<(Algo, Option<f64>), CollectiveError> {
        let unknown = || CollectiveError::UnknownAlgo(s.to_string());
        if let Some(g) = s
            .strip_prefix("logp-lev-rec(")
            .and_then(|r| r.strip_suffix(')'))
        {
            let gamma = g.trim().parse::<f64>().map_err(|_| unknown())?;
            return Ok((Algo::LogpLevRec, Some(gamma)));
        }
        Ok((Algo::named(s).ok_or_else(unknown)?, None))
    }

    /// The algorithm printed exactly as `s` (no γ).
    pub fn named(s: &str) -> Option<Algo> {
        Algo::ALL.into_iter().find(|a| a.name() == s)
    }

    /// The k of a k-level algorithm, as the name says (`None` for log p).
    pub fn levels(self) -> Option<usize> {
        match self {
            Algo::TwoLevRec | Algo::TwoLevSq | Algo::TwoLevCr | Algo::TwoLevCrInt => Some(2),
            Algo::ThreeLevSq => Some(3),
            Algo::LogpLevSq | Algo::LogpLevRec | Algo::LogpLevBfly => None,
            _ => Some(1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for a in Algo::ALL {
            assert_eq!(Algo::parse(a.name()), Ok((a, None)));
        }
        assert_eq!(
            Algo::parse("logp-lev-rec(0.75)"),
            Ok((Algo::LogpLevRec, Some(0.75)))
        );
        assert!(Algo::parse("2-lev-foo").is_err());
    }
}
