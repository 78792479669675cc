//! plakoto-lab: the research lab — how the engine's nets were made and
//! are measured. The engine never needs it at run time.
//!
//! - [`train`]: self-play training and refinement of the neural evaluator
//!   (`plakoto train …`).
//! - [`benchmark`]: the rolled-out strength benchmark: building it
//!   (`plakoto benchmark …`) and scoring a player on it
//!   (`plakoto bench strength`).
//! - [`games`]: each game's [`LabGame`] impl, what the commands above do
//!   in it.
//!
//! Its data (nets, logs, recipes, the rolled-out benchmarks) lives beside
//! it: `training/`, `benchmarks/`, `weights/`; README.md is its log.

pub mod benchmark;
pub mod games;
pub mod train;

use plakoto_engine::game::EngineGame;
use plakoto_rules::tavli::ToPlay;
use plakoto_rules::{Dice, GameKind, with_game};

use benchmark::BenchmarkError;
use benchmark::cli::{BuildArgs, StrengthArgs};
use benchmark::data::TurnRecord;
use train::label_args::LabelArgs;
use train::refine::{FitArgs, RefineError, TargetArgs};
use train::run_loop::TrainingRun;
use train::{TrainArgs, TrainError};

/// What the lab does with a game: how `plakoto train` trains it, how
/// `plakoto refine` makes and fits its targets, and how `plakoto benchmark
/// build` and `plakoto bench strength` run in it. Each command picks the
/// game once ([`LabGameFns::of`]) and asks this trait through it, never
/// matching on the game. One impl a game, in [`games`].
///
/// It is defined here, above `train` and `benchmark`, because it names
/// both: neither module imports the other's commands through it.
pub trait LabGame: EngineGame {
    /// Whether the game has movement rules (Plakoto's `standard` or
    /// `express`): to train under (`--rules`), and named by a benchmark
    /// header's `rules`. A game without them is trained and benchmarked
    /// under its default switches (a header writes `standard`).
    const MOVEMENT_RULES: bool;

    /// The game's trainer, which the run drives ([`train::run_loop::run`])
    /// and which refines its net (`plakoto refine`).
    type Run: TrainingRun;

    /// `plakoto benchmark build` (its counts checked); a game with no
    /// benchmark builder refuses.
    fn build_benchmark(_a: &BuildArgs) -> Result<(), BenchmarkError> {
        Err(BenchmarkError::Options(format!(
            "no {} benchmark can be built yet",
            Self::KIND
        )))
    }

    /// What the side on roll plays at a benchmark's decision of this game
    /// (`turn`, as the benchmark records it): its dice, or numbers carried
    /// to it; an error for numbers the game does not read.
    fn to_play(&self, turn: &TurnRecord) -> Result<ToPlay<Self::Carried>, BenchmarkError> {
        match turn {
            TurnRecord::Rolled { dice: [a, b] } => Dice::new(*a, *b).map(ToPlay::Dice),
            TurnRecord::Passed { .. } => None,
        }
        .ok_or_else(|| BenchmarkError::Format(format!("no roll of two dice: {turn:?}")))
    }

    /// How a benchmark records `to_play` ([`Self::to_play`] reads it back).
    fn turn_record(&self, to_play: &ToPlay<Self::Carried>) -> TurnRecord;

    /// `plakoto bench strength` (its plies checked); a game with no
    /// benchmark scorer refuses.
    fn score_benchmark(_a: &StrengthArgs) -> Result<(), BenchmarkError> {
        Err(BenchmarkError::Options(format!(
            "no {} benchmark can be scored yet",
            Self::KIND
        )))
    }
}

/// The [`LabGame`] answers of one game, as plain functions: the lab's
/// commands call a game through these, chosen once by its kind
/// ([`LabGameFns::of`], the lab's one `with_game!`). Each field is the
/// [`LabGame`] item of the same name; `train` runs the game's trainer.
#[derive(Clone, Copy)]
pub struct LabGameFns {
    /// [`LabGame::MOVEMENT_RULES`].
    pub movement_rules: bool,
    /// `plakoto train`: [`train::run_loop::run`] of [`LabGame::Run`].
    pub train: fn(&TrainArgs) -> Result<(), TrainError>,
    /// [`TrainingRun::refine_targets`] of [`LabGame::Run`].
    pub refine_targets: fn(&TargetArgs) -> Result<(), RefineError>,
    /// [`TrainingRun::refine_fit`] of [`LabGame::Run`].
    pub refine_fit: fn(&FitArgs) -> Result<(), RefineError>,
    /// [`TrainingRun::refine_labels`] of [`LabGame::Run`].
    pub refine_labels: fn(&LabelArgs) -> Result<(), RefineError>,
    /// [`LabGame::build_benchmark`].
    pub build_benchmark: fn(&BuildArgs) -> Result<(), BenchmarkError>,
    /// [`LabGame::score_benchmark`].
    pub score_benchmark: fn(&StrengthArgs) -> Result<(), BenchmarkError>,
}

impl LabGameFns {
    /// The functions of the game `kind`.
    pub fn of(kind: GameKind) -> LabGameFns {
        with_game!(kind, G => LabGameFns {
            movement_rules: <G as LabGame>::MOVEMENT_RULES,
            train: train::run_loop::run::<<G as LabGame>::Run>,
            refine_targets: <<G as LabGame>::Run as TrainingRun>::refine_targets,
            refine_fit: <<G as LabGame>::Run as TrainingRun>::refine_fit,
            refine_labels: <<G as LabGame>::Run as TrainingRun>::refine_labels,
            build_benchmark: <G as LabGame>::build_benchmark,
            score_benchmark: <G as LabGame>::score_benchmark,
        })
    }
}

/// Whether the game `kind` has movement rules (Plakoto's `standard` or
/// `express`, [`LabGame::MOVEMENT_RULES`]): the training options and a
/// benchmark's header both ask, so it is answered here, above both.
pub fn movement_rules(kind: GameKind) -> bool {
    LabGameFns::of(kind).movement_rules
}
