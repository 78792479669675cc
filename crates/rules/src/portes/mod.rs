//! Portes (P1–P16 of docs/rules.md): backgammon without the cube, the
//! first game of Tavli. Pure rules, as the Plakoto core beside it: a
//! position, its legal plays, the end and its score, GNU Backgammon's
//! Position ID, Match ID and move notation.

mod board_text;
mod fibs_board;
mod id;
mod match_id;
mod movegen;
mod notation;
mod outcome;
mod position;
mod tavli_game;

pub use board_text::{PortesBoardTextError, parse_portes_board_text, portes_board_text};
pub use fibs_board::{FIBS_BOARD_FIELDS, FibsBoard, FibsBoardError, FibsView};
pub use id::{PortesIdError, parse_portes_position_id, portes_position_id};
pub use match_id::{PORTES_MATCH_ID_LEN, PortesGameState, PortesMatchId, PortesMatchIdError};
pub use movegen::{PortesMoveGenerator, PortesPlay, PortesPlayList, PortesSteps};
pub use notation::{
    Landing, PortesMove, PortesNotation, PortesNotationError, format_portes_play, notation_of,
    resolve_portes_play,
};
pub use outcome::{PortesScoring, portes_result};
pub use position::{
    CHECKERS, PortesPosition, PortesPositionError, Source, Step, StepEffect, StepError,
};
pub use tavli_game::Portes;
