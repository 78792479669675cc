//! plakoto-rules: the game layer of the plakoto engine.
//!
//! The rules core: everything docs/rules.md (R1–R23) says, as pure data and
//! functions. Nothing here reads or writes anything or knows about
//! evaluation; the protocol, search and arena are built on this API.

mod dice;
pub mod fevga;
mod game_state;
mod matchplay;
mod outcome;
pub mod plakoto;
mod point;
pub mod portes;
mod result_kind;
mod seat;
pub mod sides;
pub mod tavli;

pub use plakoto::sampling;
// Portes' and Fevga's notation write the play of no steps as Plakoto's
// does, and name it by this path.
use plakoto::notation;

/// The README's example, compiled and run as a doc-test.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctest;

pub use dice::{Dice, DiceError};
pub use game_state::{FinalResult, Phase, StateError};
pub use matchplay::MatchScore;
pub use outcome::GameResult;
pub use plakoto::{
    BoardTextError, CountLimits, CountedPage, Game, GameError, GenLimits, IllegalPlay, MatchId,
    MatchIdError, MoveGenerator, NextSteps, NotationError, Numbers, PASS, ParsedPlay, Play,
    PlayCounter, PlayList, PlayReport, Position, PositionError, PositionIdError, Rules, RulesError,
    Scoring, Sequence, SideLayout, SideTextError, Step, StepDetail, StepError, StepList,
    StepOutcome, TokenError, TurnNumbers, Variant, check_chosen, format_play, game_result,
    max_numbers, next_steps, parse_board_text, parse_position_id, position_id, resolve_play,
    retain_max_usage, step_details, to_board_text,
};
pub use point::{Die, DieError, Point, PointError, Side, SideError};
pub use result_kind::ResultKind;
pub use seat::Seat;
pub use tavli::{GameKind, GameKindError, TavliGame};

// Each game's type: the game under its switches, through the game layer.
pub use fevga::Fevga;
pub use plakoto::Plakoto;
pub use portes::Portes;

/// Every game the engine plays, in Tavli's order (T2): the one list of
/// the games, which a new game joins (after its module, above). From it
/// come [`GameKind`]'s variants, the arms of
/// [`with_game!`](crate::with_game) and [`TavliGames`]' fields, and the
/// crates above read it where they list something a game each (the GUI's
/// scripts). It hands the list to the macro named in brackets, after the
/// tokens that follow the brackets in a group: each game as its
/// attributes (its doc; `#[default]` on the game a session starts in),
/// its type (exported here) and its module's name, which is also the
/// game's name as the protocol and the records write it: the type's name
/// in lower case (`GameKind`'s serde names are made that way).
#[doc(hidden)]
#[macro_export]
macro_rules! tavli_games {
    ([$($then:tt)*] $($args:tt)*) => {
        $($then)*! {
            ($($args)*)
            /// Portes (P1–P16): backgammon without the cube, the first game of Tavli.
            Portes portes,
            /// Plakoto (R1–R23): pinning instead of hitting, the second game.
            #[default]
            Plakoto plakoto,
            /// Fevga (F1–F16): the running game, no hitting and no pinning, the third.
            Fevga fevga,
        }
    };
}

crate::tavli_games!([crate::tavli::every_game_value]);
