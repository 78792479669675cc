//! Plakoto in the lab: trained by the trainer written for it before the
//! game layer (under its movement rules), refined with its own sampled
//! mixes and loss terms, and benchmarked by its own builder and scorer.

use plakoto_engine::game::plakoto_turn;
use plakoto_rules::tavli::{Plakoto, ToPlay};
use plakoto_rules::{Numbers, TurnNumbers};

use crate::LabGame;
use crate::benchmark::BenchmarkError;
use crate::benchmark::cli::{BuildArgs, StrengthArgs, build_plakoto, run_plakoto_strength};
use crate::benchmark::data::TurnRecord;
use crate::train::Trainer;

impl LabGame for Plakoto {
    const MOVEMENT_RULES: bool = true;

    /// Numbers passed on (R21) as well as dice, under the game's variant.
    fn to_play(&self, turn: &TurnRecord) -> Result<ToPlay<Numbers>, BenchmarkError> {
        turn.turn(self.rules.variant)
            .map(|turn| plakoto_turn::to_play(&turn))
    }

    fn turn_record(&self, to_play: &ToPlay<Numbers>) -> TurnRecord {
        TurnRecord::of(&match *to_play {
            ToPlay::Dice(dice) => TurnNumbers::Rolled(dice, dice.numbers(self.rules.variant)),
            ToPlay::Carried(numbers) => TurnNumbers::Passed(numbers),
        })
    }

    type Run = Trainer;

    fn build_benchmark(a: &BuildArgs) -> Result<(), BenchmarkError> {
        build_plakoto(a)
    }

    fn score_benchmark(a: &StrengthArgs) -> Result<(), BenchmarkError> {
        run_plakoto_strength(a)
    }
}
