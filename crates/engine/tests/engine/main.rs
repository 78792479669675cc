//! The engine crate's tests: the exact race database, the search on
//! known positions and against a plain reference search (over a stand-in
//! evaluator).

mod fevga;
mod fevga_net;
mod game_rollout;
mod game_search;
mod game_search_plakoto;
mod plakoto_net;
mod plakoto_root;
mod portes;
mod portes_net;
mod pruning;
mod race_db;
mod random_games;
mod search_known;
mod search_reference;
mod stand_in;
