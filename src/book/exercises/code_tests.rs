//! Completion codes round-trip for every chapter, and bad codes say why.

use super::*;

fn right(list: &[Exercise]) -> Vec<Given> {
    list.iter().map(Given::model).collect()
}

#[test]
fn every_chapter_round_trips_right_wrong_and_missing_answers() {
    for &slug in SLUGS {
        for seed in [0, 1, 12345, u32::MAX as u64] {
            let list = generate(slug, seed).unwrap();
            let mut given = right(&list);
            let code = encode(slug, seed, &list, &given);
            let report = regrade(slug, &code).unwrap();
            assert_eq!(report.seed, seed);
            assert_eq!(report.right(), list.len(), "{slug} {seed}: {code}");
            // A model step taken, a wrong choice, a missing answer.
            for (g, e) in given.iter_mut().zip(&list).take(3) {
                *g = match (&*g, e.kind()) {
                    (Given::Steps(s), _) => {
                        let mut s = s.clone();
                        s[0].1 = true;
                        Given::Steps(s)
                    }
                    (Given::Choice(c), _) => Given::Choice((c + 1) % e.choices.len()),
                    _ => Given::None,
                };
            }
            let code = encode(slug, seed, &list, &given);
            let report = regrade(slug, &code.to_ascii_lowercase().replace('-', " ")).unwrap();
            let n = list.len().min(3);
            assert_eq!(report.right(), list.len() - n, "{slug}");
        }
    }
}

#[test]
fn a_bad_code_says_why() {
    let list = generate("cgm", 3).unwrap();
    let given = right(&list);
    let code = encode("cgm", 3, &list, &given);
    let why = |c: &str, slug: &str| regrade(slug, c).unwrap_err().0;
    assert!(why(&code, "nice").contains("is for chapter 'cgm', not 'nice'"));
    assert!(why("hello", "cgm").contains("too short"));
    assert!(why("UUUUUUUUUU", "cgm").contains("'U' cannot appear"));
    // One symbol changed: the checksum catches it.
    let mut bad: Vec<char> = code.chars().collect();
    bad[2] = if bad[2] == '7' { '8' } else { '7' };
    let bad: String = bad.into_iter().collect();
    assert!(why(&bad, "cgm").contains("checksum"));
    assert!(why(&code[..code.len() - 7], "cgm").contains("checksum"));
    assert!(why(&code, "no-such").contains("no chapter 'no-such'"));
}

#[test]
fn a_code_from_another_build_is_refused() {
    let list = generate("tournament", 9).unwrap();
    let mut other = list.clone();
    other[0].text.push_str(" (reworded)");
    let code = encode("tournament", 9, &other, &right(&list));
    assert!(
        regrade("tournament", &code)
            .unwrap_err()
            .0
            .contains("another build")
    );
}
