//! The tests of `plakoto_tools::bench::hint`.

use plakoto_rules::{Dice, GameKind};
use plakoto_tools::bench::hint::*;

#[test]
fn fevga_hints_are_timed_at_each_depth_in_plakoto_s_report_shape() {
    let options = HintBenchOptions {
        game: GameKind::Fevga,
        positions: 2,
        plies: vec![0, 1],
        rolls: Some(vec![Dice::new(6, 5).unwrap(), Dice::new(2, 2).unwrap()]),
        evaluator: Some("heuristic".to_string()),
        rollout_trials: 2,
        ..HintBenchOptions::default()
    };
    let report = measure(&options).expect("measured");
    assert_eq!(
        (report.game, report.evaluator.as_str()),
        (GameKind::Fevga, "heuristic")
    );
    let depths: Vec<u8> = report.timings.iter().map(|t| t.plies).collect();
    assert_eq!(depths, [0, 1]);
    assert!(report.timings.iter().all(|t| t.hints == 4));
    assert!(report.timings[1].mean_evaluations >= report.timings[0].mean_evaluations);
    assert!(report.rollout_games_per_second.is_some_and(|g| g > 0.0));
}
