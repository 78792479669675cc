//! The exact race database for Portes: bear-off outcomes once the two
//! sides can never meet again.
//!
//! When no checker is on the bar and every checker of each side is in its
//! own home board, a Portes game is two independent bear-offs, exactly as
//! a Plakoto race is: P8 and P9 are R12 and R13 without pins, every die is
//! usable in a bear-off, and nothing can be hit. (P7's rule that a play
//! ending the game must still use every number it can changes no race
//! outcome: with nothing to hit, the last checker is off either way.) So
//! the one-sided tables of [`RaceDb`] — each home-board layout's chances
//! of finishing, and of bearing off a first checker, on each turn, under
//! the play that minimises the expected turns — answer Portes races too;
//! `tests/engine/portes.rs` checks them against a search written with the
//! Portes move generator.
//!
//! Scoring (P11): a double when the loser has borne off nothing. A
//! Western backgammon (`portes.scoring = triple`) needs a losing checker
//! on the bar or in the winner's home board, which a race never has.

use plakoto_rules::portes::PortesPosition;

use crate::eval::Probabilities;
use crate::eval::race::{Layout, RaceDb, checkers, no_double_once_off};

/// The two home-board layouts (each side in its own numbering) if
/// `position` is a bear-off race: nobody on the bar, every checker of each
/// side in its home board, and checkers left on both sides.
pub fn portes_race_layouts(position: &PortesPosition) -> Option<(Layout, Layout)> {
    let (own, opp) = position.sides();
    let outside = |side: &[u8; 25]| side[6..].iter().any(|&c| c > 0);
    if outside(&own) || outside(&opp) {
        return None;
    }
    let layout = |side: &[u8; 25]| -> Layout { std::array::from_fn(|i| side[i]) };
    let (own, opp) = (layout(&own), layout(&opp));
    (checkers(&own) > 0 && checkers(&opp) > 0).then_some((own, opp))
}

/// Exact outcome chances of `position` (side on roll, before rolling) when
/// it is a bear-off race; `None` otherwise.
pub fn evaluate_portes_race(position: &PortesPosition) -> Option<Probabilities> {
    let (own, opp) = portes_race_layouts(position)?;
    let mut chances = RaceDb::global().race(&own, &opp);
    // A double needs the loser to have borne off nothing (P11).
    no_double_once_off(&mut chances, position.own_off(), position.opp_off());
    Some(chances)
}
