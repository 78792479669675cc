//! The fast move generator against the brute-force reference, over
//! positions from seeded random games, every roll.

use crate::{common, scale};

use std::collections::HashSet;

use plakoto_rules::sampling::midgame_suite;
use plakoto_rules::{Dice, MoveGenerator, PlayList, Position, Variant};

fn compare(suite: &[Position], variant: Variant) -> usize {
    let mut generator = MoveGenerator::default();
    let mut plays = PlayList::default();
    let mut checked = 0;
    for pos in suite {
        for (dice, _) in Dice::all_rolls() {
            let numbers = dice.numbers(variant);
            if variant == Variant::Express && dice.is_double() && dice.0.pips() < 5 {
                continue; // too many orders for brute force; see the R20 count tests
            }
            generator.generate(pos, &numbers, &mut plays);
            let fast: HashSet<Position> = plays.plays.iter().map(|p| p.position).collect();
            let reference: HashSet<Position> =
                common::reference_plays(pos, &numbers).into_iter().collect();
            assert_eq!(
                fast.len(),
                plays.len(),
                "duplicate positions for {dice} at {pos:?}"
            );
            assert_eq!(fast, reference, "plays differ for {dice} at {pos:?}");
            checked += 1;
        }
    }
    checked
}

#[test]
fn r11_generator_matches_brute_force_reference_standard() {
    let suite = midgame_suite(7, 300, 0);
    assert_eq!(compare(&suite, Variant::Standard), 300 * 21);
}

/// 150 positions in a full run (`scale`).
#[test]
fn r20_generator_matches_brute_force_reference_express() {
    let positions = scale::sample(150);
    let suite = midgame_suite(8, positions, 0);
    assert!(compare(&suite, Variant::Express) > positions * 15);
}
