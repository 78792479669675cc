//! Self-play for TD(λ): the net plays both sides at 0 ply through the
//! game layer ([`plakoto_rules::TavliGame`], the [`GreedyChooser`]), with
//! a chance `epsilon` of a random play on a turn, and every position
//! before a roll becomes a sample whose target is its λ-return — the
//! values of the plays chosen after it, discounted by λ, ending in the
//! game's result (forward view, computed when the game is over).
//!
//! A game stops as soon as an exact endgame table of the net's evaluator
//! covers the position on roll (Portes' bear-off race database, Fevga's
//! exact race): the net is never asked there, and the exact value is the
//! end of the λ-return. Values are read under the game's
//! [`TrainedGame::rated`] (Portes' `triple` scoring, so the net learns
//! triples apart from doubles); plays are chosen by the equity of the game
//! trained for.
//!
//! With [`TargetKind::Expected`] (`--target expected`, as for Plakoto) each
//! position's own term of the λ-return is the average over all 21 rolls of
//! the best play's value (a 1-ply look-ahead by the frozen net) instead of
//! the value of the roll the game drew: about 21 times the work a
//! position, without that roll's luck in the target.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::game::TrainedGame;
use crate::train::checkpoint::TargetKind;
use plakoto_engine::game::{GameEvaluator, GreedyChooser, game_equity};
use plakoto_rules::Dice;

/// A training example: a position (side on roll, before rolling) and the
/// outcome distribution it should predict.
pub struct TableSample<G: TrainedGame> {
    /// The position.
    pub position: G::Position,
    /// The target distribution (sums to 1, zero where impossible).
    pub target: G::Outcomes,
}

// By hand: derived, they would ask `G` for what only its types need.
impl<G: TrainedGame> Clone for TableSample<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: TrainedGame> Copy for TableSample<G> {}

impl<G: TrainedGame> std::fmt::Debug for TableSample<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TableSample")
            .field("position", &self.position)
            .field("target", &self.target)
            .finish()
    }
}

/// Reusable buffers of a self-play worker. One per thread.
pub struct TableWorker<G: TrainedGame> {
    chooser: GreedyChooser<G>,
    plays: G::PlayList,
    generator: Option<G::Generator>,
    states: Vec<G::Position>,
    values: Vec<G::Outcomes>,
    /// Per state: the roll drawn, when its best play was played (not an
    /// exploration): that roll's term of the expected value is the state's
    /// value already in `values`.
    drawn: Vec<Option<Dice>>,
}

impl<G: TrainedGame> Default for TableWorker<G> {
    fn default() -> Self {
        TableWorker {
            chooser: GreedyChooser::default(),
            plays: G::PlayList::default(),
            generator: None,
            states: Vec::new(),
            values: Vec::new(),
            drawn: Vec::new(),
        }
    }
}

impl<G: TrainedGame> TableWorker<G> {
    /// Plays one game from the start with `net` on both sides, its dice
    /// and explorations drawn from `seed`, choosing plays by the equity of
    /// `game`; appends its samples to `out`, with λ-return targets whose
    /// own terms are `target`'s.
    #[allow(clippy::too_many_arguments)]
    pub fn play_game(
        &mut self,
        game: &G,
        net: &G::NetEvaluator,
        seed: u64,
        lambda: f32,
        epsilon: f32,
        target: TargetKind,
        out: &mut Vec<TableSample<G>>,
    ) {
        // Values as the net learns them; choices by the game played for.
        let rated = game.rated();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let generator = self.generator.get_or_insert_with(|| rated.generator());
        self.states.clear();
        self.values.clear();
        self.drawn.clear();
        let mut position = rated.start();
        // The exact value of the position the game stopped at, for its
        // side on roll, when an exact table covered it.
        let mut exact_end: Option<G::Outcomes> = None;
        for _ in 0..G::TURN_CAP {
            if let Some((p, _)) = net.exact_value(&rated, &position) {
                exact_end = Some(G::outcomes(&p));
                break;
            }
            let dice = Dice::roll(&mut rng);
            rated.generate(generator, &position, dice, &mut self.plays);
            let plays = rated.plays(&self.plays);
            let explore = epsilon > 0.0 && rng.r#gen::<f32>() < epsilon;
            let (best, value) = self
                .chooser
                .choose_by(&rated, net, plays, |p| game_equity(game, p))
                .expect("a game in progress has a play");
            let (index, value) = if explore {
                let i = rng.gen_range(0..plays.len());
                (i, *self.chooser.values().nth(i).expect("rated"))
            } else {
                (best, value)
            };
            self.states.push(position);
            self.values.push(G::outcomes(&value));
            self.drawn.push((!explore).then(|| dice.sorted()));
            let after = rated.after(&plays[index]);
            if rated.result(&after).is_some() {
                break;
            }
            position = rated.flip(&after);
        }
        if target == TargetKind::Expected {
            for t in 0..self.states.len() {
                let position = self.states[t];
                let known = self.drawn[t].map(|dice| (dice, self.values[t]));
                self.values[t] = self.expected_value(game, &rated, net, &position, known);
            }
        }
        lambda_returns(&self.states, &self.values, exact_end, lambda, out);
    }
}

impl<G: TrainedGame> TableWorker<G> {
    /// The average over the 21 rolls of the value (read under `rated`) of
    /// the play `net` chooses at 0 ply by `game`'s equity, for the side on
    /// roll at `position`; `known` is one roll's value already rated.
    fn expected_value(
        &mut self,
        game: &G,
        rated: &G,
        net: &G::NetEvaluator,
        position: &G::Position,
        known: Option<(Dice, G::Outcomes)>,
    ) -> G::Outcomes {
        let generator = self.generator.get_or_insert_with(|| rated.generator());
        let mut sum = G::Outcomes::default();
        for (dice, weight) in Dice::all_rolls() {
            let value = match known {
                Some((d, v)) if d == dice.sorted() => v,
                _ => {
                    rated.generate(generator, position, dice, &mut self.plays);
                    let plays = rated.plays(&self.plays);
                    let (_, value) = self
                        .chooser
                        .choose_by(rated, net, plays, |p| game_equity(game, p))
                        .expect("a game in progress has a play");
                    G::outcomes(&value)
                }
            };
            let w = f32::from(weight) / 36.0;
            for (s, v) in sum.as_mut().iter_mut().zip(value.as_ref()) {
                *s += w * v;
            }
        }
        sum
    }
}

/// Appends a sample per state with its λ-return: backwards from the end,
/// `G_t = (1 − λ) v_t + λ flip(G_{t+1})`, where `v_t` is the value of the
/// play chosen at `t` for its mover and the last `G` is the exact value
/// at the end (`exact_end`, for the side on roll there) or, when the game
/// ended by a play or the turn cap, the last play's value alone.
pub fn lambda_returns<G: TrainedGame>(
    states: &[G::Position],
    values: &[G::Outcomes],
    exact_end: Option<G::Outcomes>,
    lambda: f32,
    out: &mut Vec<TableSample<G>>,
) {
    let first = out.len();
    let mut later = exact_end;
    for (position, v) in states.iter().zip(values).rev() {
        let target = match later {
            None => *v,
            Some(l) => {
                let l = G::flip_outcomes(&l);
                let mut target = *v;
                for (t, l) in target.as_mut().iter_mut().zip(l.as_ref()) {
                    *t = (1.0 - lambda) * *t + lambda * l;
                }
                target
            }
        };
        out.push(TableSample {
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
    use plakoto_engine::eval::fevga::net::outcomes::flip;
    use plakoto_engine::eval::portes::net::PortesNetwork;
    use plakoto_engine::game::{FevgaNetEvaluator, PortesNetEvaluator};
    use plakoto_rules::TavliGame;
    use plakoto_rules::fevga::FevgaPosition;
    use plakoto_rules::tavli::{Fevga, Portes};
    use std::sync::Arc;

    #[test]
    fn a_game_gives_samples_with_distributions_as_targets() {
        let game = Fevga::default();
        let net = FevgaNetEvaluator::new(Arc::new(FevgaNetwork::random(16, 1)));
        let mut worker = TableWorker::default();
        let mut out = Vec::new();
        worker.play_game(&game, &net, 7, 0.7, 0.0, TargetKind::Sampled, &mut out);
        assert!(out.len() > 20, "{} samples", out.len());
        assert_eq!(out[0].position, FevgaPosition::start());
        for s in &out {
            let sum: f32 = s.target.iter().sum();
            assert!((sum - 1.0).abs() < 1e-4, "{:?}", s.target);
        }
        // Seeded: the same game again.
        let mut again = Vec::new();
        worker.play_game(&game, &net, 7, 0.7, 0.0, TargetKind::Sampled, &mut again);
        assert_eq!(again.len(), out.len());
        assert_eq!(again.last().map(|s| s.target), out.last().map(|s| s.target));
    }

    #[test]
    fn expected_targets_average_every_roll_whatever_the_dice_drew() {
        // With λ = 0 a target is the position's own term alone: for the
        // start position, sampled it is the drawn roll's play, expected
        // the same average over the 21 rolls in every game.
        let game = Portes::trained();
        let net = PortesNetEvaluator::new(Arc::new(PortesNetwork::random(16, 2)));
        let mut worker = TableWorker::default();
        let first = |worker: &mut TableWorker<Portes>, seed, target| {
            let mut out = Vec::new();
            worker.play_game(&game, &net, seed, 0.0, 0.0, target, &mut out);
            out[0].target
        };
        let sampled: Vec<_> = (1..4)
            .map(|seed| first(&mut worker, seed, TargetKind::Sampled))
            .collect();
        let expected: Vec<_> = (1..4)
            .map(|seed| first(&mut worker, seed, TargetKind::Expected))
            .collect();
        assert!(sampled.windows(2).any(|w| w[0] != w[1]), "{sampled:?}");
        assert!(expected.windows(2).all(|w| w[0] == w[1]), "{expected:?}");
        let sum: f32 = expected[0].iter().sum();
        assert!((sum - 1.0).abs() < 1e-4, "{:?}", expected[0]);
        // The same average computed here, roll by roll.
        let rated = game.rated();
        let mut generator = rated.generator();
        let (mut plays, mut chooser) = (Default::default(), GreedyChooser::default());
        let mut by_hand = [0.0f32; 6];
        for (dice, weight) in Dice::all_rolls() {
            rated.generate(&mut generator, &rated.start(), dice, &mut plays);
            let (_, value) = chooser
                .choose_by(&rated, &net, rated.plays(&plays), |p| game_equity(&game, p))
                .expect("a play");
            for (h, v) in by_hand.iter_mut().zip(Portes::outcomes(&value)) {
                *h += f32::from(weight) / 36.0 * v;
            }
        }
        for (a, b) in expected[0].iter().zip(&by_hand) {
            assert!((a - b).abs() < 1e-5, "{:?} vs {by_hand:?}", expected[0]);
        }
    }

    #[test]
    fn lambda_one_passes_the_end_back_flipped_each_turn() {
        let p = FevgaPosition::start();
        let end = [0.0, 1.0, 0.0, 0.0];
        let mut out = Vec::<TableSample<Fevga>>::new();
        lambda_returns(&[p, p], &[[0.25; 4]; 2], Some(end), 1.0, &mut out);
        assert_eq!(out[1].target, flip(&end));
        assert_eq!(out[0].target, end);
    }
}
