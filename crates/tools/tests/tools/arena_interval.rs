//! The tests of `plakoto_tools::arena::interval`.

use plakoto_tools::arena::interval::*;

#[test]
fn wilson_matches_the_formula() {
    // 8 of 10: the textbook 95% Wilson interval is 0.490-0.943.
    let [lo, hi] = wilson95(8.0, 10).unwrap();
    assert!(
        (lo - 0.490).abs() < 1e-3 && (hi - 0.943).abs() < 1e-3,
        "{lo} {hi}"
    );
    assert_eq!(wilson95(0.0, 0), None);
}

#[test]
fn the_mean_interval_needs_two_values() {
    let mut m = Moments::default();
    m.add(1.0);
    assert_eq!(m.ci95(), None);
    m.add(0.0);
    // sd 0.7071, se 0.5.
    assert!((m.ci95().unwrap() - Z95 * 0.5).abs() < 1e-12);
}
