//! Plays for one roll inside the search tree, bounded so Plakoto Express
//! cannot blow up the search (R20, R21 "Size warning").
//!
//! A roll inside the tree is generated in full by a move generator with a
//! small [`GenLimits`](plakoto_rules::GenLimits) cap, except a sequence of
//! several groups of numbers (an Express escalating double, or a long run
//! of numbers passed on): that is played one group of equal numbers at a
//! time, keeping after each group only the `beam` best positions by the
//! evaluator (a beam search). This is an approximation: the best line may
//! pass through a position the beam dropped, and R10 ("as many numbers as
//! possible") is applied among the lines the beam followed only. The root
//! of a search never uses it: root plays come from the caller's generator.

use super::position_hash::{PosKey, PositionSet};
use crate::eval::GameEvaluator;
use plakoto_rules::Plakoto;
use plakoto_rules::{
    MoveGenerator, Numbers, Play, PlayList, Position, game_result, retain_max_usage,
};

/// Most plays the engine's own choice considers (`hint`, `play`, a
/// built-in player): a capped list is searched among its first this
/// many, and the hint says so.
pub const CHOICE_LIMIT: usize = 50_000;

/// Most plays the engine lists for one roll. Every standard roll and
/// Express doubles from 4-4 up stay far below it; Express 3-3 and lower can
/// have millions (R20), and listing them whole costs hundreds of megabytes
/// (Express 1-1 from the start: 4,148,343 plays, 430 MB). Past it, `legal`
/// counts and pages the plays with
/// [`PlayCounter`](plakoto_rules::PlayCounter) instead and `move` checks a
/// play by the rules core's line search; this keeps the engine's memory
/// bounded.
pub const ENGINE_MAX_POSITIONS: usize = 60_000;

/// Reusable buffers for [`inner_plays`].
#[derive(Default)]
pub struct BeamScratch {
    frontier: Vec<Play>,
    next: Vec<Play>,
    finals: Vec<Play>,
    group_plays: PlayList,
    seen: PositionSet,
    scored: Vec<(f32, usize)>,
    flipped: Vec<Position>,
    values: Vec<crate::eval::Probabilities>,
}

/// Whether `numbers` is a sequence of several groups of equal numbers.
pub fn is_multi_group(numbers: &Numbers) -> bool {
    match numbers {
        Numbers::Sequence(seq) => seq.runs().nth(1).is_some(),
        Numbers::Pair(..) => false,
    }
}

/// Fills `out` with the plays of `numbers` from `position` for use inside
/// the tree: exact (up to the generator's cap) for a pair or a single run
/// of equal numbers, a beam search over the groups otherwise.
#[allow(clippy::too_many_arguments)]
pub fn inner_plays(
    generator: &mut MoveGenerator,
    scratch: &mut BeamScratch,
    position: &Position,
    numbers: &Numbers,
    beam: usize,
    evaluator: &(impl GameEvaluator<Plakoto> + ?Sized),
    game: &Plakoto,
    out: &mut PlayList,
) {
    let rules = game.rules;
    let runs: Vec<&[u8]> = match numbers {
        Numbers::Sequence(seq) if is_multi_group(numbers) => seq.runs().collect(),
        _ => {
            generator.generate(position, numbers, out);
            return;
        }
    };
    let count = runs.len();
    let s = scratch;
    let beam = beam.max(1);
    s.frontier.clear();
    s.finals.clear();
    s.frontier.push(Play {
        position: *position,
        steps: plakoto_rules::StepList::EMPTY,
    });
    for (gi, run) in runs.iter().enumerate() {
        let last = gi + 1 == count;
        let len = run.len();
        let group = Numbers::sequence(run);
        s.next.clear();
        s.seen.clear();
        for f in &s.frontier {
            generator.generate(&f.position, &group, &mut s.group_plays);
            for q in &s.group_plays.plays {
                let mut combined = *f;
                combined.position = q.position;
                for step in q.steps.iter() {
                    combined.steps.push(step);
                }
                let ended = game_result(&q.position, rules.scoring).is_some();
                if ended || last || q.steps.len() < len {
                    s.finals.push(combined);
                } else if s.seen.insert(PosKey(q.position)) {
                    s.next.push(combined);
                }
            }
        }
        if s.next.len() > beam {
            // Keep the positions best for the mover (the opponent would
            // be on roll after them if the turn ended here).
            // One batch, so a net updates each position's first layer
            // from its neighbour's instead of summing it afresh.
            s.flipped.clear();
            s.flipped.extend(s.next.iter().map(|p| p.position.flip()));
            evaluator.evaluate_batch(game, &s.flipped, &mut s.values);
            s.scored.clear();
            for (i, v) in s.values.iter().enumerate() {
                s.scored.push((-v.equity(rules.scoring), i));
            }
            // Only the best `beam` are needed, in any order.
            let cmp = |a: &(f32, usize), b: &(f32, usize)| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1));
            s.scored.select_nth_unstable_by(beam - 1, cmp);
            s.frontier.clear();
            for &(_, i) in s.scored.iter().take(beam) {
                s.frontier.push(s.next[i]);
            }
        } else {
            std::mem::swap(&mut s.frontier, &mut s.next);
        }
        if s.frontier.is_empty() {
            break;
        }
    }
    // R10 among the lines followed, then one play per position (R11).
    out.numbers_used = retain_max_usage(&mut s.finals, numbers);
    out.plays.clear();
    s.seen.clear();
    for p in &s.finals {
        if s.seen.insert(PosKey(p.position)) {
            out.plays.push(*p);
        }
    }
    out.truncated = true;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::PipCountEvaluator;
    use plakoto_rules::{Dice, GenLimits, Rules, Variant};

    #[test]
    fn r20_beam_plays_are_among_the_legal_plays() {
        let rules = Rules {
            variant: Variant::Express,
            ..Rules::default()
        };
        let start = Position::initial();
        let mut generator = MoveGenerator::new(GenLimits {
            max_positions: 100_000,
        });
        let mut scratch = BeamScratch::default();
        let mut inner = PlayList::default();
        let numbers = Dice::new(4, 4).unwrap().numbers(Variant::Express);
        inner_plays(
            &mut generator,
            &mut scratch,
            &start,
            &numbers,
            3,
            &PipCountEvaluator,
            &Plakoto::new(rules),
            &mut inner,
        );
        let mut full = PlayList::default();
        generator.generate(&start, &numbers, &mut full);
        assert!(!full.truncated);
        // Only the last group is expanded from every kept line.
        assert!(!inner.plays.is_empty() && inner.plays.len() < full.plays.len());
        for p in &inner.plays {
            assert!(full.find(&p.position).is_some(), "beam play not legal");
            assert_eq!(p.steps.len(), full.numbers_used);
        }
    }
}
