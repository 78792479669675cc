//! Fevga in the lab: trained and refined by the game-layer trainer
//! ([`crate::train::table`]) through its net
//! ([`plakoto_engine::game::fevga::net`]), trained and measured against
//! the Fevga heuristic under Fevga's default switches (docs/rules.md,
//! Fevga), which its inputs are encoded under too; a fresh run keeps the
//! seeded random net it starts from as `initial.net`
//! ([`FevgaNetwork::save_initial`]), the baseline of the run.
//!
//! Its benchmark is built and scored by the generic builder and scorer
//! ([`crate::benchmark::build_game`], [`crate::benchmark::score`])
//! with what is Fevga's: its phases and their shares, and its evaluators
//! by name (the engine's [`fevga_evaluator`] registry: `heuristic`,
//! `pipcount`, `net`), each with the identity a header records (a net's
//! with its weights' hash).
//!
//! **Phases.** The phase of a Fevga decision (docs/rules.md, Fevga),
//! [`fevga_phase`], is read off the position alone, so that a Fevga
//! benchmark says where a player loses.
//!
//! Both sides travel the same way round the board from opposite corners
//! (F2), so a checker has an opposing checker *ahead* of it when that
//! checker stands on a point it still has to travel over (a lower point in
//! its own side's numbering): it cannot land there (F5), and the other
//! side can hold points in front of it. The sides *have contact* while some
//! checker of either side has an opposing checker ahead of it; once none
//! has, neither side can ever hinder the other again.
//!
//! The phases, checked in this order (the first that applies wins):
//!
//! 1. `race`: no contact: a pure race (bear-offs included).
//! 2. `bearoff`: a side has every checker it has left in its home board
//!    (points 1–6: it may bear off, F10) while the sides still have
//!    contact: the other side still has to come round past it, or is
//!    blocked by it.
//! 3. `runner`: a side is not yet released from the runner rule (F7,
//!    under the game's `fevga.release`): the opening, in which only the
//!    runner may leave the starting point.
//! 4. `prime`: a side holds [`PRIME_LENGTH`] or more points in a row along
//!    the opponent's path with an opposing checker behind them (one that
//!    still has to pass them).
//! 5. `blocking`: anything else: both sides released, still to pass each
//!    other, nobody bearing off, no long wall: the battle for points.

use std::convert::Infallible;
use std::path::Path;
use std::sync::Arc;

use crate::LabGame;
use crate::benchmark::BenchmarkError;
use crate::benchmark::build_game::BuildOptions;
use crate::benchmark::build_game::GameBuild;
use crate::benchmark::cli::{BuildArgs, StrengthArgs, build_table, table_strength};
use crate::benchmark::data::Benchmark;
use crate::benchmark::data::DEFAULT_RULES;
use crate::benchmark::data::TurnRecord;
use crate::benchmark::phase::{GamePhase, has_wall};
use crate::benchmark::sample_game::GameSampler;
use crate::benchmark::score::StrengthReport;
use crate::benchmark::score::{Chooser, score};
use crate::benchmark::unlisted::UnlistedRollouts;
use crate::train::table::game::Streams;
use plakoto_engine::eval::Probabilities;
use plakoto_engine::eval::net::weights::WeightsError;
use plakoto_engine::game::SearchSettings;
use plakoto_engine::game::fevga::net::inputs::{FevgaInputs, encode};
use plakoto_engine::game::fevga::net::outcomes::{
    OUTCOMES, flip, from_probabilities, outcome_mask, to_probabilities,
};
use plakoto_engine::game::fevga::net::{FevgaNet, FevgaNetwork};
use plakoto_engine::game::{
    FEVGA_EVALUATORS, FevgaHeuristicEvaluator, FevgaNetEvaluator, GameEvaluator, fevga_evaluator,
    game_equity,
};
use plakoto_rules::Fevga;
use plakoto_rules::fevga::{
    FevgaPosition, FevgaRules, PrimeRule, QuarterCheck, QuarterRule, Release, is_released,
    other_numbering,
};
use plakoto_rules::tavli::ToPlay;

impl LabGame for Fevga {
    const MOVEMENT_RULES: bool = false;

    fn turn_record(&self, to_play: &ToPlay<Infallible>) -> TurnRecord {
        TurnRecord::of_roll(to_play)
    }

    fn build_benchmark(a: &BuildArgs) -> Result<(), BenchmarkError> {
        build_table(a, build_shard)
    }

    fn score_benchmark(a: &StrengthArgs) -> Result<(), BenchmarkError> {
        table_strength(a, strength)
    }

    fn phase_of(&self, position: &FevgaPosition) -> Option<GamePhase> {
        Some(fevga_phase(position, &self.rules))
    }

    // Training.
    const NAME: &'static str = "Fevga";
    const CHECKPOINT_MAGIC: &'static [u8; 8] = b"PLKFCKPT";
    const STREAMS: Streams = Streams {
        game: 0xFE76_5E1F,
        shuffle: 0xFE76_5AFF,
        init: 0xFE76_1417,
        arena: 0xFE76_A4E7,
    };
    /// Fevga games run about a hundred turns.
    const TURN_CAP: usize = 2_000;

    type NetGame = FevgaNet;
    type Inputs = FevgaInputs;
    type Outcomes = [f32; OUTCOMES];
    type NetEvaluator = FevgaNetEvaluator;
    type Heuristic = FevgaHeuristicEvaluator;

    fn trained() -> Fevga {
        GAME
    }

    fn rated(&self) -> Fevga {
        *self
    }

    fn initial_net(dir: &Path, hidden: usize, seed: u64) -> Result<FevgaNetwork, WeightsError> {
        FevgaNetwork::save_initial(&dir.join("initial.net"), hidden, seed)
    }

    fn forward(
        &self,
        net: &FevgaNetwork,
        position: &FevgaPosition,
        inputs: &mut FevgaInputs,
        hidden: &mut Vec<f32>,
    ) -> [f32; OUTCOMES] {
        let mut p = [0.0; OUTCOMES];
        encode(position, &self.rules, inputs);
        net.forward(inputs, outcome_mask(position), hidden, &mut p);
        p
    }

    fn outcomes(p: &Probabilities) -> [f32; OUTCOMES] {
        from_probabilities(p)
    }

    fn flip_outcomes(d: &[f32; OUTCOMES]) -> [f32; OUTCOMES] {
        flip(d)
    }

    fn evaluator_of(net: Arc<FevgaNetwork>) -> FevgaNetEvaluator {
        FevgaNetEvaluator::new(net)
    }

    fn outcome_equity(&self, d: &[f32; OUTCOMES]) -> f32 {
        game_equity(self, &to_probabilities(d))
    }
}

/// The game the net is trained for: Fevga under its default switches.
const GAME: Fevga = Fevga {
    rules: FevgaRules {
        release: Release::PastStart,
        quarter_rule: QuarterRule::Own,
        quarter_check: QuarterCheck::EveryStep,
        prime_rule: PrimeRule::Unblock,
    },
};

/// Each Fevga phase's share of the decisions sampled (when the games give
/// enough of them; a short phase's rest goes to the others). The builder
/// passes over a decision whose candidates all roll out alike
/// (`benchmark/build_game.rs`): when measured (150 decisions, 36 games a
/// candidate) about 70% of the bear-offs (mostly a mars no play saves)
/// and 15% of the races, none of the others. Bear-offs are sampled so
/// much more often that each phase keeps about the same number.
pub const FEVGA_PHASE_SHARES: [(GamePhase, f64); 5] = [
    (GamePhase::Runner, 0.15),
    (GamePhase::Blocking, 0.15),
    (GamePhase::Prime, 0.15),
    (GamePhase::Bearoff, 0.40),
    (GamePhase::Race, 0.15),
];

/// The Fevga evaluator named `name` with its identity (the name, and for
/// the net its weights' hash: `net 9e5cd538`), or why there is none.
pub fn evaluator(name: &str) -> Result<(Box<dyn GameEvaluator<Fevga>>, String), BenchmarkError> {
    if name == "net" {
        let net = FevgaNetEvaluator::with_default_network()
            .map_err(|e| BenchmarkError::Engine(format!("the Fevga net cannot be loaded: {e}")))?;
        let identity = format!("net {}", net.network().short_hash());
        return Ok((Box::new(net), identity));
    }
    let evaluator = fevga_evaluator(name).ok_or_else(|| {
        BenchmarkError::Engine(if FEVGA_EVALUATORS.contains(&name) {
            format!("the Fevga evaluator '{name}' cannot be loaded (no Fevga net's weights?)")
        } else {
            format!(
                "'{name}' is not a Fevga evaluator: {}",
                FEVGA_EVALUATORS.join(", ")
            )
        })
    })?;
    Ok((evaluator, name.to_string()))
}

/// Builds (or resumes) one shard of a Fevga benchmark under the default
/// switches, rolled out by the evaluator named `evaluator` against the
/// weak player `weak` in the sampled games. Returns the decisions rolled
/// out now.
pub fn build_shard(
    options: &BuildOptions,
    evaluator_name: &str,
    weak_name: &str,
) -> Result<usize, BenchmarkError> {
    let game = Fevga::default();
    let ((strong, identity), (weak, _)) = (evaluator(evaluator_name)?, evaluator(weak_name)?);
    let phase_of = |p: &FevgaPosition| fevga_phase(p, &game.rules);
    let sampler = GameSampler {
        game: &game,
        strong: strong.as_ref(),
        weak: weak.as_ref(),
        shares: &FEVGA_PHASE_SHARES,
        phase_of: &phase_of,
    };
    GameBuild {
        game: &game,
        rules: DEFAULT_RULES.to_string(),
        evaluator: strong.as_ref(),
        identity: &identity,
        weak: weak.as_ref(),
        shares: &FEVGA_PHASE_SHARES,
        sample: &|seed, count| sampler.sample(seed, count),
        pass_over_alike: true,
    }
    .build_shard(options)
}

/// Judges the player `player_name` (an evaluator's name, or `random`) at
/// `plies` on the Fevga `benchmark`, on `threads` threads; with
/// `roll_unlisted`, a choice that is no candidate is rolled out by the
/// benchmark's own rollout evaluator (by the name its header gives, the
/// identity checked: a net of other weights is refused).
pub fn strength(
    benchmark: &Benchmark,
    player_name: &str,
    plies: u8,
    threads: usize,
    roll_unlisted: bool,
) -> Result<StrengthReport, BenchmarkError> {
    let game = Fevga::default();
    let roller = match roll_unlisted {
        true => {
            let wanted = &benchmark.header.evaluator;
            let name = wanted.split(' ').next().unwrap_or_default();
            Some(evaluator(name)?)
        }
        false => None,
    };
    let unlisted = roller
        .as_ref()
        .map(|(e, identity)| {
            UnlistedRollouts::for_benchmark(&benchmark.header, &game, e.as_ref(), identity)
        })
        .transpose()?;
    if player_name == "random" {
        let chooser = Chooser::Random;
        return score(
            benchmark,
            &game,
            &chooser,
            "random",
            threads,
            unlisted.as_ref(),
        );
    }
    let (player, identity) = evaluator(player_name)?;
    let settings = SearchSettings::default();
    let chooser = Chooser::Search {
        evaluator: player.as_ref(),
        plies,
        settings: &settings,
    };
    let name = format!("fevga {identity} {plies}-ply");
    score(
        benchmark,
        &game,
        &chooser,
        &name,
        threads,
        unlisted.as_ref(),
    )
}

/// Points in a row that make a Fevga prime. A single checker holds a
/// point in Fevga, so walls of four are common in any middle game; five
/// in a row leaves the trapped checkers only a 6 (or nothing), which is
/// what decides the games of this phase.
pub const PRIME_LENGTH: u8 = 5;

/// The Fevga phase of `position` (seen from the side on roll) under
/// `rules` (whose `release` switch says when the runner phase ends); see
/// the module documentation.
pub fn fevga_phase(position: &FevgaPosition, rules: &FevgaRules) -> GamePhase {
    let flipped = position.flipped();
    if !has_contact(position) {
        return GamePhase::Race;
    }
    if all_home(position) || all_home(&flipped) {
        return GamePhase::Bearoff;
    }
    if !is_released(position, rules.release) || !is_released(&flipped, rules.release) {
        return GamePhase::Runner;
    }
    if has_prime(position) || has_prime(&flipped) {
        return GamePhase::Prime;
    }
    GamePhase::Blocking
}

/// Whether some checker of either side has an opposing checker ahead of
/// it: the side on roll's highest checker above the opponent's lowest (in
/// the side on roll's numbering), or the same in the opponent's.
fn has_contact(position: &FevgaPosition) -> bool {
    let (own, opp) = position.sides();
    let highest = |side: &[u8; 24]| (1..=24u8).rev().find(|&p| side[usize::from(p) - 1] > 0);
    let lowest = |points: &mut dyn Iterator<Item = u8>| points.min();
    // The opponent's checkers in the side on roll's numbering, and the
    // side on roll's in the opponent's.
    let opp_seen = lowest(&mut (1..=24u8).filter(|&p| position.opp_at(p) > 0));
    let own_seen = lowest(
        &mut (1..=24u8)
            .filter(|&p| own[usize::from(p) - 1] > 0)
            .map(other_numbering),
    );
    let ahead =
        |top: Option<u8>, other: Option<u8>| matches!((top, other), (Some(t), Some(o)) if o < t);
    ahead(highest(&own), opp_seen) || ahead(highest(&opp), own_seen)
}

/// Whether every checker the side on roll has left is on its points 1–6.
fn all_home(position: &FevgaPosition) -> bool {
    (7..=24).all(|p| position.own_at(p) == 0)
}

/// Whether the side on roll holds [`PRIME_LENGTH`] or more points in a
/// row along the opponent's path with an opposing checker behind them.
/// The opponent's path is its points 24 → 1, so the wall is looked for in
/// the opponent's numbering (where it may straddle the side on roll's
/// 1- and 24-points) and a checker behind it stands on a higher point.
fn has_prime(position: &FevgaPosition) -> bool {
    let (_, opp) = position.sides();
    // The opponent's point `q` is the side on roll's `S(q)`.
    let held = |q: u8| position.own_at(other_numbering(q)) > 0;
    // Upwards: a run of held points ending at `q`, an opposing checker above.
    let behind = |q: u8, _run| (q + 1..=24).any(|r| opp[usize::from(r) - 1] > 0);
    has_wall(1..=24u8, usize::from(PRIME_LENGTH), held, behind)
}

#[cfg(test)]
mod tests {
    use super::*;
    use plakoto_rules::fevga::parse_fevga_board_text;

    fn phase(text: &str) -> GamePhase {
        let position = parse_fevga_board_text(text).expect("board text");
        fevga_phase(&position, &FevgaRules::default())
    }

    #[test]
    fn the_start_is_the_runner_phase() {
        assert_eq!(
            fevga_phase(&FevgaPosition::start(), &FevgaRules::default()),
            GamePhase::Runner
        );
        // The side on roll released (a checker on its 9), the opponent's
        // runner still on its way.
        assert_eq!(phase("24:14 9:1 / 24:14 16:1"), GamePhase::Runner);
    }

    #[test]
    fn phases_of_typical_positions() {
        // Own 4-6 is the opponent's 16-18 and its 3-6 the side on roll's
        // 15-18: each side has passed the other.
        assert_eq!(phase("6:5 5:5 4:5 / 6:5 5:5 3:5"), GamePhase::Race);
        // The opponent is home; the side on roll's checker on its 20 has
        // still to pass the opponent's 5 (its own 17).
        assert_eq!(phase("20:1 6:14 / 5:15"), GamePhase::Bearoff);
        // Both released, checkers spread, nobody home, no long wall.
        assert_eq!(
            phase("24:5 20:2 18:2 15:2 10:2 8:2 / 24:5 19:2 17:2 14:2 9:2 7:2"),
            GamePhase::Blocking
        );
        // The side on roll holds its 14-18, the opponent's 2-6, with
        // opposing checkers on the opponent's 8 and 10 behind them.
        assert_eq!(
            phase("21:1 18:2 17:3 16:3 15:3 14:2 9:1 / 10:13 8:1 1:1"),
            GamePhase::Prime
        );
        // Four in a row is no prime.
        assert_eq!(
            phase("21:1 18:3 17:4 16:4 15:2 9:1 / 10:13 8:1 1:1"),
            GamePhase::Blocking
        );
        // Five in a row with nothing behind it is no prime either: the
        // side on roll's 2-6 is the opponent's 14-18, which its checkers
        // (on its 12, 9 and 3) have all passed.
        assert_eq!(
            phase("20:1 6:3 5:3 4:3 3:3 2:2 / 12:5 9:5 3:5"),
            GamePhase::Blocking
        );
    }
}
