//! Fevga in the lab: trained and refined by the game-layer trainer
//! ([`crate::train::table`]) through its net
//! ([`plakoto_engine::eval::fevga::net`]), trained and measured against
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

use crate::LabGame;
use crate::benchmark::BenchmarkError;
use crate::benchmark::build_game::BuildOptions;
use crate::benchmark::build_game::GameBuild;
use crate::benchmark::cli::{BuildArgs, StrengthArgs, build_table, table_strength};
use crate::benchmark::data::Benchmark;
use crate::benchmark::data::DEFAULT_RULES;
use crate::benchmark::data::TurnRecord;
use crate::benchmark::phase::GamePhase;
use crate::benchmark::phase_fevga::fevga_phase;
use crate::benchmark::sample_game::GameSampler;
use crate::benchmark::score::StrengthReport;
use crate::benchmark::score::{Chooser, score};
use crate::benchmark::unlisted::UnlistedRollouts;
use crate::train::label_args::LabelArgs;
use crate::train::refine::{FitArgs, RefineError, TargetArgs};
use crate::train::table::TableTrainer;
use crate::train::table::game::{Streams, TrainedGame};
use crate::train::table::labels::run_labels;
use crate::train::table::refine_options::{refine_fit, refine_targets};
use plakoto_engine::eval::Probabilities;
use plakoto_engine::eval::fevga::net::inputs::{FevgaInputs, encode};
use plakoto_engine::eval::fevga::net::outcomes::{
    OUTCOMES, flip, from_probabilities, outcome_mask, to_probabilities,
};
use plakoto_engine::eval::fevga::net::{FevgaNet, FevgaNetwork};
use plakoto_engine::eval::net::weights::WeightsError;
use plakoto_engine::game::SearchSettings;
use plakoto_engine::game::{
    FEVGA_EVALUATORS, FevgaHeuristicEvaluator, FevgaNetEvaluator, GameEvaluator, fevga_evaluator,
    game_equity,
};
use plakoto_rules::fevga::{
    FevgaPosition, FevgaRules, PrimeRule, QuarterCheck, QuarterRule, Release,
};
use plakoto_rules::tavli::Fevga;
use plakoto_rules::tavli::ToPlay;
use std::convert::Infallible;
use std::path::Path;
use std::sync::Arc;

impl LabGame for Fevga {
    const MOVEMENT_RULES: bool = false;

    fn turn_record(&self, to_play: &ToPlay<Infallible>) -> TurnRecord {
        TurnRecord::of_roll(to_play)
    }

    type Run = TableTrainer<Fevga>;

    fn refine_targets(a: &TargetArgs) -> Result<(), RefineError> {
        refine_targets::<Fevga>(a)
    }

    fn refine_fit(a: &FitArgs) -> Result<(), RefineError> {
        refine_fit::<Fevga>(a)
    }

    fn refine_labels(a: &LabelArgs) -> Result<(), RefineError> {
        run_labels::<Fevga>(a)
    }

    fn build_benchmark(a: &BuildArgs) -> Result<(), BenchmarkError> {
        build_table(a, build_shard)
    }

    fn score_benchmark(a: &StrengthArgs) -> Result<(), BenchmarkError> {
        table_strength(a, strength)
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

impl TrainedGame for Fevga {
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
