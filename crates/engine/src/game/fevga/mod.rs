//! What the engine knows of Fevga (docs/rules.md, Fevga): the exact bear-off
//! race once the sides can never meet ([`race`]), the board's shape as
//! Fevga play sees it ([`shape`]: points held in front of the opposing
//! checkers, traps, primes, the runner), a hand-written heuristic
//! ([`heuristic`]) and a neural net ([`net`]).
//!
//! These answer a [`FevgaPosition`](plakoto_rules::fevga::FevgaPosition)
//! (seen from the side on roll, each side in its own numbering, F2); the
//! game's evaluators over them, with its [`EngineGame`](super::EngineGame)
//! impl, are in `evaluators.rs` ([`fevga_evaluator`]). Fevga scores 1 or 2 (F13: a double when the loser
//! has borne off nothing, no triple), which
//! [`crate::game::game_equity`] reads from the game value.

mod evaluators;
pub mod heuristic;
pub mod net;
pub mod race;
pub mod shape;

pub use evaluators::{
    FEVGA_EVALUATORS, FevgaHeuristicEvaluator, FevgaNetEvaluator, FevgaPipCountEvaluator,
    fevga_evaluator,
};
pub use heuristic::fevga_heuristic;
pub use race::{evaluate_fevga_race, fevga_no_contact};
