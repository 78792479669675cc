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
