//! The tests of `plakoto_tools::bench::eval`.

use plakoto_rules::GameKind;
use plakoto_rules::tavli::Fevga;
use plakoto_tools::bench::eval::*;

#[test]
fn a_fevga_evaluator_is_measured_by_name_on_the_fevga_suite() {
    let options = EvalBenchOptions {
        game: GameKind::Fevga,
        positions: 3,
        rounds: 1,
        evaluator: Some("pipcount".to_string()),
        positions_file: None,
    };
    let timed = measure_table::<Fevga>(&options).expect("measured");
    assert_eq!((timed.evaluator.as_str(), timed.positions), ("pipcount", 3));
    assert!(timed.batches > 0 && timed.evaluations >= timed.batches);
    let unknown = EvalBenchOptions {
        evaluator: Some("net-f32".to_string()),
        ..options
    };
    let error = measure_table::<Fevga>(&unknown).err().unwrap().to_string();
    assert!(
        error.starts_with("Fevga has no evaluator 'net-f32'"),
        "{error}"
    );
}
