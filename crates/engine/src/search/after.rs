//! What follows a Plakoto play, which decides how its position is valued:
//! the opponent's roll, first playing any numbers the play left unused
//! (Express, R21), or the mover's own roll after a play of numbers passed
//! to it.

use crate::game::GameAfter;
use plakoto_rules::{Numbers, Play, Rules, Variant};

/// What follows a play, which decides how its position is valued.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum After {
    /// The opponent is on roll; first it plays the numbers the mover left
    /// unused, if any (Express, R21).
    Opponent {
        /// Numbers passed on to the opponent.
        #[serde(serialize_with = "serialize_numbers")]
        pending: Option<Numbers>,
    },
    /// The mover played numbers passed to it and now rolls itself (R21).
    MoverRolls,
}

// The game layer says the same with its own type; these convert at the
// shell's edge, in one place.
impl From<GameAfter<Numbers>> for After {
    fn from(after: GameAfter<Numbers>) -> After {
        match after {
            GameAfter::Opponent { pending } => After::Opponent { pending },
            GameAfter::MoverRolls => After::MoverRolls,
        }
    }
}

impl From<After> for GameAfter<Numbers> {
    fn from(after: After) -> GameAfter<Numbers> {
        match after {
            After::Opponent { pending } => GameAfter::Opponent { pending },
            After::MoverRolls => GameAfter::MoverRolls,
        }
    }
}

fn serialize_numbers<S: serde::Serializer>(n: &Option<Numbers>, s: S) -> Result<S::Ok, S::Error> {
    match n {
        Some(n) => s.serialize_some(&n.to_vec()),
        None => s.serialize_none(),
    }
}

/// How a play is followed, given how its numbers came.
pub fn after_play(rules: Rules, numbers: &Numbers, passed: bool, play: &Play) -> After {
    if passed {
        After::MoverRolls
    } else if rules.variant == Variant::Express {
        After::Opponent {
            pending: play.numbers_left(numbers),
        }
    } else {
        After::Opponent { pending: None }
    }
}
