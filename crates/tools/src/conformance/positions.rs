//! The positions `plakoto conformance` sets on an engine: states of random
//! games played by the rules core, in Standard, Tzannes and Express, in
//! money play and in matches, taken with dice to play, with a side to roll
//! (Express numbers passed on included) and at the end of each game
//! (mothers pinned included).

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use plakoto_rules::{
    Game, GenLimits, MatchId, MatchScore, MoveGenerator, Phase, ResultKind, Rules, Scoring,
    Variant, position_id,
};

/// Most plays listed for one roll while sampling (Express low doubles are
/// cut short; the game goes on with a play of the cut list).
const LIMITS: GenLimits = GenLimits {
    max_positions: 4_000,
};

/// One position to set: the game state and its two IDs.
#[derive(Clone, Debug)]
pub struct Sample {
    /// The game, as the rules core holds it.
    pub game: Game,
    /// Its Position ID.
    pub position_id: String,
    /// Its Match ID.
    pub match_id: String,
}

impl Sample {
    fn of(game: &Game, score: &MatchScore) -> Sample {
        Sample {
            game: game.clone(),
            position_id: position_id(game.position()),
            match_id: MatchId::of(game, score).to_string(),
        }
    }

    /// `P:M`, as `set position` takes it.
    pub fn pair(&self) -> String {
        format!("{}:{}", self.position_id, self.match_id)
    }

    /// A checker of either side pinned.
    pub fn has_pins(&self) -> bool {
        let p = self.game.position();
        p.own_pinned_mask() != 0 || p.opp_pinned_mask() != 0
    }

    /// The game ended with a mother pinned (or both).
    pub fn mother_pinned(&self) -> bool {
        self.game
            .result()
            .is_some_and(|r| matches!(r.kind, ResultKind::Mother | ResultKind::Draw))
    }

    /// Numbers to play now (dice rolled or numbers passed on).
    pub fn to_play(&self) -> bool {
        self.game.phase() == Phase::Playing && self.game.turn_numbers().is_some()
    }
}

/// How many samples of each kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Mix {
    /// All samples.
    pub total: usize,
    /// With a pinned checker.
    pub pins: usize,
    /// Games ended by a pinned mother.
    pub mothers: usize,
    /// Express.
    pub express: usize,
    /// Finished games.
    pub finished: usize,
    /// Express numbers passed on, to be played.
    pub passed: usize,
    /// Dice rolled, to be played.
    pub dice: usize,
    /// Part of a match.
    pub matches: usize,
}

impl Mix {
    /// Counts the kinds of `samples`.
    pub fn of(samples: &[Sample]) -> Mix {
        let mut m = Mix {
            total: samples.len(),
            ..Mix::default()
        };
        for s in samples {
            m.pins += usize::from(s.has_pins());
            m.mothers += usize::from(s.mother_pinned());
            m.express += usize::from(s.game.rules().variant == Variant::Express);
            m.finished += usize::from(s.game.phase() == Phase::Over);
            m.passed += usize::from(s.game.passed().is_some());
            m.dice += usize::from(s.game.dice().is_some());
            m.matches += usize::from(!s.match_id.is_empty() && match_length(s) > 0);
        }
        m
    }
}

fn match_length(s: &Sample) -> u8 {
    s.match_id.parse::<MatchId>().map_or(0, |m| m.match_length)
}

impl std::fmt::Display for Mix {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} positions: {} with pins, {} mothers pinned, {} finished, {} Express \
             ({} with passed numbers), {} with dice, {} in matches",
            self.total,
            self.pins,
            self.mothers,
            self.finished,
            self.express,
            self.passed,
            self.dice,
            self.matches
        )
    }
}

/// `count` samples from random games seeded by `seed` (the same seed gives
/// the same samples).
pub fn samples(count: usize, seed: u64) -> Vec<Sample> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut generator = MoveGenerator::new(LIMITS);
    let rules = [
        Rules::default(),
        Rules::new(Variant::Standard, Scoring::Tzannes).expect("valid rules"),
        Rules::new(Variant::Express, Scoring::Standard).expect("valid rules"),
    ];
    let mut out = Vec::with_capacity(count);
    let mut game_number = 0usize;
    while out.len() < count {
        let rules = rules[game_number % rules.len()];
        let score = if game_number.is_multiple_of(2) {
            MatchScore::default()
        } else {
            let length = rng.gen_range(3..=9u32);
            MatchScore {
                length: length as u8,
                score: [rng.gen_range(0..length), rng.gen_range(0..length)],
            }
        };
        game_number += 1;
        let mut game = Game::new(rules);
        if game.roll_opening(&mut rng).is_err() {
            continue;
        }
        // A few states of each game, so that many games are seen.
        let mut taken = 0;
        for _turn in 0..1_000 {
            if out.len() >= count {
                break;
            }
            if game.passed().is_some() {
                if taken < 4 && rng.gen_bool(0.5) {
                    out.push(Sample::of(&game, &score));
                    taken += 1;
                }
            } else {
                if taken < 4 && rng.gen_bool(0.04) {
                    out.push(Sample::of(&game, &score));
                    taken += 1;
                }
                if game.roll(&mut rng).is_err() {
                    break;
                }
            }
            if taken < 4 && rng.gen_bool(0.08) && out.len() < count {
                out.push(Sample::of(&game, &score));
                taken += 1;
            }
            let Ok(legal) = game.legal_plays(&mut generator) else {
                break;
            };
            let Some(play) = legal.plays.choose(&mut rng).copied() else {
                break;
            };
            match game.play(&play, &mut generator) {
                Ok(report) if report.result.is_some() => {
                    if out.len() < count {
                        out.push(Sample::of(&game, &score));
                    }
                    break;
                }
                Ok(_) => {}
                Err(_) => break,
            }
        }
    }
    out
}
