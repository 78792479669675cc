//! plakoto-engine: what plays — evaluation, search and match equity, over
//! the game layer ([`plakoto_rules`]).
//!
//! - [`eval`]: the `Evaluator` trait and its implementations (the neural
//!   nets, embedded; the exact race and pin-endgame databases; the
//!   heuristic).
//! - [`game`]: the one search of every game, n-ply with move filters,
//!   rollouts, and the limits and stop flag that bound them, over the
//!   evaluator trait of the game layer.
//! - [`match_equity`]: the match equity table and the valuation of plays by
//!   match-winning chances.
//! - [`progress`]: the sink long work reports how far it has got to
//!   (drawn by the binaries, never here).
//! - [`path_error`]: errors naming the file they are about;
//!   [`binary_file`]: the checksum and atomic write of the binary files.
//!
//! No text protocol and no terminal: the protocol and the tools above are
//! its users.

pub mod binary_file;
mod checked_map;
pub mod eval;
pub mod game;
pub mod match_equity;
pub mod path_error;
pub mod progress;
mod stream_checksum;

/// Makes [`NET_FILES`] from the rules crate's list of games.
macro_rules! net_files {
    (() $( $(#[$attr:meta])* $Game:ident $name:ident, )*) => {
        /// Every game's net as its weight files tell them apart: their first
        /// bytes ([`NetInputs::MAGIC`](eval::game_net::NetInputs::MAGIC)) and
        /// the game's name, for each game of the rules crate's list the net
        /// its [`EngineGame::Net`](game::EngineGame::Net) names; so that the
        /// weight files' reader ([`eval::game_net::weights`]) names another
        /// game's file as such. Made here, where the games' nets (each in
        /// its game's module) and the reader both are.
        pub(crate) const NET_FILES: [(&[u8; 8], &str); [$( stringify!($name) ),*].len()] = [$(
            (
                <<plakoto_rules::$Game as game::EngineGame>::Net as eval::game_net::NetInputs>::MAGIC,
                <<plakoto_rules::$Game as game::EngineGame>::Net as eval::game_net::NetInputs>::GAME,
            ),
        )*];
    };
}

plakoto_rules::tavli_games!([net_files]);
