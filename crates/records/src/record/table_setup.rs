//! A game set by hand (`set board`, `set position`, `set turn`, `set
//! dice` before the opening roll, `set rules`) as a record's game: where
//! the record of a session starts over from.

use super::{GameOnRecord, Pending, RecordedGame, Roll, Start};
use plakoto_rules::tavli::CarriedNumbers;
use plakoto_rules::tavli::TableGame;
use plakoto_rules::{Phase, Side};

/// The record's game of `table` as set by hand at `score` (X's and O's
/// points): its Position ID and side on roll, whether it awaits its
/// opening roll, and what its side on roll has to play, if anything (its
/// dice, or the numbers carried to it). `None` for a game awaiting its
/// opening roll at the start, X provisionally on roll, at 0-0: where every
/// session begins, nothing to record.
pub fn table_set_up<G: GameOnRecord>(
    table: &TableGame<G>,
    score: [u32; 2],
) -> Option<RecordedGame> {
    let game = table.game();
    let opening = table.phase() == Phase::Opening;
    let fresh = opening && *table.position() == game.start() && table.on_roll() == Side::X;
    if fresh && score == [0, 0] {
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
    let roll = match (table.dice(), table.carried()) {
        (Some(d), _) => Some(Roll::Dice([d.0.pips(), d.1.pips()])),
        (None, Some(carried)) => Some(Roll::Passed(CarriedNumbers::numbers(&carried))),
        (None, None) => None,
    };
    recorded.pending = roll.map(|roll| Pending {
        side: table.on_roll(),
        roll,
        line: 0,
    });
    Some(recorded)
}
