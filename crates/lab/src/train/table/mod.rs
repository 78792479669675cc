//! `plakoto train`: TD(λ) self-play training of every game's net (Plakoto:
//! [`plakoto_engine::eval::net`], under `--rules standard` or `express`;
//! Portes: [`plakoto_engine::game::portes::net`]; Fevga, under its default
//! switches (docs/rules.md, Fevga): [`plakoto_engine::game::fevga::net`]).
//!
//! One trainer for every game: this module and its `checkpoint`, `learn`,
//! `selfplay` and `arena_check` are written once over the game layer
//! ([`plakoto_rules::TavliGame`], [`plakoto_engine::game`]) and a
//! [`LabGame`] ([`game`]): what differs between the games — the net,
//! its inputs and outcomes, its weight files, the checkpoint's magic, the
//! stream tags, the evaluator the checks measure against, the game and
//! scoring trained for, whether a fresh run keeps its initial net, how it
//! is refined. Each game's impl is in its lab file ([`crate::games`]),
//! beside the rest of what the lab knows of it. (The name "table" is the
//! arena's, for the games played through the game layer, which now holds
//! them all.) The run around the rounds is [`run_loop`].
//!
//! Rollout labels and the supervised fit on them (`plakoto refine labels`,
//! `merge-labels`, `fit`) are written over the same trait: [`labels`],
//! [`label_positions`] and [`refine`]'s fit (the file and the options,
//! which know no game, are `train::label_file` and `train::label_args`).
//! Plakoto keeps its own targets and fit ([`super::refine`]).
//!
//! The arena checks are played by the arena's referee ([`arena_check`]),
//! each side a game's 0-ply player of an evaluator.
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
//! Files in the run directory: `checkpoint.bin`, `latest.net`, `best.net` (the best at a duplicate
//! match against the game's heuristic, both at 0 ply), `previous.net`,
//! `nets/games-N.net` and `train.log` (one line per check); a fresh Fevga
//! run also keeps `initial.net`, the seeded random net it starts from.

pub mod arena_check;
pub mod average;
pub mod checkpoint;
pub mod fit;
pub mod game;
pub mod label_positions;
pub mod labels;
pub mod learn;
pub mod refine;
pub mod refine_options;
pub mod revive;
pub mod run_loop;
pub mod selfplay;

use self::game::NetOf;
use std::path::Path;
use std::sync::Arc;

use self::arena_check::duplicate_match;
use self::game::lengths;
use self::learn::TableLearner;
use self::run_loop::{learn_round, play_round};
use self::selfplay::TableWorker;
use super::arena_check::MatchResult;
use super::checkpoint::{TrainConfig, TrainState};
use super::learn::Adam;
use super::{TrainArgs, TrainError};
use crate::LabGame;
use plakoto_engine::game::GameEvaluator;
use plakoto_tools::arena::referee::mix_seed;

/// The trainer's state in memory, for the game `G`.
pub struct TableTrainer<G: LabGame> {
    /// Counters and settings.
    pub state: TrainState,
    /// The game trained for, under the run's rules.
    game: G,
    /// The weights being trained.
    pub net: NetOf<G>,
    adam: Adam,
    learner: TableLearner<G>,
}

impl<G: LabGame> TableTrainer<G> {
    /// A new run with `config`, from `net` (the seeded random net of
    /// [`initial_network`], or `--init`'s weights).
    pub fn new(config: TrainConfig, net: NetOf<G>) -> TableTrainer<G> {
        let adam = Adam::with_lengths(lengths::<G>(&net), config.self_play.lr);
        let game = G::trained_under(config.rules);
        let learner = TableLearner::new(&net, game);
        TableTrainer {
            state: TrainState::new(config),
            game,
            net,
            adam,
            learner,
        }
    }

    /// Plays and learns from one round; returns the mean loss. Uses the
    /// current rayon pool.
    pub fn round(&mut self) -> f32 {
        let c = self.state.config.self_play.clone();
        let game = self.game;
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
/// ([`LabGame::initial_net`]: Fevga keeps it as `initial.net`, the
/// run's baseline, never weights to play with).
pub fn initial_network<G: LabGame>(
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
pub fn check_against<G: LabGame>(
    game: G,
    net: &NetOf<G>,
    other: &(dyn Fn() -> Box<dyn GameEvaluator<G>> + Sync),
    pairs: u64,
    seed: u64,
) -> MatchResult {
    let net = Arc::new(net.clone());
    let mine = move || -> Box<dyn GameEvaluator<G>> { Box::new(G::evaluator_of(net.clone())) };
    duplicate_match(
        game,
        &mine,
        other,
        pairs,
        mix_seed(&[seed, G::STREAMS.arena]),
    )
}

/// The trainer as the run ([`run_loop`]) drives it.
impl<G: LabGame> TableTrainer<G> {
    /// Writes the checkpoint and `latest.net` into `dir`.
    pub fn save(&self, dir: &Path) -> Result<(), TrainError> {
        self.write_checkpoint(&dir.join("checkpoint.bin"))?;
        self.save_net(&dir.join("latest.net"))
    }

    /// The run of `args` from scratch (its `--init` net or a seeded
    /// random one), `args` already checked.
    pub fn fresh(args: &TrainArgs) -> Result<TableTrainer<G>, TrainError> {
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
        Ok(TableTrainer::new(args.config(), net))
    }

    /// The run whose checkpoint is in `dir`.
    pub fn load(dir: &Path) -> Result<TableTrainer<G>, TrainError> {
        let (state, net, adam) = checkpoint::load::<G>(&dir.join("checkpoint.bin"))?;
        let game = G::trained_under(state.config.rules);
        let learner = TableLearner::new(&net, game);
        Ok(TableTrainer {
            state,
            game,
            net,
            adam,
            learner,
        })
    }

    /// Writes the run's checkpoint (settings, counters, weights, Adam's
    /// moments) to `path`.
    pub fn write_checkpoint(&self, path: &Path) -> Result<(), TrainError> {
        Ok(checkpoint::save::<G>(
            path,
            &self.state,
            &self.net,
            &self.adam,
        )?)
    }

    /// The run's settings and counters.
    pub fn state(&self) -> &TrainState {
        &self.state
    }

    /// The same, to count in.
    pub fn state_mut(&mut self) -> &mut TrainState {
        &mut self.state
    }

    /// The settings as `--resume`'s line shows them.
    pub fn settings_line(&self) -> String {
        format!("{:?}", self.state.config.named(G::NAME))
    }

    /// The net's short hash, for the check's log line.
    pub fn net_hash(&self) -> String {
        G::short_hash(&self.net)
    }

    /// Writes the net being trained to `path`.
    pub fn save_net(&self, path: &Path) -> Result<(), TrainError> {
        Ok(G::save(&self.net, path)?)
    }

    /// A duplicate match of the net being trained against the game's
    /// heuristic, `pairs` pairs on the run's dice.
    pub fn match_heuristic(&self, pairs: u64) -> MatchResult {
        let seed = self.state.config.self_play.seed;
        check_against(self.game, &self.net, &G::heuristic, pairs, seed)
    }

    /// The same against the net in `path`; `None` where there is none
    /// that reads (the first check of a run).
    pub fn match_net_in(&self, path: &Path, pairs: u64) -> Option<MatchResult> {
        let other = Arc::new(G::load(path).ok()?);
        let other =
            move || -> Box<dyn GameEvaluator<G>> { Box::new(G::evaluator_of(other.clone())) };
        let seed = self.state.config.self_play.seed;
        Some(check_against(self.game, &self.net, &other, pairs, seed))
    }
}
