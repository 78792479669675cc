//! Fevga's variant switches (docs/rules.md, variant switches): `fevga.release`,
//! `fevga.quarter_rule`, `fevga.quarter_check` and `fevga.prime_rule`,
//! each a `FromStr`/`Display` pair so the protocol and records name them
//! as the specification does.

use std::fmt;
use std::str::FromStr;

/// When a side's runner has done its job and every checker may move (F7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Release {
    /// A checker on the side's points 1–11, or one borne off (the default).
    #[default]
    PastStart,
    /// Also a checker on its 12-point, the opponent's starting point.
    ReachQuarter,
}

/// Which starting quarter a side may never close (F8).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum QuarterRule {
    /// Its own points 19–24 (the default).
    #[default]
    Own,
    /// The opponent's starting quarter, its own 7–12 (GammonX).
    Opponent,
    /// Neither (Ludii's description).
    Both,
    /// No quarter rule (Moultezim).
    None,
}

/// When the quarter rule (and a prime rule that forbids a position) is
/// checked (F8).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum QuarterCheck {
    /// After every single step (the default).
    #[default]
    EveryStep,
    /// Only on the position a play ends in.
    EndOfPlay,
}

/// What a side must do about a prime that traps the opponent (F9).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PrimeRule {
    /// Open a six-point wall in front of an opponent gathered on one point
    /// (the default).
    #[default]
    Unblock,
    /// Leave the opponent a step whenever it has none at the start of the
    /// turn (ITAVLI).
    UnblockIfFrozen,
    /// A six-point prime only with an opposing checker ahead of it (Narde).
    AheadRequired,
    /// No prime rule.
    None,
}

/// Fevga's rules with their switches: the value a game of Fevga carries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FevgaRules {
    /// `fevga.release` (F7).
    pub release: Release,
    /// `fevga.quarter_rule` (F8).
    pub quarter_rule: QuarterRule,
    /// `fevga.quarter_check` (F8).
    pub quarter_check: QuarterCheck,
    /// `fevga.prime_rule` (F9).
    pub prime_rule: PrimeRule,
}

/// A switch value that is not one of the switch's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SwitchError {
    /// The switch (`fevga.release`, …).
    pub switch: &'static str,
    /// The word given.
    pub given: String,
    /// The words it accepts.
    pub expected: &'static [&'static str],
}

impl fmt::Display for SwitchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} takes {}, not '{}'",
            self.switch,
            self.expected.join("|"),
            self.given
        )
    }
}

impl std::error::Error for SwitchError {}

/// Implements `as_str`, `Display`, `FromStr` and `ALL` for a switch from its
/// words, so each word is written once.
macro_rules! switch_words {
    ($type:ident, $switch:literal, [$($variant:ident => $word:literal),+ $(,)?]) => {
        impl $type {
            /// Every value of the switch.
            pub const ALL: &'static [$type] = &[$($type::$variant),+];
            const WORDS: &'static [&'static str] = &[$($word),+];

            /// The value's word, as the specification writes it.
            pub fn as_str(self) -> &'static str {
                match self {
                    $($type::$variant => $word),+
                }
            }
        }

        impl fmt::Display for $type {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl FromStr for $type {
            type Err = SwitchError;

            fn from_str(text: &str) -> Result<$type, SwitchError> {
                let word = text.trim();
                $type::ALL
                    .iter()
                    .copied()
                    .find(|value| value.as_str().eq_ignore_ascii_case(word))
                    .ok_or_else(|| SwitchError {
                        switch: $switch,
                        given: word.to_string(),
                        expected: $type::WORDS,
                    })
            }
        }
    };
}

switch_words!(Release, "fevga.release", [
    PastStart => "past_start",
    ReachQuarter => "reach_quarter",
]);
switch_words!(QuarterRule, "fevga.quarter_rule", [
    Own => "own",
    Opponent => "opponent",
    Both => "both",
    None => "none",
]);
switch_words!(QuarterCheck, "fevga.quarter_check", [
    EveryStep => "every_step",
    EndOfPlay => "end_of_play",
]);
switch_words!(PrimeRule, "fevga.prime_rule", [
    Unblock => "unblock",
    UnblockIfFrozen => "unblock_if_frozen",
    AheadRequired => "ahead_required",
    None => "none",
]);

impl FevgaRules {
    /// The switches as `name=value` words, defaults included, in the
    /// specification's order (what a record's header writes).
    pub fn describe(&self) -> String {
        format!(
            "fevga.release={} fevga.quarter_rule={} fevga.quarter_check={} fevga.prime_rule={}",
            self.release, self.quarter_rule, self.quarter_check, self.prime_rule
        )
    }

    /// Sets the switch named `name` (`fevga.release` or `release`, …) to
    /// the word `value`.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), SwitchError> {
        let name = name.trim();
        let short = name.strip_prefix("fevga.").unwrap_or(name);
        match short.to_ascii_lowercase().as_str() {
            "release" => self.release = value.parse()?,
            "quarter_rule" => self.quarter_rule = value.parse()?,
            "quarter_check" => self.quarter_check = value.parse()?,
            "prime_rule" => self.prime_rule = value.parse()?,
            _ => {
                return Err(SwitchError {
                    switch: "fevga switch",
                    given: name.to_string(),
                    expected: &[
                        "fevga.release",
                        "fevga.quarter_rule",
                        "fevga.quarter_check",
                        "fevga.prime_rule",
                    ],
                });
            }
        }
        Ok(())
    }
}

impl fmt::Display for FevgaRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe())
    }
}

impl FromStr for FevgaRules {
    type Err = SwitchError;

    /// Reads `name=value` words separated by spaces (any subset; the rest
    /// keep their defaults), as [`FevgaRules::describe`] writes them.
    fn from_str(text: &str) -> Result<FevgaRules, SwitchError> {
        let mut rules = FevgaRules::default();
        for word in text.split_whitespace() {
            let (name, value) = word.split_once('=').ok_or_else(|| SwitchError {
                switch: "fevga switch",
                given: word.to_string(),
                expected: &["name=value"],
            })?;
            rules.set(name, value)?;
        }
        Ok(rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_switch_value_round_trips_and_defaults_are_the_specifications() {
        let rules = FevgaRules::default();
        assert_eq!(
            rules.describe(),
            "fevga.release=past_start fevga.quarter_rule=own fevga.quarter_check=every_step fevga.prime_rule=unblock"
        );
        assert_eq!(rules.describe().parse::<FevgaRules>(), Ok(rules));
        for &r in Release::ALL {
            assert_eq!(r.to_string().parse::<Release>(), Ok(r));
        }
        for &q in QuarterRule::ALL {
            assert_eq!(q.to_string().parse::<QuarterRule>(), Ok(q));
        }
        for &c in QuarterCheck::ALL {
            assert_eq!(c.to_string().parse::<QuarterCheck>(), Ok(c));
        }
        for &p in PrimeRule::ALL {
            assert_eq!(p.to_string().parse::<PrimeRule>(), Ok(p));
        }
        let mut changed = rules;
        changed.set("prime_rule", "NONE").unwrap();
        assert_eq!(changed.prime_rule, PrimeRule::None);
        let error = changed.set("fevga.release", "later").unwrap_err();
        assert_eq!(
            error.to_string(),
            "fevga.release takes past_start|reach_quarter, not 'later'"
        );
        assert!(changed.set("fevga.colour", "red").is_err());
    }
}
