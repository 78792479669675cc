//! `plakoto train --game fevga`: TD(λ) self-play training of the Fevga net
//! ([`plakoto_engine::eval::fevga::net`]), run as the Portes trainer runs
//! ([`super::portes`]) and with its options, under Fevga's default
//! switches (RULES-tavli.md §2).
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
//! Files in the run directory, as the Portes trainer writes them:
//! `checkpoint.bin`, `latest.net`, `best.net` (the best at a duplicate
//! match against the Fevga heuristic, both at 0 ply), `previous.net`,
//! `nets/games-N.net` and `train.log` (one line per check), plus
//! `initial.net`: the seeded random net a fresh run starts from
//! ([`weights::save_initial`]), kept as the baseline of the run.

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

use self::arena_check::fevga_duplicate_match;
use self::checkpoint::{FevgaTrainConfig, FevgaTrainState};
use self::learn::{FevgaLearner, lengths};
use self::selfplay::{FevgaSample, FevgaWorker};
use super::arena_check::MatchResult;
use super::learn::Adam;
use super::{TrainArgs, TrainError, append_log, unix_time};
use plakoto_engine::eval::fevga::net::{FevgaNetwork, weights};
use plakoto_engine::game::{FevgaHeuristicEvaluator, FevgaNetEvaluator, GameEvaluator};
use plakoto_engine::path_error::PathError;
use plakoto_rules::tavli::Fevga;
use plakoto_tools::arena::referee::mix_seed;

/// Stream tags so that no two uses share a seed (and none is the Plakoto
/// or Portes trainer's).
const GAME_STREAM: u64 = 0xFE76_5E1F;
const SHUFFLE_STREAM: u64 = 0xFE76_5AFF;
const INIT_STREAM: u64 = 0xFE76_1417;
const ARENA_STREAM: u64 = 0xFE76_A4E7;

/// The game the net is trained for: Fevga under its default switches.
const GAME: Fevga = Fevga {
    rules: plakoto_rules::fevga::FevgaRules {
        release: plakoto_rules::fevga::Release::PastStart,
        quarter_rule: plakoto_rules::fevga::QuarterRule::Own,
        quarter_check: plakoto_rules::fevga::QuarterCheck::EveryStep,
        prime_rule: plakoto_rules::fevga::PrimeRule::Unblock,
    },
};

/// The Fevga trainer's state in memory.
pub struct FevgaTrainer {
    /// Counters and settings.
    pub state: FevgaTrainState,
    /// The weights being trained.
    pub net: FevgaNetwork,
    adam: Adam,
    learner: FevgaLearner,
}

impl FevgaTrainer {
    /// A new run with `config`, from `net` (the seeded random net of
    /// [`initial_network`], or `--init`'s weights).
    pub fn new(config: FevgaTrainConfig, net: FevgaNetwork) -> FevgaTrainer {
        let adam = Adam::with_lengths(lengths(&net), config.lr);
        let learner = FevgaLearner::new(&net, GAME.rules);
        FevgaTrainer {
            state: FevgaTrainState {
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
        let evaluator = FevgaNetEvaluator::new(Arc::new(self.net.clone()));
        let per_game: Vec<Vec<FevgaSample>> = (first..first + c.games_per_round)
            .into_par_iter()
            .map_init(FevgaWorker::default, |worker, game| {
                let mut out = Vec::new();
                worker.play_game(
                    &GAME,
                    &evaluator,
                    mix_seed(&[c.seed, game, GAME_STREAM]),
                    c.lambda,
                    c.epsilon,
                    &mut out,
                );
                out
            })
            .collect();
        let mut samples: Vec<FevgaSample> = per_game.into_iter().flatten().collect();
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
    pub fn load(dir: &Path) -> Result<FevgaTrainer, TrainError> {
        let (state, net, adam) = checkpoint::load(&dir.join("checkpoint.bin"))?;
        let learner = FevgaLearner::new(&net, GAME.rules);
        Ok(FevgaTrainer {
            state,
            net,
            adam,
            learner,
        })
    }
}

/// The seeded random net a fresh run of `seed` starts from, written to
/// `initial.net` in `dir` (the run's baseline; never weights to play with).
pub fn initial_network(dir: &Path, hidden: usize, seed: u64) -> Result<FevgaNetwork, TrainError> {
    let path = dir.join("initial.net");
    Ok(weights::save_initial(
        &path,
        hidden,
        mix_seed(&[seed, INIT_STREAM]),
    )?)
}

/// A duplicate match of `net` against the evaluators `other` makes, at 0
/// ply under Fevga's default switches, on dice drawn from `seed`.
pub fn check_fevga_against(
    net: &FevgaNetwork,
    other: &(dyn Fn() -> Box<dyn GameEvaluator<Fevga>> + Sync),
    pairs: u64,
    seed: u64,
) -> MatchResult {
    let net = Arc::new(net.clone());
    let mine =
        move || -> Box<dyn GameEvaluator<Fevga>> { Box::new(FevgaNetEvaluator::new(net.clone())) };
    fevga_duplicate_match(GAME, &mine, other, pairs, mix_seed(&[seed, ARENA_STREAM]))
}

/// The arena check: against the heuristic and the previous check's net;
/// logs, keeps the best, returns the line logged.
fn arena_check(trainer: &mut FevgaTrainer, dir: &Path, pairs: u64) -> Result<String, TrainError> {
    let seed = trainer.state.config.seed;
    let heuristic = || -> Box<dyn GameEvaluator<Fevga>> { Box::new(FevgaHeuristicEvaluator) };
    let vs_heuristic = check_fevga_against(&trainer.net, &heuristic, pairs, seed);
    let previous_path = dir.join("previous.net");
    let vs_previous = match weights::load(&previous_path) {
        Ok(prev) => {
            let prev = Arc::new(prev);
            let other = move || -> Box<dyn GameEvaluator<Fevga>> {
                Box::new(FevgaNetEvaluator::new(prev.clone()))
            };
            Some(check_fevga_against(&trainer.net, &other, pairs, seed))
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
fn start(args: &TrainArgs) -> Result<FevgaTrainer, TrainError> {
    let dir = &args.dir;
    if args.resume {
        let t = FevgaTrainer::load(dir)?;
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
    let net = match &args.init {
        Some(path) => weights::load(path)?,
        None => initial_network(dir, args.hidden, args.seed)?,
    };
    if net.hidden != args.hidden {
        return Err(TrainError::InitHidden {
            init: net.hidden,
            hidden: args.hidden,
        });
    }
    let config = FevgaTrainConfig {
        seed: args.seed,
        hidden: args.hidden,
        lambda: args.lambda,
        lr: args.lr,
        batch: args.batch,
        games_per_round: args.games_per_round,
        epsilon: args.epsilon,
    };
    Ok(FevgaTrainer::new(config, net))
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

/// Runs `plakoto train --game fevga` (the options already checked).
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
        "trained {} Fevga games ({} positions) in {:.0} s; weights in {}",
        trainer.state.games,
        trainer.state.samples,
        trainer.state.seconds,
        dir.join("latest.net").display()
    );
    Ok(())
}
