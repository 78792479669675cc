//! The rule set a game is played under, passed around as data (not code
//! forks): the variant (standard Plakoto or Plakoto Express) and scoring.

use std::fmt;
use std::str::FromStr;

use crate::result_kind::ResultKind;

/// Which movement rules apply.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    /// Standard Plakoto: doubles are played four times (R9).
    #[default]
    Standard,
    /// Plakoto Express: escalating doubles (R20) and unused numbers passed
    /// to the opponent (R21).
    Express,
}

/// How a finished game is scored.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Scoring {
    /// R17: single 1, double 2, mother 2, draw 0.
    #[default]
    Standard,
    /// R18: single 1, double 2, triple (backgammon) 3, mother 3, draw 0.
    Tzannes,
}

impl Scoring {
    /// Points the winner of a game ended by `kind` scores (R17, R18; R22:
    /// Express is scored as standard): the one place scoring is decided,
    /// for results, equities and match equities alike.
    pub fn points(self, kind: ResultKind) -> u8 {
        match (kind, self) {
            (ResultKind::Single, _) => 1,
            (ResultKind::Double, _) => 2,
            (ResultKind::Triple, _) => 3,
            (ResultKind::Mother, Scoring::Standard) => 2,
            (ResultKind::Mother, Scoring::Tzannes) => 3,
            (ResultKind::Draw, _) => 0,
        }
    }
}

/// A complete rule set.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct Rules {
    /// Movement rules.
    pub variant: Variant,
    /// Scoring rules.
    pub scoring: Scoring,
}

/// Why a rule set or one of its parts is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesError {
    /// Express with Tzannes scoring: Express is scored as R17 (R22).
    ExpressTzannes,
    /// An unknown rule set name (lower-cased).
    UnknownVariant(String),
    /// An unknown scoring name (lower-cased).
    UnknownScoring(String),
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::ExpressTzannes => f.write_str(
                "Plakoto Express is scored as standard Plakoto (R22); Tzannes scoring is not available with it",
            ),
            RulesError::UnknownVariant(s) => {
                write!(f, "unknown rule set '{s}' (standard or express)")
            }
            RulesError::UnknownScoring(s) => {
                write!(f, "unknown scoring '{s}' (standard or tzannes)")
            }
        }
    }
}

impl std::error::Error for RulesError {}

impl Rules {
    /// A rule set, refusing the one combination docs/rules.md excludes: Express
    /// is scored as R17 (R22), so it cannot take Tzannes scoring.
    pub fn new(variant: Variant, scoring: Scoring) -> Result<Rules, RulesError> {
        if variant == Variant::Express && scoring == Scoring::Tzannes {
            return Err(RulesError::ExpressTzannes);
        }
        Ok(Rules { variant, scoring })
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Variant::Standard => "standard",
            Variant::Express => "express",
        })
    }
}

impl FromStr for Variant {
    type Err = RulesError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "standard" | "plakoto" => Ok(Variant::Standard),
            "express" => Ok(Variant::Express),
            other => Err(RulesError::UnknownVariant(other.to_string())),
        }
    }
}

impl fmt::Display for Scoring {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Scoring::Standard => "standard",
            Scoring::Tzannes => "tzannes",
        })
    }
}

impl FromStr for Scoring {
    type Err = RulesError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "standard" => Ok(Scoring::Standard),
            "tzannes" => Ok(Scoring::Tzannes),
            other => Err(RulesError::UnknownScoring(other.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r22_express_takes_standard_scoring_only() {
        assert!(Rules::new(Variant::Express, Scoring::Tzannes).is_err());
        assert!(Rules::new(Variant::Express, Scoring::Standard).is_ok());
        assert!(Rules::new(Variant::Standard, Scoring::Tzannes).is_ok());
        assert_eq!(
            Rules::default(),
            Rules {
                variant: Variant::Standard,
                scoring: Scoring::Standard
            }
        );
    }
}
