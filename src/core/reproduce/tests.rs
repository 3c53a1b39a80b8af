//! The verdicts pinned: a change in the core that moves a published number
//! out of its tolerance (or into it) fails here.

use super::*;
use std::sync::OnceLock;

/// Every table, computed once for all the tests of this module.
fn all() -> &'static [Table] {
    static ALL: OnceLock<Vec<Table>> = OnceLock::new();
    ALL.get_or_init(|| reproduce(&Selection::default()).expect("the full selection is valid"))
}

fn table(id: &str) -> &'static Table {
    all()
        .iter()
        .find(|t| t.id == id)
        .unwrap_or_else(|| panic!("no table {id}"))
}

fn cell<'a>(t: &'a Table, row: &str, column: &str) -> &'a Cell {
    t.cell(row, column)
        .unwrap_or_else(|| panic!("{}: no cell {row} / {column}", t.id))
}

#[test]
fn verdicts_per_table() {
    let counts: Vec<(&str, [usize; 4])> = all().iter().map(|t| (t.id, t.counts())).collect();
    let expected: Vec<(&str, [usize; 4])> = vec![
        ("000-t1", [4, 4, 0, 0]),
        ("000-t23", [4, 92, 0, 0]),
        ("000-t4", [8, 40, 6, 0]),
        ("000-fig10", [0, 3, 0, 0]),
        ("001-fig2", [0, 73, 1, 0]),
        ("001-fig5", [4, 0, 1, 0]),
        ("001-fig6", [0, 53, 2, 0]),
        ("001-fig9", [0, 33, 53, 0]),
        ("001-order", [15, 0, 11, 0]),
        ("002-perm", [0, 0, 1, 0]),
        ("003-fig11", [36, 0, 0, 0]),
        ("003-steps", [46, 0, 0, 0]),
        ("003-cor1", [7, 0, 5, 0]),
        ("004-t1", [7, 0, 0, 0]),
        ("004-t2", [3, 0, 0, 0]),
        ("004-t3", [7, 0, 0, 0]),
        ("004-t4", [0, 32, 0, 0]),
        ("004-t5", [0, 4, 16, 0]),
        ("004-t6", [2, 24, 6, 0]),
        ("004-t7", [4, 0, 4, 0]),
        ("004-t8", [4, 4, 0, 0]),
    ];
    assert_eq!(counts, expected);
    assert!(all_ok(all()), "a cell differs without an explanation");
}

#[test]
fn every_paper_and_table_is_there() {
    assert_eq!(
        table_ids(),
        [
            "000-t1",
            "000-t23",
            "000-t4",
            "000-fig10",
            "001-fig2",
            "001-fig5",
            "001-fig6",
            "001-fig9",
            "001-order",
            "002-perm",
            "003-fig11",
            "003-steps",
            "003-cor1",
            "004-t1",
            "004-t2",
            "004-t3",
            "004-t4",
            "004-t5",
            "004-t6",
            "004-t7",
            "004-t8"
        ]
    );
    // One paper, one table, and bad selections.
    let sel = |p: &str, t: Option<&str>| Selection {
        paper: Some(p.into()),
        table: t.map(Into::into),
    };
    assert!(plan(&sel("005", None)).is_err());
    assert!(plan(&sel("001", Some("004-t1"))).is_err());
    assert_eq!(
        plan(&sel("004", Some("004-t1"))).unwrap().progress().total,
        1
    );
}

#[test]
fn cells_named_in_the_book() {
    let f9 = table("001-fig9");
    let xor = cell(f9, "1-lev-xor", "16384 B");
    assert_eq!(xor.published, Value::Number(4608.85));
    assert!(matches!(xor.verdict, Verdict::Explained(_)), "{xor:?}");
    let cr = cell(f9, "2-lev-c,r", "16 B");
    assert_eq!(cr.published, Value::Number(11.74));
    assert_eq!(cr.verdict, Verdict::Within);
    // Figure 5's one disagreement: 16 set-ups where the paper prints 15.
    let rec = cell(table("001-fig5"), "logp-lev-rec(0.75)", "set-ups");
    assert_eq!(
        (rec.published.clone(), rec.ours.clone()),
        (Value::Number(15.0), Value::Number(16.0))
    );
    // Corollary 1 as printed fails on ℜ(6, 9); with the carry it holds.
    let cor = table("003-cor1");
    assert!(matches!(
        cell(cor, "K = 6, P = 9 (G = 3)", "as printed").verdict,
        Verdict::Explained(_)
    ));
    assert_eq!(
        cell(cor, "K = 6, P = 9 (G = 3)", "with the carry").verdict,
        Verdict::Matches
    );
    // Tables 1-3 of paper 004 and Figure 11 of paper 003: every entry.
    for id in ["004-t1", "004-t2", "004-t3", "003-fig11", "003-steps"] {
        let t = table(id);
        assert!(t.cells().all(|c| c.verdict == Verdict::Matches), "{id}");
    }
    // The paper disagrees with itself at 512 B: its text names 1-lev-xor,
    // its Figure 9 prints 1-lev-balance lower.
    let order = cell(table("001-order"), "Figure 9, 16 × 16", "512 B");
    assert_eq!(order.published, Value::Text("1-lev-bal".into()));
    match &order.verdict {
        Verdict::Explained(why) => assert!(why.contains("disagrees with itself"), "{why}"),
        v => panic!("{v:?}"),
    }
}

#[test]
fn text_and_json_agree() {
    let t = &all()[..3];
    let text = render_text(t);
    assert!(text.contains("== paper 000, Table 1"), "{text}");
    assert!(text.ends_with(&summary_line(t)));
    let json = serde_json::to_value(t).unwrap();
    let first = &json[0]["rows"][0]["cells"][0];
    assert_eq!(first["published"], 0.211);
    assert!(first["ours"].is_number());
    assert_eq!(first["verdict"]["kind"], "matches");
}

#[test]
fn rules_judge_cells() {
    let n = Value::Number;
    assert_eq!(Rule::Digits(2).judge(&n(1.23), &n(1.2304)), Some(true));
    assert_eq!(Rule::Digits(2).judge(&n(1.23), &n(1.24)), None);
    assert_eq!(Rule::Factor(2.0).judge(&n(10.0), &n(19.0)), Some(false));
    assert_eq!(Rule::Factor(2.0).judge(&n(10.0), &n(4.0)), None);
    assert_eq!(
        Rule::Relative(0.05).judge(&n(100.0), &n(104.0)),
        Some(false)
    );
    let t = |s: &str| Value::Text(s.into());
    assert_eq!(Rule::Same.judge(&t("a"), &t("a")), Some(true));
    assert_eq!(Rule::Same.judge(&t("a"), &t("b")), None);
    assert_eq!(fmt_num(4608.85), "4608.85");
    assert_eq!(fmt_num(0.076), "0.076");
    assert_eq!(fmt_num(-0.0001), "0");
}

#[test]
fn an_unexplained_difference_is_not_ok() {
    let mut b = RowBuilder::new(Rule::Relative(0.05), "x");
    b.num("a", 100.0, 200.0);
    let row = b.done();
    assert_eq!(row.cells[0].verdict, Verdict::Differs);
    let mut t = table("004-t2").clone();
    assert!(t.ok());
    t.rows.push(row);
    assert!(!t.ok() && !all_ok(&[t]));
}

/// Lists the steps of a full run that take over 5 ms (natively): the
/// browser runs one step at a time between frames, so none may be long.
/// `cargo test -p commbook-core --release --lib step_times -- --ignored --nocapture`
#[test]
#[ignore]
fn step_times() {
    let mut r = plan(&Selection::default()).unwrap();
    let mut last = r.progress().done;
    loop {
        let t = std::time::Instant::now();
        let more = r.step();
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        if ms > 5.0 {
            println!("step after {last}: {ms:.1} ms");
        }
        last = r.progress().done;
        if !more {
            break;
        }
    }
}
