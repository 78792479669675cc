//! Self-play games for TD(λ) training: the net plays both sides at 0 ply
//! (the play whose resulting position it rates best), and each position
//! of the game becomes a sample whose target is its λ-return: the
//! outcome distributions of the positions that followed, discounted by λ
//! (TD(λ) in its forward view, computed when the game is over).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::learn::Sample;
use crate::eval::features::{self, OUTCOMES};
use crate::eval::net::{Network, Scratch};
use crate::eval::{race, terminal_probabilities};
use crate::game::{Dice, MoveGenerator, PlayList, Position, Rules, Scoring, Variant, game_result};

/// Most turns of a training game (a game this long stops without result;
/// its last estimate is the target).
const TURN_CAP: usize = 1_000;

/// Reusable buffers of a self-play worker.
#[derive(Default)]
pub struct Worker {
    generator: MoveGenerator,
    plays: PlayList,
    scratch: Scratch,
    states: Vec<Position>,
    values: Vec<[f32; OUTCOMES]>,
}

/// The nine outcomes of a probability set, in the net's order.
pub fn outcome_array(p: &crate::eval::Probabilities) -> [f32; OUTCOMES] {
    p.as_array()
}

/// The same distribution seen by the other side (wins and losses swap).
#[inline]
pub fn flip_outcomes(d: &[f32; OUTCOMES]) -> [f32; OUTCOMES] {
    [d[4], d[5], d[6], d[7], d[0], d[1], d[2], d[3], d[8]]
}

/// Standard equity (R17) of a distribution whose triples count as doubles.
#[inline]
pub fn standard_equity(d: &[f32; OUTCOMES]) -> f32 {
    (d[0] - d[4]) + 2.0 * (d[1] + d[2] - d[5] - d[6]) + 2.0 * (d[3] - d[7])
}

impl Worker {
    /// The distribution, for the mover, of a play's resulting position
    /// `after` (seen from the mover): exact if the game is over.
    fn rate(&mut self, net: &Network, after: &Position) -> [f32; OUTCOMES] {
        // Tzannes scoring keeps triples apart; the net predicts them.
        if let Some(r) = game_result(after, Scoring::Tzannes) {
            return outcome_array(&terminal_probabilities(&r));
        }
        let next = after.flip();
        // Exact bear-off races teach the net exact values.
        if let Some(p) = race::evaluate(&next, Rules::default()) {
            return flip_outcomes(&outcome_array(&p));
        }
        let mut d = [0.0; OUTCOMES];
        features::encode(&next, &mut self.scratch.inputs);
        net.forward(
            &self.scratch.inputs,
            features::outcome_mask(&next),
            &mut self.scratch.hidden,
            &mut d,
        );
        flip_outcomes(&d)
    }

    /// Plays one game from the initial position with dice from `seed`;
    /// appends its samples (λ-return targets) to `out`. With chance
    /// `epsilon` a turn plays a random legal play instead (exploration).
    pub fn play_game(
        &mut self,
        net: &Network,
        seed: u64,
        lambda: f32,
        epsilon: f32,
        out: &mut Vec<Sample>,
    ) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut position = Position::initial();
        self.states.clear();
        self.values.clear();
        for _ in 0..TURN_CAP {
            let numbers = Dice::roll(&mut rng).numbers(Variant::Standard);
            let mut plays = std::mem::take(&mut self.plays);
            self.generator.generate(&position, &numbers, &mut plays);
            let explore = epsilon > 0.0 && rng.r#gen::<f32>() < epsilon;
            let (mut best, mut best_value, mut best_eq) = (0, [0.0; OUTCOMES], f32::NEG_INFINITY);
            if explore {
                best = rng.gen_range(0..plays.plays.len());
                best_value = self.rate(net, &plays.plays[best].position);
            } else {
                for (i, play) in plays.plays.iter().enumerate() {
                    let d = self.rate(net, &play.position);
                    let eq = standard_equity(&d);
                    if eq > best_eq {
                        (best, best_value, best_eq) = (i, d, eq);
                    }
                }
            }
            let chosen = plays.plays[best].position;
            self.plays = plays;
            self.states.push(position);
            self.values.push(best_value);
            if game_result(&chosen, Scoring::Tzannes).is_some() {
                break;
            }
            position = chosen.flip();
        }
        // λ-returns, backwards: G_t = (1-λ) v_t + λ flip(G_{t+1}); the
        // last position's target is its value (exact at the game's end).
        let n = self.states.len();
        let start = out.len();
        out.resize(
            start + n,
            Sample {
                position: Position::initial(),
                target: [0.0; OUTCOMES],
            },
        );
        let mut g = self.values[n - 1];
        for t in (0..n).rev() {
            if t < n - 1 {
                let later = flip_outcomes(&g);
                let v = &self.values[t];
                for k in 0..OUTCOMES {
                    g[k] = (1.0 - lambda) * v[k] + lambda * later[k];
                }
            }
            out[start + t] = Sample {
                position: self.states[t],
                target: g,
            };
        }
    }
}
