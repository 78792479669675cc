//! Self-play for TD(λ): the net plays both sides at 0 ply through the
//! game layer ([`plakoto_rules::TavliGame`], the [`GreedyChooser`]), with
//! a chance `epsilon` of a random play on a turn, and every position
//! before a roll becomes a sample whose target is its λ-return — the
//! values of the plays chosen after it, discounted by λ, ending in the
//! game's result (forward view, computed when the game is over).
//!
//! A game stops as soon as an exact endgame table of the net's evaluator
//! covers the position on roll (the race databases of Plakoto and Portes,
//! Fevga's exact race; Plakoto's pin endgames are left to the net): the
//! net is never asked there, and the exact value is the end of the
//! λ-return. Values are read under the game's [`LabGame::rated`]
//! (Plakoto's Tzannes scoring, Portes' `triple`, so the net learns triples
//! apart from doubles); plays are chosen by the equity of the game trained
//! for.
//!
//! Under Plakoto Express (R20, R21) the samples are still the positions
//! before a roll. Numbers a play leaves unused are played at once by the
//! opponent (its best play of them by the net) as part of the same
//! transition: such a play is valued by the position the opponent then
//! rolls from, and that position is the game's next sample. A roll of
//! several groups of numbers (escalating doubles) is played through the
//! game's beam (`SELF_PLAY_BOUNDS`).
//!
//! With [`TargetKind::Expected`] (`--target expected`) each
//! position's own term of the λ-return is the average over all 21 rolls of
//! the best play's value (a 1-ply look-ahead by the frozen net) instead of
//! the value of the roll the game drew: about 21 times the work a
//! position, without that roll's luck in the target.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::LabGame;
use crate::train::checkpoint::TargetKind;
use plakoto_engine::eval::Probabilities;
use plakoto_engine::game::{GameEvaluator, GreedyChooser, PlayBounds, game_equity};
use plakoto_rules::Dice;
use plakoto_rules::tavli::ToPlay;

/// A training example: a position (side on roll, before rolling) and the
/// outcome distribution it should predict.
pub struct TableSample<G: LabGame> {
    /// The position.
    pub position: G::Position,
    /// The target distribution (sums to 1, zero where impossible).
    pub target: G::Outcomes,
}

// By hand: derived, they would ask `G` for what only its types need.
impl<G: LabGame> Clone for TableSample<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: LabGame> Copy for TableSample<G> {}

impl<G: LabGame> std::fmt::Debug for TableSample<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TableSample")
            .field("position", &self.position)
            .field("target", &self.target)
            .finish()
    }
}

/// How self-play lists a turn's plays ([`EngineGame::bounded_plays`]):
/// every play, except that a roll of several groups of numbers (Plakoto
/// Express's escalating doubles, R20) is played group by group, keeping the
/// best [`Self::beam`](PlayBounds::beam) lines after each, as ranked by the
/// net being trained. Games without such rolls list every play.
const SELF_PLAY_BOUNDS: PlayBounds = PlayBounds {
    max_plays: usize::MAX,
    beam: 8,
};

/// Reusable buffers of a self-play worker. One per thread.
pub struct TableWorker<G: LabGame> {
    chooser: GreedyChooser<G>,
    plays: G::PlayList,
    generator: Option<G::Generator>,
    /// The value for the mover of each play of the last roll rated.
    play_values: Vec<Probabilities>,
    /// Plays of numbers carried to the opponent, and its choice among them.
    replier: GreedyChooser<G>,
    replies: G::PlayList,
    /// Per play of the last roll rated that passed numbers on (Plakoto
    /// Express, R21): the position the opponent's reply left, which the
    /// opponent then rolls from. Empty in a game that carries nothing.
    replied: Vec<Option<G::Position>>,
    states: Vec<G::Position>,
    values: Vec<G::Outcomes>,
    /// Per state: the roll drawn, when its best play was played (not an
    /// exploration): that roll's term of the expected value is the state's
    /// value already in `values`.
    drawn: Vec<Option<Dice>>,
}

impl<G: LabGame> Default for TableWorker<G> {
    fn default() -> Self {
        TableWorker {
            chooser: GreedyChooser::default(),
            plays: G::PlayList::default(),
            generator: None,
            play_values: Vec::new(),
            replier: GreedyChooser::default(),
            replies: G::PlayList::default(),
            replied: Vec::new(),
            states: Vec::new(),
            values: Vec::new(),
            drawn: Vec::new(),
        }
    }
}

impl<G: LabGame> TableWorker<G> {
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
            let best = self.rate_roll(game, &rated, net, &position, dice);
            let explore = epsilon > 0.0 && rng.r#gen::<f32>() < epsilon;
            let index = if explore {
                rng.gen_range(0..self.play_values.len())
            } else {
                best
            };
            self.states.push(position);
            self.values.push(G::outcomes(&self.play_values[index]));
            self.drawn.push((!explore).then(|| dice.sorted()));
            let play = rated.plays(&self.plays)[index];
            let after = rated.after(&play);
            if rated.result(&after).is_some() {
                break;
            }
            position = rated.flip(&after);
            if let Some(after) = self.replied.get(index).copied().flatten() {
                // The opponent plays the numbers left to it, then rolls
                // (R21): the reply the play's value was rated by.
                if rated.result(&after).is_some() {
                    break;
                }
                position = after;
            }
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

    /// Lists the plays of `dice` at `position` into `self.plays`, rates
    /// each for the mover into `self.play_values` (read under `rated`) and
    /// returns the index of the best by `game`'s equity (the first of
    /// equals). A play that carries numbers to the opponent (Plakoto
    /// Express, R21) is worth what the opponent's best play of them leaves;
    /// where that play left the game is kept in `self.replied`.
    fn rate_roll(
        &mut self,
        game: &G,
        rated: &G,
        net: &G::NetEvaluator,
        position: &G::Position,
        dice: Dice,
    ) -> usize {
        let generator = self.generator.get_or_insert_with(|| rated.generator());
        let turn = ToPlay::Dice(dice);
        rated.bounded_plays(
            net,
            generator,
            position,
            &turn,
            SELF_PLAY_BOUNDS,
            &mut self.plays,
        );
        let plays = rated.plays(&self.plays);
        let equity = |p: &Probabilities| game_equity(game, p);
        let (mut best, _) = self
            .chooser
            .choose_by(rated, net, plays, equity)
            .expect("a game in progress has a play");
        self.play_values.clear();
        self.play_values.extend(self.chooser.values().copied());
        self.replied.clear();
        if !rated.may_carry() {
            return best;
        }
        self.replied.resize(plays.len(), None);
        let mut passed_on = false;
        for (i, play) in plays.iter().enumerate() {
            let after = rated.after(play);
            if let Some(carried) = rated.carried_after(dice, play)
                && rated.result(&after).is_none()
            {
                let generator = self.generator.as_mut().expect("made above");
                let (replied, value) = reply_to(
                    game,
                    rated,
                    net,
                    generator,
                    &mut self.replier,
                    &mut self.replies,
                    &rated.flip(&after),
                    carried,
                );
                self.play_values[i] = value.flipped();
                self.replied[i] = Some(replied);
                passed_on = true;
            }
        }
        if passed_on {
            let mut top = f32::NEG_INFINITY;
            for (i, value) in self.play_values.iter().enumerate() {
                let e = equity(value);
                if e > top {
                    (best, top) = (i, e);
                }
            }
        }
        best
    }

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
        let mut sum = G::Outcomes::default();
        for (dice, weight) in Dice::all_rolls() {
            let value = match known {
                Some((d, v)) if d == dice.sorted() => v,
                _ => {
                    let best = self.rate_roll(game, rated, net, position, dice);
                    G::outcomes(&self.play_values[best])
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

/// The best play by `game`'s equity of the numbers `carried` to the side
/// on roll at `position` (R21), rated by `net` under `rated` with that side
/// rolling next: the position it then rolls from, and its value for it.
/// Its plays are listed as a roll's are ([`SELF_PLAY_BOUNDS`]).
#[allow(clippy::too_many_arguments)]
fn reply_to<G: LabGame>(
    game: &G,
    rated: &G,
    net: &G::NetEvaluator,
    generator: &mut G::Generator,
    chooser: &mut GreedyChooser<G>,
    list: &mut G::PlayList,
    position: &G::Position,
    carried: G::Carried,
) -> (G::Position, Probabilities) {
    let turn = ToPlay::Carried(carried);
    rated.bounded_plays(net, generator, position, &turn, SELF_PLAY_BOUNDS, list);
    let plays = rated.plays(list);
    let (best, value) = chooser
        .choose_carried_by(rated, net, plays, |p| game_equity(game, p))
        .expect("numbers carried have a play");
    (rated.after(&plays[best]), value)
}

/// Appends a sample per state with its λ-return: backwards from the end,
/// `G_t = (1 − λ) v_t + λ flip(G_{t+1})`, where `v_t` is the value of the
/// play chosen at `t` for its mover and the last `G` is the exact value
/// at the end (`exact_end`, for the side on roll there) or, when the game
/// ended by a play or the turn cap, the last play's value alone.
pub fn lambda_returns<G: LabGame>(
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
    use plakoto_engine::eval::net::{NetEvaluator, Network};
    use plakoto_engine::game::fevga::net::FevgaNetwork;
    use plakoto_engine::game::fevga::net::outcomes::flip;
    use plakoto_engine::game::portes::net::PortesNetwork;
    use plakoto_engine::game::{FevgaNetEvaluator, PortesNetEvaluator};
    use plakoto_rules::TavliGame;
    use plakoto_rules::fevga::FevgaPosition;
    use plakoto_rules::{Fevga, Plakoto, Portes};
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

    /// The weights of a Plakoto trainer after one round of `games` games
    /// under `rules` with `target`, played on `threads` threads.
    fn plakoto_weights_after_a_round(
        threads: usize,
        rules: plakoto_rules::Variant,
        target: TargetKind,
        games: u64,
    ) -> Vec<u8> {
        use crate::train::checkpoint::{SelfPlaySettings, TrainConfig};
        use crate::train::table::{TableTrainer, initial_network};
        let config = TrainConfig {
            self_play: SelfPlaySettings {
                seed: 8,
                hidden: 32,
                lambda: 0.7,
                lr: 1e-3,
                batch: 32,
                games_per_round: games,
                epsilon: 0.1,
                target,
            },
            rules,
        };
        let net = initial_network::<Plakoto>(std::path::Path::new("."), 32, 8).expect("random");
        let mut trainer = TableTrainer::<Plakoto>::new(config, net);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("thread pool");
        pool.install(|| trainer.round());
        Plakoto::to_bytes(&trainer.net)
    }

    #[test]
    fn the_thread_count_does_not_change_plakotos_trained_weights() {
        // Workers are reused across games in an order that depends on the
        // threads; each roll's batch starts afresh, so that cannot matter,
        // under either rule set and either kind of target.
        use plakoto_rules::Variant;
        for (rules, target, games) in [
            (Variant::Standard, TargetKind::Sampled, 12),
            (Variant::Standard, TargetKind::Expected, 2),
            (Variant::Express, TargetKind::Sampled, 12),
            (Variant::Express, TargetKind::Expected, 1),
        ] {
            assert_eq!(
                plakoto_weights_after_a_round(1, rules, target, games),
                plakoto_weights_after_a_round(2, rules, target, games),
                "{rules:?} {target:?}"
            );
        }
    }

    /// A Plakoto game under `variant`, trained for and rated as the
    /// trainer does, and a random net's training evaluator.
    fn plakoto_under(variant: plakoto_rules::Variant) -> (Plakoto, NetEvaluator) {
        let net = Arc::new(Network::random(16, 5));
        (
            Plakoto::trained_under(variant),
            NetEvaluator::in_training(net),
        )
    }

    #[test]
    fn plakoto_targets_are_distributions_under_both_rule_sets() {
        use plakoto_rules::Variant;
        let mut worker = TableWorker::default();
        for variant in [Variant::Standard, Variant::Express] {
            let (game, net) = plakoto_under(variant);
            for target in [TargetKind::Sampled, TargetKind::Expected] {
                let mut out = Vec::new();
                worker.play_game(&game, &net, 11, 0.7, 0.0, target, &mut out);
                assert!(
                    out.len() > 10,
                    "{variant:?} {target:?}: {} samples",
                    out.len()
                );
                for sample in &out {
                    assert!(
                        sample.target.iter().all(|&x| x >= -1e-6),
                        "{:?}",
                        sample.target
                    );
                    let sum: f32 = sample.target.iter().sum();
                    assert!((sum - 1.0).abs() < 1e-4, "{:?}", sample.target);
                }
            }
        }
    }

    #[test]
    fn a_known_drawn_roll_value_changes_no_expected_value() {
        // A game reuses the drawn roll's best value in the 1-ply target:
        // it must be exactly what rating that roll again gives.
        use plakoto_rules::Variant;
        let mut worker = TableWorker::default();
        for variant in [Variant::Standard, Variant::Express] {
            let (game, net) = plakoto_under(variant);
            let rated = game.rated();
            let mut samples = Vec::new();
            worker.play_game(&game, &net, 3, 0.0, 0.0, TargetKind::Sampled, &mut samples);
            for (n, sample) in samples.iter().enumerate().take(30) {
                let (dice, _) = Dice::all_rolls().nth(n * 5 % 21).expect("21 rolls");
                let best = worker.rate_roll(&game, &rated, &net, &sample.position, dice);
                let drawn = Plakoto::outcomes(&worker.play_values[best]);
                let position = sample.position;
                let known =
                    worker.expected_value(&game, &rated, &net, &position, Some((dice, drawn)));
                let fresh = worker.expected_value(&game, &rated, &net, &position, None);
                assert_eq!(known, fresh, "{variant:?} {position:?}");
            }
        }
    }

    #[test]
    fn express_numbers_left_unused_are_played_by_the_opponent() {
        // All of X's checkers stand on its 24-point; O holds X's 18- and
        // 19-points (its own 7- and 6-points) with two checkers each, so
        // X cannot use a 6 or a 5: both numbers pass to O, who plays them
        // before rolling (R21). The pass is worth O's best play of them.
        use plakoto_rules::{Variant, parse_board_text};
        let position = parse_board_text("24:15 / 24:11 7:2 6:2").expect("board");
        let dice = Dice::new(6, 5).expect("dice");
        let (game, net) = plakoto_under(Variant::Express);
        let rated = game.rated();
        let mut worker = TableWorker::default();
        let best = worker.rate_roll(&game, &rated, &net, &position, dice);
        let pass = rated.plays(&worker.plays)[best];
        assert_eq!(rated.plays(&worker.plays).len(), 1);
        let carried = rated.carried_after(dice, &pass).expect("numbers passed on");
        let opponent = rated.flip(&rated.after(&pass));
        let mut generator = rated.generator();
        let (mut replier, mut replies) = (GreedyChooser::default(), Default::default());
        let (after, value) = reply_to(
            &game,
            &rated,
            &net,
            &mut generator,
            &mut replier,
            &mut replies,
            &opponent,
            carried,
        );
        assert_ne!(after, opponent, "the opponent moved");
        assert_eq!(worker.play_values[best], value.flipped());
        // Under standard rules nothing passes: the play is worth the
        // position the opponent rolls from.
        let (game, _) = plakoto_under(Variant::Standard);
        let rated = game.rated();
        worker.rate_roll(&game, &rated, &net, &position, dice);
        let open = net.evaluate(&rated, &rated.flip(&rated.after(&pass)));
        assert_eq!(worker.play_values[0], open.flipped());
    }
}
