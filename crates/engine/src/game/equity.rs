//! Equity over the game layer: the points each way of winning is worth
//! come from the game value's own scoring switches, so one function serves
//! Plakoto (standard, Tzannes) and Portes (standard, triple).

use plakoto_rules::{ResultKind, TavliGame};

use crate::eval::Probabilities;

/// Expected points for the side whose chances `p` are, under `game`'s
/// scoring ([`TavliGame::points`]). A draw is worth nothing to either
/// side, so it does not appear.
///
/// The terms are summed in the order of
/// [`Probabilities::equity`] and [`crate::game::portes::portes_equity`]
/// so that the generic search ranks exactly as the specialised ones do
/// (equal chances give bit-for-bit equal equities).
pub fn game_equity<G: TavliGame>(game: &G, p: &Probabilities) -> f32 {
    let points = |kind| f32::from(game.points(kind));
    points(ResultKind::Single) * (p.win_single - p.lose_single)
        + points(ResultKind::Double) * (p.win_double - p.lose_double)
        + points(ResultKind::Triple) * (p.win_triple - p.lose_triple)
        + points(ResultKind::Mother) * (p.win_mother - p.lose_mother)
}
