//! The tests of `plakoto_tools::bench::eval`.

use plakoto_rules::GameKind;
use plakoto_rules::{Fevga, Plakoto};
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
    let timed = measure_game::<Fevga>(&options).expect("measured");
    assert_eq!((timed.evaluator.as_str(), timed.positions), ("pipcount", 3));
    assert!(timed.batches > 0 && timed.evaluations >= timed.batches);
    let unknown = EvalBenchOptions {
        evaluator: Some("net-f32".to_string()),
        ..options
    };
    let error = measure_game::<Fevga>(&unknown).err().unwrap().to_string();
    assert!(
        error.starts_with("Fevga has no evaluator 'net-f32'"),
        "{error}"
    );
}

#[test]
fn plakoto_nets_are_measured_with_their_weights_identity_and_kernel() {
    let options = EvalBenchOptions {
        game: GameKind::Plakoto,
        positions: 2,
        rounds: 1,
        evaluator: Some("net".to_string()),
        positions_file: None,
    };
    let integer = measure_game::<Plakoto>(&options).expect("measured");
    // `net 3318971f`: the weights' short hash after the name.
    let hash = integer.evaluator.strip_prefix("net ").expect("the net");
    assert!(hash.len() == 8 && hash.chars().all(|c| c.is_ascii_hexdigit()));
    assert!(integer.kernel.ends_with(" i16"), "{}", integer.kernel);
    let float = EvalBenchOptions {
        evaluator: Some("net-f32".to_string()),
        ..options
    };
    let float = measure_game::<Plakoto>(&float).expect("measured");
    assert!(float.kernel.ends_with(" f32"), "{}", float.kernel);
    assert_eq!(float.evaluations, integer.evaluations);
}
