//! The drawing a do-it-yourself exercise is answered on.
//!
//! Every do-it-yourself exercise practises a figure: a matrix or CCOM, a
//! mesh or a fat tree, the tournament's players, the redistribution
//! tables. Its [`Board`] is that drawing as data: the [`Shape`] to draw
//! and, per step, what the step is about (highlighted), which spots the
//! reader may point at and the number each stands for, and how points
//! build an answer ([`Build`]). [`Board::point`] turns a point into the
//! same text a reader could have typed, so the exercise's own grader
//! judges both; no view decides what an answer is.

use super::StepAnswer;
use crate::core::net::TopologySpec;

/// Where a reader can point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spot {
    /// A processor, or one of the tournament's players.
    Node(usize),
    /// A cell of one of the board's tables.
    Cell {
        table: usize,
        row: usize,
        col: usize,
    },
}

/// A table of the board, as text per cell ("" for an empty cell).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// Its name above it ("COM", "CCOM", "S′").
    pub title: String,
    pub cells: Vec<Vec<String>>,
}

/// A network as the animator lays it out, in thousandths of its layout's
/// units (whole numbers keep the board comparable), computed where the
/// exercise is made: a page that draws only tables does not link the
/// networks' code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetDrawing {
    pub width: i64,
    pub height: i64,
    pub radius: i64,
    /// Processor p's centre.
    pub procs: Vec<(i64, i64)>,
    /// The switches' centres.
    pub switches: Vec<(i64, i64)>,
    /// Every link direction as a segment.
    pub links: Vec<(i64, i64, i64, i64)>,
}

impl NetDrawing {
    fn of(spec: TopologySpec) -> NetDrawing {
        use crate::core::net::Vertex;
        use crate::core::net::layout::Layout;
        let l = Layout::new(spec);
        let m = |v: f64| (v * 1000.0).round() as i64;
        let count = l
            .nodes
            .iter()
            .filter(|n| matches!(n.vertex, Vertex::Proc(_)))
            .count();
        let mut procs = vec![(0, 0); count];
        let mut switches = Vec::new();
        for n in &l.nodes {
            match n.vertex {
                Vertex::Proc(p) if p < count => procs[p] = (m(n.x), m(n.y)),
                _ => switches.push((m(n.x), m(n.y))),
            }
        }
        NetDrawing {
            width: m(l.width),
            height: m(l.height),
            radius: m(l.radius),
            procs,
            switches,
            links: l
                .links
                .iter()
                .flatten()
                .map(|s| (m(s.x0), m(s.y0), m(s.x1), m(s.y1)))
                .collect(),
        }
    }
}

/// What is drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A network, drawn as the animator draws it; its processors are the
    /// spots.
    Network(NetDrawing),
    /// Players around a circle, a round's matches drawn as chords.
    Ring(usize),
    /// Tables of numbers.
    Tables(Vec<Table>),
}

/// How the points of one step make an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Build {
    /// One point is the answer, checked at once.
    One,
    /// Two points make a pair; pointing at a pair's ends again removes it.
    Pairs,
    /// Each point adds its number to a row, in order.
    Sequence,
}

/// One step on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Focus {
    /// What the step is about (a processor, a row), highlighted.
    pub on: Vec<Spot>,
    /// The spots the reader may point at, each with the number it gives.
    pub picks: Vec<(Spot, usize)>,
    pub build: Build,
    /// Where a done step's row is written back (a table's row), if it is.
    pub writes: Option<(usize, usize)>,
    /// Text shown on a spot during this step instead of its table's (a
    /// piece of a cut message).
    pub shows: Vec<(Spot, String)>,
    /// What to say to a point elsewhere ("this step is about row 3").
    pub elsewhere: String,
}

impl Focus {
    /// A step answered by one point at any of `picks`.
    pub fn one(on: Vec<Spot>, picks: Vec<(Spot, usize)>, elsewhere: impl Into<String>) -> Focus {
        Focus {
            on,
            picks,
            build: Build::One,
            writes: None,
            shows: Vec::new(),
            elsewhere: elsewhere.into(),
        }
    }

    /// The number `spot` gives in this step.
    pub fn value(&self, spot: Spot) -> Option<usize> {
        self.picks.iter().find(|(s, _)| *s == spot).map(|p| p.1)
    }
}

/// An answer being built on the board: the text (what the answer field
/// shows) and, for pairs, the first end already chosen.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Draft {
    pub text: String,
    pub pending: Option<usize>,
}

/// The drawing and its steps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub shape: Shape,
    pub steps: Vec<Focus>,
}

impl Board {
    /// A network on which every step is answered by pointing at one
    /// processor; `about[k]` is the processor step k is about.
    pub fn network(spec: TopologySpec, about: &[Option<usize>]) -> Board {
        let procs = spec.build().procs();
        let picks: Vec<(Spot, usize)> = (0..procs).map(|p| (Spot::Node(p), p)).collect();
        Board {
            shape: Shape::Network(NetDrawing::of(spec)),
            steps: about
                .iter()
                .map(|a| {
                    Focus::one(
                        a.iter().map(|&p| Spot::Node(p)).collect(),
                        picks.clone(),
                        "",
                    )
                })
                .collect(),
        }
    }

    /// `players` around a circle, every step a round of matches built
    /// by pointing at both players of each.
    pub fn ring(players: usize, rounds: usize) -> Board {
        let picks: Vec<(Spot, usize)> = (0..players).map(|p| (Spot::Node(p), p)).collect();
        let focus = Focus {
            build: Build::Pairs,
            ..Focus::one(Vec::new(), picks, "")
        };
        Board {
            shape: Shape::Ring(players),
            steps: vec![focus; rounds],
        }
    }

    /// Table `table`'s row `row`: its cells, each standing for `value`
    /// of (column, text), where that gives one.
    pub fn row_picks(
        &self,
        table: usize,
        row: usize,
        value: impl Fn(usize, &str) -> Option<usize>,
    ) -> Vec<(Spot, usize)> {
        let Shape::Tables(ts) = &self.shape else {
            return Vec::new();
        };
        let Some(cells) = ts.get(table).and_then(|t| t.cells.get(row)) else {
            return Vec::new();
        };
        cells
            .iter()
            .enumerate()
            .filter_map(|(col, text)| value(col, text).map(|v| (Spot::Cell { table, row, col }, v)))
            .collect()
    }

    /// The reader points at `spot` in step `step`, with `draft` built so
    /// far: the new draft and whether it is to be checked now, or what to
    /// say when the spot is not a choice of this step.
    pub fn point(&self, step: usize, draft: &Draft, spot: Spot) -> Result<(Draft, bool), String> {
        let Some(f) = self.steps.get(step) else {
            return Err("every step is done".into());
        };
        let Some(v) = f.value(spot) else {
            return Err(f.elsewhere.clone());
        };
        Ok(match f.build {
            Build::One => (
                Draft {
                    text: v.to_string(),
                    pending: None,
                },
                true,
            ),
            Build::Sequence => {
                let text = match draft.text.trim() {
                    "" => v.to_string(),
                    t => format!("{t} {v}"),
                };
                (
                    Draft {
                        text,
                        pending: None,
                    },
                    false,
                )
            }
            Build::Pairs => (pair_up(draft, v), false),
        })
    }

    /// The spots to point at, in order, to give `answer` to step `step`
    /// (none for "none", which is a button beside the drawing); `None` if
    /// some part of it is not on the drawing.
    pub fn points_for(&self, step: usize, answer: &StepAnswer) -> Option<Vec<Spot>> {
        let f = self.steps.get(step)?;
        let values: Vec<usize> = match answer {
            StepAnswer::Node(None) => Vec::new(),
            StepAnswer::Node(Some(n)) => vec![*n],
            StepAnswer::Row(r) => r.clone(),
            StepAnswer::Pairs(ps) => ps.iter().flat_map(|&(a, b)| [a, b]).collect(),
        };
        values
            .into_iter()
            .map(|v| f.picks.iter().find(|p| p.1 == v).map(|p| p.0))
            .collect()
    }

    /// Where `answer` to step `step` lies on the drawing (for marks).
    pub fn spots(&self, step: usize, answer: &StepAnswer) -> Vec<Spot> {
        let Some(f) = self.steps.get(step) else {
            return Vec::new();
        };
        let at = |v: usize| f.picks.iter().filter(move |p| p.1 == v).map(|p| p.0);
        match answer {
            StepAnswer::Node(Some(n)) => at(*n).collect(),
            StepAnswer::Node(None) => Vec::new(),
            StepAnswer::Pairs(ps) => ps.iter().flat_map(|&(a, b)| at(a).chain(at(b))).collect(),
            // A row is shown where it is written, not cell by cell; a
            // one-number row (a size) may be on several cells, and which
            // one was pointed at is not in the answer.
            StepAnswer::Row(_) => Vec::new(),
        }
    }
}

/// Adds the pair (pending, v) to the draft's pairs, or starts one at `v`;
/// a pair pointed at again is removed, and a player already paired in
/// this round leaves its old pair (a player meets one other per round).
fn pair_up(draft: &Draft, v: usize) -> Draft {
    let Some(a) = draft.pending else {
        return Draft {
            text: draft.text.clone(),
            pending: Some(v),
        };
    };
    if a == v {
        return Draft {
            text: draft.text.clone(),
            pending: None,
        };
    }
    let mut pairs = match StepAnswer::Pairs(Vec::new()).parse_like(&draft.text) {
        Ok(StepAnswer::Pairs(ps)) => ps,
        _ => Vec::new(),
    };
    let key = (a.min(v), a.max(v));
    let had = pairs.contains(&key);
    pairs.retain(|&(x, y)| x != a && y != a && x != v && y != v);
    if !had {
        pairs.push(key);
    }
    Draft {
        text: StepAnswer::Pairs(pairs).normalized().to_string(),
        pending: None,
    }
}

#[cfg(test)]
#[path = "board_tests.rs"]
mod tests;
