//! Expert iteration's targets for the Portes and Fevga nets (`plakoto
//! refine targets --game portes|fevga`): the net
//! plays itself at 0 ply, a deeper search of the same net values the
//! candidate plays of sampled decisions, and the net is then fitted to
//! those values. TD self-play levels off where the net's own 0-ply values
//! are its targets; a 2-ply search of the same net is stronger than the
//! net, so its values are better targets (the route Plakoto's `refine`
//! took, `crates/lab/training/refine2`).
//!
//! **Targets.** The decisions are sampled from the net's games against
//! itself (the positions strong play is decided in), a quarter of the
//! decisions of each game that have two plays or more and that no exact
//! table covers. For each decision the search ranks the roll's plays at
//! `--plies`; every play it valued at that depth (the move filter's
//! survivors, exact plays left out) becomes one target line: the position
//! the play reaches with the opponent on roll, and the search's outcome
//! distribution seen from that side. A decision's candidates share its
//! `index`. Values are read under the game's [`LabGame::rated`]
//! scoring, as self-play reads them, so triples are taught apart.
//!
//! **Fit.** `plakoto refine fit` fits every game's net to such files
//! ([`super::fit`]).
//!
//! Target lines are JSON, one a line: `index`, `position` (the game's
//! Position ID), `equity0` (the net's 0-ply equity of the play for its
//! mover), `equity` (the search's), `target` (the net's outcomes, side on
//! roll). The file is appended to, a decision's lines in one write, so a
//! stopped run resumes where it stopped.

use super::game::NetOf;
use std::path::PathBuf;
use std::sync::Arc;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::LabGame;
use crate::train::refine_error::RefineError;
use crate::train::target_line::{TargetWriter, read_lines};
use plakoto_engine::game::{Evaluation, SearchLimits, SearchSettings};
use plakoto_engine::game::{GameEvaluator, GameSearch, GreedyChooser, game_equity};
use plakoto_rules::Dice;
use plakoto_tools::arena::referee::mix_seed;
use plakoto_tools::arena::shard::Shard;

/// Share of a game's eligible decisions that are sampled: a few from
/// many games rather than every one of few.
const SAMPLED_SHARE: f64 = 0.25;

/// Stream tag of the sampled games' dice (mixed with the run's seed).
const SAMPLE_STREAM: u64 = 0x5EF1_4E5A;

/// One labelled position of a table game, as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableTargetLine {
    /// The decision's index in the run's sampled list.
    pub index: usize,
    /// Position ID of the position a candidate reaches, side on roll
    /// first (the opponent of the play's mover).
    pub position: String,
    /// The net's 0-ply equity of the play, for its mover.
    pub equity0: f32,
    /// The deep search's equity of the play, for its mover.
    pub equity: f32,
    /// The deep search's distribution for the side on roll at
    /// `position`, in the net's outcome order.
    pub target: Vec<f32>,
}

/// A decision to label: a position (side on roll) and the roll to play.
#[derive(Clone, Copy, Debug)]
pub struct SampledDecision<P> {
    /// The position before the play.
    pub position: P,
    /// The roll.
    pub dice: Dice,
}

/// What `refine targets` for a table game is asked.
#[derive(Clone, Debug)]
pub struct TableTargetArgs {
    /// The file appended to.
    pub out: PathBuf,
    /// Decisions sampled in the whole run.
    pub decisions: usize,
    /// Seed of the sampled games.
    pub seed: u64,
    /// Depth of the labelling search.
    pub plies: u8,
    /// This process's part of the decisions.
    pub shard: Shard,
    /// The net that plays and labels (`None`: the embedded one).
    pub weights: Option<PathBuf>,
    /// Chance of a random play on a turn of the sampled games.
    pub epsilon: f32,
}

/// The net of `weights`, or the embedded one.
pub(super) fn load_net<G: LabGame>(weights: &Option<PathBuf>) -> Result<NetOf<G>, RefineError> {
    let net = match weights {
        Some(path) => G::load(path),
        None => G::embedded_net(),
    };
    net.map_err(|e| RefineError::Weights(e.to_string()))
}

/// `count` decisions from games of `net` against itself, the same list
/// for every shard: game `g`'s dice and explorations come from `seed` and
/// `g` alone.
pub fn sample_decisions<G: LabGame>(
    net: &G::NetEvaluator,
    seed: u64,
    count: usize,
    epsilon: f32,
) -> Vec<SampledDecision<G::Position>> {
    let trained = G::trained();
    let rated = trained.rated();
    let mut generator = rated.generator();
    let mut list = G::PlayList::default();
    let mut chooser = GreedyChooser::<G>::new();
    let mut out = Vec::with_capacity(count);
    let mut game_number = 0u64;
    while out.len() < count {
        let mut rng = ChaCha8Rng::seed_from_u64(mix_seed(&[seed, game_number, SAMPLE_STREAM]));
        game_number += 1;
        let mut position = rated.start();
        for _ in 0..G::TURN_CAP {
            if net.exact_value(&rated, &position).is_some() {
                break;
            }
            let dice = Dice::roll(&mut rng);
            rated.generate(&mut generator, &position, dice, &mut list);
            let plays = rated.plays(&list);
            if plays.len() >= 2 && rng.gen_bool(SAMPLED_SHARE) && out.len() < count {
                out.push(SampledDecision { position, dice });
            }
            let (best, _) = chooser
                .choose_by(&rated, net, plays, |p| game_equity(&trained, p))
                .expect("a game in progress has a play");
            let index = if epsilon > 0.0 && rng.r#gen::<f32>() < epsilon {
                rng.gen_range(0..plays.len())
            } else {
                best
            };
            let after = rated.after(&plays[index]);
            if rated.result(&after).is_some() {
                break;
            }
            position = rated.flip(&after);
        }
    }
    out
}

/// The target lines of one decision: every play `search` valued at
/// `plies` (exact plays left out), as the position it reaches with the
/// opponent on roll.
pub fn decision_targets<G: LabGame>(
    search: &mut GameSearch<G>,
    net: &G::NetEvaluator,
    decision: &SampledDecision<G::Position>,
    index: usize,
    plies: u8,
) -> Vec<TableTargetLine> {
    let rated = G::trained().rated();
    let settings = SearchSettings::default();
    let ranking = search.rank(
        &rated,
        net,
        &decision.position,
        decision.dice,
        &settings,
        SearchLimits::plies(plies),
    );
    ranking
        .plays
        .iter()
        .filter(|r| r.evaluated_at == Evaluation::Plies { plies })
        .map(|r| {
            let after = rated.after(&r.play);
            let on_roll = rated.flip(&after);
            let target = G::flip_outcomes(&G::outcomes(&r.probabilities));
            TableTargetLine {
                index,
                position: rated.position_id(&on_roll),
                equity0: -game_equity(&rated, &net.evaluate(&rated, &on_roll)),
                equity: r.equity,
                target: target.as_ref().to_vec(),
            }
        })
        .collect()
}

/// `plakoto refine targets --game G`: labels this shard's decisions not
/// yet in `--out`, appending to it.
pub fn build_targets<G: LabGame>(a: &TableTargetArgs) -> Result<(), RefineError> {
    let net = G::evaluator_of(Arc::new(load_net::<G>(&a.weights)?));
    let done: std::collections::HashSet<usize> = if a.out.exists() {
        read_lines::<TableTargetLine>(&a.out)?
            .into_iter()
            .map(|l| l.index)
            .collect()
    } else {
        Default::default()
    };
    let sampled = sample_decisions::<G>(&net, a.seed, a.decisions, a.epsilon);
    let mine: Vec<usize> = (0..sampled.len())
        .filter(|&i| i as u32 % a.shard.count == a.shard.index - 1 && !done.contains(&i))
        .collect();
    eprintln!(
        "refine targets ({}): {} decisions sampled, {} labelled before, {} to label at {} ply",
        G::NAME,
        sampled.len(),
        done.len(),
        mine.len(),
        a.plies
    );
    let mut out = TargetWriter::open(&a.out, mine.len(), 1000)?;
    let mut search = GameSearch::<G>::new();
    for &index in &mine {
        let lines = decision_targets(&mut search, &net, &sampled[index], index, a.plies);
        out.append(&lines)?;
        search.trim();
    }
    Ok(())
}
