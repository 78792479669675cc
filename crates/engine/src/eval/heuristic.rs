//! A hand-written evaluator: the baseline that plays sensibly before search
//! and the neural net exist, and a cheap fallback afterwards.
//!
//! It scores a position in "pip equivalents" for the side on roll (before
//! it rolls), turns the score into a chance of winning with a logistic
//! curve, and spreads wins and losses over the outcome kinds:
//!
//! - **Race**: the pip counts, plus a few pips for being on roll.
//! - **Pins** (R6, R7): a pinned checker costs a base amount plus more the
//!   deeper it sits (a checker pinned in the opponent's home board, its
//!   points 19–23, is held until the opponent is ready to bear off; one
//!   pinned near its own home is soon freed). Pins the side holds count the
//!   same in its favour.
//! - **Blocks**: points held by two or more checkers (or by a checker on
//!   top of a pinned one) in front of opposing checkers, and the longest run
//!   of such points (a prime), which hems the opponent in.
//! - **Blots**: a single checker in reach of opposing checkers behind it
//!   risks being pinned; the cost is the chance of a shot (direct and
//!   combined numbers, blocks ignored) times what the pin would cost. The
//!   opponent's blots are hit first (the side on roll moves now), so they
//!   weigh more than the side's own.
//! - **Stacking**: many checkers on the starting point, or piled on any
//!   point, are slow and inflexible.
//! - **Mothers** (R15, R16): a mother alone on its 24-point and in reach
//!   becomes a chance of a mother win or loss, outside the race; a mother
//!   already pinned decides most of the game.
//! - **Doubles and triples** (R17, R18): the share of wins that are doubles
//!   grows with how far the loser is from bearing off; under Tzannes
//!   scoring part of them are triples while the loser still has checkers
//!   in its starting quadrant.
//!
//! Everything works on the fixed-size position: no allocation per call.

use super::{GameEvaluator, Probabilities};
use plakoto_rules::Plakoto;
use plakoto_rules::{Position, Scoring};

/// Chances out of 36 that a checker `d` pips away (index `d`, 1–12) can be
/// reached by some roll, on an open board (backgammon shot counts).
/// The Portes heuristic uses the same table.
pub(crate) const SHOTS: [f32; 13] = [
    0.0,
    11.0 / 36.0,
    12.0 / 36.0,
    14.0 / 36.0,
    15.0 / 36.0,
    15.0 / 36.0,
    17.0 / 36.0,
    6.0 / 36.0,
    6.0 / 36.0,
    5.0 / 36.0,
    3.0 / 36.0,
    2.0 / 36.0,
    3.0 / 36.0,
];

/// Pips a turn on roll is worth in a race.
const ON_ROLL_PIPS: f32 = 8.0;
/// Cost of any pinned checker, in pips.
const PIN_BASE: f32 = 10.0;
/// Extra cost of a pinned checker per point it sits away from its home.
const PIN_DEPTH: f32 = 1.2;
/// Value of a block standing in front of opposing checkers.
const BLOCK: f32 = 2.5;
/// Value of a run of consecutive blocks: this times the run's length squared.
const PRIME: f32 = 0.9;
/// Weight of the side on roll's own blot risk (it may still cover them).
const OWN_BLOT_WEIGHT: f32 = 0.35;
/// Cost of each checker piled on a point beyond the fourth.
const PILE: f32 = 0.6;
/// Cost of each checker on the starting point beyond two, once the
/// opponent has left its own start behind (it slows the game down).
const START_STACK: f32 = 1.0;
/// Pip equivalents per unit of logit when turning the score into a chance.
const SCALE: f32 = 14.0;
/// Share of mother threats the side on roll can still parry for its own
/// mother: it moves first and may run or be lucky.
const OWN_MOTHER_WEIGHT: f32 = 0.5;

/// The heuristic evaluator (see the module documentation for its terms).
#[derive(Clone, Copy, Debug, Default)]
pub struct HeuristicEvaluator;

impl HeuristicEvaluator {
    /// A new heuristic evaluator.
    pub fn new() -> HeuristicEvaluator {
        HeuristicEvaluator
    }
}

/// The chance that at least one of the opposing checkers at the given
/// distances (bit `d` set for distance `d`, 1–12) reaches the target.
#[inline]
fn shot_chance(distances: u32) -> f32 {
    let mut miss = 1.0f32;
    let mut bits = distances & 0x1ffe;
    while bits != 0 {
        let d = bits.trailing_zeros() as usize;
        miss *= 1.0 - SHOTS[d];
        bits &= bits - 1;
    }
    1.0 - miss
}

/// Cost of the side's checker pinned on its point `p` (1–23).
#[inline]
fn pin_cost(p: usize) -> f32 {
    PIN_BASE + PIN_DEPTH * p as f32
}

/// The terms of one side, computed from a position seen by that side.
struct SideTerms {
    /// Pips to bear off everything.
    pips: f32,
    /// Structure in pip equivalents: pins held and suffered, blocks, primes,
    /// piles (positive is good for the side).
    structure: f32,
    /// Expected cost of the side's blots being pinned.
    blot_risk: f32,
    /// Chance the side's mother gets pinned at the opponent's next chance.
    mother_risk: f32,
    /// Checkers of the side not yet in its home board.
    outside_home: u32,
    /// Checkers of the side in its starting quadrant (points 19–24).
    in_start_quadrant: u32,
}

/// Terms for the side on roll of `pos` (call again on `pos.flip()` for the
/// other side).
fn side_terms(pos: &Position) -> SideTerms {
    let board = pos.raw_board();
    let own_pinned = pos.own_pinned_mask();
    let opp_pinned = pos.opp_pinned_mask();

    // Opposing free checkers move from our point 1 towards our 24; a set
    // bit `q-1` says one stands on our point q.
    let mut opp_free: u32 = 0;
    let mut lowest_opp = 25usize;
    let mut pips = 0f32;
    let mut structure = 0f32;
    let mut outside_home = 0u32;
    let mut in_start_quadrant = 0u32;
    for (i, &b) in board.iter().enumerate() {
        let p = i + 1;
        let own = b.max(0) as u32 + (own_pinned >> i & 1);
        if b < 0 {
            opp_free |= 1 << i;
            lowest_opp = lowest_opp.min(p);
        }
        if opp_pinned >> i & 1 == 1 {
            lowest_opp = lowest_opp.min(p);
        }
        pips += (own * p as u32) as f32;
        if p > 6 {
            outside_home += own;
        }
        if p > 18 {
            in_start_quadrant += own;
        }
        if own > 4 {
            structure -= PILE * (own - 4) as f32;
        }
        // Our checker pinned here (not the mother: that decides the game
        // and is handled outside the score).
        if own_pinned >> i & 1 == 1 && p < 24 {
            structure -= pin_cost(p);
        }
    }

    // Blocks and primes: points the opponent cannot land on, counted when
    // some opposing checker still has to pass them.
    let mut run = 0u32;
    let mut best_run = 0u32;
    for (i, &b) in board.iter().enumerate() {
        let holds = b >= 2 || (b >= 1 && opp_pinned >> i & 1 == 1);
        if holds && i + 1 > lowest_opp {
            structure += BLOCK;
            run += 1;
            best_run = best_run.max(run);
        } else {
            run = 0;
        }
    }
    structure += PRIME * (best_run * best_run) as f32;

    // Blots in reach of opposing checkers behind them.
    let mut blot_risk = 0f32;
    let mut mother_risk = 0f32;
    for (i, &b) in board.iter().enumerate() {
        if b != 1 || opp_pinned >> i & 1 == 1 || i == 0 {
            continue;
        }
        // Distances d = p - q for opposing checkers on q < p, within 12.
        let mut reach = 0u32; // bit d: an opposing checker d pips behind
        for d in 1..=i.min(12) {
            reach |= (opp_free >> (i - d) & 1) << d;
        }
        let chance = shot_chance(reach);
        if i == 23 {
            // A lone checker on the 24-point is the mother (R15) when
            // nothing else of ours is left there, which is this case.
            mother_risk = chance;
        } else {
            blot_risk += chance * pin_cost(i + 1);
        }
    }

    if board[23] > 2 && pos.opp_count(plakoto_rules::Point::OPPONENT_START) == 0 {
        structure -= START_STACK * (board[23] - 2) as f32;
    }

    SideTerms {
        pips,
        structure,
        blot_risk,
        mother_risk,
        outside_home,
        in_start_quadrant,
    }
}

/// Share of wins that are doubles, given the loser's terms.
fn double_share(loser: &SideTerms, loser_off: u8, race_lead: f32) -> f32 {
    if loser_off > 0 {
        return 0.0;
    }
    (0.08 + 0.4 * loser.outside_home as f32 / 15.0 + race_lead / 200.0).clamp(0.0, 0.85)
}

/// Share of double wins that are triples (Tzannes, R18), given the loser's terms.
fn triple_share(loser: &SideTerms, scoring: Scoring) -> f32 {
    match scoring {
        Scoring::Standard => 0.0,
        Scoring::Tzannes => (loser.in_start_quadrant as f32 / 4.0).min(1.0) * 0.6,
    }
}

impl GameEvaluator<Plakoto> for HeuristicEvaluator {
    fn name(&self) -> &str {
        "heuristic"
    }

    fn evaluate(&self, game: &Plakoto, position: &Position) -> Probabilities {
        let rules = game.rules;
        let flipped = position.flip();
        let us = side_terms(position);
        let them = side_terms(&flipped);

        // Mothers first: they end the game outside the race.
        let our_mother_pinned = position.own_pinned_mask() >> 23 & 1 == 1;
        let their_mother_pinned = position.opp_pinned_mask() & 1 == 1;
        let (mut win_mother, mut lose_mother, mut draw) =
            match (our_mother_pinned, their_mother_pinned) {
                // Both pinned is a finished game; keep the numbers sane anyway.
                (true, true) => (0.0, 0.0, 1.0),
                (false, true) => (0.85, 0.0, 0.15),
                (true, false) => (0.0, 0.85, 0.15),
                (false, false) => (
                    // We are on roll: their exposed mother can be hit now.
                    them.mother_risk,
                    us.mother_risk * OWN_MOTHER_WEIGHT * (1.0 - them.mother_risk),
                    0.0,
                ),
            };
        let total = win_mother + lose_mother + draw;
        if total > 1.0 {
            win_mother /= total;
            lose_mother /= total;
            draw /= total;
        }
        let rest = (1.0 - win_mother - lose_mother - draw).max(0.0);

        let race = them.pips - us.pips + ON_ROLL_PIPS;
        let score =
            race + us.structure - them.structure - us.blot_risk * OWN_BLOT_WEIGHT + them.blot_risk;
        let p_win = 1.0 / (1.0 + (-score / SCALE).exp());

        let win = rest * p_win;
        let lose = rest - win;
        let win_double_all = win * double_share(&them, position.opp_off(), race);
        let lose_double_all = lose * double_share(&us, position.own_off(), -race);
        let win_triple = win_double_all * triple_share(&them, rules.scoring);
        let lose_triple = lose_double_all * triple_share(&us, rules.scoring);
        Probabilities {
            win_single: win - win_double_all,
            win_double: win_double_all - win_triple,
            win_triple,
            win_mother,
            lose_single: lose - lose_double_all,
            lose_double: lose_double_all - lose_triple,
            lose_triple,
            lose_mother,
            draw,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use plakoto_rules::sampling::midgame_suite;
    use plakoto_rules::{Dice, MoveGenerator, PlayList, Rules, Variant, parse_board_text};

    /// The heuristic's chances for the side on roll, exact when the game
    /// is over.
    fn evaluate_or_score(
        evaluator: &HeuristicEvaluator,
        position: &Position,
        rules: Rules,
    ) -> Probabilities {
        match plakoto_rules::game_result(position, rules.scoring) {
            Some(r) => crate::eval::terminal_probabilities(&r),
            None => evaluator.evaluate(&Plakoto::new(rules), position),
        }
    }

    fn eval(text: &str) -> Probabilities {
        let pos = parse_board_text(text).expect("valid board");
        HeuristicEvaluator.evaluate(&Plakoto::default(), &pos)
    }

    fn total(p: &Probabilities) -> f32 {
        p.win() + p.lose() + p.draw
    }

    #[test]
    fn probabilities_sum_to_one_and_are_not_negative() {
        for scoring in [Scoring::Standard, Scoring::Tzannes] {
            let rules = Rules::new(Variant::Standard, scoring).expect("valid");
            for pos in midgame_suite(7, 300, 0) {
                for p in [pos, pos.flip()] {
                    let pr = HeuristicEvaluator.evaluate(&Plakoto::new(rules), &p);
                    assert!((total(&pr) - 1.0).abs() < 1e-4, "{pr:?}");
                    let all = [
                        pr.win_single,
                        pr.win_double,
                        pr.win_triple,
                        pr.win_mother,
                        pr.lose_single,
                        pr.lose_double,
                        pr.lose_triple,
                        pr.lose_mother,
                        pr.draw,
                    ];
                    assert!(all.iter().all(|&x| x >= -1e-6), "{pr:?}");
                }
            }
        }
    }

    #[test]
    fn initial_position_favours_the_side_on_roll_slightly() {
        let p = eval("24:15 / 24:15");
        let e = p.equity(Scoring::Standard);
        assert!(e > 0.0 && e < 0.5, "equity {e}");
    }

    #[test]
    fn r7_being_pinned_deep_is_worse_than_near_home() {
        // Our checker pinned on our 20 (the opponent's home) against one
        // pinned on our 8; everything else equal in pips as far as possible.
        let deep = eval("24:13 20:1* 8:1 / 24:10 13:2 5:2 2:1");
        let shallow = eval("24:13 20:1 8:1* / 24:10 17:2 2:3");
        assert!(
            deep.equity(Scoring::Standard) < shallow.equity(Scoring::Standard),
            "{deep:?} vs {shallow:?}"
        );
    }

    #[test]
    fn r16_exposed_opposing_mother_is_a_mother_chance() {
        // The opponent's mother stands alone on its 24 (our 1); we have
        // checkers 2-6 pips away.
        let p = eval("24:10 6:2 4:3 / 24:1 13:14");
        assert!(p.win_mother > 0.3, "{p:?}");
    }

    #[test]
    fn r18_triples_only_under_tzannes() {
        let pos = parse_board_text("6:10 5:5 / 24:10 13:5").expect("valid");
        let std = HeuristicEvaluator.evaluate(&Plakoto::default(), &pos);
        assert_eq!(std.win_triple, 0.0);
        let tzannes = Rules::new(Variant::Standard, Scoring::Tzannes).expect("valid");
        let tz = HeuristicEvaluator.evaluate(&Plakoto::new(tzannes), &pos);
        assert!(tz.win_triple > 0.0, "{tz:?}");
    }

    /// Plays whole games between the heuristic (choosing the play whose
    /// result it rates best) and a uniformly random player, alternating
    /// who starts, and checks the heuristic wins clearly more points.
    #[test]
    fn heuristic_beats_random_play() {
        use rand::{Rng, SeedableRng};
        let rules = Rules::default();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(42);
        let mut generator = MoveGenerator::default();
        let mut list = PlayList::default();
        let mut heuristic_points = 0i32;
        let games = 200;
        for g in 0..games {
            let mut pos = Position::initial();
            let mut heuristic_on_roll = g % 2 == 0;
            for _ in 0..1000 {
                let dice = Dice::roll(&mut rng);
                generator.generate(&pos, &dice.numbers(rules.variant), &mut list);
                let play = if heuristic_on_roll {
                    *list
                        .plays
                        .iter()
                        .max_by(|a, b| {
                            let ea =
                                evaluate_or_score(&HeuristicEvaluator, &a.position.flip(), rules)
                                    .flipped()
                                    .equity(rules.scoring);
                            let eb =
                                evaluate_or_score(&HeuristicEvaluator, &b.position.flip(), rules)
                                    .flipped()
                                    .equity(rules.scoring);
                            ea.total_cmp(&eb)
                        })
                        .expect("never empty")
                } else {
                    list.plays[rng.gen_range(0..list.plays.len())]
                };
                if let Some(r) = plakoto_rules::game_result(&play.position, rules.scoring) {
                    let points = i32::from(r.points(rules.scoring));
                    let mover_won = r.winner == Some(plakoto_rules::Seat::OnRoll);
                    let sign = if r.winner.is_none() {
                        0
                    } else if mover_won == heuristic_on_roll {
                        1
                    } else {
                        -1
                    };
                    heuristic_points += sign * points;
                    break;
                }
                pos = play.position.flip();
                heuristic_on_roll = !heuristic_on_roll;
            }
        }
        eprintln!("heuristic vs random: {heuristic_points:+} points over {games} games");
        // Random play loses almost every game; ask for a clear margin.
        assert!(
            heuristic_points > games,
            "heuristic net points {heuristic_points} over {games} games"
        );
    }
}
