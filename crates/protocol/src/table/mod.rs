//! The protocol for the games other than Plakoto, written once over the
//! game layer ([`plakoto_rules::TavliGame`]) and its [`TableGame`]:
//! `new game`, `set board`/`position`/`matchid`, `set dice`, `roll`,
//! `move`, `play`, `hint`, `rollout`, `legal`, `legal steps` (where the
//! game's hook answers it: Portes and Fevga), `show …`, and the records
//! (`save`, `load`, `show game`, `analyse`, `set player`) for any game
//! whose per-game hooks ([`TableProtocol`]) are written. Plakoto keeps its own
//! commands (its Express passed numbers, its records and analysis); a
//! command that makes no sense in the game played is refused with
//! `not_in_game`.
//!
//! [`TableGame`]: plakoto_rules::tavli::TableGame

mod board_data;
mod execute;
mod fibs_board;
mod hooks;
mod records;
mod rollout;
mod search;
pub(crate) mod steps;

pub use crate::table_board_data::TableBoardData;
pub(crate) use execute::{execute as execute_game, finish_move, not_in_game};
pub use fibs_board::{FibsSetup, read_fibs_board};
pub(crate) use hooks::read_gnubg_match_id;
pub use hooks::{MatchParts, TableProtocol};
