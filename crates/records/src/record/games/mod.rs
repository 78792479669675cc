//! Each game on record, one file a game: its impl of `GameOnRecord`
//! (its header's words and how they are read, its scoring word, its
//! Match ID, how its board is drawn, a match table of its own). The rest
//! of the crate is written once, generically, and reaches a game through
//! that trait, picking the type with
//! [`with_game!`](plakoto_rules::with_game).
//!
//! Adding a game: one file here implementing `GameOnRecord` (the
//! provided methods cover what the games of the table share), and its
//! module below; the compiler names each method due.

pub mod fevga;
mod plakoto;
pub mod portes;

use plakoto_rules::portes::{PortesGameState, PortesMatchId};
use plakoto_rules::tavli::TableGame;
use plakoto_rules::{MatchScore, Phase, TavliGame};

/// GNU Backgammon's Match ID of a game of the table at `score` (Portes'
/// layout with its cube fields fixed; Fevga uses the same layout, F13
/// having no cube either).
pub(super) fn gnubg_match_id<G: TavliGame>(table: &TableGame<G>, score: &MatchScore) -> String {
    // GNU Backgammon's Match ID holds 15-bit scores.
    let clamp = |points: u32| points.min(u32::from(u16::MAX >> 1)) as u16;
    PortesMatchId {
        match_length: u16::from(score.length),
        score: [clamp(score.score[0]), clamp(score.score[1])],
        turn: table.on_roll(),
        dice_owner: table.on_roll(),
        dice: table.dice(),
        state: match table.phase() {
            Phase::Opening => PortesGameState::NoGame,
            Phase::Playing => PortesGameState::Playing,
            Phase::Over => PortesGameState::Over,
        },
        resignation: None,
    }
    .to_string()
}

#[cfg(test)]
mod tests {
    use super::super::GameOnRecord;
    use super::super::HeaderFieldError;
    use super::super::header_fields::TextHeader;
    use plakoto_rules::GameKind;
    use plakoto_rules::tavli::Opening;
    use plakoto_rules::with_game;

    /// The opening rule a game's header keeps: the one written where it
    /// names one, else the default.
    fn kept<G: GameOnRecord>(opening: Opening) -> Opening {
        if G::OPENING_SWITCH {
            opening
        } else {
            Opening::default()
        }
    }

    /// Every game's text header lines and JSON fields read back as the
    /// game and opening rule written.
    fn round_trip<G: GameOnRecord + Default>() {
        let game = G::default();
        for opening in [Opening::Greek, Opening::Western] {
            let lines = game.header_lines(opening);
            let find = |key: &'static str| {
                lines
                    .iter()
                    .position(|(k, _)| *k == key)
                    .map(|line| (lines[line].1.as_str(), line + 1))
            };
            let read = G::read_text_header(&TextHeader::new(&find)).expect("reads back");
            assert_eq!(read, (game, kept::<G>(opening)), "{}", G::TITLE);
            let json = G::read_json_header(game.json_fields(opening)).expect("reads back");
            assert_eq!(json, (game, kept::<G>(opening)), "{}", G::TITLE);
        }
    }

    #[test]
    fn each_games_header_reads_back_as_written() {
        for kind in GameKind::ALL {
            with_game!(kind, G => round_trip::<G>());
        }
    }

    #[test]
    fn a_header_line_of_another_game_is_refused_at_its_line() {
        let find = |key: &'static str| (key == "Rules").then_some(("standard", 7));
        for kind in [GameKind::Portes, GameKind::Fevga] {
            let refused = with_game!(kind, G => G::read_text_header(&TextHeader::new(&find)).err());
            assert!(
                matches!(
                    refused,
                    Some(HeaderFieldError::Bad {
                        key: "Rules",
                        line: 7,
                        ..
                    })
                ),
                "{kind}: {refused:?}"
            );
        }
    }
}
