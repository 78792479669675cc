//! The trainer's strength check, as every game plays it: a short
//! duplicate-dice match between two players, in-process on the trainer's
//! threads through the arena's referee ([`duplicate_games`]), and its
//! result ([`MatchResult`]). The match of two evaluators is
//! [`super::table::arena_check`].

use rayon::prelude::*;

use plakoto_rules::Side;
use plakoto_tools::ToolsGame;
use plakoto_tools::arena::referee::mix_seed;
use plakoto_tools::arena::tavli_player::{BoxedPlayer, TavliPlayer};
use plakoto_tools::arena::tavli_referee::{Opening, TavliSetup, play_tavli_game};

/// Result of a duplicate match, from A's side.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MatchResult {
    /// Games played (twice the pairs).
    pub games: u64,
    /// A's mean points per game.
    pub ppg: f64,
    /// Half-width of the 95% confidence interval of `ppg`, from the
    /// spread of the pairs' results.
    pub ci95: f64,
}

impl std::fmt::Display for MatchResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:+.3} ± {:.3} ppg ({} games)",
            self.ppg, self.ci95, self.games
        )
    }
}

/// Plays `pairs` pairs of games of `game` with duplicate dice (A is X in
/// one game of a pair and O in the other, on the same dice; the Greek
/// opening, a cap of 2,000 turns) between the players `players` makes, A's
/// and B's, once per worker thread. Seeded: the same arguments give the
/// same result on any number of threads, as long as the players choose
/// without chance.
pub fn duplicate_games<G: ToolsGame + Sync>(
    game: &G,
    players: &(dyn Fn() -> (BoxedPlayer<G>, BoxedPlayer<G>) + Sync),
    pairs: u64,
    seed: u64,
) -> MatchResult {
    let results: Vec<f64> = (0..pairs)
        .into_par_iter()
        .map_init(
            || {
                let (a, b) = players();
                (a, b, game.referee_generator())
            },
            |(pa, pb, generator), pair| {
                let mut sum = 0.0;
                for a_side in [Side::X, Side::O] {
                    let setup = TavliSetup {
                        opening: Opening::Greek,
                        dice_seed: mix_seed(&[seed, pair, 0xD1CE]),
                        player_seeds: [0, 0],
                        turn_cap: 2_000,
                        starter: None,
                        score: Default::default(),
                        tavli: None,
                    };
                    let players: [&mut dyn TavliPlayer<G>; 2] = if a_side == Side::X {
                        [&mut **pa, &mut **pb]
                    } else {
                        [&mut **pb, &mut **pa]
                    };
                    let outcome = play_tavli_game(game, &setup, players, generator);
                    let points = f64::from(outcome.points);
                    sum += match outcome.winner {
                        Some(w) if w == a_side => points,
                        Some(_) => -points,
                        None => 0.0,
                    };
                }
                sum
            },
        )
        .collect();
    MatchResult::from_pairs(&results)
}

impl MatchResult {
    /// The result of a duplicate match from A's points in each pair (the
    /// sum of its two games).
    pub fn from_pairs(results: &[f64]) -> MatchResult {
        let n = results.len().max(1) as f64;
        let mean_pair = results.iter().sum::<f64>() / n;
        let var = if results.len() > 1 {
            results.iter().map(|r| (r - mean_pair).powi(2)).sum::<f64>() / (n - 1.0)
        } else {
            0.0
        };
        MatchResult {
            games: 2 * results.len() as u64,
            ppg: mean_pair / 2.0,
            ci95: 1.96 * (var / n).sqrt() / 2.0,
        }
    }
}
