//! The tests of `plakoto_tools::conformance::positions`.

use plakoto_tools::conformance::positions::*;

#[test]
fn samples_cover_every_kind_and_replay() {
    let a = samples(300, 7);
    let b = samples(300, 7);
    assert_eq!(a.len(), 300);
    let pairs = |v: &[Sample]| v.iter().map(Sample::pair).collect::<Vec<_>>();
    assert_eq!(pairs(&a), pairs(&b));
    let mix = Mix::of(&a);
    assert!(mix.pins > 50, "{mix}");
    assert!(mix.mothers > 0, "{mix}");
    assert!(mix.finished > 10, "{mix}");
    assert!(mix.express > 50, "{mix}");
    assert!(mix.passed > 0, "{mix}");
    assert!(mix.dice > 50, "{mix}");
    assert!(mix.matches > 50, "{mix}");
}
