//! `plakoto train --game portes|fevga`: TD(λ) self-play training of the
//! nets of the games played through the game layer (Portes:
//! [`plakoto_engine::eval::portes::net`]; Fevga, under its default
//! switches (docs/rules.md, Fevga): [`plakoto_engine::eval::fevga::net`]), run
//! as the Plakoto trainer runs (see [`super`]) and with its options.
//!
//! One trainer for both games: this module and its `checkpoint`, `learn`,
//! `selfplay` and `arena_check` are written once over the game layer
//! ([`plakoto_rules::TavliGame`], [`plakoto_engine::game`]) and a
//! [`TrainedGame`] ([`game`]): what differs between the games — the net,
//! its inputs and outcomes, its weight files, the checkpoint's magic, the
//! stream tags, the evaluator the checks measure against, the game and
//! scoring trained for, whether a fresh run keeps its initial net. Each
//! game's impl is in its lab file ([`crate::games`]), beside the rest of
//! what the lab knows of it. ("Table" as in the arena's
//! table runs: the games played through the game layer. The Plakoto net
//! keeps its own trainer, [`super`], with its rule variants and expected
//! targets over Plakoto's own evaluator; the two share the run itself
//! ([`super::run_loop`]: resuming, rounds, checks, checkpoints and the
//! progress display), the checkpoint layout and Adam.)
//!
//! Rollout labels and the supervised fit on them (`plakoto refine labels`,
//! `merge-labels`, `fit`) are written over the same trait: [`labels`],
//! [`label_positions`] and [`refine`]'s fit (the file and the options,
//! which know no game, are `train::label_file` and `train::label_args`).
//!
//! The arena checks of both games are played by the arena's game-layer
//! referee ([`arena_check`]). Fevga's were refereed in the lab while the
//! arena did not take Fevga; the arena's referee plays the same games (the
//! Greek opening on the same dice stream, 0-ply choices, the same turn
//! cap), so the checks' results did not change.
//!
//! A run works in rounds. Each round plays `games_per_round` self-play
//! games in parallel with the weights frozen ([`selfplay`]: 0-ply greedy
//! play through the game layer, exploration `epsilon`, λ-return targets),
//! then learns from their positions in seeded shuffled mini-batches
//! ([`learn`]: Adam on the cross-entropy to the targets). Every random
//! choice comes from the run's seed and the round or game number, never
//! from timing or threads: a run is reproducible on any number of threads,
//! and `--resume` from a checkpoint continues exactly as if never stopped.
//!
//! `--games N` stops at N games in all; `--minutes M` stops this session
//! after M minutes (at the end of a round, with a checkpoint), so a run is
//! sized to a machine and resumed later.
//!
//! Files in the run directory, as the Plakoto trainer writes them:
//! `checkpoint.bin`, `latest.net`, `best.net` (the best at a duplicate
//! match against the game's heuristic, both at 0 ply), `previous.net`,
//! `nets/games-N.net` and `train.log` (one line per check); a fresh Fevga
//! run also keeps `initial.net`, the seeded random net it starts from.

pub mod arena_check;
pub mod checkpoint;
pub mod game;
pub mod label_positions;
pub mod labels;
pub mod learn;
pub mod refine;
pub mod refine_options;
pub mod selfplay;

use self::game::NetOf;
use std::path::Path;
use std::sync::Arc;

use self::arena_check::duplicate_match;
use self::checkpoint::{TableTrainConfig, TableTrainState};
use self::game::{TrainedGame, lengths};
use self::learn::TableLearner;
use self::selfplay::TableWorker;
use super::arena_check::MatchResult;
use super::label_args::LabelArgs;
use super::learn::Adam;
use super::refine::{FitArgs, RefineError, TargetArgs};
use super::run_loop::{TrainingRun, learn_round, play_round};
use super::{TrainArgs, TrainError};
use plakoto_engine::game::GameEvaluator;
use plakoto_tools::arena::referee::mix_seed;

/// The trainer's state in memory, for the game `G`.
pub struct TableTrainer<G: TrainedGame> {
    /// Counters and settings.
    pub state: TableTrainState,
    /// The weights being trained.
    pub net: NetOf<G>,
    adam: Adam,
    learner: TableLearner<G>,
}

impl<G: TrainedGame> TableTrainer<G> {
    /// A new run with `config`, from `net` (the seeded random net of
    /// [`initial_network`], or `--init`'s weights).
    pub fn new(config: TableTrainConfig, net: NetOf<G>) -> TableTrainer<G> {
        let adam = Adam::with_lengths(lengths::<G>(&net), config.lr);
        let learner = TableLearner::new(&net, G::trained());
        TableTrainer {
            state: TableTrainState::new(config),
            net,
            adam,
            learner,
        }
    }

    /// Plays and learns from one round; returns the mean loss. Uses the
    /// current rayon pool.
    pub fn round(&mut self) -> f32 {
        let c = self.state.config.clone();
        let game = G::trained();
        let first = self.state.rounds * c.games_per_round;
        let evaluator = G::evaluator_of(Arc::new(self.net.clone()));
        let games = first..first + c.games_per_round;
        let samples = play_round(games, |worker: &mut TableWorker<G>, index, out| {
            worker.play_game(
                &game,
                &evaluator,
                mix_seed(&[c.seed, index, G::STREAMS.game]),
                c.lambda,
                c.epsilon,
                c.target,
                out,
            );
        });
        learn_round(&mut self.state, samples, G::STREAMS.shuffle, |batch| {
            self.learner
                .train_batch(&mut self.net, &mut self.adam, batch)
        })
    }
}

/// The seeded random net a fresh run of `seed` in `dir` starts from
/// ([`TrainedGame::initial_net`]: Fevga keeps it as `initial.net`, the
/// run's baseline, never weights to play with).
pub fn initial_network<G: TrainedGame>(
    dir: &Path,
    hidden: usize,
    seed: u64,
) -> Result<NetOf<G>, TrainError> {
    Ok(G::initial_net(
        dir,
        hidden,
        mix_seed(&[seed, G::STREAMS.init]),
    )?)
}

/// A duplicate match of `net` against the evaluators `other` makes, at 0
/// ply in the game trained for, on dice drawn from `seed`.
pub fn check_against<G: TrainedGame>(
    net: &NetOf<G>,
    other: &(dyn Fn() -> Box<dyn GameEvaluator<G>> + Sync),
    pairs: u64,
    seed: u64,
) -> MatchResult {
    let net = Arc::new(net.clone());
    let mine = move || -> Box<dyn GameEvaluator<G>> { Box::new(G::evaluator_of(net.clone())) };
    duplicate_match(
        G::trained(),
        &mine,
        other,
        pairs,
        mix_seed(&[seed, G::STREAMS.arena]),
    )
}

/// A Portes or Fevga trainer as the run drives it: the game's default
/// switches, its net the engine's shared net over the game's inputs.
impl<G: TrainedGame> TrainingRun for TableTrainer<G> {
    const NAME: &'static str = G::NAME;
    type Config = TableTrainConfig;

    fn refine_targets(a: &TargetArgs) -> Result<(), RefineError> {
        refine_options::refine_targets::<G>(a)
    }

    fn refine_fit(a: &FitArgs) -> Result<(), RefineError> {
        refine_options::refine_fit::<G>(a)
    }

    fn refine_labels(a: &LabelArgs) -> Result<(), RefineError> {
        labels::run_labels::<G>(a)
    }

    fn fresh(args: &TrainArgs) -> Result<TableTrainer<G>, TrainError> {
        let net = match &args.init {
            Some(path) => G::load(path)?,
            None => initial_network::<G>(&args.dir, args.hidden, args.seed)?,
        };
        if G::hidden(&net) != args.hidden {
            return Err(TrainError::InitHidden {
                init: G::hidden(&net),
                hidden: args.hidden,
            });
        }
        Ok(TableTrainer::new(args.self_play(), net))
    }

    fn load(dir: &Path) -> Result<TableTrainer<G>, TrainError> {
        let (state, net, adam) = checkpoint::load::<G>(&dir.join("checkpoint.bin"))?;
        let learner = TableLearner::new(&net, G::trained());
        Ok(TableTrainer {
            state,
            net,
            adam,
            learner,
        })
    }

    fn write_checkpoint(&self, path: &Path) -> Result<(), TrainError> {
        Ok(checkpoint::save::<G>(
            path,
            &self.state,
            &self.net,
            &self.adam,
        )?)
    }

    fn state(&self) -> &TableTrainState {
        &self.state
    }

    fn state_mut(&mut self) -> &mut TableTrainState {
        &mut self.state
    }

    fn settings_line(&self) -> String {
        format!("{:?}", self.state.config.named::<G>())
    }

    fn round(&mut self) -> f32 {
        TableTrainer::round(self)
    }

    fn net_hash(&self) -> String {
        G::short_hash(&self.net)
    }

    fn save_net(&self, path: &Path) -> Result<(), TrainError> {
        Ok(G::save(&self.net, path)?)
    }

    fn match_heuristic(&self, pairs: u64) -> MatchResult {
        check_against::<G>(&self.net, &G::heuristic, pairs, self.state.config.seed)
    }

    fn match_net_in(&self, path: &Path, pairs: u64) -> Option<MatchResult> {
        let other = Arc::new(G::load(path).ok()?);
        let other =
            move || -> Box<dyn GameEvaluator<G>> { Box::new(G::evaluator_of(other.clone())) };
        Some(check_against::<G>(
            &self.net,
            &other,
            pairs,
            self.state.config.seed,
        ))
    }
}
