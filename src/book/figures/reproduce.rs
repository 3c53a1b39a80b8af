//! `reproduce`: the appendix's tables, the printed tables and tabulated
//! figures of the five papers (all but paper 003's Table 1) recomputed by
//! `core::reproduce` — the same function `commbook reproduce` prints. Each step is one table; the
//! figure opens with all of them shown.

use crate::book::figure::Figure;
use crate::book::params::{Notice, ParamKind, ParamSpec};
use crate::core::reproduce::{self, PAPERS, Selection, Table, table_ids};
use crate::core::keyword::Keyword;
use crate::core::step::Stepper;

/// Which paper.
pub const PAPER: ParamSpec = ParamSpec {
    key: "paper",
    label: "paper",
    kind: ParamKind::Choice {
        options: &PaperChoice::WORDS,
        default: "all",
    },
};
/// One table, by id (`001-fig9`); `all` for every table of the paper.
pub const TABLE: ParamSpec = ParamSpec {
    key: "table",
    label: "table (an id such as 001-fig9, or all)",
    kind: ParamKind::Text { max_len: 24 },
};

/// Which paper's tables (`paper`): one of the five, or all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PaperChoice {
    All,
    /// A paper by its number in `papers/` (`000` … `004`).
    One(&'static str),
}

impl PaperChoice {
    /// `all`, then the core's papers ([`PAPERS`]): the setting's options.
    pub const WORDS: [&'static str; PAPERS.len() + 1] = {
        let mut words = ["all"; PAPERS.len() + 1];
        let mut i = 0;
        while i < PAPERS.len() {
            words[i + 1] = PAPERS[i];
            i += 1;
        }
        words
    };
}

impl Keyword for PaperChoice {
    const ALL: &'static [Self] = &{
        let mut all = [PaperChoice::All; PAPERS.len() + 1];
        let mut i = 0;
        while i < PAPERS.len() {
            all[i + 1] = PaperChoice::One(PAPERS[i]);
            i += 1;
        }
        all
    };
    fn keyword(self) -> &'static str {
        match self {
            PaperChoice::All => "all",
            PaperChoice::One(n) => n,
        }
    }
}

crate::keyword_settings!(whole: PaperChoice);

crate::settings! {
    /// The paper and the table.
    pub struct ReproduceSettings {
        pub paper: PaperChoice = PAPER,
        pub table: String = TABLE => "000-t1 … 004-t8; `commbook reproduce --table ID` prints the same table",
    }
}

/// The appendix figure.
pub struct Reproduce;

impl Figure for Reproduce {
    const TITLE: &'static str = "Printed tables recomputed: published, ours, difference, verdict";
    const UNIT: &'static str = "table";
    const DEFERRED: bool = true;
    const START_AT_END: bool = true;
    type Settings = ReproduceSettings;
    type Key = Selection;
    type Output = Vec<Table>;

    /// A table that is not one of the paper's is a notice, and the whole
    /// paper is shown.
    fn key(s: &ReproduceSettings) -> (Selection, Vec<Notice>) {
        let paper = match s.paper {
            PaperChoice::All => None,
            PaperChoice::One(n) => Some(n.to_string()),
        };
        let table = s.table.trim();
        let wanted = (!table.is_empty() && table != "all").then(|| table.to_string());
        let sel = Selection {
            paper: paper.clone(),
            table: wanted.clone(),
        };
        match (&wanted, reproduce::plan(&sel)) {
            (Some(_), Err(e)) => {
                let ids: Vec<&str> = table_ids()
                    .into_iter()
                    .filter(|id| paper.as_deref().is_none_or(|p| id.starts_with(p)))
                    .collect();
                let note = Notice(format!(
                    "table '{table}' is not {}: {e}; showing {} ({})",
                    paper.as_deref().map_or("a table of the papers".to_string(), |p| format!("in paper {p}")),
                    paper.as_deref().map_or("every table".to_string(), |p| format!("every table of paper {p}")),
                    ids.join(", ")
                ));
                (Selection { paper, table: None }, vec![note])
            }
            _ => (sel, Vec::new()),
        }
    }

    fn compute(sel: &Selection) -> Box<dyn Stepper<Output = Vec<Table>>> {
        match reproduce::plan(sel) {
            Ok(r) => Box::new(r),
            // `key` only passes selections `plan` accepts.
            Err(_) => Box::new(reproduce::plan(&Selection::default()).expect("all is valid")),
        }
    }

    fn steps(t: &Vec<Table>) -> usize {
        t.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::figures::checks::key;
    use crate::book::params::pairs;

    fn key_of(p: &[(&str, &str)]) -> (Selection, Vec<Notice>) {
        key::<Reproduce>(&pairs(p))
    }

    #[test]
    fn a_bad_table_is_a_notice_and_the_paper_is_shown() {
        let (sel, notes) = key_of(&[("paper", "001"), ("table", "004-t1")]);
        assert_eq!(sel, Selection { paper: Some("001".into()), table: None });
        assert!(notes[0].0.contains("001-fig9"), "{:?}", notes);
        let (sel, notes) = key_of(&[("paper", "004"), ("table", "004-t2")]);
        assert_eq!(sel.table.as_deref(), Some("004-t2"));
        assert!(notes.is_empty());
        let t = crate::core::step::run(Reproduce::compute(&sel));
        assert_eq!(Reproduce::steps(&t), 1);
        assert_eq!(t[0].name, "Table 2");
    }
}
