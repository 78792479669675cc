//! The positions `plakoto refine labels` labels ([`super::labels`]): taken
//! from the labelling net's games against itself at 0 ply, with variety.
//!
//! - A turn's play is random with chance `epsilon` (positions strong play
//!   would not reach, that the net must still value).
//! - A turn's position on roll is taken with chance `share`, in every
//!   phase: a game is played until it ends or an exact table of the net's
//!   evaluator covers the position on roll (the net is never asked there),
//!   so races the tables do not cover are kept.
//! - With `disagreements`, a taken turn whose drawn roll the net plays
//!   differently at 0 ply and at 2 ply also gives the two positions those
//!   plays reach (the opponent on roll): where the net misjudges.
//!
//! Game `g`'s dice and choices come from the seed and `g` alone, and the
//! games' positions are listed in game order, so position `i` is the same
//! on any number of threads and in every shard.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use crate::LabGame;
use plakoto_engine::game::{GameEvaluator, GameSearch, GreedyChooser, game_equity};
use plakoto_engine::game::{SearchLimits, SearchSettings};
use plakoto_rules::Dice;
use plakoto_tools::arena::referee::mix_seed;

/// Stream tag of the sampled games (mixed with the run's seed).
const GAME_STREAM: u64 = 0x1ABE_15A3;

/// How the positions are drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PositionSampling {
    /// Seed of the games.
    pub seed: u64,
    /// Positions wanted.
    pub count: usize,
    /// Chance of a random play on a turn.
    pub epsilon: f32,
    /// Chance that a turn's position on roll is taken.
    pub share: f64,
    /// Also take the positions the 0-ply and 2-ply choices reach where
    /// they differ.
    pub disagreements: bool,
}

/// The first `sampling.count` positions (side on roll, before it rolls)
/// of the net's games, in game order, on the current rayon pool.
pub fn sample_positions<G: LabGame>(
    net: &G::NetEvaluator,
    sampling: &PositionSampling,
) -> Vec<G::Position> {
    let mut out = Vec::with_capacity(sampling.count);
    let mut first = 0;
    // A batch of games a thread. Each game stops once it has as many
    // positions as the list lacked when its batch began: what it gives is
    // then a prefix of its whole game's positions, at least as long as the
    // part of them the list takes, so the list is the same whatever the
    // batches (and the threads).
    let batch = rayon::current_num_threads() as u64;
    while out.len() < sampling.count {
        let wanted = sampling.count - out.len();
        let games: Vec<Vec<G::Position>> = (first..first + batch)
            .into_par_iter()
            .map_init(SamplingPlayer::<G>::default, |player, g| {
                player.game(net, sampling, g, wanted)
            })
            .collect();
        out.extend(games.into_iter().flatten());
        first += batch;
    }
    out.truncate(sampling.count);
    out
}

/// A thread's buffers for the sampled games.
struct SamplingPlayer<G: LabGame> {
    generator: Option<G::Generator>,
    list: G::PlayList,
    chooser: GreedyChooser<G>,
    search: GameSearch<G>,
}

impl<G: LabGame> Default for SamplingPlayer<G> {
    fn default() -> Self {
        SamplingPlayer {
            generator: None,
            list: G::PlayList::default(),
            chooser: GreedyChooser::new(),
            search: GameSearch::new(),
        }
    }
}

impl<G: LabGame> SamplingPlayer<G> {
    /// The positions game `g` gives, the game stopped after the turn that
    /// brings them to `wanted`.
    fn game(
        &mut self,
        net: &G::NetEvaluator,
        sampling: &PositionSampling,
        g: u64,
        wanted: usize,
    ) -> Vec<G::Position> {
        let trained = G::trained();
        let rated = trained.rated();
        let generator = self.generator.get_or_insert_with(|| rated.generator());
        let mut rng = ChaCha8Rng::seed_from_u64(mix_seed(&[sampling.seed, g, GAME_STREAM]));
        let mut out = Vec::new();
        let mut position = rated.start();
        for _ in 0..G::TURN_CAP {
            if out.len() >= wanted || net.exact_value(&rated, &position).is_some() {
                break;
            }
            let dice = Dice::roll(&mut rng);
            let taken = rng.gen_bool(sampling.share);
            rated.generate(generator, &position, dice, &mut self.list);
            let plays = rated.plays(&self.list);
            let (best, _) = self
                .chooser
                .choose_by(&rated, net, plays, |p| game_equity(&trained, p))
                .expect("a game in progress has a play");
            let index = if sampling.epsilon > 0.0 && rng.r#gen::<f32>() < sampling.epsilon {
                rng.gen_range(0..plays.len())
            } else {
                best
            };
            if taken {
                out.push(position);
            }
            if taken && sampling.disagreements && plays.len() >= 2 {
                let greedy = rated.after(&plays[best]);
                let settings = SearchSettings {
                    threads: 1,
                    ..SearchSettings::default()
                };
                let deep = self
                    .search
                    .choose(
                        &rated,
                        net,
                        &position,
                        dice,
                        &settings,
                        SearchLimits::plies(2),
                    )
                    .map(|p| rated.after(&p));
                self.search.trim();
                if let Some(deep) = deep.filter(|d| *d != greedy) {
                    for reached in [greedy, deep] {
                        let on_roll = rated.flip(&reached);
                        if rated.result(&reached).is_none()
                            && net.exact_value(&rated, &on_roll).is_none()
                        {
                            out.push(on_roll);
                        }
                    }
                }
            }
            let after = rated.after(&plays[index]);
            if rated.result(&after).is_some() {
                break;
            }
            position = rated.flip(&after);
        }
        out
    }
}
