//! Values that have a name in a link, on the command line and in the JS
//! API: a swap mode (`both`), an algorithm (`cgm`, `logp-lev-rec`), a
//! machine (`sp2`). The book's settings, the CLI and the JS API all read
//! such words through [`Keyword::from_keyword`], so the three agree on
//! every spelling and a control lists exactly [`Keyword::ALL`].
//!
//! The words are a public interface: a link written today must open the
//! same view later, so a word is never renamed (an old spelling may be
//! accepted beside a new one by overriding [`Keyword::from_keyword`]).

use crate::cost::gdm::Gdm;

/// A value named by one word.
pub trait Keyword: Sized + Copy + 'static {
    /// Every value, in the order a control lists them.
    const ALL: &'static [Self];

    /// The value's word.
    fn keyword(self) -> &'static str;

    /// The value `word` names, if any.
    fn from_keyword(word: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|v| v.keyword() == word)
    }
}

/// Declares an enum of unit variants, each named by a word, with its
/// [`Keyword`] impl and `WORDS`, the words in order: a choice setting's
/// options are `Type::WORDS`, so the list a control shows and the words
/// the type reads are written once, here.
///
/// ```
/// commbook_core::keyword_enum! {
///     /// A colour.
///     #[derive(Clone, Copy, Debug, PartialEq, Eq)]
///     pub enum Colour {
///         Red = "red",
///         /// Not red.
///         Blue = "blue",
///     }
/// }
/// use commbook_core::keyword::Keyword;
/// assert_eq!(Colour::WORDS, &["red", "blue"]);
/// assert_eq!(Colour::from_keyword("blue"), Some(Colour::Blue));
/// ```
#[macro_export]
macro_rules! keyword_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $word:literal ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        $vis enum $name {
            $( $(#[$vmeta])* $variant ),*
        }

        impl $name {
            /// Every value's word, in the order of [`Keyword::ALL`]: the
            /// options of a setting that chooses among them.
            pub const WORDS: &'static [&'static str] = &[$($word),*];

            /// This value's word, in a constant too: a setting that offers
            /// some of the values lists them as
            /// `&[Type::A.word(), Type::B.word()]`, never as strings.
            pub const fn word(self) -> &'static str {
                match self {
                    $( $name::$variant => $word ),*
                }
            }
        }

        impl $crate::keyword::Keyword for $name {
            const ALL: &'static [Self] = &[$($name::$variant),*];
            fn keyword(self) -> &'static str {
                self.word()
            }
        }
    };
}

/// Declares a list of numbers and, from the same tokens, the words a
/// setting offers for them (`"32"`): a choice among a paper's sizes reads
/// its words from here, so the numbers are written once.
///
/// ```
/// commbook_core::number_words! {
///     /// Sizes.
///     pub const SIZES: [usize; 3], SIZE_WORDS = [32, 128, 512];
/// }
/// assert_eq!(SIZE_WORDS, ["32", "128", "512"]);
/// assert_eq!(SIZES[2], 512);
/// ```
#[macro_export]
macro_rules! number_words {
    (
        $(#[$meta:meta])*
        $vis:vis const $name:ident: [$t:ty; $n:literal], $words:ident = [$($x:literal),* $(,)?];
    ) => {
        $(#[$meta])*
        $vis const $name: [$t; $n] = [$($x),*];
        #[doc = concat!("[`", stringify!($name), "`] as the words a setting offers.")]
        $vis const $words: [&str; $n] = [$(stringify!($x)),*];
    };
}

/// Declares a list of mesh shapes (rows, columns) and the words a setting
/// offers for them (`"16x32"`), from the same tokens.
///
/// ```
/// commbook_core::mesh_words! {
///     /// Shapes.
///     pub const SHAPES: [(usize, usize); 2], SHAPE_WORDS = [(4, 8), (16, 32)];
/// }
/// assert_eq!(SHAPE_WORDS, ["4x8", "16x32"]);
/// ```
#[macro_export]
macro_rules! mesh_words {
    (
        $(#[$meta:meta])*
        $vis:vis const $name:ident: [(usize, usize); $n:literal], $words:ident = [$(($r:literal, $c:literal)),* $(,)?];
    ) => {
        $(#[$meta])*
        $vis const $name: [(usize, usize); $n] = [$(($r, $c)),*];
        #[doc = concat!("[`", stringify!($name), "`] as the words a setting offers.")]
        $vis const $words: [&str; $n] = [$(concat!(stringify!($r), "x", stringify!($c))),*];
    };
}

/// Checks that every value of `T` has its own word and reads back from it;
/// `Err` names the first that does not (for tests, here and in the book).
pub fn check<T: Keyword + PartialEq>() -> Result<(), String> {
    for (i, v) in T::ALL.iter().enumerate() {
        let w = v.keyword();
        if T::from_keyword(w) != Some(*v) {
            return Err(format!("'{w}' does not read back as itself"));
        }
        if T::ALL[..i].iter().any(|u| u.keyword() == w) {
            return Err(format!("'{w}' names two values"));
        }
    }
    Ok(())
}

/// The GDM presets of paper 003's model, by their names.
impl Keyword for Gdm {
    const ALL: &'static [Self] = &Gdm::PRESETS;
    fn keyword(self) -> &'static str {
        self.name
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algo::Algo;
    use crate::algo::ccom::RowOrder;
    use crate::algo::cm5::Cm5Algo;
    use crate::algo::cm5::exchange::Exchange;
    use crate::algo::gm_scan::Scan;
    use crate::com::fig7::SwapMode;
    use crate::mesh::config::Algo as MeshAlgo;
    use crate::sim::Sync;
    use crate::sim::clusters::Experiment;
    use crate::sweep::GmRuns;

    #[test]
    fn every_word_reads_back() {
        for r in [
            check::<SwapMode>(),
            check::<Scan>(),
            check::<RowOrder>(),
            check::<GmRuns>(),
            check::<Algo>(),
            check::<MeshAlgo>(),
            check::<Experiment>(),
            check::<crate::redist::Direction>(),
            check::<crate::redist::view::Fact>(),
            check::<Sync>(),
            check::<Gdm>(),
            check::<crate::cost::machine::Machine>(),
            check::<Exchange>(),
            check::<Cm5Algo>(),
        ] {
            assert_eq!(r, Ok(()));
        }
    }

    #[test]
    fn the_words_are_those_links_already_use() {
        let words = |all: &[&str]| all.join(" ");
        let of = |v: Vec<&'static str>| v.join(" ");
        assert_eq!(
            of(<SwapMode as Keyword>::ALL
                .iter()
                .map(|v| v.keyword())
                .collect()),
            words(&["both", "rows", "cols"])
        );
        assert_eq!(
            of(<RowOrder as Keyword>::ALL
                .iter()
                .map(|v| v.keyword())
                .collect()),
            "on off"
        );
        assert_eq!(Sync::from_keyword("loose"), Some(Sync::Loose));
        assert_eq!(
            Gdm::from_keyword("sp2-fig20").map(|g| g.name),
            Some("sp2-fig20")
        );
        assert_eq!(
            MeshAlgo::from_keyword("2-lev-c,r"),
            Some(MeshAlgo::TwoLevCr)
        );
        assert_eq!(Algo::from_keyword("nope"), None);
    }
}
