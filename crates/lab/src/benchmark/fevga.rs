//! The Fevga benchmark: what ties the game-layer builder and scorer
//! ([`super::build_game`], [`super::score_game`]) to Fevga: its phases and
//! their shares, and its evaluators by name (the engine's
//! [`fevga_evaluator`] registry: `heuristic`, `pipcount`, `net`), each
//! with the identity a header records (a net's with its weights' hash).

use super::BenchmarkError;
use super::build::BuildOptions;
use super::build_game::GameBuild;
use super::cli::{BuildArgs, GameBenchmark, StrengthArgs, build_table, table_strength};
use super::data::Benchmark;
use super::phase::GamePhase;
use super::phase_fevga::fevga_phase;
use super::score::StrengthReport;
use super::score_game::{GameChooser, score_game};
use super::unlisted_game::GameUnlistedRollouts;
use plakoto_engine::game::{FEVGA_EVALUATORS, FevgaNetEvaluator, GameEvaluator, fevga_evaluator};
use plakoto_engine::search::SearchSettings;
use plakoto_rules::fevga::FevgaPosition;
use plakoto_rules::tavli::Fevga;

/// Each Fevga phase's share of the decisions sampled (when the games give
/// enough of them; a short phase's rest goes to the others). The builder
/// passes over a decision whose candidates all roll out alike
/// ([`super::build_game`]): when measured (150 decisions, 36 games a
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
    GameBuild {
        game: &game,
        evaluator: strong.as_ref(),
        identity: &identity,
        weak: weak.as_ref(),
        shares: &FEVGA_PHASE_SHARES,
        phase_of: &phase_of,
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
            GameUnlistedRollouts::for_benchmark(&benchmark.header, &game, e.as_ref(), identity)
        })
        .transpose()?;
    if player_name == "random" {
        let chooser = GameChooser::Random;
        return score_game(
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
    let chooser = GameChooser::Search {
        evaluator: player.as_ref(),
        plies,
        settings: &settings,
    };
    let name = format!("fevga {identity} {plies}-ply");
    score_game(
        benchmark,
        &game,
        &chooser,
        &name,
        threads,
        unlisted.as_ref(),
    )
}

/// Fevga's benchmark, built and scored by the generic builder and scorer.
impl GameBenchmark for Fevga {
    fn build(a: &BuildArgs) -> Result<(), BenchmarkError> {
        build_table(a, build_shard)
    }

    fn strength(a: &StrengthArgs) -> Result<(), BenchmarkError> {
        table_strength(a, strength)
    }
}
