//! `plakoto refine pruner --game portes`: teaches the small pruning net
//! ([`PortesPruneNet`](plakoto_engine::game::portes::net::prune::PortesPruneNet))
//! to rank a roll's plays as the full net does.
//!
//! The positions are every play's position in games the full net plays
//! at 0 ply (a random play on a tenth of the turns, so that the games
//! vary), each labelled with the full net's equity for the side on roll
//! (its integer copy's, what the engine searches with; standard
//! scoring). The pruning net starts from seeded random weights and learns
//! the squared error to those equities with Adam, from inputs without the
//! contact features.
//!
//! Whole games are held out (`--holdout`). After each epoch their
//! decisions report what pruning cares about: how often the full net's
//! best play is among the `--keep` plays the pruning net ranks best (the
//! plays a search keeps), and what the pruning net's own first choice
//! loses against the full net's best, by the full net's equities. Nothing
//! is chosen on them: the last epoch's net is written (atomically).

use std::path::PathBuf;
use std::time::Instant;

use clap::Args;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::learn::{Adam, ParamVecs, add_sample_gradient};
use super::refine_error::{RefineError, io};
use plakoto_engine::eval::game_net::process_network;
use plakoto_engine::game::PortesNetEvaluator;
use plakoto_engine::game::game_equity;
use plakoto_engine::game::portes::net::PortesNet;
use plakoto_engine::game::portes::net::inputs::{PortesInputs, encode_for_pruning};
use plakoto_engine::game::portes::net::outcomes::{OUTCOMES, to_probabilities};
use plakoto_engine::game::portes::net::prune::{PortesPruneNetwork, prune_output};
use plakoto_rules::portes::PortesPosition;
use plakoto_rules::{Dice, GameKind, Portes, TavliGame};

/// Options of `plakoto refine pruner`.
#[derive(Args, Debug, Clone)]
pub struct PrunerArgs {
    /// The game whose pruning net is taught (only Portes has one).
    #[arg(long, default_value = "portes")]
    pub game: GameKind,
    /// Where to write the pruning net (atomically).
    #[arg(long)]
    pub out: PathBuf,
    /// Games the full net plays for the positions.
    #[arg(long, default_value_t = 2000)]
    pub games: usize,
    /// Hidden units of the pruning net (a multiple of 16).
    #[arg(long, default_value_t = 16)]
    pub hidden: usize,
    /// Passes over the training positions.
    #[arg(long, default_value_t = 6)]
    pub epochs: usize,
    /// Adam learning rate.
    #[arg(long, default_value_t = 0.002)]
    pub lr: f32,
    /// Samples per optimiser step.
    #[arg(long, default_value_t = 128)]
    pub batch: usize,
    /// Share of the games held out to report on.
    #[arg(long, default_value_t = 0.1)]
    pub holdout: f64,
    /// Plays a search keeps after pruning, for the held-out report.
    #[arg(long, default_value_t = 5)]
    pub keep: usize,
    /// Seed of the games, the start weights and the shuffles.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// Chance of a random play on a turn of the teaching games.
const RANDOM_PLAY: f64 = 0.1;

/// One play's position (the opponent on roll) and the full net's equity
/// of it, for the opponent.
#[derive(Clone, Copy)]
struct Sample {
    position: PortesPosition,
    target: f32,
}

/// The positions of one roll's plays, labelled.
type Decision = Vec<Sample>;

/// Runs `plakoto refine pruner`.
pub fn run(a: &PrunerArgs) -> Result<(), RefineError> {
    if a.game != GameKind::Portes {
        return Err(RefineError::Options(format!(
            "only Portes has a pruning net, not {:?}",
            a.game
        )));
    }
    if a.hidden == 0 || !a.hidden.is_multiple_of(16) || a.batch == 0 || a.keep == 0 {
        return Err(RefineError::Options(
            "--hidden must be a positive multiple of 16, --batch and --keep positive".into(),
        ));
    }
    let teacher = PortesNetEvaluator::new(
        process_network::<PortesNet>().map_err(|e| RefineError::Weights(e.to_string()))?,
    )
    .with_integer();
    let game = Portes::default();
    let mut rng = ChaCha8Rng::seed_from_u64(a.seed);
    let started = Instant::now();
    let games: Vec<Vec<Decision>> = (0..a.games)
        .map(|g| {
            if (g + 1) % 500 == 0 {
                eprintln!("refine pruner: played {} of {} games", g + 1, a.games);
            }
            teaching_game(&game, &teacher, &mut rng)
        })
        .collect();
    let held = ((a.games as f64 * a.holdout).round() as usize).min(a.games);
    let (held_out, training) = games.split_at(held);
    let mut samples: Vec<Sample> = training.iter().flatten().flatten().copied().collect();
    let held_out: Vec<&Decision> = held_out.iter().flatten().collect();
    eprintln!(
        "refine pruner: {} training positions, {} held-out decisions, in {:.1} s",
        samples.len(),
        held_out.len(),
        started.elapsed().as_secs_f64()
    );
    let mut net = PortesPruneNetwork::random(a.hidden, a.seed);
    let lengths = [net.w1.len(), net.b1.len(), net.w2.len(), net.b2.len()];
    let mut adam = Adam::with_lengths(lengths, a.lr);
    let mut grad = ParamVecs::zeros(lengths);
    let mut scratch = Scratch::new(a.hidden);
    for epoch in 1..=a.epochs {
        samples.shuffle(&mut rng);
        let mut loss = 0.0f64;
        for batch in samples.chunks(a.batch) {
            grad.parts_mut().into_iter().for_each(|g| g.fill(0.0));
            for sample in batch {
                loss += f64::from(scratch.add_gradient(&net, sample, batch.len(), &mut grad));
            }
            adam.step_parts(
                [&mut net.w1[..], &mut net.b1, &mut net.w2, &mut net.b2],
                &grad,
            );
        }
        let report = held_out_report(&net, &held_out, a.keep, &mut scratch);
        eprintln!(
            "refine pruner: epoch {epoch}/{}: training loss {:.4}; held out: loss {:.4}, full net's best in the first {} {:.2}%, the best of them loses {:.5} ppg, the first {:.4} ppg",
            a.epochs,
            loss / samples.len().max(1) as f64,
            report.loss,
            a.keep,
            100.0 * report.recall,
            report.kept_loss,
            report.first_choice_loss
        );
    }
    net.save(&a.out)
        .map_err(|e| io(&a.out)(std::io::Error::other(e.to_string())))?;
    eprintln!(
        "refine pruner: wrote {} ({}) in {:.1} s",
        a.out.display(),
        net.short_hash(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The decisions of one game the teacher plays at 0 ply from the start,
/// a random play on [`RANDOM_PLAY`] of its turns.
fn teaching_game(
    game: &Portes,
    teacher: &PortesNetEvaluator,
    rng: &mut ChaCha8Rng,
) -> Vec<Decision> {
    let mut generator = game.generator();
    let mut list = Default::default();
    let mut decisions = Vec::new();
    let mut position = game.start();
    // Far more turns than a Portes game takes.
    for _ in 0..1000 {
        game.generate(&mut generator, &position, Dice::roll(rng), &mut list);
        let plays = game.plays(&list);
        // Each play's position labelled, and the play whose position the
        // full net rates worst for the opponent (the last of equals); a
        // play that ends the game wins outright.
        let mut decision: Decision = Vec::with_capacity(plays.len());
        let mut best: Option<(f32, usize)> = None;
        for (i, play) in plays.iter().enumerate() {
            let after = game.after(play);
            let value = if game.result(&after).is_some() {
                f32::INFINITY
            } else {
                let position = game.flip(&after);
                let sample = Sample {
                    position,
                    target: equity(game, &teacher.distribution(&position)),
                };
                decision.push(sample);
                -sample.target
            };
            if best.is_none_or(|(b, _)| value >= b) {
                best = Some((value, i));
            }
        }
        let chosen = if rng.gen_bool(RANDOM_PLAY) {
            *plays.choose(rng).expect("a roll always has a play")
        } else {
            plays[best.expect("a roll always has a play").1]
        };
        if decision.len() > 1 {
            decisions.push(decision);
        }
        let after = game.after(&chosen);
        if game.result(&after).is_some() {
            break;
        }
        position = game.flip(&after);
    }
    decisions
}

/// The equity of a distribution for the side on roll.
fn equity(game: &Portes, d: &[f32; OUTCOMES]) -> f32 {
    game_equity(game, &to_probabilities(d, game.scoring))
}

/// The trainer's buffers.
struct Scratch {
    inputs: PortesInputs,
    hidden: Vec<f32>,
    dh: Vec<f32>,
}

impl Scratch {
    fn new(hidden: usize) -> Scratch {
        Scratch {
            inputs: PortesInputs::default(),
            hidden: Vec::with_capacity(hidden),
            dh: vec![0.0; hidden],
        }
    }

    /// The pruning net's equity of `position`, the inputs and the hidden
    /// activations left in the buffers.
    fn forward(&mut self, net: &PortesPruneNetwork, position: &PortesPosition) -> f32 {
        // The outcome mask is not the pruning net's: its one output is
        // linear, and the softmax of one outcome (always 1) is not used.
        encode_for_pruning(position, &mut self.inputs);
        net.forward(&self.inputs, 1, &mut self.hidden, &mut [0.0; 1]);
        prune_output(net, &self.hidden)
    }

    /// Adds the gradient of the sample's squared error, over `batch`
    /// samples, to `grad`; returns the squared error.
    fn add_gradient(
        &mut self,
        net: &PortesPruneNetwork,
        sample: &Sample,
        batch: usize,
        grad: &mut ParamVecs,
    ) -> f32 {
        let error = self.forward(net, &sample.position) - sample.target;
        let dlogit = [2.0 * error / batch as f32];
        let inputs = self
            .inputs
            .indices()
            .iter()
            .map(|&i| usize::from(i))
            .zip(self.inputs.values().iter().copied());
        add_sample_gradient(grad, &mut self.dh, &net.w2, &self.hidden, &dlogit, inputs);
        error * error
    }
}

/// What the held-out decisions say of a pruning net.
struct Report {
    /// Mean squared error to the full net's equities.
    loss: f64,
    /// Share of the decisions with more plays than a search keeps whose
    /// full net's best play is among those kept.
    recall: f64,
    /// Mean over the decisions of what the pruning net's first choice
    /// loses against the full net's best, by the full net's equities.
    first_choice_loss: f64,
    /// Mean over all the decisions of what the best play kept loses
    /// against the full net's best (0 where nothing is pruned): what
    /// pruning costs a search's choice at one node.
    kept_loss: f64,
}

fn held_out_report(
    net: &PortesPruneNetwork,
    decisions: &[&Decision],
    keep: usize,
    scratch: &mut Scratch,
) -> Report {
    let (mut loss, mut positions) = (0.0f64, 0usize);
    let (mut found, mut prunable) = (0usize, 0usize);
    let (mut first_choice_loss, mut kept_loss) = (0.0f64, 0.0f64);
    for decision in decisions {
        // Each play's equity for the mover: full net's, pruning net's.
        let rated: Vec<(f32, f32)> = decision
            .iter()
            .map(|s| {
                let rated = scratch.forward(net, &s.position);
                loss += f64::from((rated - s.target).powi(2));
                (-s.target, -rated)
            })
            .collect();
        positions += rated.len();
        let best = (0..rated.len())
            .max_by(|&i, &j| rated[i].0.total_cmp(&rated[j].0))
            .expect("a decision has plays");
        let mut by_pruner: Vec<usize> = (0..rated.len()).collect();
        by_pruner.sort_by(|&i, &j| rated[j].1.total_cmp(&rated[i].1));
        first_choice_loss += f64::from(rated[best].0 - rated[by_pruner[0]].0);
        if rated.len() > keep {
            prunable += 1;
            found += usize::from(by_pruner[..keep].contains(&best));
            let kept_best = by_pruner[..keep]
                .iter()
                .map(|&i| rated[i].0)
                .fold(f32::NEG_INFINITY, f32::max);
            kept_loss += f64::from(rated[best].0 - kept_best);
        }
    }
    Report {
        loss: loss / positions.max(1) as f64,
        recall: found as f64 / prunable.max(1) as f64,
        first_choice_loss: first_choice_loss / decisions.len().max(1) as f64,
        kept_loss: kept_loss / decisions.len().max(1) as f64,
    }
}
