//! The Portes positions `plakoto conformance --game portes` sets on an
//! engine: states of random Portes games played by the rules core (gnubg's
//! Position and Match IDs, P7a), taken with dice to play and with a side to
//! roll, in money play and in matches; hits put checkers on the bar, so
//! entering is among them.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use plakoto_rules::portes::{PortesGameState, PortesMatchId, PortesScoring};
use plakoto_rules::tavli::{Opening, Portes, TableGame};
use plakoto_rules::{Phase, Side, TavliGame};

/// One Portes position to set: the game state and its two IDs.
#[derive(Clone, Debug)]
pub struct PortesSample {
    /// The game, as the rules core holds it.
    pub table: TableGame<Portes>,
    /// Its Position ID.
    pub position_id: String,
    /// Its Match ID.
    pub match_id: String,
}

impl PortesSample {
    fn of(table: &TableGame<Portes>, length: u16, score: [u16; 2]) -> PortesSample {
        let match_id = PortesMatchId {
            match_length: length,
            score,
            turn: table.on_roll(),
            dice_owner: table.on_roll(),
            dice: table.dice(),
            state: PortesGameState::Playing,
            resignation: None,
        };
        PortesSample {
            table: table.clone(),
            position_id: table.game().position_id(table.position()),
            match_id: match_id.to_string(),
        }
    }

    /// `P:M`, as `set position` takes it.
    pub fn pair(&self) -> String {
        format!("{}:{}", self.position_id, self.match_id)
    }

    /// Dice rolled: a play to make.
    pub fn to_play(&self) -> bool {
        self.table.dice().is_some()
    }

    /// A checker of the side on roll on the bar: its side of the board
    /// text starts with `bar:`.
    pub fn on_the_bar(&self) -> bool {
        let game = self.table.game();
        game.board_text(self.table.position()).starts_with("bar:")
    }
}

/// `count` samples from random games seeded by `seed`: about half with
/// dice to play, the rest with a side to roll; one game in three a match
/// with a score.
pub fn portes_samples(count: usize, seed: u64) -> Vec<PortesSample> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let game = Portes::new(PortesScoring::Standard);
    let mut out = Vec::with_capacity(count);
    let mut generator = game.generator();
    while out.len() < count {
        let starter = if rng.gen_bool(0.5) { Side::X } else { Side::O };
        let mut table = TableGame::started_by(game, Opening::Greek, starter);
        let (length, score) = if rng.gen_range(0..3) == 0 {
            (5, [rng.gen_range(0..5), rng.gen_range(0..5)])
        } else {
            (0, [0, 0])
        };
        while table.phase() == Phase::Playing && out.len() < count {
            if rng.gen_range(0..4) == 0 {
                out.push(PortesSample::of(&table, length, score));
            }
            if table.roll(&mut rng).is_err() {
                break;
            }
            if rng.gen_range(0..3) != 0 {
                out.push(PortesSample::of(&table, length, score));
            }
            let mut list = Default::default();
            if table.legal_plays(&mut generator, &mut list).is_err() {
                break;
            }
            let Some(play) = game.plays(&list).choose(&mut rng).copied() else {
                break;
            };
            table.play(&play);
        }
    }
    out.truncate(count);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_have_dice_rolls_bars_and_matches() {
        let samples = portes_samples(200, 1);
        assert_eq!(samples.len(), 200);
        assert!(samples.iter().any(PortesSample::to_play));
        assert!(samples.iter().any(|s| !s.to_play()));
        assert!(samples.iter().any(|s| s.to_play() && s.on_the_bar()));
        // The IDs read back into the same game state.
        for s in &samples {
            let game = s.table.game();
            let position = game.parse_position_id(&s.position_id).unwrap();
            assert_eq!(&position, s.table.position());
            let id: PortesMatchId = s.match_id.parse().unwrap();
            assert_eq!(id.dice, s.table.dice());
            assert_eq!(id.turn, s.table.on_roll());
        }
        assert!(samples.iter().any(|s| s.match_id != samples[0].match_id));
    }
}
