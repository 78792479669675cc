//! The tests of `plakoto_tools::bench::bench_game`: the games' evaluators
//! by name, through `bench_evaluator`, Plakoto's among them.

use plakoto_rules::{Fevga, Plakoto, Portes};
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
    // Plakoto's net also runs in f32 beside its integer copy.
    let f32_net = bench_evaluator::<Plakoto>(Some("net-f32")).unwrap();
    let int_net = bench_evaluator::<Plakoto>(None).unwrap();
    assert_eq!((f32_net.name(), int_net.name()), ("net-f32", "net"));
    assert_eq!(
        bench_evaluator::<Plakoto>(Some("pipcount")).unwrap().name(),
        "pipcount"
    );
    let error = bench_evaluator::<Plakoto>(Some("nets"))
        .err()
        .unwrap()
        .to_string();
    assert!(
        error.contains("Plakoto has no evaluator 'nets'")
            && error.contains("heuristic, pipcount, net, net-f32"),
        "{error}"
    );
}
