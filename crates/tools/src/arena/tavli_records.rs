//! `--records DIR` of the games played through the game layer: the
//! header fields ([`RecordsHeader`]) of a single game of any kind
//! (`--game portes|plakoto|fevga`: [`TableRecords`], `Game "portes"`, its
//! switches and opening, records.md "Portes records", "Fevga records")
//! and of a Tavli match ([`TavliRecordInfo`]: `Game "tavli"`, the
//! sequence, who starts after a draw, every game's switches, and a `Game N
//! <kind>` line per game, records.md "Tavli match records"). The games
//! and the files are [`super::records_dir`]'s:
//! `game-000012.txt` or `match-000012.txt`, written atomically.
//!
//! Every record replays with the records crate
//! ([`plakoto_records::record::Record::replay_game`],
//! [`plakoto_records::record::Record::replay_tavli`]), forfeits and games
//! stopped by the turn cap included: a forfeit scores the points written
//! (2 for a fault, what the winner needs for a forfeited match), a game
//! stopped by the cap scores nothing, as the runner scored them.

use super::records_dir::RecordsHeader;
use super::tavli_referee::Opening;
use plakoto_records::record::{GameOnRecord, Header, TavliHeader};
use plakoto_rules::tavli::{TavliGames, TavliRules};

/// A run of one game (Portes, Plakoto, Fevga): what its records' header
/// names besides the run, the game with its switches (written by
/// the game's own [`GameOnRecord`] hook) and the opening.
#[derive(Clone, Copy, Debug)]
pub struct TableRecords<G> {
    /// The game with its switches.
    pub game: G,
    /// How its games open (P13).
    pub opening: Opening,
}

impl<G: GameOnRecord> RecordsHeader for TableRecords<G> {
    fn write_header(&self, header: &mut Header) {
        self.game.write_header(header);
        header.opening = self.opening.into();
    }
}

/// What a Tavli match record's header needs beyond the run.
#[derive(Clone, Debug)]
pub struct TavliRecordInfo {
    /// The match's target, sequence and starter after a draw.
    pub rules: TavliRules,
    /// The games' switches.
    pub games: TavliGames,
    /// How the games that open with a roll open.
    pub opening: Opening,
}

impl RecordsHeader for TavliRecordInfo {
    fn write_header(&self, header: &mut Header) {
        header.match_length = self.rules.target;
        header.games = self.games;
        header.opening = self.opening.into();
        header.tavli = Some(TavliHeader {
            sequence: self.rules.sequence.clone(),
            after_draw: self.rules.after_draw,
            first_game: 1,
        });
    }
}
