//! Self-play games for TD(λ) training: the net plays both sides at 0 ply
//! (the play whose resulting position it rates best), and each position
//! of the game becomes a sample whose target is its λ-return: the
//! outcome distributions of the positions that followed, discounted by λ
//! (TD(λ) in its forward view, computed when the game is over). With
//! [`TargetKind::Expected`] each position's own term is the average over
//! all 21 rolls of the best play's value instead of the drawn roll's.
//!
//! Under Plakoto Express (R20, R21) the samples are still the positions
//! before a roll. Numbers a play leaves unused are played at once by the
//! opponent (its best play of them by the net) as part of the same
//! transition: a play is valued by the position the opponent then rolls
//! from, and that position is the game's next sample. Rolls of several
//! groups of numbers (escalating doubles, long passed sequences) are
//! played by the search's beam ([`plakoto_engine::game::express`]), with
//! [`EXPRESS_BEAM`] lines.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::checkpoint::TargetKind;
// `standard_equity` is the learner's; named here too, where callers
// outside the crate have always found it.
use super::learn::Sample;
pub use super::learn::standard_equity;
use plakoto_engine::eval::features::OUTCOMES;
use plakoto_engine::eval::net::{Network, Scratch, to_probabilities};
use plakoto_engine::eval::{GameEvaluator, Probabilities, race, terminal_probabilities};
use plakoto_engine::game::express::{BeamScratch, inner_plays, is_multi_group};
use plakoto_rules::tavli::Plakoto;
use plakoto_rules::{
    Dice, MoveGenerator, Numbers, Play, PlayList, Position, Rules, Scoring, Variant, game_result,
};

/// Most turns of a training game (a game this long stops without result;
/// its last estimate is the target).
const TURN_CAP: usize = 1_000;

/// Lines the Express beam keeps after each group of equal numbers when a
/// roll has several (see [`plakoto_engine::game::express::inner_plays`]).
pub const EXPRESS_BEAM: usize = 8;

/// Reusable buffers of a self-play worker.
#[derive(Default)]
pub struct Worker {
    /// The rules of the games played (Standard until `play_game` says).
    rules: Rules,
    generator: MoveGenerator,
    plays: PlayList,
    scratch: Scratch,
    states: Vec<Position>,
    values: Vec<[f32; OUTCOMES]>,
    /// Per turn of the game: the drawn numbers and, unless the turn
    /// explored, the best play's value for them (reused by the 1-ply
    /// target, which would compute exactly the same value again).
    drawn: Vec<(Numbers, Option<[f32; OUTCOMES]>)>,
    /// Express: the opponent's plays of numbers passed to it, rated in a
    /// batch of their own.
    reply_plays: PlayList,
    reply_scratch: Scratch,
    beam: BeamScratch,
}

/// The nine outcomes of a probability set, in the net's order.
pub fn outcome_array(p: &plakoto_engine::eval::Probabilities) -> [f32; OUTCOMES] {
    p.as_array()
}

/// The same distribution seen by the other side (wins and losses swap).
#[inline]
pub fn flip_outcomes(d: &[f32; OUTCOMES]) -> [f32; OUTCOMES] {
    [d[4], d[5], d[6], d[7], d[0], d[1], d[2], d[3], d[8]]
}

/// The distribution of `position` (not finished) for its side on roll,
/// before it rolls: exact if a bear-off race of the database under
/// `rules`, else the net's.
fn on_roll(
    net: &Network,
    rules: Rules,
    position: &Position,
    scratch: &mut Scratch,
    in_batch: bool,
) -> [f32; OUTCOMES] {
    // Exact bear-off races teach the net exact values.
    if let Some(p) = race::evaluate(position, rules) {
        return outcome_array(&p);
    }
    net.distribution_with(position, scratch, in_batch)
}

/// The net being trained as the evaluator of the Express beam, which
/// ranks the lines it keeps by it.
struct BeamNet<'a>(&'a Network);

impl GameEvaluator<Plakoto> for BeamNet<'_> {
    fn name(&self) -> &str {
        "net"
    }

    fn evaluate(&self, game: &Plakoto, position: &Position) -> Probabilities {
        match race::evaluate(position, game.rules) {
            Some(p) => p,
            None => to_probabilities(&self.0.distribution(position), game.rules.scoring),
        }
    }
}

impl Worker {
    /// The distribution, for the mover, of a play's resulting position
    /// `after` (seen from the mover), the opponent rolling next: exact if
    /// the game is over or a race of the database, else the net's.
    /// `in_batch`: `after` follows the previous play of the same roll,
    /// whose first layer the net updates instead of summing afresh (equal
    /// up to float rounding).
    fn rate(&mut self, net: &Network, after: &Position, in_batch: bool) -> [f32; OUTCOMES] {
        // Tzannes scoring keeps triples apart; the net predicts them.
        if let Some(r) = game_result(after, Scoring::Tzannes) {
            return outcome_array(&terminal_probabilities(&r));
        }
        let d = on_roll(net, self.rules, &after.flip(), &mut self.scratch, in_batch);
        flip_outcomes(&d)
    }

    /// The distribution, for the mover, of `play` of `numbers`: as
    /// [`Self::rate`], except that in Express numbers the play leaves
    /// unused are first played by the opponent ([`Self::reply`], R21).
    fn rate_play(
        &mut self,
        net: &Network,
        numbers: &Numbers,
        play: &Play,
        in_batch: bool,
    ) -> [f32; OUTCOMES] {
        if self.rules.variant == Variant::Express
            && game_result(&play.position, Scoring::Tzannes).is_none()
            && let Some(pending) = play.numbers_left(numbers)
        {
            let (_, value) = self.reply(net, &play.position.flip(), &pending);
            return flip_outcomes(&value);
        }
        self.rate(net, &play.position, in_batch)
    }

    /// Fills `out` with the plays of `numbers` from `position`: all of
    /// them, or the Express beam's for a roll of several groups.
    fn list_plays(
        &mut self,
        net: &Network,
        position: &Position,
        numbers: &Numbers,
        out: &mut PlayList,
    ) {
        if self.rules.variant == Variant::Express && is_multi_group(numbers) {
            inner_plays(
                &mut self.generator,
                &mut self.beam,
                position,
                numbers,
                EXPRESS_BEAM,
                &BeamNet(net),
                &Plakoto::new(self.rules),
                out,
            );
        } else {
            self.generator.generate(position, numbers, out);
        }
    }

    /// The opponent's play of `numbers` passed to it (R21) from
    /// `position` (its side on roll), the best by the net: the position it
    /// then rolls from (or the finished game) and its value for it.
    fn reply(
        &mut self,
        net: &Network,
        position: &Position,
        numbers: &Numbers,
    ) -> (Position, [f32; OUTCOMES]) {
        let mut plays = std::mem::take(&mut self.reply_plays);
        self.list_plays(net, position, numbers, &mut plays);
        self.reply_scratch.begin_batch();
        let (mut best, mut best_value, mut best_eq) =
            (*position, [0.0; OUTCOMES], f32::NEG_INFINITY);
        for play in &plays.plays {
            let d = match game_result(&play.position, Scoring::Tzannes) {
                Some(r) => outcome_array(&terminal_probabilities(&r)),
                // The replier rolls next: no flip.
                None => on_roll(
                    net,
                    self.rules,
                    &play.position,
                    &mut self.reply_scratch,
                    true,
                ),
            };
            let eq = standard_equity(&d);
            if eq > best_eq {
                (best, best_value, best_eq) = (play.position, d, eq);
            }
        }
        self.reply_plays = plays;
        (best, best_value)
    }

    /// The index and value (seen from the mover) of the play in `plays`
    /// of `numbers` the net rates best by standard equity. The plays are
    /// one batch: each updates the first layer of the one before (see
    /// `eval::net::incremental`), which depends only on `plays`, so the
    /// result does not depend on what the worker rated before.
    fn best_of(
        &mut self,
        net: &Network,
        numbers: &Numbers,
        plays: &PlayList,
    ) -> (usize, [f32; OUTCOMES]) {
        self.scratch.begin_batch();
        let (mut best, mut best_value, mut best_eq) = (0, [0.0; OUTCOMES], f32::NEG_INFINITY);
        for (i, play) in plays.plays.iter().enumerate() {
            let d = self.rate_play(net, numbers, play, true);
            let eq = standard_equity(&d);
            if eq > best_eq {
                (best, best_value, best_eq) = (i, d, eq);
            }
        }
        (best, best_value)
    }

    /// The best play's value for the mover on `position` (on roll) with
    /// `numbers`, seen from the mover.
    fn best_value(
        &mut self,
        net: &Network,
        position: &Position,
        numbers: &plakoto_rules::Numbers,
    ) -> [f32; OUTCOMES] {
        let mut plays = std::mem::take(&mut self.plays);
        self.list_plays(net, position, numbers, &mut plays);
        let (_, value) = self.best_of(net, numbers, &plays);
        self.plays = plays;
        value
    }

    /// The 1-ply value of `position` for the side on roll: the average
    /// over the 21 rolls (weighted by their chances) of the best play's
    /// value. `known`: numbers whose best value is already known (a
    /// `best_of` of the same plays, which gives the same value bit for bit).
    fn expected_value(
        &mut self,
        net: &Network,
        position: &Position,
        known: Option<(Numbers, [f32; OUTCOMES])>,
    ) -> [f32; OUTCOMES] {
        let mut sum = [0.0f32; OUTCOMES];
        for (dice, weight) in Dice::all_rolls() {
            let numbers = dice.numbers(self.rules.variant);
            let d = match known {
                Some((n, value)) if n == numbers => value,
                _ => self.best_value(net, position, &numbers),
            };
            for k in 0..OUTCOMES {
                sum[k] += f32::from(weight) * d[k];
            }
        }
        sum.map(|x| x / 36.0)
    }

    /// Plays one game under `variant` from the initial position with dice
    /// from `seed`; appends its samples (λ-return targets) to `out`. With
    /// chance `epsilon` a turn plays a random legal play instead
    /// (exploration).
    #[allow(clippy::too_many_arguments)]
    pub fn play_game(
        &mut self,
        net: &Network,
        variant: Variant,
        seed: u64,
        lambda: f32,
        epsilon: f32,
        target: TargetKind,
        out: &mut Vec<Sample>,
    ) {
        self.rules = Rules {
            variant,
            ..Rules::default()
        };
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut position = Position::initial();
        self.states.clear();
        self.values.clear();
        self.drawn.clear();
        for _ in 0..TURN_CAP {
            let numbers = Dice::roll(&mut rng).numbers(variant);
            let mut plays = std::mem::take(&mut self.plays);
            self.list_plays(net, &position, &numbers, &mut plays);
            let explore = epsilon > 0.0 && rng.r#gen::<f32>() < epsilon;
            let (best, best_value) = if explore {
                let random = rng.gen_range(0..plays.plays.len());
                (
                    random,
                    self.rate_play(net, &numbers, &plays.plays[random], false),
                )
            } else {
                self.best_of(net, &numbers, &plays)
            };
            let chosen = plays.plays[best];
            self.plays = plays;
            self.states.push(position);
            self.values.push(best_value);
            self.drawn.push((numbers, (!explore).then_some(best_value)));
            if game_result(&chosen.position, Scoring::Tzannes).is_some() {
                break;
            }
            position = chosen.position.flip();
            if variant == Variant::Express
                && let Some(pending) = chosen.numbers_left(&numbers)
            {
                // The opponent plays the numbers left to it, then rolls
                // (R21): the same play its value was rated by.
                let (after, _) = self.reply(net, &position, &pending);
                if game_result(&after, Scoring::Tzannes).is_some() {
                    break;
                }
                position = after;
            }
        }
        if target == TargetKind::Expected {
            for t in 0..self.states.len() {
                let position = self.states[t];
                let (numbers, value) = self.drawn[t];
                let known = value.map(|v| (numbers, v));
                self.values[t] = self.expected_value(net, &position, known);
            }
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

#[cfg(test)]
mod tests {
    use super::*;
    use plakoto_rules::parse_board_text;

    /// Rates every roll's plays of positions of seeded random games as
    /// `best_of` does (one batch per roll, incremental first layer) and
    /// one by one with `net.forward`; returns the largest difference.
    fn batched_vs_single(net: &Network) -> f32 {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut generator = MoveGenerator::default();
        let mut roots = Vec::new();
        for _ in 0..6 {
            plakoto_rules::sampling::random_game(
                &mut rng,
                Rules::default(),
                &mut generator,
                300,
                |p| roots.push(*p),
            );
        }
        let (mut batched, mut single) = (Worker::default(), Worker::default());
        let mut plays = PlayList::default();
        let (mut rated, mut worst) = (0, 0.0f32);
        for (n, root) in roots.iter().enumerate() {
            let (dice, _) = Dice::all_rolls().nth(n % 21).expect("21 rolls");
            let numbers = dice.numbers(Variant::Standard);
            generator.generate(root, &numbers, &mut plays);
            batched.scratch.begin_batch();
            let mut values = Vec::new();
            for play in &plays.plays {
                let b = batched.rate(net, &play.position, true);
                let s = single.rate(net, &play.position, false);
                for k in 0..OUTCOMES {
                    worst = worst.max((b[k] - s[k]).abs());
                    assert!((b[k] - s[k]).abs() <= 1e-5, "outcome {k}: {b:?} vs {s:?}");
                }
                values.push(b);
                rated += 1;
            }
            // `best_of` returns the batch's value of the play it picks,
            // and that play is the best by equity.
            let (best, value) = batched.best_of(net, &numbers, &plays);
            assert_eq!(value, values[best]);
            let top = values
                .iter()
                .map(standard_equity)
                .fold(f32::NEG_INFINITY, f32::max);
            assert_eq!(standard_equity(&value), top);
        }
        assert!(rated > 2000, "only {rated} plays rated");
        worst
    }

    #[test]
    fn batched_ratings_equal_single_forward_passes() {
        // The incremental updates did happen and rounded differently
        // somewhere: otherwise the batched path would not be under test.
        assert!(batched_vs_single(&Network::random(256, 9)) > 0.0);
        batched_vs_single(&Network::embedded().expect("embedded weights"));
    }

    /// The weights after one training round played on `threads` threads.
    fn weights_after_a_round(
        threads: usize,
        rules: Variant,
        target: TargetKind,
        games: u64,
    ) -> Vec<u8> {
        let config = crate::train::checkpoint::TrainConfig {
            self_play: crate::train::checkpoint::SelfPlaySettings {
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
        let mut trainer = crate::train::Trainer::new(config, None);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("thread pool");
        pool.install(|| trainer.round());
        plakoto_engine::eval::net::weights::to_bytes(&trainer.net)
    }

    #[test]
    fn the_thread_count_does_not_change_the_trained_weights() {
        // Workers are reused across games in an order that depends on the
        // threads; each roll's batch starts afresh, so that cannot matter.
        for (rules, target, games) in [
            (Variant::Standard, TargetKind::Sampled, 12),
            (Variant::Standard, TargetKind::Expected, 2),
            (Variant::Express, TargetKind::Sampled, 12),
            (Variant::Express, TargetKind::Expected, 1),
        ] {
            assert_eq!(
                weights_after_a_round(1, rules, target, games),
                weights_after_a_round(2, rules, target, games),
                "{rules:?} {target:?}"
            );
        }
    }

    #[test]
    fn a_known_drawn_roll_value_changes_no_expected_value() {
        // The game reuses the drawn roll's best value in the 1-ply target:
        // it must be exactly what computing it again gives.
        let net = Network::random(32, 6);
        let mut rng = ChaCha8Rng::seed_from_u64(12);
        let mut generator = MoveGenerator::default();
        let mut roots = Vec::new();
        plakoto_rules::sampling::random_game(&mut rng, Rules::default(), &mut generator, 40, |p| {
            roots.push(*p)
        });
        let mut worker = Worker::default();
        for (n, root) in roots.iter().enumerate() {
            let (dice, _) = Dice::all_rolls().nth(n * 5 % 21).expect("21 rolls");
            let numbers = dice.numbers(Variant::Standard);
            let drawn = worker.best_value(&net, root, &numbers);
            let known = worker.expected_value(&net, root, Some((numbers, drawn)));
            assert_eq!(known, worker.expected_value(&net, root, None), "{root:?}");
        }
    }

    #[test]
    fn the_expected_value_of_a_sure_bear_off_is_a_sure_win() {
        // The side on roll has one checker left, on its 1-point: every
        // roll bears it off, so all 21 rolls give the same exact win.
        let position = parse_board_text("1:1 / 13:15").expect("valid board");
        let net = Network::random(16, 3);
        let value = Worker::default().expected_value(&net, &position, None);
        let wins: f32 = value[..4].iter().sum();
        assert!((wins - 1.0).abs() < 1e-6, "{value:?}");
        assert!((value.iter().sum::<f32>() - 1.0).abs() < 1e-6, "{value:?}");
    }

    #[test]
    fn expected_targets_are_valid_distributions() {
        let net = Network::random(16, 5);
        let mut worker = Worker::default();
        let mut out = Vec::new();
        for variant in [Variant::Standard, Variant::Express] {
            worker.play_game(&net, variant, 11, 0.7, 0.0, TargetKind::Expected, &mut out);
        }
        assert!(!out.is_empty());
        for sample in &out {
            assert!(
                sample.target.iter().all(|&x| x >= -1e-6),
                "{:?}",
                sample.target
            );
            assert!((sample.target.iter().sum::<f32>() - 1.0).abs() < 1e-4);
        }
    }

    #[test]
    fn express_numbers_left_unused_are_played_by_the_opponent() {
        // All of X's checkers stand on its 24-point; O holds X's 18- and
        // 19-points (its own 7- and 6-points) with two checkers each, so
        // X cannot use a 6 or a 5: both numbers pass to O, who plays them
        // before rolling (R21).
        let position = parse_board_text("24:15 / 24:11 7:2 6:2").expect("board");
        let numbers = Dice::new(6, 5).expect("dice").numbers(Variant::Express);
        let mut worker = Worker {
            rules: Rules {
                variant: Variant::Express,
                ..Rules::default()
            },
            ..Worker::default()
        };
        let net = Network::random(16, 4);
        let mut plays = PlayList::default();
        worker.list_plays(&net, &position, &numbers, &mut plays);
        assert_eq!(plays.plays.len(), 1);
        let pass = plays.plays[0];
        let pending = pass.numbers_left(&numbers).expect("numbers passed on");
        // The play's value is the opponent's best play of the passed
        // numbers, seen from the mover.
        let (after, value) = worker.reply(&net, &pass.position.flip(), &pending);
        assert_ne!(after, pass.position.flip(), "the opponent moved");
        let rated = worker.rate_play(&net, &numbers, &pass, false);
        assert_eq!(rated, flip_outcomes(&value));
        // Under standard rules the same play is rated as the position
        // the opponent rolls from.
        worker.rules = Rules::default();
        assert_eq!(
            worker.rate_play(&net, &numbers, &pass, false),
            worker.rate(&net, &pass.position, false)
        );
    }
}
