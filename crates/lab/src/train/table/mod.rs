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
//! game's impl is a small file of its own: [`portes`], [`fevga`]; a new
//! game of the game layer needs only another. ("Table" as in the arena's
//! table runs: the games played through the game layer. The Plakoto net
//! keeps its own trainer, [`super`], with its rule variants and expected
//! targets over Plakoto's own evaluator; the two share the checkpoint
//! layout, Adam and the progress display.)
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
pub mod fevga;
pub mod game;
pub mod label_positions;
pub mod labels;
pub mod learn;
pub mod portes;
pub mod refine;
pub mod refine_options;
pub mod selfplay;

use self::game::NetOf;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use self::arena_check::duplicate_match;
use self::checkpoint::{TableTrainConfig, TableTrainState};
use self::game::{TrainedGame, lengths};
use self::learn::TableLearner;
use self::selfplay::{TableSample, TableWorker};
use super::arena_check::MatchResult;
use super::learn::Adam;
use super::{TrainArgs, TrainError, append_log, progress, unix_time};
use plakoto_engine::game::GameEvaluator;
use plakoto_engine::path_error::PathError;
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
            state: TableTrainState {
                config,
                rounds: 0,
                games: 0,
                samples: 0,
                seconds: 0.0,
                last_check_games: 0,
                best_ppg: None,
            },
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
        let evaluator = G::net_evaluator(Arc::new(self.net.clone()));
        let per_game: Vec<Vec<TableSample<G>>> = (first..first + c.games_per_round)
            .into_par_iter()
            .map_init(TableWorker::default, |worker, index| {
                let mut out = Vec::new();
                worker.play_game(
                    &game,
                    &evaluator,
                    mix_seed(&[c.seed, index, G::STREAMS.game]),
                    c.lambda,
                    c.epsilon,
                    c.target,
                    &mut out,
                );
                out
            })
            .collect();
        let mut samples: Vec<TableSample<G>> = per_game.into_iter().flatten().collect();
        let mut rng =
            ChaCha8Rng::seed_from_u64(mix_seed(&[c.seed, self.state.rounds, G::STREAMS.shuffle]));
        samples.shuffle(&mut rng);
        let mut loss = 0.0;
        let mut steps = 0;
        for batch in samples.chunks(c.batch) {
            loss += self
                .learner
                .train_batch(&mut self.net, &mut self.adam, batch);
            steps += 1;
        }
        self.state.rounds += 1;
        self.state.games += c.games_per_round;
        self.state.samples += samples.len() as u64;
        loss / steps.max(1) as f32
    }

    /// Writes the checkpoint and `latest.net` into `dir`.
    pub fn save(&self, dir: &Path) -> Result<(), TrainError> {
        checkpoint::save::<G>(
            &dir.join("checkpoint.bin"),
            &self.state,
            &self.net,
            &self.adam,
        )?;
        Ok(G::save(&self.net, &dir.join("latest.net"))?)
    }

    /// Reads the checkpoint in `dir`.
    pub fn load(dir: &Path) -> Result<TableTrainer<G>, TrainError> {
        let (state, net, adam) = checkpoint::load::<G>(&dir.join("checkpoint.bin"))?;
        let learner = TableLearner::new(&net, G::trained());
        Ok(TableTrainer {
            state,
            net,
            adam,
            learner,
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
    let mine = move || -> Box<dyn GameEvaluator<G>> { Box::new(G::net_evaluator(net.clone())) };
    duplicate_match(
        G::trained(),
        &mine,
        other,
        pairs,
        mix_seed(&[seed, G::STREAMS.arena]),
    )
}

/// The arena check: against the heuristic and the previous check's net;
/// logs, keeps the best, returns the line logged.
fn arena_check<G: TrainedGame>(
    trainer: &mut TableTrainer<G>,
    dir: &Path,
    pairs: u64,
) -> Result<String, TrainError> {
    let seed = trainer.state.config.seed;
    let vs_heuristic = check_against::<G>(&trainer.net, &G::heuristic, pairs, seed);
    let previous_path = dir.join("previous.net");
    let vs_previous = match G::load(&previous_path) {
        Ok(prev) => {
            let prev = Arc::new(prev);
            let other =
                move || -> Box<dyn GameEvaluator<G>> { Box::new(G::net_evaluator(prev.clone())) };
            Some(check_against::<G>(&trainer.net, &other, pairs, seed))
        }
        Err(_) => None,
    };
    let s = &mut trainer.state;
    let line = format!(
        "unix={} games={} samples={} hours={:.2} net={} vs_heuristic: {} vs_previous: {}",
        unix_time(),
        s.games,
        s.samples,
        s.seconds / 3600.0,
        G::short_hash(&trainer.net),
        vs_heuristic,
        vs_previous.map_or_else(|| "-".to_string(), |r| r.to_string()),
    );
    append_log(dir, &line)?;
    let nets = dir.join("nets");
    G::save(&trainer.net, &nets.join(format!("games-{}.net", s.games)))?;
    G::save(&trainer.net, &previous_path)?;
    if s.best_ppg.is_none_or(|b| vs_heuristic.ppg > b) {
        s.best_ppg = Some(vs_heuristic.ppg);
        G::save(&trainer.net, &dir.join("best.net"))?;
    }
    s.last_check_games = s.games;
    Ok(line)
}

/// The trainer of `args`: resumed from its checkpoint, or new.
fn start<G: TrainedGame>(args: &TrainArgs) -> Result<TableTrainer<G>, TrainError> {
    let dir = &args.dir;
    if args.resume {
        let t = TableTrainer::<G>::load(dir)?;
        eprintln!(
            "resuming {} at game {} ({} rounds) with its settings {:?}",
            dir.display(),
            t.state.games,
            t.state.rounds,
            t.state.config.named::<G>()
        );
        return Ok(t);
    }
    if dir.join("checkpoint.bin").exists() {
        return Err(TrainError::RunExists(dir.clone()));
    }
    let net = match &args.init {
        Some(path) => G::load(path)?,
        None => initial_network::<G>(dir, args.hidden, args.seed)?,
    };
    if G::hidden(&net) != args.hidden {
        return Err(TrainError::InitHidden {
            init: G::hidden(&net),
            hidden: args.hidden,
        });
    }
    let config = TableTrainConfig {
        seed: args.seed,
        hidden: args.hidden,
        lambda: args.lambda,
        lr: args.lr,
        batch: args.batch,
        games_per_round: args.games_per_round,
        epsilon: args.epsilon,
        target: args.target,
    };
    Ok(TableTrainer::new(config, net))
}

/// Runs `plakoto train --game portes|fevga` for `G` (the options already
/// checked).
pub fn run<G: TrainedGame>(args: &TrainArgs) -> Result<(), TrainError> {
    let dir = &args.dir;
    plakoto_records::output_path::prepare_dir(dir).map_err(PathError::at(dir))?;
    let mut trainer = start::<G>(args)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads)
        .build()?;
    let target = args.games.unwrap_or(u64::MAX);
    let deadline = args
        .minutes
        .map(|m| Instant::now() + Duration::from_secs_f64(m.max(0.0) * 60.0));
    let bar = progress(args, trainer.state.games)?;
    // Without a bar, lines go to stderr as they are made.
    let say = |line: &str| {
        if bar.is_hidden() {
            eprintln!("{line}");
        } else {
            bar.println(line);
        }
    };
    let mut strength = trainer.state.best_ppg.map_or_else(
        || "no check yet".to_string(),
        |b| format!("best {b:+.3} ppg vs heuristic"),
    );
    let every = Duration::from_secs_f64(args.checkpoint_minutes.max(0.05) * 60.0);
    let mut last_save = Instant::now();
    let (mut loss_sum, mut loss_rounds) = (0.0, 0u32);
    pool.install(|| -> Result<(), TrainError> {
        while trainer.state.games < target && deadline.is_none_or(|d| Instant::now() < d) {
            let started = Instant::now();
            let loss = trainer.round();
            trainer.state.seconds += started.elapsed().as_secs_f64();
            loss_sum += loss;
            loss_rounds += 1;
            bar.set_position(trainer.state.games);
            bar.set_message(format!(
                "loss {:.4} | {strength}",
                loss_sum / loss_rounds as f32
            ));
            if args.check_every > 0
                && trainer.state.games - trainer.state.last_check_games >= args.check_every
            {
                let started = Instant::now();
                let line = arena_check(&mut trainer, dir, args.check_pairs)?;
                trainer.state.seconds += started.elapsed().as_secs_f64();
                strength = format!(
                    "best {:+.3} ppg vs heuristic",
                    trainer.state.best_ppg.unwrap_or(0.0)
                );
                say(&format!("check: {line}"));
                trainer.save(dir)?;
                last_save = Instant::now();
            }
            if last_save.elapsed() >= every {
                trainer.save(dir)?;
                last_save = Instant::now();
                say(&format!(
                    "checkpoint: games={} samples={} rounds={} loss={:.4} games/s={:.1} {}",
                    trainer.state.games,
                    trainer.state.samples,
                    trainer.state.rounds,
                    loss_sum / loss_rounds.max(1) as f32,
                    trainer.state.games as f64 / trainer.state.seconds.max(1e-9),
                    strength
                ));
                loss_sum = 0.0;
                loss_rounds = 0;
            }
        }
        Ok(())
    })?;
    trainer.save(dir)?;
    bar.finish_and_clear();
    eprintln!(
        "trained {} {} games ({} positions) in {:.0} s; weights in {}",
        trainer.state.games,
        G::NAME,
        trainer.state.samples,
        trainer.state.seconds,
        dir.join("latest.net").display()
    );
    Ok(())
}
