//! Portes self-play for TD(λ): the net plays both sides at 0 ply through
//! the game layer ([`TavliGame`], the [`GreedyChooser`]), with a chance
//! `epsilon` of a random play on a turn, and every position before a roll
//! becomes a sample whose target is its λ-return — the values of the plays
//! chosen after it, discounted by λ, ending in the game's result (forward
//! view, computed when the game is over).
//!
//! A game stops as soon as the exact bear-off race database covers the
//! position on roll: the net is never asked there, and the database's
//! value is the exact end of the λ-return. Values are read under the
//! `triple` scoring, so the net learns triples apart from doubles; plays
//! are chosen by the equity of the scoring trained for.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use plakoto_engine::eval::portes::net::outcomes::{OUTCOMES, flip, from_probabilities};
use plakoto_engine::game::PortesNetEvaluator;
use plakoto_engine::game::{GameEvaluator, GreedyChooser, game_equity};
use plakoto_rules::portes::{PortesPosition, PortesScoring};
use plakoto_rules::tavli::Portes;
use plakoto_rules::{Dice, TavliGame};

/// Most turns of a training game (a game this long stops; its last value
/// is the target).
const TURN_CAP: usize = 1_000;

/// A training example: a position (side on roll, before rolling) and the
/// outcome distribution it should predict.
#[derive(Clone, Copy, Debug)]
pub struct PortesSample {
    /// The position.
    pub position: PortesPosition,
    /// The target distribution (sums to 1, zero where impossible).
    pub target: [f32; OUTCOMES],
}

/// Reusable buffers of a self-play worker. One per thread.
#[derive(Default)]
pub struct PortesWorker {
    chooser: GreedyChooser<Portes>,
    plays: <Portes as TavliGame>::PlayList,
    generator: Option<<Portes as TavliGame>::Generator>,
    states: Vec<PortesPosition>,
    values: Vec<[f32; OUTCOMES]>,
}

impl PortesWorker {
    /// Plays one game from the start with `net` on both sides, its dice
    /// and explorations drawn from `seed`, choosing plays by the equity of
    /// `scoring`; appends its samples to `out`, with λ-return targets.
    pub fn play_game(
        &mut self,
        net: &PortesNetEvaluator,
        scoring: PortesScoring,
        seed: u64,
        lambda: f32,
        epsilon: f32,
        out: &mut Vec<PortesSample>,
    ) {
        // Values with triples apart; choices by the scoring played for.
        let rated = Portes::new(PortesScoring::Triple);
        let played = Portes::new(scoring);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let generator = self.generator.get_or_insert_with(|| rated.generator());
        self.states.clear();
        self.values.clear();
        let mut position = rated.start();
        // The exact value of the position the game stopped at, for its
        // side on roll, when the race database covered it.
        let mut exact_end: Option<[f32; OUTCOMES]> = None;
        for _ in 0..TURN_CAP {
            if let Some((p, _)) = net.exact_value(&rated, &position) {
                exact_end = Some(from_probabilities(&p));
                break;
            }
            let dice = Dice::roll(&mut rng);
            rated.generate(generator, &position, dice, &mut self.plays);
            let plays = rated.plays(&self.plays);
            let explore = epsilon > 0.0 && rng.r#gen::<f32>() < epsilon;
            let (best, value) = self
                .chooser
                .choose_by(&rated, net, plays, |p| game_equity(&played, p))
                .expect("a game in progress has a play");
            let (index, value) = if explore {
                let i = rng.gen_range(0..plays.len());
                (i, *self.chooser.values().nth(i).expect("rated"))
            } else {
                (best, value)
            };
            self.states.push(position);
            self.values.push(from_probabilities(&value));
            let after = rated.after(&plays[index]);
            if rated.result(&after).is_some() {
                break;
            }
            position = rated.flip(&after);
        }
        lambda_returns(&self.states, &self.values, exact_end, lambda, out);
    }
}

/// Appends a sample per state with its λ-return: backwards from the end,
/// `G_t = (1 − λ) v_t + λ flip(G_{t+1})`, where `v_t` is the value of the
/// play chosen at `t` for its mover and the last `G` is the exact value
/// at the end (`exact_end`, for the side on roll there) or, when the game
/// ended by a play or the turn cap, the last play's value alone.
pub fn lambda_returns(
    states: &[PortesPosition],
    values: &[[f32; OUTCOMES]],
    exact_end: Option<[f32; OUTCOMES]>,
    lambda: f32,
    out: &mut Vec<PortesSample>,
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
        out.push(PortesSample {
            position: *position,
            target,
        });
        later = Some(target);
    }
    out[first..].reverse();
}
