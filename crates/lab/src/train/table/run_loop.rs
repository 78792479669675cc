//! The run of `plakoto train`, written once for every game's trainer:
//! resume from the checkpoint or start fresh, then rounds of self-play and
//! learning until `--games` or `--minutes` is reached, with the progress
//! display, an arena check every `--check-every` games (logged to
//! `train.log`, the best net kept) and a checkpoint every
//! `--checkpoint-minutes`. What happens inside a round, and how the net is
//! saved and matched, is the trainer's ([`TableTrainer`]).

use std::path::Path;
use std::time::{Duration, Instant};

use super::TableTrainer;
use crate::LabGame;
use crate::train::checkpoint::TrainState;
use crate::train::{TrainArgs, TrainError, append_log, progress, unix_time};
use plakoto_engine::path_error::PathError;
use plakoto_tools::arena::referee::mix_seed;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

/// Runs `plakoto train` in the game `G`, `args` already checked.
pub fn run<G: LabGame>(args: &TrainArgs) -> Result<(), TrainError> {
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
    let bar = progress(args, trainer.state().games)?;
    // Without a bar, lines go to stderr as they are made.
    let say = |line: &str| {
        if bar.is_hidden() {
            eprintln!("{line}");
        } else {
            bar.println(line);
        }
    };
    let best = |state: &TrainState| {
        state.best_ppg.map_or_else(
            || "no check yet".to_string(),
            |b| format!("best {b:+.3} ppg vs heuristic"),
        )
    };
    let mut strength = best(trainer.state());
    let every = Duration::from_secs_f64(args.checkpoint_minutes.max(0.05) * 60.0);
    let mut last_save = Instant::now();
    let (mut loss_sum, mut loss_rounds) = (0.0, 0u32);
    pool.install(|| -> Result<(), TrainError> {
        while trainer.state().games < target && deadline.is_none_or(|d| Instant::now() < d) {
            let started = Instant::now();
            let loss = trainer.round();
            trainer.state_mut().seconds += started.elapsed().as_secs_f64();
            loss_sum += loss;
            loss_rounds += 1;
            bar.set_position(trainer.state().games);
            bar.set_message(format!(
                "loss {:.4} | {strength}",
                loss_sum / loss_rounds as f32
            ));
            let state = trainer.state();
            if args.check_every > 0 && state.games - state.last_check_games >= args.check_every {
                let started = Instant::now();
                let line = arena_check(&mut trainer, dir, args.check_pairs)?;
                trainer.state_mut().seconds += started.elapsed().as_secs_f64();
                strength = best(trainer.state());
                say(&format!("check: {line}"));
                trainer.save(dir)?;
                last_save = Instant::now();
            }
            if last_save.elapsed() >= every {
                trainer.save(dir)?;
                last_save = Instant::now();
                let s = trainer.state();
                say(&format!(
                    "checkpoint: games={} samples={} rounds={} loss={:.4} games/s={:.1} {}",
                    s.games,
                    s.samples,
                    s.rounds,
                    loss_sum / loss_rounds.max(1) as f32,
                    s.games as f64 / s.seconds.max(1e-9),
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
    let s = trainer.state();
    eprintln!(
        "trained {} {} games ({} positions) in {:.0} s; weights in {}",
        s.games,
        G::NAME,
        s.samples,
        s.seconds,
        dir.join("latest.net").display()
    );
    Ok(())
}

/// The trainer of `args`: resumed from its checkpoint, or new (refused
/// where the folder holds a run and `--resume` was not given).
fn start<G: LabGame>(args: &TrainArgs) -> Result<TableTrainer<G>, TrainError> {
    let dir = &args.dir;
    if args.resume {
        let t = TableTrainer::<G>::load(dir)?;
        eprintln!(
            "resuming {} at game {} ({} rounds) with its settings {}",
            dir.display(),
            t.state().games,
            t.state().rounds,
            t.settings_line()
        );
        return Ok(t);
    }
    if dir.join("checkpoint.bin").exists() {
        return Err(TrainError::RunExists(dir.clone()));
    }
    TableTrainer::<G>::fresh(args)
}

/// The arena check: against the heuristic and the previous check's net;
/// logs the line to `train.log`, keeps the net (`nets/games-N.net`,
/// `previous.net`, and `best.net` when it is the best against the
/// heuristic yet), and returns the line.
fn arena_check<G: LabGame>(
    trainer: &mut TableTrainer<G>,
    dir: &Path,
    pairs: u64,
) -> Result<String, TrainError> {
    let vs_heuristic = trainer.match_heuristic(pairs);
    let previous_path = dir.join("previous.net");
    let vs_previous = trainer.match_net_in(&previous_path, pairs);
    let s = trainer.state();
    let line = format!(
        "unix={} games={} samples={} hours={:.2} net={} vs_heuristic: {} vs_previous: {}",
        unix_time(),
        s.games,
        s.samples,
        s.seconds / 3600.0,
        trainer.net_hash(),
        vs_heuristic,
        vs_previous.map_or_else(|| "-".to_string(), |r| r.to_string()),
    );
    append_log(dir, &line)?;
    let games = s.games;
    trainer.save_net(&dir.join("nets").join(format!("games-{games}.net")))?;
    trainer.save_net(&previous_path)?;
    if s.best_ppg.is_none_or(|b| vs_heuristic.ppg > b) {
        trainer.state_mut().best_ppg = Some(vs_heuristic.ppg);
        trainer.save_net(&dir.join("best.net"))?;
    }
    trainer.state_mut().last_check_games = games;
    Ok(line)
}

/// Plays the self-play games of a round, numbered `games`, in parallel on
/// the current rayon pool, each worker of type `W` reused across the games
/// of its thread: the samples of every game, in the games' order (so a
/// round does not depend on how the games were spread over threads).
pub fn play_round<W: Default + Send, S: Send>(
    games: std::ops::Range<u64>,
    play_game: impl Fn(&mut W, u64, &mut Vec<S>) + Send + Sync,
) -> Vec<S> {
    let per_game: Vec<Vec<S>> = games
        .into_par_iter()
        .map_init(W::default, |worker, game| {
            let mut out = Vec::new();
            play_game(worker, game, &mut out);
            out
        })
        .collect();
    per_game.into_iter().flatten().collect()
}

/// Ends a round of self-play: learns from its `samples` in mini-batches
/// of the run's size (`learn` takes one step on a batch and gives its
/// loss), shuffled by the run's seed, the round and the trainer's
/// `shuffle_stream` tag, and counts the round. Returns the mean loss.
pub fn learn_round<S>(
    state: &mut TrainState,
    mut samples: Vec<S>,
    shuffle_stream: u64,
    mut learn: impl FnMut(&[S]) -> f32,
) -> f32 {
    let (seed, batch, games) = {
        let c = &state.config.self_play;
        (c.seed, c.batch, c.games_per_round)
    };
    let mut rng = ChaCha8Rng::seed_from_u64(mix_seed(&[seed, state.rounds, shuffle_stream]));
    samples.shuffle(&mut rng);
    let mut loss = 0.0;
    let mut steps = 0;
    for chunk in samples.chunks(batch) {
        loss += learn(chunk);
        steps += 1;
    }
    state.rounds += 1;
    state.games += games;
    state.samples += samples.len() as u64;
    loss / steps.max(1) as f32
}
