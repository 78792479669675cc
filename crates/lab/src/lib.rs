//! plakoto-lab: the research lab — how the engine's nets were made and
//! are measured. The engine never needs it at run time.
//!
//! - [`train`]: self-play training and refinement of the neural evaluator
//!   (`plakoto train …`).
//! - [`benchmark`]: the rolled-out strength benchmark: building it
//!   (`plakoto benchmark …`) and scoring a player on it
//!   (`plakoto bench strength`).
//!
//! Its data (nets, logs, recipes, the rolled-out benchmarks) lives beside
//! it: `training/`, `benchmarks/`, `weights/`; README.md is its log.

pub mod benchmark;
pub mod train;

use plakoto_rules::{GameKind, with_game};
use train::trainable::TrainableGame;

/// Whether the game `kind` has movement rules (Plakoto's `standard` or
/// `express`, [`TrainableGame::MOVEMENT_RULES`]): the training options and
/// a benchmark's header both ask, so it is answered here, above both.
pub fn movement_rules(kind: GameKind) -> bool {
    with_game!(kind, G => <G as TrainableGame>::MOVEMENT_RULES)
}
