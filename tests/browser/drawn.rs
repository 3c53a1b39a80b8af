//! Exercises answered on their drawings (issue 28 §3): a point at a
//! processor or a cell checks a one-point step at once, a round of the
//! tournament is built from both ends of each match, a row of S′ or R′
//! from its blocks in order; the verdict and the rule are marked on the
//! drawing; the arrow keys move between the offered spots and Enter
//! chooses. Which spot is right comes from the exercise's own grader and
//! board, never from the page.

use crate::support::*;
use commbook::book::exercises::board::Spot;
use commbook::book::exercises::{Exercise, StepAnswer, Verdict, generate};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::wasm_bindgen_test;

/// The DOM id of `spot` on exercise `id`'s drawing.
fn spot_id(id: &str, spot: Spot) -> String {
    match spot {
        Spot::Node(n) => format!("#ex-{id}-board-node-{n}"),
        Spot::Cell { table, row, col } => format!("#ex-{id}-board-cell-{table}-{row}-{col}"),
    }
}

/// Mounts chapter `slug` with exercise seed `seed` and waits for `id`.
async fn chapter(slug: &str, seed: u64, id: &str) -> (Mounted, Exercise) {
    let m = mount(&format!("#/chapter/{slug}?ex.seed={seed}")).await;
    let sel = format!("#ex-{id}");
    until(&m, "the exercises", |m| m.find(&sel).is_some()).await;
    let ex = generate(slug, seed)
        .unwrap()
        .into_iter()
        .find(|e| e.id == id)
        .expect("the exercise");
    (m, ex)
}

/// Points at every spot of step `k`'s model answer (None by its button).
async fn point_model(m: &Mounted, ex: &Exercise, k: usize) {
    let g = ex.grader().unwrap();
    let answer = &g.steps()[k].answer;
    if *answer == StepAnswer::Node(None) {
        m.click(&format!("#ex-{} .ex-none", ex.id)).await;
        return;
    }
    let spots = g.board().unwrap().points_for(k, answer).unwrap();
    for s in spots {
        m.click(&spot_id(ex.id, s)).await;
    }
}

fn verdict(m: &Mounted, id: &str) -> String {
    m.text(&format!("#ex-{id} .ex-verdict"))
}

#[wasm_bindgen_test]
async fn a_processor_pointed_at_is_checked_and_marked_on_the_drawing() {
    let (m, ex) = chapter("cm5", 3, "exchange-partners").await;
    let id = ex.id;
    let g = ex.grader().unwrap();
    // The fat tree is drawn, its switches and links hidden from readers.
    assert!(
        m.find(&format!(
            "#ex-{id} .board-net svg[aria-hidden='true'] rect.switch"
        ))
        .is_some()
    );
    // A wrong processor: the verdict and the rule are on the drawing, the
    // spot marked as the reader's answer.
    let wrong = g.board().unwrap().steps[0]
        .picks
        .iter()
        .find(|&&(_, p)| g.check(0, &StepAnswer::Node(Some(p))) != Verdict::Correct)
        .unwrap()
        .1;
    m.click(&spot_id(id, Spot::Node(wrong))).await;
    assert!(
        verdict(&m, id).starts_with("Not yet."),
        "{}",
        verdict(&m, id)
    );
    let says = m.text(&format!("#ex-{id} .board-says"));
    assert!(
        says.starts_with("✗ Not yet") && says.contains(&g.steps()[0].rule),
        "{says}"
    );
    let marked = m.get(&spot_id(id, Spot::Node(wrong)));
    assert!(marked.class_name().contains("wrong"));
    assert!(
        marked
            .get_attribute("aria-label")
            .unwrap()
            .contains("your answer, not the rule's")
    );
    // Every step by pointing: all of them the reader's own.
    for k in 0..g.len() {
        point_model(&m, &ex, k).await;
        assert!(
            verdict(&m, id).starts_with("Correct."),
            "step {k}: {}",
            verdict(&m, id)
        );
    }
    assert!(
        m.text(&format!("#ex-{id} .ex-finished"))
            .contains(&format!("all {} steps are yours", g.len())),
        "{}",
        m.all_text()
    );
    // The steps done stay marked, no longer offered (text, not buttons).
    if let StepAnswer::Node(Some(p)) = g.steps()[0].answer {
        let done = m.get(&spot_id(id, Spot::Node(p)));
        assert_eq!(done.tag_name(), "SPAN");
        assert!(done.class_name().contains("done"), "{}", done.outer_html());
    }
}

#[wasm_bindgen_test]
async fn arrow_keys_move_between_cells_and_enter_chooses() {
    let (m, ex) = chapter("permutations", 7, "lp-partners").await;
    let id = ex.id;
    let g = ex.grader().unwrap();
    let b = g.board().unwrap();
    // One spot takes Tab; the rest are reached with the arrows.
    let stops = m
        .root
        .query_selector_all(&format!("#ex-{id} .board button.spot[tabindex='0']"))
        .unwrap()
        .length();
    assert_eq!(stops, 1);
    let first = b.steps[0].picks[0].0;
    m.key(&spot_id(id, first), "ArrowRight").await;
    let now = document().active_element().unwrap().id();
    assert_ne!(format!("#{now}"), spot_id(id, first), "the focus moved");
    assert!(now.starts_with(&format!("ex-{id}-board-cell-")), "{now}");
    // Enter on a focused spot is a click (the browser's own for a button):
    // point at the model's cell from the keyboard.
    match &g.steps()[0].answer {
        StepAnswer::Node(Some(p)) => {
            let s = b.spots(0, &StepAnswer::Node(Some(*p)))[0];
            m.key(&spot_id(id, s), "Home").await;
            m.click(&spot_id(id, s)).await;
        }
        _ => point_model(&m, &ex, 0).await,
    }
    assert!(
        verdict(&m, id).starts_with("Correct."),
        "{}",
        verdict(&m, id)
    );
    assert!(m.text(&format!("#ex-{id} .board-says")).starts_with("✓"));
    // A cell outside P's row and column is not offered: plain text.
    let n = ex.instance["n"].as_u64().unwrap() as usize;
    let outside = (0..n).find_map(|r| {
        let s = Spot::Cell {
            table: 0,
            row: r,
            col: (r + 1) % n,
        };
        (b.steps[1].value(s).is_none()).then_some(s)
    });
    if let Some(s) = outside {
        assert_eq!(
            m.get(&spot_id(id, s)).tag_name(),
            "SPAN",
            "only offered spots are buttons"
        );
    }
}

#[wasm_bindgen_test]
async fn a_round_is_built_from_its_pairs_and_a_row_from_its_blocks() {
    // The tournament: both ends of each match, then Check.
    let (m, ex) = chapter("tournament", 2, "tournament-round").await;
    let id = ex.id;
    point_model(&m, &ex, 0).await;
    let field = format!("#ex-{id}-answer");
    let typed = m
        .get(&field)
        .dyn_into::<web_sys::HtmlInputElement>()
        .unwrap()
        .value();
    assert_eq!(typed, ex.grader().unwrap().steps()[0].answer.to_string());
    assert!(
        m.find(&format!("#ex-{id} .board-net line.chord")).is_some(),
        "matches drawn"
    );
    m.key(&field, "Enter").await;
    assert!(
        verdict(&m, id).starts_with("Correct."),
        "{}",
        verdict(&m, id)
    );

    // Chapter 9: a row of S′ or R′ pointed out block by block.
    let (m, ex) = chapter("redistribution", 5, "table-row").await;
    let id = ex.id;
    let g = ex.grader().unwrap();
    point_model(&m, &ex, 0).await;
    let field = format!("#ex-{id}-answer");
    m.key(&field, "Enter").await;
    assert!(
        verdict(&m, id).starts_with("Correct."),
        "{}",
        verdict(&m, id)
    );
    // The row is written into the table being filled.
    let (t, r) = g.board().unwrap().steps[0].writes.unwrap();
    let StepAnswer::Row(row) = &g.steps()[0].answer else {
        panic!("a row");
    };
    let cell = format!("#ex-{id}-board-cell-{t}-{r}-0");
    let shown = m.find(&cell).map_or_else(
        || {
            m.text(&format!(
                "#ex-{id} .board-tables table:last-of-type tbody tr td"
            ))
        },
        |c| c.text_content().unwrap_or_default(),
    );
    assert!(shown.starts_with(&row[0].to_string()), "{shown}");
}
