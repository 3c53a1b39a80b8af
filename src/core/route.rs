//! The URL scheme. Everything lives after `#`, so the book works on any
//! static host and from any sub-path without server rewrites:
//!
//! - `#/` — the cover and contents;
//! - `#/chapter/<slug>?<id>.<key>=<value>&…` — a chapter; each figure's
//!   parameters and its `step` are prefixed with the figure's id;
//! - `#/embed/<figure>?<key>=<value>&…` — one figure and its player alone,
//!   for an iframe in a course page;
//! - `#/present/<slug>?slide=<n>&<id>.<key>=<value>&…` — a chapter as
//!   slides, one figure or short passage at a time (`book::slides`); the
//!   figures' keys are the chapter link's.
//!
//! Parsing never fails: anything unrecognised becomes [`Route::NotFound`]
//! and the page says so.
//!
//! It lives in the core, the lowest layer that writes a link (a machine
//! preset names the advisor set to its machine, `cost::preset`), so that
//! every link the book, the CLI and the MPI runner write goes through it;
//! the book re-exports it as `book::route`.

/// A parsed location.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    Home,
    Chapter {
        slug: String,
        query: Query,
    },
    Embed {
        figure: String,
        query: Query,
    },
    /// A chapter in presenter mode (the book's `book::slides`).
    Present {
        slug: String,
        query: Query,
    },
    NotFound {
        path: String,
    },
}

/// Query pairs in order of appearance.
pub type Query = Vec<(String, String)>;

/// The query key that holds a figure's current step.
pub const STEP: &str = "step";

/// A chapter figure block's line `defer: true`: that figure, though its
/// kind is light in general, is heavy with the chapter's settings, and
/// waits for the reader as a figure whose kind is deferred (the book's
/// `Figure::DEFERRED`) does. Not a setting: a link cannot give it.
pub const DEFER: &str = "defer";

impl Route {
    /// Parses `location.hash` (with or without the leading `#`).
    pub fn parse(hash: &str) -> Route {
        let h = hash.strip_prefix('#').unwrap_or(hash);
        let (path, q) = h.split_once('?').unwrap_or((h, ""));
        let query = parse_query(q);
        let parts: Vec<&str> = path.split('/').filter(|p| !p.is_empty()).collect();
        match parts.as_slice() {
            [] => Route::Home,
            ["chapter", slug] => Route::Chapter {
                slug: decode(slug),
                query,
            },
            ["embed", w] => Route::Embed {
                figure: decode(w),
                query,
            },
            ["present", slug] => Route::Present {
                slug: decode(slug),
                query,
            },
            _ => Route::NotFound { path: decode(path) },
        }
    }

    /// Chapter `slug`, at its start.
    pub fn chapter(slug: &str) -> Route {
        Route::Chapter {
            slug: slug.into(),
            query: Query::new(),
        }
    }

    /// Figure `figure` alone, as an embed.
    pub fn embed(figure: &str) -> Route {
        Route::Embed {
            figure: figure.into(),
            query: Query::new(),
        }
    }

    /// Chapter `slug` as slides, from the first.
    pub fn present(slug: &str) -> Route {
        Route::Present {
            slug: slug.into(),
            query: Query::new(),
        }
    }

    /// This route with `key=value` added to its query (a route without a
    /// query, the cover or a page not found, stays as it is).
    pub fn with(mut self, key: &str, value: impl ToString) -> Route {
        if let Route::Chapter { query, .. }
        | Route::Embed { query, .. }
        | Route::Present { query, .. } = &mut self
        {
            query.push((key.into(), value.to_string()));
        }
        self
    }

    /// The hash for this route, starting with `#`.
    pub fn to_hash(&self) -> String {
        match self {
            Route::Home => "#/".into(),
            Route::Chapter { slug, query } => {
                with_query(format!("#/chapter/{}", encode(slug)), query)
            }
            Route::Embed { figure, query } => {
                with_query(format!("#/embed/{}", encode(figure)), query)
            }
            Route::Present { slug, query } => {
                with_query(format!("#/present/{}", encode(slug)), query)
            }
            Route::NotFound { path } => format!("#{}", encode_path(path)),
        }
    }
}

fn with_query(mut s: String, q: &Query) -> String {
    if !q.is_empty() {
        s.push('?');
        s.push_str(&encode_query(q));
    }
    s
}

/// Splits `a=1&b=2` into pairs, decoding `%XX` and `+`.
pub fn parse_query(q: &str) -> Query {
    q.split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            (decode(k), decode(v))
        })
        .collect()
}

/// Joins pairs into `a=1&b=2`, encoding what needs it.
pub fn encode_query(q: &Query) -> String {
    q.iter()
        .map(|(k, v)| format!("{}={}", encode(k), encode(v)))
        .collect::<Vec<_>>()
        .join("&")
}

/// The pairs of `query` that belong to figure `id` (`id.key=…`), with the
/// prefix removed.
pub fn figure_params(query: &Query, id: &str) -> Query {
    query
        .iter()
        .filter_map(|(k, v)| {
            let key = k.strip_prefix(id)?.strip_prefix('.')?;
            Some((key.to_string(), v.clone()))
        })
        .collect()
}

/// Percent-decodes; malformed escapes are kept as written and invalid
/// UTF-8 is replaced, so decoding cannot fail.
pub fn decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < b.len() => match (hex(b[i + 1]), hex(b[i + 2])) {
                (Some(h), Some(l)) => {
                    out.push(h * 16 + l);
                    i += 2;
                }
                _ => out.push(b'%'),
            },
            c => out.push(c),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn hex(c: u8) -> Option<u8> {
    (c as char).to_digit(16).map(|d| d as u8)
}

/// Percent-encodes everything but unreserved characters and a few that are
/// safe and readable in a query value (`.`, `,`, `:`).
pub fn encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for &c in s.as_bytes() {
        if c.is_ascii_alphanumeric() || b"-_.~,:".contains(&c) {
            out.push(c as char);
        } else {
            out.push_str(&format!("%{c:02X}"));
        }
    }
    out
}

fn encode_path(p: &str) -> String {
    p.split('/').map(encode).collect::<Vec<_>>().join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_three_shapes() {
        assert_eq!(Route::parse(""), Route::Home);
        assert_eq!(Route::parse("#/"), Route::Home);
        assert_eq!(
            Route::parse("#/chapter/permutations?lp.n=8&lp.step=3"),
            Route::Chapter {
                slug: "permutations".into(),
                query: vec![("lp.n".into(), "8".into()), ("lp.step".into(), "3".into())]
            }
        );
        assert_eq!(
            Route::parse("#/embed/lp?n=8"),
            Route::Embed {
                figure: "lp".into(),
                query: vec![("n".into(), "8".into())]
            }
        );
        assert_eq!(
            Route::parse("#/nowhere/at/all"),
            Route::NotFound {
                path: "/nowhere/at/all".into()
            }
        );
    }

    #[test]
    fn parses_presenter_links() {
        assert_eq!(
            Route::parse("#/present/permutations?slide=3&lp.n=6&lp.step=2"),
            Route::Present {
                slug: "permutations".into(),
                query: vec![
                    ("slide".into(), "3".into()),
                    ("lp.n".into(), "6".into()),
                    ("lp.step".into(), "2".into())
                ]
            }
        );
        assert_eq!(
            Route::parse("present/compaction"),
            Route::Present {
                slug: "compaction".into(),
                query: vec![]
            }
        );
        // Garbage still parses: the presenter says what it made of it.
        assert_eq!(
            Route::parse("#/present/no%20such?slide=abc&slide"),
            Route::Present {
                slug: "no such".into(),
                query: vec![("slide".into(), "abc".into()), ("slide".into(), "".into())]
            }
        );
        let r = Route::Present {
            slug: "cgm".into(),
            query: vec![
                ("slide".into(), "2".into()),
                ("gmcgm.step".into(), "end".into()),
            ],
        };
        assert_eq!(r.to_hash(), "#/present/cgm?slide=2&gmcgm.step=end");
        assert_eq!(Route::parse(&r.to_hash()), r);
    }

    /// Links are a promise: every form the book gave out before presenter
    /// mode parses exactly as it did.
    #[test]
    fn older_links_parse_as_before() {
        let chapter = |slug: &str, q: &[(&str, &str)]| Route::Chapter {
            slug: slug.into(),
            query: q
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        };
        let not_found = |p: &str| Route::NotFound { path: p.into() };
        let cases = [
            ("", Route::Home),
            ("#", Route::Home),
            ("#/", Route::Home),
            ("#//", Route::Home),
            ("#/?x=1", Route::Home),
            ("#/chapter/permutations", chapter("permutations", &[])),
            ("#/chapter/permutations/", chapter("permutations", &[])),
            (
                "#/chapter/permutations?at=contention",
                chapter("permutations", &[("at", "contention")]),
            ),
            (
                "#/chapter/cgm?gmcgm.n=64&gmcgm.step=end&at=widget-gmcgm",
                chapter(
                    "cgm",
                    &[
                        ("gmcgm.n", "64"),
                        ("gmcgm.step", "end"),
                        ("at", "widget-gmcgm"),
                    ],
                ),
            ),
            (
                "#/chapter/permutations?slide=3",
                chapter("permutations", &[("slide", "3")]),
            ),
            (
                "#/embed/lp?n=8&step=2",
                Route::Embed {
                    figure: "lp".into(),
                    query: vec![("n".into(), "8".into()), ("step".into(), "2".into())],
                },
            ),
            ("#/present", not_found("/present")),
            ("#/present/a/b", not_found("/present/a/b")),
            (
                "#/presents/permutations",
                not_found("/presents/permutations"),
            ),
            ("#/chapter", not_found("/chapter")),
            ("#/chapter/a/b", not_found("/chapter/a/b")),
            ("#/embed", not_found("/embed")),
            ("#/what/is/this", not_found("/what/is/this")),
        ];
        for (hash, route) in cases {
            assert_eq!(Route::parse(hash), route, "{hash}");
        }
    }

    #[test]
    fn round_trips_and_survives_garbage() {
        let r = Route::Chapter {
            slug: "permutations".into(),
            query: vec![
                ("com.flip".into(), "1.2,3.4".into()),
                ("x".into(), "a b&c=d%".into()),
            ],
        };
        assert_eq!(Route::parse(&r.to_hash()), r);
        assert_eq!(decode("%zz%4"), "%zz%4");
        assert_eq!(decode("%E2%86%92"), "→");
        assert_eq!(decode("%FF"), "\u{FFFD}");
        assert_eq!(
            parse_query("a&&b=1=2"),
            vec![("a".into(), "".into()), ("b".into(), "1=2".into())]
        );
    }

    #[test]
    fn figure_params_strip_their_prefix() {
        let q = parse_query("lp.n=8&lpx.n=3&com.d=2&lp.step=4");
        assert_eq!(
            figure_params(&q, "lp"),
            vec![("n".into(), "8".into()), ("step".into(), "4".into())]
        );
    }
}
