//! Fevga self-play for TD(λ): the net plays both sides at 0 ply through the
//! game layer ([`TavliGame`], the [`GreedyChooser`]), with a chance
//! `epsilon` of a random play on a turn, and every position before a roll
//! becomes a sample whose target is its λ-return — the values of the plays
//! chosen after it, discounted by λ, ending in the game's result (forward
//! view, computed when the game is over), as the Portes trainer does.
//!
//! A game stops as soon as the exact bear-off race covers the position on
//! roll: the net is never asked there, and the race's value is the exact
//! end of the λ-return.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use plakoto_engine::eval::fevga::net::outcomes::{OUTCOMES, flip, from_probabilities};
use plakoto_engine::game::{FevgaNetEvaluator, GameEvaluator, GreedyChooser};
use plakoto_rules::fevga::FevgaPosition;
use plakoto_rules::tavli::Fevga;
use plakoto_rules::{Dice, TavliGame};

/// Most turns of a training game (a game this long stops; its last value
/// is the target). Fevga games run about a hundred turns.
const TURN_CAP: usize = 2_000;

/// A training example: a position (side on roll, before rolling) and the
/// outcome distribution it should predict.
#[derive(Clone, Copy, Debug)]
pub struct FevgaSample {
    /// The position.
    pub position: FevgaPosition,
    /// The target distribution (sums to 1, zero where impossible).
    pub target: [f32; OUTCOMES],
}

/// Reusable buffers of a self-play worker. One per thread.
#[derive(Default)]
pub struct FevgaWorker {
    chooser: GreedyChooser<Fevga>,
    plays: <Fevga as TavliGame>::PlayList,
    generator: Option<<Fevga as TavliGame>::Generator>,
    states: Vec<FevgaPosition>,
    values: Vec<[f32; OUTCOMES]>,
}

impl FevgaWorker {
    /// Plays one game of `game` from the start with `net` on both sides,
    /// its dice and explorations drawn from `seed`; appends its samples to
    /// `out`, with λ-return targets.
    pub fn play_game(
        &mut self,
        game: &Fevga,
        net: &FevgaNetEvaluator,
        seed: u64,
        lambda: f32,
        epsilon: f32,
        out: &mut Vec<FevgaSample>,
    ) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let generator = self.generator.get_or_insert_with(|| game.generator());
        self.states.clear();
        self.values.clear();
        let mut position = game.start();
        // The exact value of the position the game stopped at, for its
        // side on roll, when the race covered it.
        let mut exact_end: Option<[f32; OUTCOMES]> = None;
        for _ in 0..TURN_CAP {
            if let Some((p, _)) = net.exact_value(game, &position) {
                exact_end = Some(from_probabilities(&p));
                break;
            }
            let dice = Dice::roll(&mut rng);
            game.generate(generator, &position, dice, &mut self.plays);
            let plays = game.plays(&self.plays);
            let explore = epsilon > 0.0 && rng.r#gen::<f32>() < epsilon;
            let (best, value) = self
                .chooser
                .choose(game, net, plays)
                .expect("a game in progress has a play");
            let (index, value) = if explore {
                let i = rng.gen_range(0..plays.len());
                (i, *self.chooser.values().nth(i).expect("rated"))
            } else {
                (best, value)
            };
            self.states.push(position);
            self.values.push(from_probabilities(&value));
            let after = game.after(&plays[index]);
            if game.result(&after).is_some() {
                break;
            }
            position = game.flip(&after);
        }
        lambda_returns(&self.states, &self.values, exact_end, lambda, out);
    }
}

/// Appends a sample per state with its λ-return: backwards from the end,
/// `G_t = (1 − λ) v_t + λ flip(G_{t+1})`, where `v_t` is the value of the
/// play chosen at `t` for its mover and the last `G` is the exact value at
/// the end (`exact_end`, for the side on roll there) or, when the game
/// ended by a play or the turn cap, the last play's value alone.
pub fn lambda_returns(
    states: &[FevgaPosition],
    values: &[[f32; OUTCOMES]],
    exact_end: Option<[f32; OUTCOMES]>,
    lambda: f32,
    out: &mut Vec<FevgaSample>,
) {
    let first = out.len();
    let mut later = exact_end;
    for (position, v) in states.iter().zip(values).rev() {
        let target = match later {
            None => *v,
            Some(l) => {
                let l = flip(&l);
                std::array::from_fn(|k| (1.0 - lambda) * v[k] + lambda * l[k])
            }
        };
        out.push(FevgaSample {
            position: *position,
            target,
        });
        later = Some(target);
    }
    out[first..].reverse();
}

#[cfg(test)]
mod tests {
    use super::*;
    use plakoto_engine::eval::fevga::net::FevgaNetwork;
    use std::sync::Arc;

    #[test]
    fn a_game_gives_samples_with_distributions_as_targets() {
        let game = Fevga::default();
        let net = FevgaNetEvaluator::new(Arc::new(FevgaNetwork::random(16, 1)));
        let mut worker = FevgaWorker::default();
        let mut out = Vec::new();
        worker.play_game(&game, &net, 7, 0.7, 0.0, &mut out);
        assert!(out.len() > 20, "{} samples", out.len());
        assert_eq!(out[0].position, FevgaPosition::start());
        for s in &out {
            let sum: f32 = s.target.iter().sum();
            assert!((sum - 1.0).abs() < 1e-4, "{:?}", s.target);
        }
        // Seeded: the same game again.
        let mut again = Vec::new();
        worker.play_game(&game, &net, 7, 0.7, 0.0, &mut again);
        assert_eq!(again.len(), out.len());
        assert_eq!(again.last().map(|s| s.target), out.last().map(|s| s.target));
    }

    #[test]
    fn lambda_one_passes_the_end_back_flipped_each_turn() {
        let p = FevgaPosition::start();
        let end = [0.0, 1.0, 0.0, 0.0];
        let mut out = Vec::new();
        lambda_returns(&[p, p], &[[0.25; 4]; 2], Some(end), 1.0, &mut out);
        assert_eq!(out[1].target, flip(&end));
        assert_eq!(out[0].target, end);
    }
}
