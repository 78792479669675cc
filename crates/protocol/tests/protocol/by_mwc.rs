//! What every score-aware `hint` shows in a match, whatever the game: each
//! candidate's match-winning chance, a chance, the candidates ordered by it.

/// The candidates of a JSON `hint` reply, checked: each has its `mwc` in
/// [0, 1] and they are ordered by it, best first.
pub fn candidates_by_mwc(hint: &serde_json::Value) -> &Vec<serde_json::Value> {
    let candidates = hint["candidates"].as_array().expect("candidates");
    let mwc: Vec<f64> = candidates
        .iter()
        .map(|c| c["mwc"].as_f64().expect("every candidate has its MWC"))
        .collect();
    assert!(mwc.iter().all(|m| (0.0..=1.0).contains(m)), "{mwc:?}");
    assert!(
        mwc.windows(2).all(|w| w[0] >= w[1]),
        "by MWC: {mwc:?} {hint}"
    );
    candidates
}
