//! Fevga (F1–F16 of docs/rules.md): the running game of Tavli, where
//! both sides travel the same way round from opposite corners, a single
//! checker holds a point, a runner must pass the opponent's start before
//! anything else moves, a starting quarter may not be closed, and a prime
//! that traps the whole opposing army must be opened. Pure rules, as the
//! Plakoto and Portes cores beside it: a position, its legal plays under
//! the game's switches, the end and its score, the Position ID, board text
//! and notation.

mod board_text;
mod collect;
mod doubles;
mod id;
mod movegen;
mod notation;
mod outcome;
mod play;
mod position;
mod stamp_set;
mod step;
mod steps;
mod switches;
mod tavli_game;
mod turn;
mod two_dice;

pub use board_text::{FevgaBoardTextError, fevga_board_text, parse_fevga_board_text};
pub use id::{FEVGA_ID_LEN, FevgaIdError, fevga_position_id, parse_fevga_position_id};
pub use movegen::FevgaMoveGenerator;
pub use notation::{
    FevgaMove, FevgaNotationError, explain_fevga_refusal, format_fevga_play, parse_fevga_notation,
    paths_of, resolve_fevga_play,
};
pub use outcome::{fevga_points, fevga_result};
pub use play::{FevgaPlay, FevgaPlayList};
pub use position::{CHECKERS, FevgaPosition, FevgaPositionError, other_numbering};
pub use step::{FevgaStep, FevgaStepError, check_step, has_any_step, is_released, wall_to_open};
pub use steps::FevgaSteps;
pub use switches::{FevgaRules, PrimeRule, QuarterCheck, QuarterRule, Release, SwitchError};
pub use tavli_game::Fevga;
