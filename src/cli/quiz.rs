//! The terminal form of `commbook quiz`: every question of the chapter
//! with its instance, its answer (the model steps of a do-it-yourself
//! exercise), the explanation and the figure's link.

use serde_json::Value;
use std::fmt::Write;

/// The JSON answer printed for people: a chapter's questions, a code
/// regraded, or a class's codes.
pub fn render(out: &Value) -> String {
    if out.get("students").is_some() {
        return render_class(out);
    }
    if out.get("exercises").is_some() {
        return render_check(out);
    }
    render_questions(out)
}

/// `quiz --check`: one line per exercise, then the score.
fn render_check(out: &Value) -> String {
    let mut s = format!(
        "Completion code for chapter {}, seed {}: {} of {} right\n",
        out["chapter"].as_str().unwrap_or("?"),
        out["seed"],
        out["right"],
        out["total"]
    );
    for (k, e) in out["exercises"]
        .as_array()
        .into_iter()
        .flatten()
        .enumerate()
    {
        let mark = match (e["correct"].as_bool(), e["answered"].as_bool()) {
            (Some(true), _) => "right",
            (_, Some(true)) => "wrong",
            _ => "not answered",
        };
        let _ = writeln!(
            s,
            "{:>3}. {:<13} {} [{}]: {}",
            k + 1,
            mark,
            e["title"].as_str().unwrap_or(""),
            e["id"].as_str().unwrap_or(""),
            e["given"].as_str().unwrap_or("")
        );
    }
    s.pop();
    s
}

/// `quiz --grade`: one line per student.
fn render_class(out: &Value) -> String {
    let students = out["students"].as_array().cloned().unwrap_or_default();
    let width = students
        .iter()
        .filter_map(|st| st["name"].as_str())
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    // Without --chapter each code names its own chapter.
    let whose = match out["chapter"].as_str() {
        Some(slug) => format!("Chapter {slug}"),
        None => "Each code's chapter".to_string(),
    };
    let mut s = format!(
        "{whose}: {} student{} (marks: r right, w wrong, - not answered)\n{:<width$}  {:>10}  {:>5}  marks\n",
        students.len(),
        if students.len() == 1 { "" } else { "s" },
        "name",
        "seed",
        "score",
    );
    for st in &students {
        let name = st["name"].as_str().unwrap_or("");
        match st["error"].as_str() {
            Some(why) => {
                let _ = writeln!(
                    s,
                    "{name:<width$}  {:>10}  {:>5}  not graded: {why}",
                    "-", "-"
                );
            }
            None => {
                let chapter = st["chapter"]
                    .as_str()
                    .map_or(String::new(), |c| format!("  ({c})"));
                let _ = writeln!(
                    s,
                    "{name:<width$}  {:>10}  {:>5}  {}{chapter}",
                    st["seed"],
                    format!("{}/{}", st["right"], st["total"]),
                    st["marks"].as_str().unwrap_or("")
                );
            }
        }
    }
    s.pop();
    s
}

/// A chapter's questions, answers and explanations.
fn render_questions(out: &Value) -> String {
    let questions = out["questions"].as_array().cloned().unwrap_or_default();
    let mut s = format!(
        "Chapter {}: {} exercise{} for seed {}\n",
        out["title"].as_str().unwrap_or("?"),
        questions.len(),
        if questions.len() == 1 { "" } else { "s" },
        out["seed"],
    );
    for (k, q) in questions.iter().enumerate() {
        let kind = match q["kind"].as_str() {
            Some("do-it") => "do it yourself",
            Some(other) => other,
            None => "?",
        };
        let _ = writeln!(
            s,
            "\n{}. {} [{kind}, {}]",
            k + 1,
            q["title"].as_str().unwrap_or(""),
            q["id"].as_str().unwrap_or("")
        );
        indented(&mut s, q["text"].as_str().unwrap_or(""), "   ");
        if let Some(choices) = q["choices"].as_array() {
            for (i, c) in choices.iter().enumerate() {
                let letter = char::from(b'a' + (i % 26) as u8);
                let _ = writeln!(s, "     ({letter}) {}", c.as_str().unwrap_or(""));
            }
        }
        match q["steps"].as_array() {
            Some(steps) => {
                s.push_str("   Model steps:\n");
                for (i, st) in steps.iter().enumerate() {
                    let _ = writeln!(
                        s,
                        "   {:>3}. {} → {}",
                        i + 1,
                        st["prompt"].as_str().unwrap_or(""),
                        answer(&st["answer"])
                    );
                    indented(&mut s, st["why"].as_str().unwrap_or(""), "        ");
                }
            }
            None => {
                let within = q["tolerance"]
                    .as_f64()
                    .map_or(String::new(), |t| format!(" (within {} %)", t * 100.0));
                let _ = writeln!(s, "   Answer: {}{within}", answer(&q["answer"]));
            }
        }
        indented(
            &mut s,
            &format!("Why: {}", q["explanation"].as_str().unwrap_or("")),
            "   ",
        );
        let _ = writeln!(s, "   Figure: {}", q["figure"].as_str().unwrap_or(""));
    }
    s.pop();
    s
}

/// An answer as text: `none` for null, pairs as `a–b`, rows spaced.
fn answer(v: &Value) -> String {
    match v {
        Value::Null => "none".into(),
        Value::String(t) => t.clone(),
        Value::Array(items) => {
            let pairs = items
                .iter()
                .all(|p| p.as_array().is_some_and(|a| a.len() == 2));
            if pairs && !items.is_empty() {
                let v: Vec<String> = items.iter().map(|p| format!("{}–{}", p[0], p[1])).collect();
                v.join(", ")
            } else {
                let v: Vec<String> = items.iter().map(answer).collect();
                v.join(" ")
            }
        }
        Value::Number(x) => match x.as_f64() {
            Some(f) if f.fract() != 0.0 => {
                let s = format!("{f:.2}");
                s.trim_end_matches('0').trim_end_matches('.').to_string()
            }
            _ => x.to_string(),
        },
        other => other.to_string(),
    }
}

fn indented(s: &mut String, text: &str, pad: &str) {
    for line in text.lines() {
        let _ = writeln!(s, "{pad}{line}");
    }
}
