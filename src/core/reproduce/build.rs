//! Building a table: its rows' cells judged by its rule, and the jobs
//! that compute them one short step at a time.

use super::table::{Cell, Row, Rule, Table, Value, Verdict};

/// Builds the cells of one row against a table's rule.
pub(crate) struct RowBuilder {
    rule: Rule,
    row: Row,
}

impl RowBuilder {
    pub(crate) fn new(rule: Rule, label: impl Into<String>) -> Self {
        RowBuilder {
            rule,
            row: Row {
                label: label.into(),
                cells: Vec::new(),
            },
        }
    }

    /// A cell judged by the rule; outside it, [`Verdict::Differs`] unless
    /// `why` explains it.
    pub(crate) fn cell(
        &mut self,
        column: impl Into<String>,
        published: Value,
        ours: Value,
        why: Option<String>,
    ) -> &mut Self {
        let verdict = match self.rule.judge(&published, &ours) {
            Some(true) => Verdict::Matches,
            Some(false) => Verdict::Within,
            None => why.map_or(Verdict::Differs, Verdict::Explained),
        };
        self.row.cells.push(Cell {
            column: column.into(),
            published,
            ours,
            verdict,
        });
        self
    }

    /// A numeric cell.
    pub(crate) fn num(
        &mut self,
        column: impl Into<String>,
        published: f64,
        ours: f64,
    ) -> &mut Self {
        self.cell(column, Value::Number(published), Value::Number(ours), None)
    }

    /// A numeric cell with the reason it may fall outside the tolerance.
    pub(crate) fn num_why(
        &mut self,
        column: impl Into<String>,
        published: f64,
        ours: f64,
        why: impl Into<String>,
    ) -> &mut Self {
        self.cell(
            column,
            Value::Number(published),
            Value::Number(ours),
            Some(why.into()),
        )
    }

    /// A text cell.
    pub(crate) fn text(
        &mut self,
        column: impl Into<String>,
        published: impl Into<String>,
        ours: impl Into<String>,
    ) -> &mut Self {
        self.cell(
            column,
            Value::Text(published.into()),
            Value::Text(ours.into()),
            None,
        )
    }

    pub(crate) fn done(&mut self) -> Row {
        std::mem::replace(
            &mut self.row,
            Row {
                label: String::new(),
                cells: Vec::new(),
            },
        )
    }
}

/// A row still to compute, or (`None`) work shared by later rows, done in
/// a step of its own so that no step of the browser's run is long.
pub(crate) type RowJob = Box<dyn FnOnce() -> Option<Row>>;

/// A table before its rows are computed.
pub(crate) struct Pending {
    pub table: Table,
    pub jobs: Vec<RowJob>,
}

impl Pending {
    pub(crate) fn new(
        paper: &'static str,
        id: &'static str,
        name: &'static str,
        title: &'static str,
        source: &'static str,
        method: impl Into<String>,
        rule: Rule,
    ) -> Self {
        Pending {
            table: Table {
                paper,
                id,
                name,
                title,
                source,
                method: method.into(),
                rule,
                tolerance: rule.describe(),
                rows: Vec::new(),
            },
            jobs: Vec::new(),
        }
    }

    /// Overrides the tolerance's wording (when it differs by cell).
    pub(crate) fn tolerance(mut self, words: impl Into<String>) -> Self {
        self.table.tolerance = words.into();
        self
    }

    pub(crate) fn row(mut self, job: impl FnOnce() -> Row + 'static) -> Self {
        self.jobs.push(Box::new(move || Some(job())));
        self
    }

    /// Work that later rows share (filling a cache they read), as a step
    /// of its own.
    pub(crate) fn prepare(mut self, job: impl FnOnce() + 'static) -> Self {
        self.jobs.push(Box::new(move || {
            job();
            None
        }));
        self
    }
}
