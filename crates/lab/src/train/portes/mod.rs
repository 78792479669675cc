//! `plakoto train --game portes`: TD(λ) self-play training of the Portes
//! net ([`plakoto_engine::eval::portes::net`]), run as the Plakoto trainer
//! runs (see [`super`]) and with its options.
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
//! match against the Portes heuristic, both at 0 ply), `previous.net`,
//! `nets/games-N.net` and `train.log` (one line per check).

pub mod arena_check;
pub mod checkpoint;
pub mod learn;
pub mod selfplay;

use std::io::IsTerminal;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use self::arena_check::portes_duplicate_match;
use self::checkpoint::{PortesTrainConfig, PortesTrainState};
use self::learn::{PortesLearner, lengths};
use self::selfplay::{PortesSample, PortesWorker};
use super::arena_check::MatchResult;
use super::learn::Adam;
use super::{TrainArgs, TrainError, append_log, unix_time};
use plakoto_engine::eval::portes::net::{PortesNetwork, weights};
use plakoto_engine::game::PortesNetEvaluator;
use plakoto_engine::game::{GameEvaluator, PortesHeuristicEvaluator};
use plakoto_engine::path_error::PathError;
use plakoto_rules::portes::PortesScoring;
use plakoto_rules::tavli::Portes;
use plakoto_tools::arena::referee::mix_seed;

/// Stream tags so that no two uses share a seed (and none is the Plakoto
/// trainer's).
const GAME_STREAM: u64 = 0x9047_5E1F;
const SHUFFLE_STREAM: u64 = 0x9047_5AFF;
const INIT_STREAM: u64 = 0x9047_1417;
const ARENA_STREAM: u64 = 0x9047_A4E7;

/// The scoring the net is trained to play for (Greek Portes, P11).
const SCORING: PortesScoring = PortesScoring::Standard;

/// The Portes trainer's state in memory.
pub struct PortesTrainer {
    /// Counters and settings.
    pub state: PortesTrainState,
    /// The weights being trained.
    pub net: PortesNetwork,
    adam: Adam,
    learner: PortesLearner,
}

impl PortesTrainer {
    /// A new run with `config`, from random weights or `init`.
    pub fn new(config: PortesTrainConfig, init: Option<PortesNetwork>) -> PortesTrainer {
        let net = init.unwrap_or_else(|| {
            PortesNetwork::random(config.hidden, mix_seed(&[config.seed, INIT_STREAM]))
        });
        let adam = Adam::with_lengths(lengths(&net), config.lr);
        let learner = PortesLearner::new(&net);
        PortesTrainer {
            state: PortesTrainState {
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
        let first = self.state.rounds * c.games_per_round;
        let evaluator = PortesNetEvaluator::new(Arc::new(self.net.clone()));
        let per_game: Vec<Vec<PortesSample>> = (first..first + c.games_per_round)
            .into_par_iter()
            .map_init(PortesWorker::default, |worker, game| {
                let mut out = Vec::new();
                worker.play_game(
                    &evaluator,
                    SCORING,
                    mix_seed(&[c.seed, game, GAME_STREAM]),
                    c.lambda,
                    c.epsilon,
                    &mut out,
                );
                out
            })
            .collect();
        let mut samples: Vec<PortesSample> = per_game.into_iter().flatten().collect();
        let mut rng =
            ChaCha8Rng::seed_from_u64(mix_seed(&[c.seed, self.state.rounds, SHUFFLE_STREAM]));
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
        checkpoint::save(
            &dir.join("checkpoint.bin"),
            &self.state,
            &self.net,
            &self.adam,
        )?;
        Ok(weights::save(&self.net, &dir.join("latest.net"))?)
    }

    /// Reads the checkpoint in `dir`.
    pub fn load(dir: &Path) -> Result<PortesTrainer, TrainError> {
        let (state, net, adam) = checkpoint::load(&dir.join("checkpoint.bin"))?;
        let learner = PortesLearner::new(&net);
        Ok(PortesTrainer {
            state,
            net,
            adam,
            learner,
        })
    }
}

/// A duplicate match of `net` against the evaluators `other` makes, at 0
/// ply under standard scoring, on dice drawn from `seed`.
pub fn check_portes_against(
    net: &PortesNetwork,
    other: &(dyn Fn() -> Box<dyn GameEvaluator<Portes>> + Sync),
    pairs: u64,
    seed: u64,
) -> MatchResult {
    let net = Arc::new(net.clone());
    let mine = move || -> Box<dyn GameEvaluator<Portes>> {
        Box::new(PortesNetEvaluator::new(net.clone()))
    };
    portes_duplicate_match(
        Portes::new(SCORING),
        &mine,
        other,
        pairs,
        mix_seed(&[seed, ARENA_STREAM]),
    )
}

/// The arena check: against the heuristic and the previous check's net;
/// logs, keeps the best, returns the line logged.
fn arena_check(trainer: &mut PortesTrainer, dir: &Path, pairs: u64) -> Result<String, TrainError> {
    let seed = trainer.state.config.seed;
    let heuristic = || -> Box<dyn GameEvaluator<Portes>> { Box::new(PortesHeuristicEvaluator) };
    let vs_heuristic = check_portes_against(&trainer.net, &heuristic, pairs, seed);
    let previous_path = dir.join("previous.net");
    let vs_previous = match weights::load(&previous_path) {
        Ok(prev) => {
            let prev = Arc::new(prev);
            let other = move || -> Box<dyn GameEvaluator<Portes>> {
                Box::new(PortesNetEvaluator::new(prev.clone()))
            };
            Some(check_portes_against(&trainer.net, &other, pairs, seed))
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
        trainer.net.short_hash(),
        vs_heuristic,
        vs_previous.map_or_else(|| "-".to_string(), |r| r.to_string()),
    );
    append_log(dir, &line)?;
    let nets = dir.join("nets");
    weights::save(&trainer.net, &nets.join(format!("games-{}.net", s.games)))?;
    weights::save(&trainer.net, &previous_path)?;
    if s.best_ppg.is_none_or(|b| vs_heuristic.ppg > b) {
        s.best_ppg = Some(vs_heuristic.ppg);
        weights::save(&trainer.net, &dir.join("best.net"))?;
    }
    s.last_check_games = s.games;
    Ok(line)
}

/// The trainer of `args`: resumed from its checkpoint, or new.
fn start(args: &TrainArgs) -> Result<PortesTrainer, TrainError> {
    let dir = &args.dir;
    if args.resume {
        let t = PortesTrainer::load(dir)?;
        eprintln!(
            "resuming {} at game {} ({} rounds) with its settings {:?}",
            dir.display(),
            t.state.games,
            t.state.rounds,
            t.state.config
        );
        return Ok(t);
    }
    if dir.join("checkpoint.bin").exists() {
        return Err(TrainError::RunExists(dir.clone()));
    }
    let init = match &args.init {
        Some(path) => Some(weights::load(path)?),
        None => None,
    };
    if let Some(n) = &init
        && n.hidden != args.hidden
    {
        return Err(TrainError::InitHidden {
            init: n.hidden,
            hidden: args.hidden,
        });
    }
    let config = PortesTrainConfig {
        seed: args.seed,
        hidden: args.hidden,
        lambda: args.lambda,
        lr: args.lr,
        batch: args.batch,
        games_per_round: args.games_per_round,
        epsilon: args.epsilon,
    };
    Ok(PortesTrainer::new(config, init))
}

/// The progress display: a bar to `--games` with the time left, else a
/// count; only at a terminal.
fn progress(args: &TrainArgs, games: u64) -> Result<ProgressBar, TrainError> {
    Ok(match args.games {
        Some(total) => plakoto_records::progress::resumed_bar(total, games, "games", !args.quiet),
        None if args.quiet || !std::io::stderr().is_terminal() => ProgressBar::hidden(),
        None => {
            let bar = ProgressBar::new_spinner();
            bar.set_style(ProgressStyle::with_template(
                "{spinner} {elapsed_precise} {pos} games {per_sec} | {msg}",
            )?);
            bar.enable_steady_tick(Duration::from_millis(500));
            bar.set_position(games);
            bar
        }
    })
}

/// Runs `plakoto train --game portes` (the options already checked).
pub fn run(args: &TrainArgs) -> Result<(), TrainError> {
    let dir = &args.dir;
    plakoto_records::output_path::prepare_dir(dir).map_err(PathError::at(dir))?;
    let mut trainer = start(args)?;
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
        "trained {} Portes games ({} positions) in {:.0} s; weights in {}",
        trainer.state.games,
        trainer.state.samples,
        trainer.state.seconds,
        dir.join("latest.net").display()
    );
    Ok(())
}
