//! The arena: engine-vs-engine matches with fair (duplicate) dice,
//! statistics and fault tolerance (`plakoto arena`). Every game goes
//! through the game layer ([`plakoto_rules::TavliGame`]):
//!
//! - [`crate::ToolsGame`] says, in its arena part, everything the arena
//!   needs of a game beside its rules and records (one impl a game, in
//!   [`crate::games`]);
//! - [`tavli_referee`] plays one game of any game: it owns the position
//!   and the dice, asks players for plays and checks them against the
//!   game's rules ([`refereed_game`] the Match ID the games share;
//!   [`referee`] the outcome of a game and the seeds);
//! - [`tavli_player`] holds the players: the trait, random play, and any
//!   engine as a child process driven through the protocol
//!   ([`engine_process`]); [`player`] their settings; [`tavli_players`]
//!   makes a game's players by name (`builtin:NAME` or a command), each
//!   game's built-ins in the game's file of [`crate::games`]
//!   ([`tavli_evaluator_player`] the 0-ply player of an evaluator);
//! - [`runner`] schedules units on threads (duplicate pairs, seeds,
//!   records), [`tavli_runner`] plays a run of one game (single games or
//!   matches, from start positions), [`run_game`] a run's ready form and
//!   its options' checks;
//! - [`record`], [`turn`], [`results_file`] and [`stats`] keep and
//!   summarise results ([`counts`]: by how games ended and by who
//!   started them); game records are [`records_dir`]'s, each game's
//!   header by [`tavli_records`];
//! - [`cli`] is the `plakoto arena` command, [`args`] and
//!   [`game_options`] its command line and its checks per game.
//!
//! Tavli matches (`--game tavli`, [`arena_game`]) play every game through
//! the same referee: [`tavli_match_runner`] runs the matches over the
//! rules core's `TavliMatch`, [`match_players`] holds a contestant's
//! player of each game (one engine process shared by them),
//! [`tavli_stats`] the match statistics and [`tavli_records`] the Tavli
//! match records' header.

pub mod arena_game;
pub mod args;
pub mod cli;
pub mod counts;
pub mod engine_process;
pub mod error;
pub mod fault;
pub mod game_options;
pub mod interval;
pub mod match_players;
pub mod merge;
pub mod player;
pub mod plot;
pub mod record;
pub mod records_dir;
pub mod referee;
pub mod refereed_game;
pub mod results_file;
pub mod run_game;
pub mod runner;
pub mod shard;
pub mod start_positions;
pub mod stats;
pub mod tavli_evaluator_player;
pub mod tavli_match_runner;
pub mod tavli_player;
pub mod tavli_players;
pub mod tavli_records;
pub mod tavli_referee;
pub mod tavli_runner;
pub mod tavli_stats;
pub mod turn;
