//! Plakoto's benchmark build and every game's merge: a Plakoto shard is
//! built by the builder of every game ([`GameBuild`], `build_game.rs`)
//! from the decisions Plakoto's sampler gives (`sample.rs`: the net, the
//! heuristic and the net with random plays); `merge` joins shard files
//! into the compressed benchmark. For each decision, the candidates that
//! matter (the best few of a 2-ply search, the 0-ply choices of the
//! strong and the weak player, and the play made in the game) are rolled
//! out with the same dice for every candidate.
//!
//! Resumable and shardable: every shard samples the same decision list
//! (it depends only on the seed, the rules and the count) and takes the
//! decisions whose `id mod N` is its own; a restarted shard skips the
//! decisions its file already holds (see [`super::work`]).

use std::path::{Path, PathBuf};

use super::BenchmarkError;
pub use super::build_game::BuildOptions;
use super::build_game::GameBuild;
use super::data::Benchmark;
use super::sample::{PHASE_SHARES, SampledDecision, sample_decisions};
use super::sample_game::GameDecision;
use plakoto_engine::eval::GameEvaluator;
use plakoto_engine::game::plakoto_turn::to_play;
use plakoto_rules::Plakoto;
use plakoto_rules::{Game, Phase, Position, Rules, Side, TurnNumbers};

/// Builds (or resumes) one shard of a Plakoto benchmark under `options`'
/// variant, rolled out by `evaluator` (the net) against `heuristic` in
/// the sampled games ([`GameBuild::build_shard`]). Returns the decisions
/// rolled out now (with `disagreements_only`, the decisions passed over
/// are not counted, nor written: a resumed shard looks at them again,
/// which costs a 2-ply search each).
pub fn build_shard(
    options: &BuildOptions,
    evaluator: &dyn GameEvaluator<Plakoto>,
    heuristic: &dyn GameEvaluator<Plakoto>,
) -> Result<usize, BenchmarkError> {
    let rules = options.rules();
    let game = Plakoto::new(rules);
    let sample = |seed, count| {
        sample_decisions(rules, seed, count, evaluator, heuristic)
            .iter()
            .map(game_decision)
            .collect()
    };
    GameBuild {
        game: &game,
        rules: options.variant.to_string(),
        evaluator,
        identity: &evaluator.identity_in(&Plakoto::new(rules)),
        weak: heuristic,
        shares: &PHASE_SHARES,
        sample: &sample,
        // The sampler leaves out the decisions whose plays the net rates
        // alike.
        pass_over_alike: false,
    }
    .build_shard(options)
}

/// A sampled Plakoto decision as the builder of every game takes it.
fn game_decision(sampled: &SampledDecision) -> GameDecision<Plakoto> {
    GameDecision {
        position: sampled.position,
        to_play: to_play(&sampled.turn),
        played: sampled.played.position,
        phase: sampled.phase,
        source: sampled.source.to_string(),
        legal_plays: sampled.legal_plays,
    }
}

/// A game standing at a decision: `position` (side to play first) with
/// `turn`'s numbers to play.
pub fn decision_game(
    rules: Rules,
    position: &Position,
    turn: TurnNumbers,
) -> Result<Game, BenchmarkError> {
    let (dice, passed) = match turn {
        TurnNumbers::Rolled(dice, _) => (Some(dice), None),
        TurnNumbers::Passed(numbers) => (None, Some(numbers)),
    };
    Game::from_parts(rules, *position, Side::X, dice, passed, Phase::Playing)
        .map_err(|e| BenchmarkError::Format(format!("a decision that is no game: {e}")))
}

/// Joins benchmark files (shard work files, or compressed benchmarks built
/// with the same options) into one compressed benchmark at `out`.
pub fn merge(inputs: &[PathBuf], out: &Path) -> Result<Benchmark, BenchmarkError> {
    let mut merged: Option<Benchmark> = None;
    for path in inputs {
        let part = Benchmark::read(path)?;
        match &mut merged {
            None => merged = Some(part),
            Some(m) if m.header == part.header => m.decisions.extend(part.decisions),
            Some(m) => {
                return Err(BenchmarkError::Options(format!(
                    "{} was built with other options than {} ({:?} vs {:?})",
                    path.display(),
                    inputs[0].display(),
                    part.header,
                    m.header
                )));
            }
        }
    }
    let mut merged =
        merged.ok_or_else(|| BenchmarkError::Options("nothing to merge".to_string()))?;
    merged.decisions.sort_by_key(|d| d.id);
    merged.decisions.dedup_by_key(|d| d.id);
    merged.write_gz(out)?;
    Ok(merged)
}
