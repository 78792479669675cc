//! The phase of a Fevga decision (docs/rules.md, Fevga), read off the
//! position alone, so that a Fevga benchmark says where a player loses.
//!
//! Both sides travel the same way round the board from opposite corners
//! (F2), so a checker has an opposing checker *ahead* of it when that
//! checker stands on a point it still has to travel over (a lower point in
//! its own side's numbering): it cannot land there (F5), and the other
//! side can hold points in front of it. The sides *have contact* while some
//! checker of either side has an opposing checker ahead of it; once none
//! has, neither side can ever hinder the other again.
//!
//! The phases, checked in this order (the first that applies wins):
//!
//! 1. `race`: no contact: a pure race (bear-offs included).
//! 2. `bearoff`: a side has every checker it has left in its home board
//!    (points 1–6: it may bear off, F10) while the sides still have
//!    contact: the other side still has to come round past it, or is
//!    blocked by it.
//! 3. `runner`: a side is not yet released from the runner rule (F7,
//!    under the game's `fevga.release`): the opening, in which only the
//!    runner may leave the starting point.
//! 4. `prime`: a side holds [`PRIME_LENGTH`] or more points in a row along
//!    the opponent's path with an opposing checker behind them (one that
//!    still has to pass them).
//! 5. `blocking`: anything else: both sides released, still to pass each
//!    other, nobody bearing off, no long wall: the battle for points.

use plakoto_rules::fevga::{FevgaPosition, FevgaRules, is_released, other_numbering};

use super::phase::{GamePhase, has_wall};

/// Points in a row that make a Fevga prime. A single checker holds a
/// point in Fevga, so walls of four are common in any middle game; five
/// in a row leaves the trapped checkers only a 6 (or nothing), which is
/// what decides the games of this phase.
pub const PRIME_LENGTH: u8 = 5;

/// The Fevga phase of `position` (seen from the side on roll) under
/// `rules` (whose `release` switch says when the runner phase ends); see
/// the module documentation.
pub fn fevga_phase(position: &FevgaPosition, rules: &FevgaRules) -> GamePhase {
    let flipped = position.flipped();
    if !has_contact(position) {
        return GamePhase::Race;
    }
    if all_home(position) || all_home(&flipped) {
        return GamePhase::Bearoff;
    }
    if !is_released(position, rules.release) || !is_released(&flipped, rules.release) {
        return GamePhase::Runner;
    }
    if has_prime(position) || has_prime(&flipped) {
        return GamePhase::Prime;
    }
    GamePhase::Blocking
}

/// Whether some checker of either side has an opposing checker ahead of
/// it: the side on roll's highest checker above the opponent's lowest (in
/// the side on roll's numbering), or the same in the opponent's.
fn has_contact(position: &FevgaPosition) -> bool {
    let (own, opp) = position.sides();
    let highest = |side: &[u8; 24]| (1..=24u8).rev().find(|&p| side[usize::from(p) - 1] > 0);
    let lowest = |points: &mut dyn Iterator<Item = u8>| points.min();
    // The opponent's checkers in the side on roll's numbering, and the
    // side on roll's in the opponent's.
    let opp_seen = lowest(&mut (1..=24u8).filter(|&p| position.opp_at(p) > 0));
    let own_seen = lowest(
        &mut (1..=24u8)
            .filter(|&p| own[usize::from(p) - 1] > 0)
            .map(other_numbering),
    );
    let ahead =
        |top: Option<u8>, other: Option<u8>| matches!((top, other), (Some(t), Some(o)) if o < t);
    ahead(highest(&own), opp_seen) || ahead(highest(&opp), own_seen)
}

/// Whether every checker the side on roll has left is on its points 1–6.
fn all_home(position: &FevgaPosition) -> bool {
    (7..=24).all(|p| position.own_at(p) == 0)
}

/// Whether the side on roll holds [`PRIME_LENGTH`] or more points in a
/// row along the opponent's path with an opposing checker behind them.
/// The opponent's path is its points 24 → 1, so the wall is looked for in
/// the opponent's numbering (where it may straddle the side on roll's
/// 1- and 24-points) and a checker behind it stands on a higher point.
fn has_prime(position: &FevgaPosition) -> bool {
    let (_, opp) = position.sides();
    // The opponent's point `q` is the side on roll's `S(q)`.
    let held = |q: u8| position.own_at(other_numbering(q)) > 0;
    // Upwards: a run of held points ending at `q`, an opposing checker above.
    let behind = |q: u8, _run| (q + 1..=24).any(|r| opp[usize::from(r) - 1] > 0);
    has_wall(1..=24u8, usize::from(PRIME_LENGTH), held, behind)
}

#[cfg(test)]
mod tests {
    use super::*;
    use plakoto_rules::fevga::parse_fevga_board_text;

    fn phase(text: &str) -> GamePhase {
        let position = parse_fevga_board_text(text).expect("board text");
        fevga_phase(&position, &FevgaRules::default())
    }

    #[test]
    fn the_start_is_the_runner_phase() {
        assert_eq!(
            fevga_phase(&FevgaPosition::start(), &FevgaRules::default()),
            GamePhase::Runner
        );
        // The side on roll released (a checker on its 9), the opponent's
        // runner still on its way.
        assert_eq!(phase("24:14 9:1 / 24:14 16:1"), GamePhase::Runner);
    }

    #[test]
    fn phases_of_typical_positions() {
        // Own 4-6 is the opponent's 16-18 and its 3-6 the side on roll's
        // 15-18: each side has passed the other.
        assert_eq!(phase("6:5 5:5 4:5 / 6:5 5:5 3:5"), GamePhase::Race);
        // The opponent is home; the side on roll's checker on its 20 has
        // still to pass the opponent's 5 (its own 17).
        assert_eq!(phase("20:1 6:14 / 5:15"), GamePhase::Bearoff);
        // Both released, checkers spread, nobody home, no long wall.
        assert_eq!(
            phase("24:5 20:2 18:2 15:2 10:2 8:2 / 24:5 19:2 17:2 14:2 9:2 7:2"),
            GamePhase::Blocking
        );
        // The side on roll holds its 14-18, the opponent's 2-6, with
        // opposing checkers on the opponent's 8 and 10 behind them.
        assert_eq!(
            phase("21:1 18:2 17:3 16:3 15:3 14:2 9:1 / 10:13 8:1 1:1"),
            GamePhase::Prime
        );
        // Four in a row is no prime.
        assert_eq!(
            phase("21:1 18:3 17:4 16:4 15:2 9:1 / 10:13 8:1 1:1"),
            GamePhase::Blocking
        );
        // Five in a row with nothing behind it is no prime either: the
        // side on roll's 2-6 is the opponent's 14-18, which its checkers
        // (on its 12, 9 and 3) have all passed.
        assert_eq!(
            phase("20:1 6:3 5:3 4:3 3:3 2:2 / 12:5 9:5 3:5"),
            GamePhase::Blocking
        );
    }
}
