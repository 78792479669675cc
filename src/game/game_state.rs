//! One game as a state machine: opening roll (R19), rolling, playing,
//! Express numbers passed on (R21), and the end (R14–R16).

use rand::Rng;

use super::dice::{Dice, Numbers};
use super::explain::{IllegalPlay, resolve_play};
use super::movegen::{MoveGenerator, Play, PlayList};
use super::notation::ParsedPlay;
use super::outcome::{GameResult, ResultKind, Seat, game_result};
use super::point::{Die, Side};
use super::position::Position;
use super::rules::{Rules, Variant};

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    /// Before the opening roll decides who starts (R19).
    Opening = 0,
    /// A player is on roll.
    Playing = 1,
    /// The game has ended.
    Over = 2,
}

/// What the player on roll must play now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnNumbers {
    /// Express numbers passed on by the opponent, played before rolling.
    Passed(Numbers),
    /// The player's own roll.
    Rolled(Dice, Numbers),
}

impl TurnNumbers {
    /// The numbers to play.
    pub fn numbers(&self) -> Numbers {
        match self {
            TurnNumbers::Passed(n) | TurnNumbers::Rolled(_, n) => *n,
        }
    }
}

/// Why a game operation was refused; the game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// Not possible in the current state (e.g. rolling twice).
    State(String),
    /// The play is not legal.
    Illegal(IllegalPlay),
    /// The play text could not be read.
    Notation(String),
}

impl std::fmt::Display for GameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GameError::State(s) | GameError::Notation(s) => f.write_str(s),
            GameError::Illegal(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for GameError {}

/// The finished game's result in absolute terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FinalResult {
    /// How it ended.
    pub kind: ResultKind,
    /// Who won; `None` for a draw.
    pub winner: Option<Side>,
    /// Points the winner scores.
    pub points: u8,
}

/// What applying a play did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayReport {
    /// The play in canonical notation.
    pub notation: String,
    /// Express numbers handed to the opponent (R21), if any.
    pub passed: Option<Numbers>,
    /// The result, if the game ended.
    pub result: Option<FinalResult>,
}

/// A single game of Plakoto under some rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    rules: Rules,
    /// From the point of view of `on_roll`.
    position: Position,
    on_roll: Side,
    dice: Option<Dice>,
    passed: Option<Numbers>,
    phase: Phase,
}

impl Game {
    /// A new game awaiting its opening roll.
    pub fn new(rules: Rules) -> Game {
        Game {
            rules,
            position: Position::initial(),
            on_roll: Side::X,
            dice: None,
            passed: None,
            phase: Phase::Opening,
        }
    }

    /// A new game started by `starter` without an opening roll (R19: the
    /// winner of the previous game in a match).
    pub fn started_by(rules: Rules, starter: Side) -> Game {
        Game {
            on_roll: starter,
            phase: Phase::Playing,
            ..Game::new(rules)
        }
    }

    /// Restores a game from its parts (e.g. decoded IDs), checking that
    /// they fit together.
    pub fn from_parts(
        rules: Rules,
        position: Position,
        on_roll: Side,
        dice: Option<Dice>,
        passed: Option<Numbers>,
        phase: Phase,
    ) -> Result<Game, GameError> {
        let state = |s: &str| Err(GameError::State(s.to_string()));
        if dice.is_some() && passed.is_some() {
            return state("passed numbers are played before rolling: a turn cannot have both");
        }
        if passed.is_some() && rules.variant != Variant::Express {
            return state("numbers are passed on only in Plakoto Express");
        }
        let over = game_result(&position, rules.scoring).is_some();
        let phase = match phase {
            Phase::Playing | Phase::Opening if over => Phase::Over,
            Phase::Over if !over => {
                return state("the game is marked over but the position is not finished");
            }
            Phase::Opening if position != Position::initial() => Phase::Playing,
            p => p,
        };
        if phase != Phase::Playing && (dice.is_some() || passed.is_some()) {
            return state("dice or passed numbers only while a game is being played");
        }
        Ok(Game {
            rules,
            position,
            on_roll,
            dice,
            passed,
            phase,
        })
    }

    /// The rules in force.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The position, from the point of view of the player on roll.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The player on roll (or to move after the opening roll).
    pub fn on_roll(&self) -> Side {
        self.on_roll
    }

    /// The dice rolled this turn, if any.
    pub fn dice(&self) -> Option<Dice> {
        self.dice
    }

    /// Express numbers passed to the player on roll, if any.
    pub fn passed(&self) -> Option<Numbers> {
        self.passed
    }

    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<FinalResult> {
        game_result(&self.position, self.rules.scoring).map(|r| self.absolute(r))
    }

    fn absolute(&self, r: GameResult) -> FinalResult {
        FinalResult {
            kind: r.kind,
            winner: r.winner.map(|seat| match seat {
                Seat::OnRoll => self.on_roll,
                Seat::Opponent => self.on_roll.other(),
            }),
            points: r.points_under(self.rules.scoring),
        }
    }

    /// What the player on roll has to play now, if anything.
    pub fn turn_numbers(&self) -> Option<TurnNumbers> {
        if self.phase != Phase::Playing {
            return None;
        }
        if let Some(p) = self.passed {
            return Some(TurnNumbers::Passed(p));
        }
        self.dice
            .map(|d| TurnNumbers::Rolled(d, d.numbers(self.rules.variant)))
    }

    /// The opening roll (R19) with the two players' single dice (X's first):
    /// the higher starts. Equal dice decide nothing (roll again): returns
    /// `Ok(None)` and the game stays in its opening.
    pub fn opening_roll(&mut self, x_die: Die, o_die: Die) -> Result<Option<Side>, GameError> {
        if self.phase != Phase::Opening {
            return Err(GameError::State(
                "the opening roll is made only before the game starts".into(),
            ));
        }
        if x_die == o_die {
            return Ok(None);
        }
        let starter = if x_die > o_die { Side::X } else { Side::O };
        self.on_roll = starter;
        self.phase = Phase::Playing;
        Ok(Some(starter))
    }

    /// Rolls opening dice until one side is higher; returns the starter and
    /// every pair of single dice rolled.
    pub fn roll_opening(
        &mut self,
        rng: &mut impl Rng,
    ) -> Result<(Side, Vec<(Die, Die)>), GameError> {
        let mut rolls = Vec::new();
        loop {
            let x = Die::new(rng.gen_range(1..=6)).expect("1-6");
            let o = Die::new(rng.gen_range(1..=6)).expect("1-6");
            rolls.push((x, o));
            if let Some(s) = self.opening_roll(x, o)? {
                return Ok((s, rolls));
            }
        }
    }

    /// Sets the dice for the turn of the player on roll.
    pub fn set_dice(&mut self, dice: Dice) -> Result<(), GameError> {
        match self.phase {
            Phase::Opening => Err(GameError::State(
                "the opening roll has not been made; who starts is not decided".into(),
            )),
            Phase::Over => Err(GameError::State("the game is over".into())),
            Phase::Playing if self.passed.is_some() => Err(GameError::State(
                "the numbers passed by the opponent must be played before rolling (R21)".into(),
            )),
            Phase::Playing if self.dice.is_some() => Err(GameError::State(
                "the dice are already rolled; play first".into(),
            )),
            Phase::Playing => {
                self.dice = Some(dice);
                Ok(())
            }
        }
    }

    /// Replaces the dice already rolled (for analysis: "what if").
    pub fn replace_dice(&mut self, dice: Option<Dice>) -> Result<(), GameError> {
        if self.phase != Phase::Playing || self.passed.is_some() {
            return Err(GameError::State(
                "dice can be set only on a turn in play with no passed numbers".into(),
            ));
        }
        self.dice = dice;
        Ok(())
    }

    /// Rolls the dice for the player on roll.
    pub fn roll(&mut self, rng: &mut impl Rng) -> Result<Dice, GameError> {
        let dice = Dice::roll(rng);
        self.set_dice(dice)?;
        Ok(dice)
    }

    /// The legal plays for the numbers to play now.
    pub fn legal_plays(&self, generator: &mut MoveGenerator) -> Result<PlayList, GameError> {
        let numbers = self.require_numbers()?.numbers();
        let mut out = PlayList::default();
        generator.generate(&self.position, &numbers, &mut out);
        Ok(out)
    }

    fn require_numbers(&self) -> Result<TurnNumbers, GameError> {
        match self.phase {
            Phase::Opening => Err(GameError::State(
                "the game has not started: make the opening roll".into(),
            )),
            Phase::Over => Err(GameError::State("the game is over".into())),
            Phase::Playing => self
                .turn_numbers()
                .ok_or_else(|| GameError::State("no dice: roll (or set the dice) first".into())),
        }
    }

    /// Parses and plays a written play; refuses illegal ones with a reason.
    pub fn play_text(
        &mut self,
        text: &str,
        generator: &mut MoveGenerator,
    ) -> Result<PlayReport, GameError> {
        let numbers = self.require_numbers()?.numbers();
        let written: ParsedPlay = text
            .parse()
            .map_err(|e: super::notation::NotationError| GameError::Notation(e.0))?;
        let legal = self.legal_plays(generator)?;
        let play =
            resolve_play(&self.position, &numbers, &legal, &written).map_err(GameError::Illegal)?;
        self.apply(&play, &numbers)
    }

    /// Plays a play taken from [`Self::legal_plays`] (checked again here).
    pub fn play(
        &mut self,
        play: &Play,
        generator: &mut MoveGenerator,
    ) -> Result<PlayReport, GameError> {
        let numbers = self.require_numbers()?.numbers();
        let legal = self.legal_plays(generator)?;
        let Some(play) = legal.find(&play.position).copied() else {
            return Err(GameError::Illegal(IllegalPlay::Impossible(
                "that play is not among the legal plays".into(),
            )));
        };
        self.apply(&play, &numbers)
    }

    /// Plays a play that uses every number, checked by replaying its steps
    /// instead of against the list of legal plays (R10 can ask for nothing
    /// more of it): the way to make a play on a roll with millions of plays
    /// (Express low doubles) without listing them.
    pub fn play_using_every_number(&mut self, play: &Play) -> Result<PlayReport, GameError> {
        let numbers = self.require_numbers()?.numbers();
        let used = play.steps.dice();
        let in_order = match numbers {
            Numbers::Pair(a, b) => used == [a.pips(), b.pips()] || used == [b.pips(), a.pips()],
            Numbers::Sequence(_) => used == numbers.to_vec(),
        };
        let refuse = |why: &str| Err(GameError::Illegal(IllegalPlay::Impossible(why.to_string())));
        if !in_order {
            return refuse("the play does not use every number in order");
        }
        let mut position = self.position;
        for step in play.steps.iter() {
            if game_result(&position, self.rules.scoring).is_some()
                || position.try_step(step).is_err()
            {
                return refuse("a step of the play cannot be made");
            }
        }
        if position != play.position {
            return refuse("the steps do not lead to the play's position");
        }
        self.apply(play, &numbers)
    }

    fn apply(&mut self, play: &Play, numbers: &Numbers) -> Result<PlayReport, GameError> {
        let notation = super::notation::format_play(&self.position, play);
        self.position = play.position;
        let was_passed = self.passed.take().is_some();
        self.dice = None;
        if let Some(r) = game_result(&self.position, self.rules.scoring) {
            self.phase = Phase::Over;
            return Ok(PlayReport {
                notation,
                passed: None,
                result: Some(self.absolute(r)),
            });
        }
        let mut passed = None;
        if !was_passed {
            // The turn passes; in Express, unused numbers go along (R21).
            if self.rules.variant == Variant::Express {
                passed = numbers.remainder(&play.steps.dice());
            }
            self.position = self.position.flip();
            self.on_roll = self.on_roll.other();
            self.passed = passed;
        }
        Ok(PlayReport {
            notation,
            passed,
            result: None,
        })
    }
}
