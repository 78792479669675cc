//! The tests of `plakoto_tools::bench::bench_game`: the games' evaluators
//! by name, through `bench_evaluator`.

use plakoto_rules::tavli::{Fevga, Portes};
use plakoto_tools::bench::bench_evaluator;

#[test]
fn an_evaluator_is_found_by_name_or_the_error_lists_the_names() {
    assert_eq!(
        bench_evaluator::<Fevga>(Some("pipcount")).unwrap().name(),
        "pipcount"
    );
    let default = bench_evaluator::<Fevga>(None).unwrap();
    assert!(["net", "heuristic"].contains(&default.name()));
    let error = bench_evaluator::<Fevga>(Some("net-f32"))
        .err()
        .unwrap()
        .to_string();
    assert!(
        error.contains("Fevga has no evaluator 'net-f32'")
            && error.contains("heuristic, pipcount, net"),
        "{error}"
    );
    assert_eq!(bench_evaluator::<Portes>(None).unwrap().name(), "net");
}
