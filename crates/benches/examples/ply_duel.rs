//! In-process self-play: an n-ply player against a 0-ply player with the
//! same evaluator, on duplicate dice (each dice stream is played twice with
//! the seats swapped), reporting points per game for the deeper player
//! with a 95% confidence interval over the pairs.
//!
//! `cargo run --release -p plakoto-benches --example ply_duel -- [GAMES] [PLIES] [THREADS] [express]`
//! (defaults: 2000 games, 2 plies, 1 thread, standard rules). Uses the
//! engine's heuristic evaluator; `plakoto arena` makes the same comparison
//! between any two engines or built-in players.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use plakoto_engine::eval::heuristic::HeuristicEvaluator;
use plakoto_engine::game::plakoto_turn::to_play;
use plakoto_engine::game::{GameSearch, Root};
use plakoto_engine::game::{SearchLimits, SearchSettings};
use plakoto_rules::Plakoto;
use plakoto_rules::{
    Dice, MoveGenerator, Position, Rules, Seat, TurnNumbers, Variant, game_result,
};

/// Plays one game; `deep_first` says whether the deep player moves first.
/// Returns the points won by the deep player (negative when it loses).
fn play_game(seed: u64, deep_first: bool, plies: u8, rules: Rules) -> f64 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut search = GameSearch::new();
    let game = Plakoto::new(rules);
    let evaluator = HeuristicEvaluator;
    let settings = SearchSettings::default();
    // The depth of each player, indexed as `mover`.
    let limits = [SearchLimits::plies(plies), SearchLimits::plies(0)];
    let mut generator = MoveGenerator::default();
    let mut position = Position::initial();
    // Index into `limits` of the side to move.
    let mut mover = if deep_first { 0 } else { 1 };
    let mut pending = None;
    for _ in 0..2000 {
        let turn = match pending.take() {
            Some(n) => TurnNumbers::Passed(n),
            None => {
                let dice = Dice::roll(&mut rng);
                TurnNumbers::Rolled(dice, dice.numbers(rules.variant))
            }
        };
        let to_play = to_play(&turn);
        let root = Root::new(&game, &evaluator, &position, &to_play);
        let play = search
            .choose_turn_generated(root, &mut generator, &settings, limits[mover])
            .expect("a game in progress has a play");
        if let Some(r) = game_result(&play.position, rules.scoring) {
            let points = f64::from(r.points(rules.scoring));
            let deep_won = match r.winner {
                None => return 0.0,
                Some(Seat::OnRoll) => mover == 0,
                Some(Seat::Opponent) => mover != 0,
            };
            return if deep_won { points } else { -points };
        }
        match turn {
            TurnNumbers::Passed(_) => position = play.position,
            TurnNumbers::Rolled(_, numbers) => {
                if rules.variant == Variant::Express {
                    let used: Vec<u8> = play.steps.iter().map(|s| s.die.pips()).collect();
                    pending = numbers.remainder(&used);
                }
                position = play.position.flip();
                mover = 1 - mover;
            }
        }
    }
    0.0
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(2000);
    let plies: u8 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(2);
    let threads: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1);
    let rules = Rules {
        variant: if args.iter().any(|a| a == "express") {
            Variant::Express
        } else {
            Variant::Standard
        },
        ..Rules::default()
    };
    let pairs = games.div_ceil(2);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("thread pool");
    let start = std::time::Instant::now();
    let results: Vec<f64> = pool.install(|| {
        (0..pairs)
            .into_par_iter()
            .map(|i| {
                let seed = 0xD0_u64 << 32 | i as u64;
                (play_game(seed, true, plies, rules) + play_game(seed, false, plies, rules)) / 2.0
            })
            .collect()
    });
    let n = results.len() as f64;
    let mean = results.iter().sum::<f64>() / n;
    let var = results.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    let ci = 1.96 * (var / n).sqrt();
    println!(
        "{plies}-ply vs 0-ply, {} games ({pairs} duplicate pairs), {} rules, evaluator pipcount: \
         {mean:+.3} ppg ± {ci:.3} (95% CI) in {:.0} s",
        pairs * 2,
        rules.variant,
        start.elapsed().as_secs_f64()
    );
}
