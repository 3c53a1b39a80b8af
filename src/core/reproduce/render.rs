//! The recomputed tables as terminal text: one line per cell, aligned, the
//! reasons of explained cells numbered once per table.

use super::{Table, Value, Verdict, fmt_num};

fn value(v: &Value) -> String {
    match v {
        Value::Number(x) => fmt_num(*x),
        Value::Text(s) => s.clone(),
    }
}

/// Cells per verdict over all tables, in words.
pub fn summary_line(tables: &[Table]) -> String {
    let mut c = [0usize; 4];
    for t in tables {
        for (a, b) in c.iter_mut().zip(t.counts()) {
            *a += b;
        }
    }
    let cells: usize = c.iter().sum();
    format!(
        "{} tables, {cells} cells: {} match, {} within tolerance, {} explained, {} differ",
        tables.len(),
        c[0],
        c[1],
        c[2],
        c[3]
    )
}

/// Every table as aligned text, with the summary last.
pub fn render_text(tables: &[Table]) -> String {
    let mut out = String::new();
    for t in tables {
        out.push_str(&format!(
            "== paper {}, {}: {} ({})\n   ours: {}\n   tolerance: {}\n",
            t.paper, t.name, t.title, t.source, t.method, t.tolerance
        ));
        let mut reasons: Vec<&str> = Vec::new();
        let mut lines: Vec<[String; 6]> = vec![[
            "row".into(),
            "column".into(),
            "published".into(),
            "ours".into(),
            "difference".into(),
            "verdict".into(),
        ]];
        let mut label = "";
        for row in &t.rows {
            if !row.label.is_empty() {
                label = &row.label;
            }
            for c in &row.cells {
                let diff = match (c.difference(), c.ratio()) {
                    (Some(d), Some(r)) => format!("{} (×{})", fmt_num(d), fmt_num(r)),
                    (Some(d), None) => fmt_num(d),
                    _ if c.published == c.ours => "same".into(),
                    _ => "differs".into(),
                };
                let verdict = match &c.verdict {
                    Verdict::Explained(why) => {
                        let k = reasons.iter().position(|r| *r == why).unwrap_or_else(|| {
                            reasons.push(why);
                            reasons.len() - 1
                        });
                        format!("{} explained [{}]", c.verdict.mark(), k + 1)
                    }
                    v => format!("{} {}", v.mark(), v.word()),
                };
                lines.push([
                    label.to_string(),
                    c.column.clone(),
                    value(&c.published),
                    value(&c.ours),
                    diff,
                    verdict,
                ]);
            }
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
