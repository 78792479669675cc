//! The phase of the game a decision belongs to, read off the position
//! alone, so that a benchmark can say where an evaluator loses equity.
//! One enum names the phases of every game a benchmark is built for; each
//! game has its own ([`GamePhase::PLAKOTO`]; Fevga's in its lab file), `prime`
//! and `race` being defined for each game in its terms. The Fevga phases
//! are read in Fevga's lab file (`games/fevga.rs`, `fevga_phase`).
//!
//! The Plakoto phases, checked in this order (the first that applies wins):
//!
//! 1. `race`: no contact and nothing pinned: the two sides have passed
//!    each other.
//! 2. `bearoff_pin`: a checker is pinned while a side has every free
//!    checker in its home board (bearing off, or about to, against a pin
//!    that still stands; R12).
//! 3. `opening`: the starting stacks are still large (at least 10 checkers
//!    on the two starting points together), or a side's mother stands
//!    alone on its starting point where it can be pinned (R16).
//! 4. `prime`: a side blocks four or more points in a row with an opposing
//!    checker still behind them.
//! 5. `pinning`: a checker is pinned somewhere.
//! 6. `contact`: anything else (the sides still have to pass each other).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use plakoto_rules::Position;

/// Where in the game a decision lies; see the module documentation (and
/// `games/fevga.rs` for Fevga's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GamePhase {
    /// Plakoto: large starting stacks, or a lone mother that can be pinned.
    Opening,
    /// Fevga: a side has not yet released its runner (F7).
    Runner,
    /// Plakoto: contact without a pin or a prime.
    Contact,
    /// Fevga: both sides released, still to pass each other, no prime,
    /// nobody bearing off: the battle for points.
    Blocking,
    /// Plakoto: a pin stands in the middle game.
    Pinning,
    /// Blocked points in a row with an opposing checker behind them (four
    /// in Plakoto; Fevga's count is in `games/fevga.rs`).
    Prime,
    /// Plakoto: a side bears off (or is about to) while a pin stands.
    BearoffPin,
    /// Fevga: a side bears off (or is about to) while the sides still
    /// have to pass each other.
    Bearoff,
    /// The sides have passed each other (in Plakoto, with nothing pinned).
    Race,
}

impl GamePhase {
    /// Every phase of every game, in the order reports list them.
    pub const ALL: [GamePhase; 9] = [
        GamePhase::Opening,
        GamePhase::Runner,
        GamePhase::Contact,
        GamePhase::Blocking,
        GamePhase::Pinning,
        GamePhase::Prime,
        GamePhase::BearoffPin,
        GamePhase::Bearoff,
        GamePhase::Race,
    ];

    /// Plakoto's phases ([`GamePhase::of`]), in report order.
    pub const PLAKOTO: [GamePhase; 6] = [
        GamePhase::Opening,
        GamePhase::Contact,
        GamePhase::Pinning,
        GamePhase::Prime,
        GamePhase::BearoffPin,
        GamePhase::Race,
    ];

    /// The phase's name as written in files and reports.
    pub fn name(self) -> &'static str {
        match self {
            GamePhase::Opening => "opening",
            GamePhase::Runner => "runner",
            GamePhase::Contact => "contact",
            GamePhase::Blocking => "blocking",
            GamePhase::Pinning => "pinning",
            GamePhase::Prime => "prime",
            GamePhase::BearoffPin => "bearoff_pin",
            GamePhase::Bearoff => "bearoff",
            GamePhase::Race => "race",
        }
    }

    /// The Plakoto phase of `position` (seen from the side on roll).
    pub fn of(position: &Position) -> GamePhase {
        let sides = [Side::own(position), Side::own(&position.flip())];
        let pinned = position.own_pinned_mask() | position.opp_pinned_mask() != 0;
        if !pinned && !has_contact(position) {
            return GamePhase::Race;
        }
        if pinned && sides.iter().any(|s| s.all_free_home) {
            return GamePhase::BearoffPin;
        }
        let on_start: u8 = sides.iter().map(|s| s.on_start).sum();
        if on_start >= 10 || sides.iter().any(|s| s.lone_mother) {
            return GamePhase::Opening;
        }
        if has_prime(position) || has_prime(&position.flip()) {
            return GamePhase::Prime;
        }
        if pinned {
            return GamePhase::Pinning;
        }
        GamePhase::Contact
    }
}

impl fmt::Display for GamePhase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no phase's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a phase")]
pub struct UnknownPhase(pub String);

impl FromStr for GamePhase {
    type Err = UnknownPhase;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        GamePhase::ALL
            .into_iter()
            .find(|p| p.name() == s)
            .ok_or_else(|| UnknownPhase(s.to_string()))
    }
}

/// What the phase rules need to know of one side (the side on roll of the
/// position it was read from).
struct Side {
    /// Checkers on the starting point (24), a pinned one included.
    on_start: u8,
    /// Exactly one checker on the starting point, not pinned: the mother,
    /// which the opponent can pin.
    lone_mother: bool,
    /// Every checker that is not pinned is in the home board (1–6) or off.
    all_free_home: bool,
}

impl Side {
    fn own(p: &Position) -> Side {
        let b = p.raw_board();
        let start_pinned = p.own_pinned_mask() >> 23 & 1 == 1;
        let on_start = b[23].max(0) as u8 + u8::from(start_pinned);
        Side {
            on_start,
            lone_mother: on_start == 1 && !start_pinned,
            all_free_home: b[6..].iter().all(|&v| v <= 0),
        }
    }
}

/// Whether the sides still have to pass each other: the side on roll moves
/// down (24 → 1), the opponent up, so contact remains while some own
/// checker stands above some opposing checker.
fn has_contact(p: &Position) -> bool {
    let b = p.raw_board();
    let own = |i: usize| b[i] > 0 || p.own_pinned_mask() >> i & 1 == 1;
    let opp = |i: usize| b[i] < 0 || p.opp_pinned_mask() >> i & 1 == 1;
    let highest_own = (0..24).rev().find(|&i| own(i));
    let lowest_opp = (0..24).find(|&i| opp(i));
    matches!((highest_own, lowest_opp), (Some(h), Some(l)) if h > l)
}

/// Whether the side on roll blocks four or more points in a row with an
/// opposing checker behind them (below them in the side on roll's
/// numbering: the opponent moves up and must pass).
fn has_prime(p: &Position) -> bool {
    let b = p.raw_board();
    // A point the opponent cannot land on: two or more own checkers, or
    // an own checker holding a pin.
    let blocked = |i: usize| b[i] >= 2 || (b[i] >= 1 && p.opp_pinned_mask() >> i & 1 == 1);
    let opp = |i: usize| b[i] < 0 || p.opp_pinned_mask() >> i & 1 == 1;
    has_wall(0..24, 4, blocked, |i, run| (0..i + 1 - run).any(opp))
}

/// Whether `length` or more of `points`, in a row as they come, are
/// `held`, with `trapped(last, run)` true of such a run (`run` points long,
/// ending at `last`): a prime with a checker behind it, in any game's
/// numbering (Fevga's is in `games/fevga.rs`).
pub(crate) fn has_wall<P: Copy>(
    points: impl IntoIterator<Item = P>,
    length: usize,
    held: impl Fn(P) -> bool,
    trapped: impl Fn(P, usize) -> bool,
) -> bool {
    let mut run = 0;
    for point in points {
        if held(point) {
            run += 1;
            if run >= length && trapped(point, run) {
                return true;
            }
        } else {
            run = 0;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use plakoto_rules::parse_board_text;

    fn phase(text: &str) -> GamePhase {
        GamePhase::of(&parse_board_text(text).expect("board text"))
    }

    #[test]
    fn the_initial_position_is_the_opening() {
        assert_eq!(GamePhase::of(&Position::initial()), GamePhase::Opening);
    }

    #[test]
    fn phases_of_typical_positions() {
        // Both home, nothing pinned: a race.
        assert_eq!(phase("6:5 5:5 4:5 / 6:5 5:5 3:5"), GamePhase::Race);
        // Own side home while its checkers on its 5-point pin one.
        assert_eq!(
            phase("6:5 5:5 4:5 / 20:1* 13:10 6:4"),
            GamePhase::BearoffPin
        );
        // The same pin with the pinner's side still outside: pinning.
        assert_eq!(phase("9:5 5:5 4:5 / 20:1* 13:10 8:4"), GamePhase::Pinning);
        // A prime 8-11 with opposing checkers on 2 behind it.
        assert_eq!(
            phase("13:3 11:3 10:3 9:3 8:3 / 23:2 20:10 19:3"),
            GamePhase::Prime
        );
    }

    #[test]
    fn names_round_trip() {
        for p in GamePhase::ALL {
            assert_eq!(p.name().parse::<GamePhase>(), Ok(p));
        }
    }
}
