//! What is to be played now in a game of the table, as replies say it.

use plakoto_rules::tavli::TableGame;
use plakoto_rules::{Dice, Phase};

use super::hooks::TableProtocol;
use crate::reply::TurnInfo;
use crate::state::result_info;

/// What is to be played now.
pub(crate) fn turn_info<G: TableProtocol>(table: &TableGame<G>) -> TurnInfo {
    let on_roll = table.on_roll();
    match (table.phase(), table.dice()) {
        (Phase::Opening, _) => TurnInfo::Opening { on_roll },
        (Phase::Over, _) => TurnInfo::Over {
            result: table.result().as_ref().map(result_info),
        },
        (Phase::Playing, None) => TurnInfo::ToRoll { on_roll },
        (Phase::Playing, Some(dice)) => TurnInfo::Rolled {
            on_roll,
            dice: [dice.0.pips(), dice.1.pips()],
            numbers: numbers(dice),
        },
    }
}

/// The numbers a roll gives: a double four times.
pub(crate) fn numbers(dice: Dice) -> Vec<u8> {
    if dice.is_double() {
        vec![dice.0.pips(); 4]
    } else {
        vec![dice.0.pips(), dice.1.pips()]
    }
}
