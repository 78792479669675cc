//! Plakoto (R1–R23 of docs/rules.md), with its Express option (R20–R22):
//! the game where a checker is pinned, not hit. Pure rules, as Portes and
//! Fevga beside it: a position from the side on roll, the numbers a roll
//! gives, the legal plays (a move generator, and a counter for the rolls
//! too large to list), the end and its score, the Position and Match IDs,
//! the board text and the move notation, the reasons a written play is
//! illegal, and [`Game`], Plakoto's own state machine of one game with
//! Express's passed numbers. The game layer's `Plakoto`
//! ([`Plakoto`], in `tavli_game.rs`) is built on these modules.

mod board_text;
mod count;
mod explain;
mod game;
mod id;
mod movegen;
pub(crate) mod notation;
mod numbers;
mod outcome;
pub(crate) mod position;
mod rules;
pub mod sampling;
mod steps;
mod tavli_game;

pub use board_text::{BoardTextError, SideTextError, parse_board_text, to_board_text};
pub use count::{CountLimits, CountedPage, PlayCounter};
pub use explain::{IllegalPlay, check_chosen, max_numbers, resolve_play};
pub use game::{Game, GameError, PlayReport, TurnNumbers};
pub use id::{MatchId, MatchIdError, PositionIdError, parse_position_id, position_id};
pub use movegen::{GenLimits, MoveGenerator, Play, PlayList, retain_max_usage};
pub use notation::{NotationError, PASS, ParsedPlay, TokenError, format_play};
pub use numbers::{MAX_NUMBERS, Numbers, Sequence};
pub use outcome::game_result;
pub use position::{Position, PositionError, SideLayout, Step, StepError, StepList, StepOutcome};
pub use rules::{Rules, RulesError, Scoring, Variant};
pub use steps::{NextSteps, StepDetail, next_steps, step_details};
pub use tavli_game::Plakoto;
