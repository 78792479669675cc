//! How wide a root move filter a game needs: for every position of a
//! seeded suite (the `bench hint` suites' games, another seed) and every
//! roll, the plays are ranked at 0 plies, and the candidates the wide
//! `large` filter keeps are searched at 1 and at 2 plies. One JSON line a decision
//! on stdout: each kept candidate's 0-, 1- and 2-ply equity, best 0-ply
//! first. `scripts/filter_study.py` then replays any narrower filter on
//! these lines (a filter only drops candidates; each kept one's 2-ply
//! value does not depend on the others) and prints, per filter, the
//! candidates searched and the 2-ply equity given up against `large`.
//!
//! ```text
//! cargo run --release -p plakoto-benches --example filter_study -- GAME POSITIONS SEED > F.jsonl
//! ```

use plakoto_engine::eval::EvaluatorKind;
use plakoto_engine::game::{EngineGame, GameEvaluator, GameRanking, GameSearch};
use plakoto_engine::game::{FilterPreset, MoveFilter, SearchLimits, SearchSettings};
use plakoto_rules::Dice;
use plakoto_rules::sampling::midgame_suite;
use plakoto_rules::{Fevga, Plakoto, Portes};
use plakoto_tools::ToolsGame;
use plakoto_tools::bench::bench_evaluator;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let game = args.first().map(String::as_str).unwrap_or("fevga");
    let positions: usize = args.get(1).map_or(20, |s| s.parse().expect("POSITIONS"));
    let seed: u64 = args.get(2).map_or(77, |s| s.parse().expect("SEED"));
    match game {
        "plakoto" => {
            let net = EvaluatorKind::Net.create().expect("the Plakoto net");
            let suite = midgame_suite(seed, positions, 10);
            study(&Plakoto::default(), &*net, &suite);
        }
        "fevga" => table::<Fevga>(seed, positions),
        "portes" => table::<Portes>(seed, positions),
        other => panic!("unknown game {other}"),
    }
}

fn table<G: ToolsGame>(seed: u64, positions: usize) {
    let evaluator = bench_evaluator::<G>(None).expect("the game's evaluator");
    let suite = G::suite_from(seed, positions, 10);
    study(&G::default(), evaluator.as_ref(), &suite);
}

fn study<G: EngineGame>(game: &G, evaluator: &dyn GameEvaluator<G>, suite: &[G::Position]) {
    let mut search = GameSearch::<G>::new();
    let wide = SearchSettings {
        filter: MoveFilter::preset(FilterPreset::Large),
        ..SearchSettings::with_plies(2)
    };
    let flat = SearchSettings::with_plies(0);
    for position in suite {
        for (dice, _) in Dice::all_rolls() {
            let zero = search.rank(
                game,
                evaluator,
                position,
                dice,
                &flat,
                SearchLimits::plies(0),
            );
            if zero.plays.len() < 2 {
                continue;
            }
            let one = search.rank(
                game,
                evaluator,
                position,
                dice,
                &wide,
                SearchLimits::plies(1),
            );
            let two = search.rank(
                game,
                evaluator,
                position,
                dice,
                &wide,
                SearchLimits::plies(2),
            );
            // The candidates `large` kept, best at 0 plies first, each with
            // its 2-ply value.
            let kept =
                wide.filter.row(2)[0].survivors_of(zero.plays.len(), |k| zero.plays[k].equity);
            let rows: Vec<(f32, f32, f32)> = zero.plays[..kept]
                .iter()
                .map(|ranked| {
                    let after = game.after(&ranked.play);
                    let at = |r: &GameRanking<G>| {
                        let found = r.plays.iter().find(|r| game.after(&r.play) == after);
                        found.expect("a kept candidate").equity
                    };
                    (ranked.equity, at(&one), at(&two))
                })
                .collect();
            let e0: Vec<String> = rows.iter().map(|r| format!("{:.5}", r.0)).collect();
            let e1: Vec<String> = rows.iter().map(|r| format!("{:.5}", r.1)).collect();
            let e2: Vec<String> = rows.iter().map(|r| format!("{:.5}", r.2)).collect();
            println!(
                "{{\"plays\":{},\"e0\":[{}],\"e1\":[{}],\"e2\":[{}]}}",
                zero.plays.len(),
                e0.join(","),
                e1.join(","),
                e2.join(",")
            );
        }
    }
}
