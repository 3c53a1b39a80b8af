//! The recomputed tables as terminal text: one line per cell, aligned, the
//! reasons of explained cells numbered once per table.

use super::{Table, Verdict, counts_line};

/// Cells per verdict over all tables, in words.
pub fn summary_line(tables: &[Table]) -> String {
    let mut c = [0usize; 4];
    for t in tables {
        for (a, b) in c.iter_mut().zip(t.counts()) {
            *a += b;
        }
    }
    format!("{} tables, {}", tables.len(), counts_line(c))
}

/// Every table as aligned text, with the summary last.
pub fn render_text(tables: &[Table]) -> String {
    let mut out = String::new();
    for t in tables {
        out.push_str(&format!(
            "== paper {}, {}: {} ({})\n   ours: {}\n   tolerance: {}\n",
            t.paper, t.name, t.title, t.source, t.method, t.tolerance
        ));
        let (cells, reasons) = t.lines();
        let mut lines: Vec<[String; 6]> = vec![[
            "row".into(),
            "column".into(),
            "published".into(),
            "ours".into(),
            "difference".into(),
            "verdict".into(),
        ]];
        for l in &cells {
            let c = l.cell;
            let verdict = match (&c.verdict, l.reason) {
                (Verdict::Explained(_), Some(k)) => format!("{} explained [{k}]", c.verdict.mark()),
                (v, _) => format!("{} {}", v.mark(), v.word()),
            };
            lines.push([
                l.label.to_string(),
                c.column.clone(),
                c.published.text(),
                c.ours.text(),
                c.difference_text(),
                verdict,
            ]);
        }
        let widths: Vec<usize> = (0..6)
            .map(|i| {
                lines
                    .iter()
                    .map(|l| l[i].chars().count())
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        for l in &lines {
            let mut line = String::from("  ");
            for (i, cell) in l.iter().enumerate() {
                let pad = widths[i] - cell.chars().count();
                // Numbers right-aligned, words left-aligned.
                if (2..5).contains(&i) && l[0] != "row" {
                    line.push_str(&" ".repeat(pad));
                    line.push_str(cell);
                } else {
                    line.push_str(cell);
                    line.push_str(&" ".repeat(pad));
                }
                line.push_str("  ");
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        for (k, r) in reasons.iter().enumerate() {
            out.push_str(&format!("  [{}] {r}\n", k + 1));
        }
        out.push('\n');
    }
    out.push_str(&summary_line(tables));
    out
}
