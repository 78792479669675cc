//! A game of the table set by hand (`set board`, `set position`, `set
//! turn`, `set dice` before the opening roll) as a record's game: where
//! the record of a session starts over from.

use super::{Pending, RecordedGame, Roll, Start};
use plakoto_rules::tavli::TableGame;
use plakoto_rules::{Phase, TavliGame};

/// The record's game of `table` as set by hand at `score` (X's and O's
/// points): its Position ID and side on roll, whether it awaits its
/// opening roll, and its dice, if rolled. `None` for a game awaiting its
/// opening roll at the start at 0-0: where every session begins, nothing
/// to record.
pub fn table_set_up<G: TavliGame>(table: &TableGame<G>, score: [u32; 2]) -> Option<RecordedGame> {
    let game = table.game();
    let opening = table.phase() == Phase::Opening;
    if opening && score == [0, 0] && *table.position() == game.start() {
        return None;
    }
    let mut recorded = RecordedGame::new(
        score,
        Start::Position {
            position_id: game.position_id(table.position()),
            on_roll: table.on_roll(),
            opening,
        },
    );
    recorded.pending = table.dice().map(|d| Pending {
        side: table.on_roll(),
        roll: Roll::Dice([d.0.pips(), d.1.pips()]),
        line: 0,
    });
    Some(recorded)
}
