//! A game's part of a record's header as the game reads it: the lines of
//! the text form ([`TextHeader`]), the fields of the JSON form
//! ([`JsonFields`]), and why they are refused ([`HeaderFieldError`]).
//! Here, apart from the games' impls (`games/`) and the header
//! (`header.rs`), so that both use it and neither uses the other.

use plakoto_rules::Variant;
use plakoto_rules::tavli::Opening;

/// Why a game's part of a text header is refused; the record reader turns
/// it into its error at the line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeaderFieldError {
    /// A key the game's header does not take, at its line.
    Unknown {
        /// The header key.
        key: &'static str,
        /// Its line.
        line: usize,
    },
    /// A key the game's header needs is missing.
    Missing(&'static str),
    /// A key's value is refused, at its line.
    Bad {
        /// The header key.
        key: &'static str,
        /// Its line.
        line: usize,
        /// Why.
        reason: String,
    },
}

/// A game's fields of a record's JSON header (the others are the same in
/// every game).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct JsonFields {
    /// `rules`: Plakoto's movement rules.
    pub rules: Option<Variant>,
    /// `scoring`: the game's scoring word.
    pub scoring: String,
    /// `switches`: the game's switches, as they describe themselves.
    pub switches: Option<String>,
    /// `opening`: the opening rule of a game that has one.
    pub opening: Option<String>,
}

/// A text header's lines as a game reads its part of them.
pub struct TextHeader<'f, 'a> {
    /// A key's value and its line, if the header has it.
    find: &'f dyn Fn(&'static str) -> Option<(&'a str, usize)>,
}

impl<'f, 'a> TextHeader<'f, 'a> {
    /// The header whose lines `find` gives (a key's value and its line).
    pub fn new(find: &'f dyn Fn(&'static str) -> Option<(&'a str, usize)>) -> Self {
        TextHeader { find }
    }

    /// Refuses `key` where the header has it: a key no header takes for
    /// this game.
    pub fn unknown(&self, key: &'static str) -> Result<(), HeaderFieldError> {
        match (self.find)(key) {
            Some((_, line)) => Err(HeaderFieldError::Unknown { key, line }),
            None => Ok(()),
        }
    }

    /// Refuses `key` where the header has it, saying `reason`: a key of
    /// another game.
    pub fn refuse(&self, key: &'static str, reason: &str) -> Result<(), HeaderFieldError> {
        match (self.find)(key) {
            Some((_, line)) => Err(HeaderFieldError::Bad {
                key,
                line,
                reason: reason.to_string(),
            }),
            None => Ok(()),
        }
    }

    /// `key`'s value read by `parse`, where the header has it.
    pub fn read<T, E: std::fmt::Display>(
        &self,
        key: &'static str,
        parse: impl FnOnce(&str) -> Result<T, E>,
    ) -> Result<Option<T>, HeaderFieldError> {
        let Some((value, line)) = (self.find)(key) else {
            return Ok(None);
        };
        parse(value).map(Some).map_err(|e| HeaderFieldError::Bad {
            key,
            line,
            reason: e.to_string(),
        })
    }

    /// `key`'s value read by `parse`: the header needs it.
    pub fn need<T, E: std::fmt::Display>(
        &self,
        key: &'static str,
        parse: impl FnOnce(&str) -> Result<T, E>,
    ) -> Result<T, HeaderFieldError> {
        self.read(key, parse)?.ok_or(HeaderFieldError::Missing(key))
    }

    /// The opening rule the header names (`Opening`), the default where
    /// it names none.
    pub fn opening(&self) -> Result<Opening, HeaderFieldError> {
        Ok(self
            .read("Opening", str::parse::<Opening>)?
            .unwrap_or_default())
    }
}

/// The opening rule a JSON header names (`opening`), the default where it
/// names none.
pub(super) fn json_opening(opening: Option<String>) -> Result<Opening, String> {
    match opening {
        None => Ok(Opening::default()),
        Some(opening) => opening.parse().map_err(|e| format!("{e}")),
    }
}
