//! The engine's state between commands: everything a command can change,
//! and what it shows of the game (the turn: the numbers rolled, under the
//! game's rules, Plakoto Express's doubles, R20, or passed on, R21).

use rand_chacha::ChaCha8Rng;

use super::command::{Orientation, OutputMode};
use super::reply::{ResultInfo, TurnInfo};
use plakoto_records::record::{GameOnRecord, Record};
use plakoto_rules::tavli::CarriedNumbers;
use plakoto_rules::tavli::TableGame;

use crate::game_session::GameShelf;
use plakoto_rules::{Dice, FinalResult, Game, GameKind, MatchScore, Phase, Side, TavliGame};

/// Everything a command can change but the session's search handle (its
/// evaluator and search settings, changed only by their own commands). Two
/// sessions with equal states and equal handles answer every command the
/// same way.
#[derive(Clone, PartialEq)]
pub struct SessionState {
    /// The match score.
    pub score: MatchScore,
    /// Who starts the next game: the winner of the last one (R19).
    pub next_starter: Option<Side>,
    /// The seed last set.
    pub seed: u64,
    /// The dice generator.
    pub(super) rng: ChaCha8Rng,
    /// How replies are written.
    pub output: OutputMode,
    /// Whether long commands send progress lines (`set progress`).
    pub progress: bool,
    /// How `show board` draws by default.
    pub orientation: Orientation,
    /// The players' names (X's, O's) records give them (`set player`).
    pub players: [String; 2],
    /// The game played (`set game`): its session is in `games`.
    pub game_kind: GameKind,
    /// The session of each game: its game in progress (or just finished),
    /// with its switches, and its record, as `save match` writes it
    /// (records.md).
    pub games: GameShelf,
    /// The Tavli match's switches (`set tavli.…`): the next `new match
    /// tavli`'s, and the match's being played.
    pub tavli_rules: plakoto_rules::tavli::TavliRules,
    /// The Tavli match being played, if one is (`new match N tavli`).
    pub tavli: Option<super::tavli_session::TavliSession>,
}

impl std::fmt::Debug for SessionState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SessionState")
            .field("score", &self.score)
            .field("next_starter", &self.next_starter)
            .field("seed", &self.seed)
            .field("output", &self.output)
            .field("progress", &self.progress)
            .field("orientation", &self.orientation)
            .field("players", &self.players)
            .field("game_kind", &self.game_kind)
            .field("games", &self.games)
            .field("tavli_rules", &self.tavli_rules)
            .field("tavli", &self.tavli)
            .finish_non_exhaustive()
    }
}

impl SessionState {
    /// The session's game of `G`, a game of the table, with its switches.
    ///
    /// # Panics
    /// If `G` is not a game of the table (Plakoto's game is
    /// `games.plakoto()`).
    pub fn table<G: TavliGame>(&self) -> &TableGame<G> {
        &self.games.get::<G>().table
    }

    /// The session's game of Plakoto.
    pub fn plakoto(&self) -> Game {
        self.games.plakoto()
    }

    /// The session's record of the games of `kind` (each game keeps its
    /// own).
    ///
    /// # Panics
    /// If the shelf has no session of `kind`: it has one of every game.
    pub fn history_of(&self, kind: GameKind) -> &Record {
        self.session_of(kind).history()
    }

    /// The session's record of the games of `kind`, to change (panics as
    /// [`SessionState::history_of`]).
    pub fn history_of_mut(&mut self, kind: GameKind) -> &mut Record {
        self.games
            .of_mut(kind)
            .unwrap_or_else(|| panic!("the session keeps a game of {kind}"))
            .history_mut()
    }

    fn session_of(&self, kind: GameKind) -> &dyn crate::game_session::ActiveGame {
        self.games
            .of(kind)
            .unwrap_or_else(|| panic!("the session keeps a game of {kind}"))
    }
}

pub(super) fn result_info(r: &FinalResult) -> ResultInfo {
    ResultInfo {
        kind: r.kind,
        winner: r.winner,
        points: r.points,
    }
}

/// What is to be played now.
pub(crate) fn turn_info<G: GameOnRecord>(table: &TableGame<G>) -> TurnInfo {
    let on_roll = table.on_roll();
    match (table.phase(), table.carried(), table.dice()) {
        (Phase::Opening, ..) => TurnInfo::Opening { on_roll },
        (Phase::Over, ..) => TurnInfo::Over {
            result: table.result().as_ref().map(result_info),
        },
        (Phase::Playing, Some(carried), _) => TurnInfo::Passed {
            on_roll,
            numbers: CarriedNumbers::numbers(&carried),
        },
        (Phase::Playing, None, None) => TurnInfo::ToRoll { on_roll },
        (Phase::Playing, None, Some(dice)) => TurnInfo::Rolled {
            on_roll,
            dice: [dice.0.pips(), dice.1.pips()],
            numbers: numbers(&table.game(), dice),
        },
    }
}

/// The numbers `dice` give in `game`: a double four times, or as the
/// game's rules variant says (Plakoto Express's escalating doubles, R20).
pub(crate) fn numbers<G: GameOnRecord>(game: &G, dice: Dice) -> Vec<u8> {
    match game.rules_variant() {
        Some(variant) => dice.numbers(variant).to_vec(),
        None if dice.is_double() => vec![dice.0.pips(); 4],
        None => vec![dice.0.pips(), dice.1.pips()],
    }
}
