//! `lab`: chapter 12's lab. A matrix (typed, pasted, uploaded, in the
//! link as `com=0,4,0;2,0,1;0,0,0`, or generated), every algorithm that
//! applies run on it side by side (`book::lab::compare`, one row an item
//! of a sweep the Web Workers share), and the selected row's schedule
//! stepped phase by phase. The view adds the editor, the exports, the
//! animator and a measured timeline.

use crate::book::figure::Figure;
use crate::book::figures::advisor::{MachineSetting, machine_choice};
use crate::core::keyword::Keyword;
use crate::book::inputs::matrix::SEED;
use crate::book::lab::compare::{
    Candidate, Compare, Item, LabNet, NAMES, Pricing, Row, Table, candidates,
};
use crate::book::lab::matrix::{Gen, LAB_MAX_N, generate, read};
use crate::book::params::{Notice, ParamKind, ParamSpec};
use crate::core::com::Com;
use crate::core::pool::{Pool, Sweep, Swept};
use crate::core::step::Stepper;
use std::cell::RefCell;
use std::rc::Rc;

/// The matrix as text (any accepted form; a link holds the link form).
/// Long enough for a dense 1,024 × 1,024 matrix of six-digit sizes; only a
/// matrix of up to `LINK_MAX_CHARS` characters is written into the link.
pub const COM: ParamSpec = ParamSpec {
    key: "com",
    label: "matrix",
    kind: ParamKind::Text { max_len: 8_000_000 },
};

const fn choice(key: &'static str, label: &'static str, options: &'static [&'static str], default: &'static str) -> ParamSpec {
    ParamSpec {
        key,
        label,
        kind: ParamKind::Choice { options, default },
    }
}

use crate::api::options::whole as int;

crate::settings! {
    /// The matrix, the machine, the network and the selected row.
    pub struct LabSettings {
        pub com: String = COM => "up to 1,024 processors; a matrix of more than 12,000 characters stays out of the link (export it as a file)",
        pub generator: Gen = choice("gen", "generator", Gen::WORDS, "nonuniform"),
        pub n: usize = int("n", "processors n", 2, LAB_MAX_N as u64, 16),
        pub d: usize = int("d", "messages per processor d", 1, LAB_MAX_N as u64 - 1, 4) => "for the Figure 7, random and non-uniform generators",
        pub bytes: u64 = int("bytes", "bytes (the unit of NICE's test sets)", 1, 1_048_576, 1024),
        pub seed: u64 = SEED,
        @machine,
        pub net: LabNet = choice("net", "simulated on", LabNet::WORDS, "fattree") => "a row is simulated when its run is at most 30 M flit moves",
        pub algo: &'static str = choice("algo", "selected row", NAMES, "lp"),
    }
}

/// Chapter 12's lab.
pub struct Lab;

/// Where the matrix comes from.
#[derive(Clone, Debug, PartialEq)]
pub enum Source {
    /// Text the reader gave (any accepted form).
    Text(Rc<str>),
    /// A generator's inputs.
    Gen { kind: Gen, n: usize, d: usize, bytes: u64 },
}

/// What the table depends on.
#[derive(Clone, Debug, PartialEq)]
pub struct LabKey {
    pub source: Source,
    pub seed: u64,
    pub pricing: Pricing,
    pub net: LabNet,
    /// The selected row's name.
    pub algo: &'static str,
}

/// Above this many messages, or [`EAGER_BYTES`] in all, the rows go to the
/// workers at once: a row (its schedule and its simulation) could take more
/// than a frame's worth on the page. Below, the page computes them before
/// a worker would have started, and hands the rest out after 300 ms as
/// any sweep does.
pub const EAGER_MESSAGES: usize = 2_000;
/// See [`EAGER_MESSAGES`].
pub const EAGER_BYTES: u64 = 1 << 20;

/// The table, or why there is none (a matrix that could not be read).
pub type LabOut = Result<Table, String>;

/// The table's sweep, or the reason the matrix was refused.
pub enum LabSweep {
    /// The rows' sweep, and what its rows depend on (to keep them).
    Ready(Compare, RowsKey),
    Failed(String),
}

impl Sweep for LabSweep {
    type Item = Item;
    type Output = LabOut;

    /// A row of a large matrix takes seconds: never on the page when a
    /// worker can take it. A small one is done on the page before workers
    /// would have started.
    fn eager(&self) -> bool {
        matches!(self, LabSweep::Ready(c, _)
            if c.com.len() > EAGER_MESSAGES || c.com.total_bytes() > EAGER_BYTES)
    }

    fn len(&self) -> usize {
        match self {
            LabSweep::Ready(c, _) => c.len(),
            LabSweep::Failed(_) => 0,
        }
    }

    fn item(&mut self, i: usize) -> Item {
        match self {
            LabSweep::Ready(c, _) => c.item(i),
            LabSweep::Failed(why) => Item::Phases(Err(why.clone())),
        }
    }

    fn finish(self, items: Vec<Item>) -> LabOut {
        match self {
            LabSweep::Ready(c, key) => {
                let table = c.finish(items);
                ROWS.with(|r| *r.borrow_mut() = Some((key, table.com.clone(), table.rows.clone())));
                Ok(table)
            }
            LabSweep::Failed(why) => Err(why),
        }
    }
}

/// What the rows depend on: the key less the selected row.
pub type RowsKey = (Source, u64, Pricing, LabNet);

/// The rows of a finished table, with their matrix and what they depend on.
type Kept = (RowsKey, Rc<Com>, Vec<Row>);

thread_local! {
    /// The rows of the last table: selecting another row computes only
    /// its schedule, not the table again.
    static ROWS: RefCell<Option<Kept>> = const { RefCell::new(None) };
}

fn rows_key(k: &LabKey) -> RowsKey {
    (k.source.clone(), k.seed, k.pricing, k.net)
}

impl LabKey {
    /// The matrix, read or generated.
    pub fn matrix(&self) -> Result<Com, String> {
        match &self.source {
            Source::Text(t) => read(t),
            Source::Gen { kind, n, d, bytes } => generate(*kind, *n, *d, *bytes, self.seed),
        }
    }
}

impl Figure for Lab {
    const TITLE: &'static str = "The lab: your matrix, every algorithm side by side";
    const UNIT: &'static str = "phase";
    const POOLED: bool = true;
    type Settings = LabSettings;
    type Key = LabKey;
    type Output = LabOut;

    fn key(s: &LabSettings) -> (LabKey, Vec<Notice>) {
        let mut notices = Vec::new();
        let source = if s.com.trim().is_empty() {
            let kind = s.generator;
            let d = if kind.uses_d() && s.d >= s.n {
                notices.push(Notice(format!(
                    "d = {} needs more processors than n = {}; using d = {}",
                    s.d,
                    s.n,
                    s.n - 1
                )));
                s.n - 1
            } else {
                s.d
            };
            Source::Gen {
                kind,
                n: s.n,
                d,
                bytes: s.bytes,
            }
        } else {
            Source::Text(Rc::from(s.com.as_str()))
        };
        let (choice, machine_notes) = machine_choice(s.machine, s.tau, s.bw);
        notices.extend(machine_notes);
        let name = match s.machine {
            MachineSetting::Preset(m) if s.tau.is_none() && s.bw.is_none() => m.name(),
            _ => MachineSetting::Custom.keyword(),
        };
        let net = s.net;
        let key = LabKey {
            source,
            seed: s.seed,
            pricing: Pricing {
                name,
                cost: choice.cost,
            },
            net,
            algo: s.algo,
        };
        (key, notices)
    }

    fn compute(k: &LabKey) -> Box<dyn Stepper<Output = LabOut>> {
        let rows_key = rows_key(k);
        let cached = ROWS.with(|r| {
            r.borrow()
                .as_ref()
                .filter(|(key, ..)| *key == rows_key)
                .map(|(_, com, rows)| (com.clone(), rows.clone()))
        });
        let com = match cached.as_ref() {
            Some((com, _)) => Ok(com.clone()),
            None => k.matrix().map(Rc::new),
        };
        let com = match com {
            Ok(com) => com,
            Err(why) => return Box::new(Swept::new(LabSweep::Failed(why))),
        };
        let all = candidates(&com);
        // A complete exchange named for a matrix that is not one: LP
        // instead, and the reader is told.
        let named = all.iter().find(|c| c.name == k.algo).copied();
        let fallback = named.is_none().then(|| {
            format!(
                "{} schedules a complete exchange only (every processor sending every other one the same number of bytes); showing LP",
                k.algo.to_ascii_uppercase()
            )
        });
        let selected: Option<Candidate> = named.or_else(|| all.iter().find(|c| c.name == "lp").copied());
        let compare = Compare {
            candidates: all,
            selected,
            fallback,
            pricing: k.pricing,
            net: k.net,
            seed: k.seed,
            com,
        };
        let mut swept = Swept::new(LabSweep::Ready(compare, rows_key));
        if let Some((_, rows)) = cached {
            let items: Vec<Item> = rows.into_iter().map(Item::Row).collect();
            // Items this very sweep encoded: they read back.
            let _ = swept.accept(0, &serde_json::to_string(&items).unwrap_or_default());
        }
        Box::new(swept)
    }

    fn steps(out: &LabOut) -> usize {
        match out {
            Ok(t) => t
                .selected
                .as_ref()
                .and_then(|s| s.schedule.as_ref().ok())
                .map_or(0, |s| s.len()),
            Err(_) => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::figures::checks::run;
    use crate::book::params::pairs;

    #[test]
    fn a_link_matrix_gets_every_row_and_its_schedule() {
        let r = run::<Lab>(&pairs(&[("com", "0,4,0;2,0,1;0,0,0"), ("algo", "gs")]));
        assert!(r.notices.is_empty(), "{:?}", r.notices);
        assert!(r.steps >= 2);
    }

    #[test]
    fn a_bad_link_matrix_is_said() {
        let (key, _) = Lab::key(&crate::book::settings::Settings::from_values(
            &crate::book::params::read(
                <LabSettings as crate::book::settings::Settings>::PARAMS,
                &pairs(&[("com", "0,4;x,0")]),
                "",
            )
            .0,
        ));
        let out = crate::core::step::run(Lab::compute(&key));
        assert_eq!(
            out.unwrap_err(),
            "in the link's matrix: row 1, column 0 is 'x', not a whole number of bytes"
        );
    }
}
