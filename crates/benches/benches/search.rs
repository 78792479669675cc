//! Criterion benches of the search: ranking every play of a roll at 1 and
//! 2 plies on fixed mid-game positions, with the stand-in evaluator (the
//! `plakoto bench hint` command gives the figures the issue asks for).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use plakoto_rules::sampling::midgame_suite;
use plakoto_rules::{Dice, MoveGenerator, Rules, TurnNumbers};
#[path = "../../engine/tests/engine/stand_in.rs"]
mod stand_in;
use plakoto_engine::game::plakoto_turn::to_play;
use plakoto_engine::game::{GameSearch, Root, SearchSettings};
use plakoto_rules::Plakoto;
use stand_in::StandInEvaluator;

fn rank(c: &mut Criterion) {
    let rules = Rules::default();
    let suite = midgame_suite(2026, 4, 12);
    let dice = Dice::new(5, 3).expect("dice");
    let turn = to_play(&TurnNumbers::Rolled(dice, dice.numbers(rules.variant)));
    let game = Plakoto::new(rules);
    let evaluator = StandInEvaluator;
    let mut generator = MoveGenerator::default();
    for plies in [1u8, 2] {
        let settings = SearchSettings::with_plies(plies);
        let mut search = GameSearch::new();
        c.bench_function(&format!("rank 5-3 at {plies}-ply (4 positions)"), |b| {
            b.iter(|| {
                for p in &suite {
                    let root = Root::new(&game, &evaluator, p, &turn);
                    black_box(search.rank_turn_generated(
                        root,
                        &mut generator,
                        &settings,
                        settings.limits(),
                    ));
                }
            })
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = rank
}
criterion_main!(benches);
