//! The game layer: what a game of Tavli is, to everything above the rules.
//!
//! [`TavliGame`] is the one trait each game implements — its position, the
//! distinct positions a roll reaches with a play for each (R11, P7), the
//! end and its value, the Position ID, the board text and the move
//! notation. A value of the implementing type is the game *with its
//! switches* (Plakoto's rule set, Portes' scoring), so variants are data
//! passed in, never forks of the code. [`GameKind`] names the games and is
//! the one thing above this layer that says which game is played;
//! [`with_game!`](crate::with_game) is the one place that turns it into a
//! game's type. What a turn leaves to the next besides the position (the
//! numbers Plakoto Express passes on, R21) is the game's
//! [`TavliGame::Carried`], which [`TableGame`] carries from turn to turn.
//!
//! Adding a game: write its rules as a module beside `plakoto/` and `portes/` (a
//! position from the side on roll, a move generator checked against a
//! brute-force one) with one file implementing [`TavliGame`] for it
//! (`tavli_game.rs`, as each game has), then declare the module and add
//! the game to the list of games ([`tavli_games!`](crate::tavli_games)),
//! both in the crate root: its [`GameKind`], its arm of `with_game!` and
//! its field in [`TavliGames`] come from that list. The compiler then
//! lists every trait of the layers above that the new game has still to
//! implement.

mod every_game;
mod kind;
mod table;
mod tavli_match;
mod with_game;

use std::convert::Infallible;
use std::error::Error;
use std::fmt::{Debug, Display};
use std::hash::Hash;

use crate::dice::Dice;
use crate::outcome::GameResult;
use crate::result_kind::ResultKind;

pub(crate) use every_game::every_game_value;
pub use kind::{GameKind, GameKindError};
// Every game under its switches is one value of the crate root, beside
// the games it holds (a field of each game's type).
pub use crate::TavliGames;
// The two-sides codecs live below the games that use them (crate::sides);
// the game layer names them too, for the layers above.
pub use crate::sides::{
    GNUBG_ID_LEN, GnubgIdError, SideBoardTextError, SidesLayout, gnubg_position_id,
    parse_gnubg_position_id, parse_side_board_text, side_board_text,
};
pub use table::{Opening, OpeningError, TableError, TableGame, TableReport, ToPlay};
pub use tavli_match::{
    AfterDraw, MAX_TARGET, PlayedGame, Sequence, TavliMatch, TavliMatchError, TavliRules,
    TavliRulesError, parse_target,
};

/// What one turn carries to the next ([`TavliGame::Carried`]) as the
/// numbers a record and the protocol write after `passed` (`passed 3 3`,
/// R21). Implemented by each carry type, once: Plakoto's
/// [`Numbers`](crate::Numbers), and [`Infallible`] for the games that
/// carry nothing.
pub trait CarriedNumbers: Sized {
    /// The numbers, in playing order.
    fn numbers(&self) -> Vec<u8>;

    /// The carry `numbers` make, when one can be made of them: none for a
    /// game that carries nothing, or for numbers no turn can hold.
    fn from_numbers(numbers: &[u8]) -> Option<Self>;
}

impl CarriedNumbers for Infallible {
    fn numbers(&self) -> Vec<u8> {
        match *self {}
    }

    fn from_numbers(_: &[u8]) -> Option<Infallible> {
        None
    }
}

/// A game's place in [`TavliGames`]: implemented for each game from the
/// list of games ([`tavli_games!`](crate::tavli_games)), never by hand, so
/// a game cannot take another's place.
pub trait InTavliGames: Sized {
    /// This game of `games` (its switches there).
    fn of_games(games: &TavliGames) -> Self;

    /// Makes `self` (with its switches) the game of its kind in `games`.
    fn put_in(self, games: &mut TavliGames);
}

/// One game of Tavli with its variant switches: the rules every layer
/// above (evaluation, search, records, the protocol, the tools) is written
/// against.
///
/// Positions are seen from the side on roll, which moves from its
/// 24-point towards its 1-point; [`TavliGame::flip`] hands the turn over.
pub trait TavliGame: InTavliGames + Copy + Debug + PartialEq + Send + Sync + 'static {
    /// A position from the side on roll: fixed-size, cheap to copy.
    type Position: Copy + Eq + Hash + Debug + Send + Sync + 'static;
    /// A legal play: the position it leads to and the steps that reach it.
    type Play: Copy + Debug + Send + Sync + 'static;
    /// The legal plays of one roll, as the generator fills them.
    type PlayList: Default + Debug + Send;
    /// The move generator with its reusable buffers.
    type Generator: Send;
    /// Why a Position ID is not read.
    type IdError: Error + Send + Sync + 'static;
    /// Why a board text is not read.
    type BoardTextError: Error + Send + Sync + 'static;
    /// Why a written play is not read or names no legal play.
    type PlayError: Error + Send + Sync + 'static;
    /// Numbers one turn leaves to the next, which the side then on roll
    /// plays before it rolls: Plakoto Express's unused numbers (R21).
    /// A game that carries nothing names [`std::convert::Infallible`], so
    /// no carry can ever be made for it.
    type Carried: CarriedNumbers + Copy + Debug + Display + Eq + Hash + Send + Sync + 'static;

    /// Which game this is.
    const KIND: GameKind;

    /// The game's switches, every one as a `name=value` word (defaults
    /// included), for a game that has switches; `None` for one that has
    /// none (its variants, such as Plakoto's rule sets or Portes'
    /// scoring, have words of their own).
    fn switch_words(&self) -> Option<String> {
        None
    }

    /// This game under the switches `words` (`name=value` words, as
    /// [`TavliGame::switch_words`] writes them; a switch not named takes
    /// the specification's default), or why they are refused. A game
    /// without switches refuses any word.
    fn with_switch_words(self, words: &str) -> Result<Self, String> {
        match words.split_whitespace().next() {
            None => Ok(self),
            Some(word) => Err(format!("'{word}': {} has no switches", Self::KIND.as_str())),
        }
    }

    /// The position a game starts from, the side to move first on roll.
    fn start(&self) -> Self::Position;

    /// The same position seen from the other side (the turn handed over).
    fn flip(&self, position: &Self::Position) -> Self::Position;

    /// A move generator with empty buffers.
    fn generator(&self) -> Self::Generator;

    /// A move generator that lists at most `max_plays` plays of a turn
    /// where the game's turns can have more (Plakoto Express's low
    /// doubles, R20: a list cut there says so, [`Self::truncated`]); the
    /// game's own [`Self::generator`] in a game whose turns are short.
    fn generator_listing_at_most(&self, _max_plays: usize) -> Self::Generator {
        self.generator()
    }

    /// Fills `out` with the legal plays of `dice` in `position`: each
    /// distinct resulting position once, and with nothing playable the
    /// single play of no steps (so the list of a game in progress is never
    /// empty).
    fn generate(
        &self,
        generator: &mut Self::Generator,
        position: &Self::Position,
        dice: Dice,
        out: &mut Self::PlayList,
    );

    /// Whether this game, under these switches, carries numbers from turn
    /// to turn (Plakoto Express only).
    fn may_carry(&self) -> bool {
        false
    }

    /// What a play of `dice` leaves to the opponent's turn: the numbers it
    /// did not use, where the game carries them (R21), else nothing.
    fn carried_after(&self, dice: Dice, play: &Self::Play) -> Option<Self::Carried> {
        let _ = (dice, play);
        None
    }

    /// Fills `out` with the legal plays of the numbers `carried` to the
    /// side on roll in `position`, as [`TavliGame::generate`] does for a
    /// roll.
    fn generate_carried(
        &self,
        generator: &mut Self::Generator,
        position: &Self::Position,
        carried: &Self::Carried,
        out: &mut Self::PlayList,
    );

    /// The plays of a list, in generation order.
    fn plays<'a>(&self, list: &'a Self::PlayList) -> &'a [Self::Play];

    /// Whether the generator's bound on plays cut `list` short (it is not
    /// every legal play of its turn): a search then says its ranking is
    /// not complete. The default is for a game whose generator has no
    /// bound and lists every play.
    fn truncated(&self, list: &Self::PlayList) -> bool {
        let _ = list;
        false
    }

    /// Whether `play`, one of `turn`'s plays found without the complete
    /// list of them (a list cut short by the generator's bound, or a
    /// beam's lines), is legal for sure: only a play that uses every
    /// number or ends the game is, since another may leave a number that
    /// some unlisted play uses (R10). The default is for a game whose
    /// lists are never cut short ([`TavliGame::truncated`]).
    fn surely_legal(&self, turn: &ToPlay<Self::Carried>, play: &Self::Play) -> bool {
        let _ = (turn, play);
        true
    }

    /// The position a play leads to, still seen from the side that played.
    fn after(&self, play: &Self::Play) -> Self::Position;

    /// How many numbers of the roll a play uses.
    fn numbers_used(&self, play: &Self::Play) -> usize;

    /// How the game stands ended in `position`, if it has; the winner seen
    /// from the side on roll there.
    fn result(&self, position: &Self::Position) -> Option<GameResult>;

    /// Points a result of this kind is worth under this game's scoring.
    fn points(&self, kind: ResultKind) -> u8;

    /// The Position ID of `position` (documented per game in protocol.md).
    fn position_id(&self, position: &Self::Position) -> String;

    /// Reads a Position ID written by [`TavliGame::position_id`].
    fn parse_position_id(&self, text: &str) -> Result<Self::Position, Self::IdError>;

    /// The board as text (`set board`'s form).
    fn board_text(&self, position: &Self::Position) -> String;

    /// Reads a board text written by [`TavliGame::board_text`] (or a
    /// person).
    fn parse_board_text(&self, text: &str) -> Result<Self::Position, Self::BoardTextError>;

    /// A play in the game's notation (`13/7*`, `bar/22`, `6/off`).
    fn format_play(&self, before: &Self::Position, play: &Self::Play) -> String;

    /// The legal play of `list` (the plays of `dice` in `before`) that the
    /// written `text` names, or why there is none.
    fn resolve_play(
        &self,
        before: &Self::Position,
        dice: Dice,
        list: &Self::PlayList,
        text: &str,
    ) -> Result<Self::Play, Self::PlayError>;

    /// The legal play of `list` (the plays of the numbers `carried` to the
    /// side on roll in `before`) that the written `text` names, or why
    /// there is none.
    fn resolve_carried(
        &self,
        before: &Self::Position,
        carried: &Self::Carried,
        list: &Self::PlayList,
        text: &str,
    ) -> Result<Self::Play, Self::PlayError>;
}
