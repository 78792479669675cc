//! The Portes net (issue 41): its weight file (round trip, refusal of
//! other files, Plakoto's included), the masked outcomes, and its
//! evaluator's batches.

use std::sync::Arc;

use plakoto_engine::eval::Probabilities;
use plakoto_engine::eval::game_net::embedded_network;
use plakoto_engine::eval::net::weights::{self as plakoto_weights, WeightsError};
use plakoto_engine::game::portes::net::outcomes::{
    LOSE_DOUBLE, LOSE_TRIPLE, OUTCOMES, WIN_DOUBLE, WIN_TRIPLE, outcome_mask,
};
use plakoto_engine::game::portes::net::{PortesNet, PortesNetwork};
use plakoto_engine::game::{GameEvaluator, PortesNetEvaluator, portes_evaluator};
use plakoto_rules::Portes;
use plakoto_rules::portes::{PortesPosition, PortesScoring};
use plakoto_rules::{Dice, TavliGame};

/// A position from the sides' checkers on their points (own numbering;
/// point 25 = the bar), the rest borne off.
fn position(own: &[(usize, u8)], opp: &[(usize, u8)]) -> PortesPosition {
    let side = |checkers: &[(usize, u8)]| {
        let mut s = [0u8; 25];
        for &(point, n) in checkers {
            s[point - 1] = n;
        }
        s
    };
    PortesPosition::from_sides(side(own), side(opp)).expect("a valid position")
}

#[test]
fn weight_file_round_trips_through_bytes_and_disk() {
    let net = PortesNetwork::random(32, 9);
    let bytes = net.to_bytes();
    let back = PortesNetwork::from_bytes(&bytes).expect("reads back");
    assert_eq!(back.to_bytes(), bytes);
    let dir = std::env::temp_dir().join(format!("plakoto-portes-net-{}", std::process::id()));
    let path = dir.join("w.net");
    net.save(&path).expect("saved");
    assert_eq!(std::fs::read(&path).expect("file"), bytes);
    assert_eq!(PortesNetwork::load(&path).expect("loads").to_bytes(), bytes);
    // Written through a temporary file: nothing else is left beside it.
    let names: Vec<_> = std::fs::read_dir(&dir).expect("dir").collect();
    assert_eq!(names.len(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn each_game_refuses_the_other_games_weights() {
    let plakoto = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/weights/default.net"))
        .expect("the Plakoto weights");
    let err = PortesNetwork::from_bytes(&plakoto).expect_err("a Plakoto net");
    assert_eq!(
        err,
        WeightsError::OtherGame {
            found: "Plakoto",
            wanted: "Portes"
        }
    );
    assert!(
        err.to_string()
            .contains("Plakoto weight file, not a Portes")
    );
    let portes = PortesNetwork::random(16, 1).to_bytes();
    let err = plakoto_weights::from_bytes(&portes).expect_err("a Portes net");
    assert_eq!(
        err,
        WeightsError::OtherGame {
            found: "Portes",
            wanted: "Plakoto"
        }
    );
}

#[test]
fn damaged_or_foreign_portes_files_are_refused() {
    let good = PortesNetwork::random(16, 2).to_bytes();
    // The feature-set name starts at byte 28.
    let mut features = good.clone();
    features[30] ^= 1;
    assert!(matches!(
        PortesNetwork::from_bytes(&features),
        Err(WeightsError::FeatureSet)
    ));
    let mut damaged = good.clone();
    let last_float = good.len() - 12;
    damaged[last_float] ^= 0x40;
    assert!(matches!(
        PortesNetwork::from_bytes(&damaged),
        Err(WeightsError::Checksum)
    ));
    let mut version = good.clone();
    version[8] = 7;
    assert!(matches!(
        PortesNetwork::from_bytes(&version),
        Err(WeightsError::Version(7))
    ));
    let mut shape = good.clone();
    shape[16] = 17;
    assert!(matches!(
        PortesNetwork::from_bytes(&shape),
        Err(WeightsError::GameShape {
            game: "Portes",
            hidden: 17,
            ..
        })
    ));
    assert!(matches!(
        PortesNetwork::from_bytes(&good[..good.len() - 1]),
        Err(WeightsError::NotWeights)
    ));
    assert!(matches!(
        PortesNetwork::from_bytes(b"not weights at all"),
        Err(WeightsError::NotWeights)
    ));
}

#[test]
fn embedded_weights_load_and_are_the_evaluator_net() {
    embedded_network::<PortesNet>().expect("the embedded Portes weights read");
    let evaluator = portes_evaluator("net").expect("the evaluator 'net'");
    assert_eq!(evaluator.name(), "net");
}

#[test]
fn no_double_once_the_loser_has_borne_off_and_chances_sum_to_one() {
    let game = Portes::default();
    let net = PortesNetEvaluator::new(Arc::new(PortesNetwork::random(32, 5)));
    // The opponent has borne off 1 (14 left): the side on roll cannot win
    // a double or a triple; it has borne off nothing and is in contact,
    // so it can still lose either.
    let p = position(
        &[(24, 2), (13, 5), (8, 3), (6, 5)],
        &[(24, 2), (13, 5), (8, 3), (6, 4)],
    );
    let mask = outcome_mask(&p);
    assert_eq!(mask >> WIN_DOUBLE & 1, 0);
    assert_eq!(mask >> WIN_TRIPLE & 1, 0);
    assert_eq!(mask >> LOSE_DOUBLE & 1, 1);
    assert_eq!(mask >> LOSE_TRIPLE & 1, 1);
    let d = net.distribution(&p);
    assert_eq!((d[WIN_DOUBLE], d[WIN_TRIPLE]), (0.0, 0.0));
    assert!((d.iter().sum::<f32>() - 1.0).abs() < 1e-5, "{d:?}");
    let chances = net.evaluate(&game, &p);
    assert_eq!((chances.win_double, chances.win_triple), (0.0, 0.0));
    let total = chances.win() + chances.lose();
    assert!((total - 1.0).abs() < 1e-5);
    // No contact and the side on roll out of the winner's home: no triple
    // either way, doubles still possible (nobody has borne off).
    let race = position(&[(12, 15)], &[(12, 15)]);
    let mask = outcome_mask(&race);
    assert_eq!(mask >> WIN_TRIPLE & 1, 0);
    assert_eq!(mask >> LOSE_TRIPLE & 1, 0);
    assert_eq!(mask >> WIN_DOUBLE & 1, 1);
    // A checker on the bar keeps triples possible.
    let bar = position(&[(25, 1), (6, 14)], &[(6, 15)]);
    assert_eq!(outcome_mask(&bar) >> LOSE_TRIPLE & 1, 1);
    // Standard scoring counts the net's triples as doubles.
    let d = net.distribution(&bar);
    let standard = net.evaluate(&game, &bar);
    assert!((standard.lose_double - (d[LOSE_DOUBLE] + d[LOSE_TRIPLE])).abs() < 1e-6);
    assert_eq!(standard.lose_triple, 0.0);
    let triple = net.evaluate(&Portes::new(PortesScoring::Triple), &bar);
    assert_eq!(triple.lose_triple, d[LOSE_TRIPLE]);
    assert_eq!(OUTCOMES, 6);
}

#[test]
fn a_batch_is_evaluated_as_one_by_one_up_to_float_rounding() {
    let game = Portes::default();
    let net = PortesNetEvaluator::new(Arc::new(PortesNetwork::random(48, 6)));
    let mut generator = game.generator();
    let mut list = Default::default();
    let mut positions = Vec::new();
    let start = game.start();
    for (dice, _) in Dice::all_rolls() {
        game.generate(&mut generator, &start, dice, &mut list);
        positions.extend(game.plays(&list).iter().map(|p| game.flip(&game.after(p))));
    }
    // A race position too, which the database answers in a batch as well.
    positions.push(position(&[(1, 3), (2, 2)], &[(3, 4)]));
    let mut batch = Vec::new();
    net.evaluate_batch(&game, &positions, &mut batch);
    assert_eq!(batch.len(), positions.len());
    // A batch's first layers are updated from one position to the next,
    // so they equal the one-by-one sums up to float rounding; the race is
    // the database's, exactly.
    let mut worst = 0.0f32;
    let mut compare = |p: &PortesPosition, b: &Probabilities| {
        let single = net.evaluate(&game, p);
        for (x, y) in single.as_array().iter().zip(b.as_array()) {
            assert!(
                (x - y).abs() <= 1e-5,
                "{p:?}: alone {single:?}, in a batch {b:?}"
            );
            worst = worst.max((x - y).abs());
        }
    };
    for (p, b) in positions.iter().zip(&batch) {
        compare(p, b);
    }
    assert_eq!(
        batch.last(),
        net.exact_value(&game, positions.last().unwrap())
            .map(|(p, _)| p)
            .as_ref()
    );
    // The positions no exact table answers, as a search hands them over
    // after its own lookup, are the net's alike.
    let open: Vec<PortesPosition> = positions
        .iter()
        .filter(|p| net.exact_value(&game, p).is_none())
        .copied()
        .collect();
    assert_eq!(open.len(), positions.len() - 1);
    let mut open_batch = Vec::new();
    net.evaluate_open_batch(&game, &open, &mut open_batch);
    for (p, b) in open.iter().zip(&open_batch) {
        compare(p, b);
    }
    // The updates did happen and did round differently somewhere:
    // otherwise this test would not be testing the incremental path.
    assert!(worst > 0.0, "batch and single evaluations never differed");
}

#[test]
fn inputs_are_the_documented_units_and_encode_returns_the_outcome_mask() {
    use plakoto_engine::game::portes::net::contact::{SIDE_FEATURES, contact};
    use plakoto_engine::game::portes::net::inputs::{INPUTS, PortesInputs, encode};
    let mut inputs = PortesInputs::default();
    let mut flipped = PortesInputs::default();
    let positions = crate::random_games::random_game_positions(&Portes::default(), 41, 40);
    assert!(positions.len() > 2_000, "{}", positions.len());
    let features = 2 * 99 + 1;
    let (mut with_shots, mut races) = (0, 0);
    for p in &positions {
        assert_eq!(encode(p, &mut inputs), outcome_mask(p), "{p:?}");
        let x = inputs.dense();
        assert_eq!(x.len(), INPUTS);
        let (own, opp) = p.sides();
        let (own_pips, opp_pips) = p.pip_counts();
        for (s, (side, pips)) in [(&own, own_pips), (&opp, opp_pips)].into_iter().enumerate() {
            let base = 99 * s;
            for (point, &n) in side[..24].iter().enumerate() {
                let units = &x[base + 4 * point..base + 4 * point + 4];
                let n = f32::from(n);
                let want = [
                    f32::from(u8::from(n >= 1.0)),
                    f32::from(u8::from(n >= 2.0)),
                    f32::from(u8::from(n >= 3.0)),
                    (n - 3.0).max(0.0) / 2.0,
                ];
                assert_eq!(units, want, "{p:?} side {s} point {}", point + 1);
            }
            assert_eq!(x[base + 96], f32::from(side[24]) / 2.0);
            assert!((x[base + 98] - pips as f32 / 167.0).abs() < 1e-6);
        }
        let touching = contact(p);
        assert_eq!(x[2 * 99], f32::from(u8::from(touching)));
        let extra = &x[features..];
        assert_eq!(extra.len(), 2 * SIDE_FEATURES);
        if touching {
            assert!(extra.iter().all(|&v| (0.0..=4.0).contains(&v)), "{extra:?}");
            with_shots += usize::from(extra[0] > 0.0);
        } else {
            races += 1;
            assert!(
                extra.iter().all(|&v| v == 0.0),
                "a race has no contact features"
            );
        }
        // Both sides are encoded alike: the flipped position swaps them.
        encode(&p.flipped(), &mut flipped);
        let y = flipped.dense();
        assert_eq!(x[..99], y[99..2 * 99]);
        assert_eq!(
            x[features..features + SIDE_FEATURES],
            y[features + SIDE_FEATURES..]
        );
    }
    assert!(with_shots > 100 && races > 100, "{with_shots} {races}");
}
