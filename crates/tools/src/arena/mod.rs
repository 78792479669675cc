//! The arena: engine-vs-engine matches with fair (duplicate) dice,
//! statistics and fault tolerance (`plakoto arena`).
//!
//! - [`referee`] plays one game: it owns the position and the dice, asks
//!   players for plays and checks them against the rules core;
//! - [`player`] holds the players: built-ins run
//!   in-process, any other engine is a child process driven through the
//!   protocol ([`engine_process`]);
//! - [`registry`] creates players by name (`builtin:NAME` or a command);
//! - [`runner`] schedules games (duplicate pairs, matches, threads);
//! - [`record`], [`turn`], [`results_file`] and [`stats`] keep and
//!   summarise results ([`counts`]: by how games ended and by who
//!   started them);
//! - [`cli`] is the `plakoto arena` command.
//!
//! Games other than Plakoto (`--game portes|fevga`) are played through
//! the game layer ([`plakoto_rules::TavliGame`]): [`tavli_referee`],
//! [`tavli_player`] and [`tavli_runner`] are the referee, players and
//! runner written against the trait (with [`refereed_game`], what the
//! arena needs of a game beside it: its Match ID and switches),
//! [`tavli_players`] makes a game's players by name,
//! [`tavli_evaluator_player`] is the built-in 0-ply player of an
//! evaluator, [`portes_players`] and [`fevga_players`] each game's
//! built-ins; results files, statistics and game records
//! ([`records_dir`], with each game's header by [`tavli_records`]) are
//! shared. [`args`] and
//! [`game_options`] are the command line and its checks per game.
//!
//! Tavli matches (`--game tavli`, [`arena_game`]) play every game through
//! the game layer: [`tavli_match_runner`] runs the matches over the
//! rules core's `TavliMatch`, [`match_players`] holds a contestant's
//! player of each game (one engine process shared by them),
//! [`plakoto_game_players`] Plakoto's built-ins in the game layer,
//! [`tavli_stats`] the match statistics and [`tavli_records`] the Tavli
//! match records' header.

pub mod arena_game;
pub mod args;
pub mod cli;
pub mod counts;
pub mod engine_process;
pub mod error;
pub mod fault;
pub mod fevga_players;
pub mod game_options;
pub mod interval;
pub mod match_players;
pub mod merge;
pub mod plakoto_game_players;
pub mod player;
pub mod plot;
pub mod portes_players;
pub mod record;
pub mod records_dir;
pub mod referee;
pub mod refereed_game;
pub mod registry;
pub mod results_file;
pub mod run_game;
pub mod runner;
pub mod search_player;
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
