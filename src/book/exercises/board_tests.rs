use super::super::{CHAPTERS, Verdict, generate};
use super::*;

/// Points at the spots that make `answer` in step `step`, in order, as a
/// reader would; `None` if some part of it is not on the board.
fn point_out(b: &Board, step: usize, answer: &StepAnswer) -> Option<String> {
    let f = &b.steps[step];
    // "none" is a button beside the drawing, not a spot.
    if *answer == StepAnswer::Node(None) {
        return Some("none".into());
    }
    let mut d = Draft::default();
    let mut checked = false;
    for spot in b.points_for(step, answer)? {
        let (next, now) = b.point(step, &d, spot).ok()?;
        d = next;
        checked |= now;
    }
    assert_eq!(
        checked,
        f.build == Build::One,
        "only a one-point step checks at once"
    );
    Some(d.text)
}

#[test]
fn every_do_it_step_of_every_chapter_can_be_answered_on_its_drawing() {
    let mut kinds = std::collections::BTreeSet::new();
    for seed in 1..=40 {
        for (slug, _) in CHAPTERS {
            for ex in generate(slug, seed).unwrap() {
                let Some(g) = ex.grader() else { continue };
                let b = g
                    .board()
                    .unwrap_or_else(|| panic!("{slug}/{} has no drawing", ex.id));
                assert_eq!(b.steps.len(), g.len(), "{slug}/{}", ex.id);
                kinds.insert(ex.id);
                for (k, s) in g.steps().iter().enumerate() {
                    let text = point_out(b, k, &s.answer).unwrap_or_else(|| {
                        panic!(
                            "{slug}/{} seed {seed} step {k}: {} is not on the board",
                            ex.id, s.answer
                        )
                    });
                    let read = g
                        .parse(k, &text)
                        .expect("the board writes what the field reads");
                    assert_eq!(
                        g.check(k, &read),
                        Verdict::Correct,
                        "{slug}/{} step {k}",
                        ex.id
                    );
                    // Where a processor or a match lies is marked.
                    if matches!(s.answer, StepAnswer::Node(Some(_)) | StepAnswer::Pairs(_)) {
                        assert!(
                            !b.spots(k, &s.answer).is_empty(),
                            "{slug}/{} step {k}",
                            ex.id
                        );
                    }
                }
            }
        }
    }
    // Every do-it-yourself kind of the book.
    assert_eq!(kinds.len(), 13, "{kinds:?}"); // chapter 14's bruck-step the thirteenth
}

#[test]
fn a_point_elsewhere_says_what_the_step_is_about() {
    let t = Table {
        title: "COM".into(),
        cells: vec![vec!["·".into(), "1".into()], vec!["1".into(), "·".into()]],
    };
    let mut b = Board {
        shape: Shape::Tables(vec![t]),
        steps: Vec::new(),
    };
    let picks = b.row_picks(0, 1, |col, _| Some(col));
    b.steps.push(Focus::one(Vec::new(), picks, "row 1's turn"));
    let d = Draft::default();
    let wrong = Spot::Cell {
        table: 0,
        row: 0,
        col: 1,
    };
    assert_eq!(b.point(0, &d, wrong), Err("row 1's turn".to_string()));
    let right = Spot::Cell {
        table: 0,
        row: 1,
        col: 0,
    };
    assert_eq!(
        b.point(0, &d, right).unwrap(),
        (
            Draft {
                text: "0".into(),
                pending: None
            },
            true
        )
    );
    assert!(b.point(1, &d, right).is_err(), "no step 2");
}

#[test]
fn pairs_are_built_one_end_at_a_time_and_undone_by_pointing_again() {
    let b = Board::ring(6, 1);
    let mut d = Draft::default();
    for p in [0, 3, 1, 2] {
        d = b.point(0, &d, Spot::Node(p)).unwrap().0;
    }
    assert_eq!(d.text, "0–3, 1–2");
    d = b.point(0, &d, Spot::Node(4)).unwrap().0;
    assert_eq!(d.pending, Some(4));
    // 4 with 3: 3 leaves its pair with 0.
    d = b.point(0, &d, Spot::Node(3)).unwrap().0;
    assert_eq!(d.text, "1–2, 3–4");
    // The same pair again removes it; a player twice cancels the first end.
    for p in [4, 3, 5, 5] {
        d = b.point(0, &d, Spot::Node(p)).unwrap().0;
    }
    assert_eq!((d.text.as_str(), d.pending), ("1–2", None));
}

#[test]
fn a_row_is_built_in_the_order_pointed() {
    let t = Table {
        title: "S".into(),
        cells: vec![vec!["4".into(), "0".into(), "7".into()]],
    };
    let mut b = Board {
        shape: Shape::Tables(vec![t]),
        steps: Vec::new(),
    };
    let picks = b.row_picks(0, 0, |_, text| text.parse().ok());
    b.steps.push(Focus {
        build: Build::Sequence,
        ..Focus::one(Vec::new(), picks, "")
    });
    let mut d = Draft::default();
    for col in [2, 0, 1] {
        let (next, now) = b
            .point(
                0,
                &d,
                Spot::Cell {
                    table: 0,
                    row: 0,
                    col,
                },
            )
            .unwrap();
        assert!(!now);
        d = next;
    }
    assert_eq!(d.text, "7 4 0");
}
