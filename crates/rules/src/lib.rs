//! plakoto-rules: the game layer of the plakoto engine.
//!
//! The rules core: everything docs/rules.md (R1–R23) says, as pure data and
//! functions. Nothing here reads or writes anything or knows about
//! evaluation; the protocol, search and arena are built on this API.

mod board_text;
mod count;
mod dice;
mod explain;
pub mod fevga;
mod game_state;
mod id;
mod matchplay;
mod movegen;
mod notation;
mod outcome;
mod point;
pub mod portes;
mod position;
mod result_kind;
mod rules;
mod seat;
mod steps;
pub mod tavli;

pub mod sampling;

/// The README's example, compiled and run as a doc-test.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctest;

pub use board_text::{BoardTextError, SideTextError, parse_board_text, to_board_text};
pub use count::{CountLimits, CountedPage, PlayCounter};
pub use dice::{Dice, DiceError, Numbers, Sequence};
pub use explain::{IllegalPlay, max_numbers, resolve_play};
pub use game_state::{FinalResult, Game, GameError, Phase, PlayReport, StateError, TurnNumbers};
pub use id::{MatchId, MatchIdError, PositionIdError, parse_position_id, position_id};
pub use matchplay::MatchScore;
pub use movegen::{GenLimits, MoveGenerator, Play, PlayList, retain_max_usage};
pub use notation::{NotationError, PASS, ParsedPlay, TokenError, format_play};
pub use outcome::{GameResult, game_result};
pub use point::{Die, DieError, Point, PointError, Side, SideError};
pub use position::{Position, PositionError, SideLayout, Step, StepError, StepList, StepOutcome};
pub use result_kind::ResultKind;
pub use rules::{Rules, RulesError, Scoring, Variant};
pub use seat::Seat;
pub use steps::{NextSteps, StepDetail, next_steps, step_details};
pub use tavli::{GameKind, GameKindError, TavliGame};
