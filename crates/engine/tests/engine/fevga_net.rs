//! The Fevga net: its inputs (size, the two sides encoded alike), its
//! weight file (round trip through a temporary file, refusal of damaged
//! files and of the other games' nets), the masked outcomes, the missing
//! embedded weights, and its evaluator's batches.

use std::sync::Arc;

use plakoto_engine::eval::game_net::embedded_network;
use plakoto_engine::eval::net::weights::{self as plakoto_weights, WeightsError};
use plakoto_engine::game::fevga::evaluate_fevga_race;
use plakoto_engine::game::fevga::net::inputs::{
    CONTACT, DUTY, FULL_PRIME, FevgaInputs, INPUTS, RUNNER, SIDE_INPUTS, TRAPPED, encode,
};
use plakoto_engine::game::fevga::net::outcomes::{
    LOSE_DOUBLE, OUTCOMES, WIN_DOUBLE, flip, from_probabilities, outcome_mask, to_probabilities,
};
use plakoto_engine::game::fevga::net::{
    EMBEDDED_FEVGA_WEIGHTS, FEVGA_WEIGHTS_ENV, FevgaNet, FevgaNetwork,
};
use plakoto_engine::game::portes::net::PortesNetwork;
use plakoto_engine::game::{FevgaNetEvaluator, GameEvaluator, fevga_evaluator};
use plakoto_rules::Fevga;
use plakoto_rules::fevga::{FevgaPosition, FevgaRules, fevga_result};

use crate::random_games::random_game_positions;

/// Positions from seeded random Fevga games: every position on roll.
fn random_positions(games: u64) -> Vec<FevgaPosition> {
    random_game_positions(&Fevga::default(), 0, games)
}

#[test]
fn inputs_have_their_size_and_encode_both_sides_alike() {
    assert_eq!(INPUTS, 2 * SIDE_INPUTS + 1);
    assert_eq!(SIDE_INPUTS, 152);
    let rules = FevgaRules::default();
    let (mut a, mut b) = (FevgaInputs::default(), FevgaInputs::default());
    let positions = random_positions(20);
    assert!(positions.len() > 1_000);
    for p in &positions {
        encode(p, &rules, &mut a);
        encode(&p.flipped(), &rules, &mut b);
        let (a, b) = (a.dense(), b.dense());
        assert_eq!(a.len(), INPUTS);
        assert!(a.iter().all(|x| x.is_finite() && *x >= 0.0));
        // The flipped position's inputs are these with the sides swapped.
        assert_eq!(a[..SIDE_INPUTS], b[SIDE_INPUTS..2 * SIDE_INPUTS], "{p:?}");
        assert_eq!(a[SIDE_INPUTS..2 * SIDE_INPUTS], b[..SIDE_INPUTS], "{p:?}");
        assert_eq!(a[CONTACT], b[CONTACT]);
    }
    // Two sides with different checkers encode differently.
    encode(&positions[5], &rules, &mut a);
    encode(&positions[5].flipped(), &rules, &mut b);
    assert_ne!(a.dense(), b.dense());
}

#[test]
fn the_unblocking_duty_unit_is_set_for_the_side_that_must_open() {
    // The side on roll holds its 16–21 (the opponent's 4–9) and all 15
    // opposing checkers stand on the opponent's 10 (F15 (j)).
    let mut own = [0u8; 24];
    for p in 16..=21 {
        own[p - 1] = 2;
    }
    own[23] = 3;
    let mut opp = [0u8; 24];
    opp[9] = 15;
    let p = FevgaPosition::from_sides(own, opp).expect("valid");
    let mut inputs = FevgaInputs::default();
    encode(&p, &FevgaRules::default(), &mut inputs);
    let dense = inputs.dense();
    assert_eq!(dense[DUTY], 1.0, "the side on roll must open");
    assert_eq!(dense[SIDE_INPUTS + DUTY], 0.0);
    // A full prime in front of the opponent, whose 15 checkers are all
    // trapped. The opponent is released (it stands on its 10); the side on
    // roll, with nothing below its 12 and none off, is not.
    assert_eq!(dense[FULL_PRIME], 1.0);
    assert_eq!(dense[SIDE_INPUTS + FULL_PRIME], 0.0);
    assert_eq!(dense[SIDE_INPUTS + TRAPPED], 1.0, "15 trapped of 15");
    assert_eq!(dense[TRAPPED], 0.0);
    assert_eq!((dense[RUNNER], dense[SIDE_INPUTS + RUNNER]), (1.0, 0.0));
    // Under another prime rule there is no duty.
    let none = FevgaRules {
        prime_rule: plakoto_rules::fevga::PrimeRule::None,
        ..FevgaRules::default()
    };
    encode(&p, &none, &mut inputs);
    assert_eq!(inputs.dense()[DUTY], 0.0);
}

#[test]
fn weight_file_round_trips_through_bytes_and_a_temporary_file() {
    let net = FevgaNetwork::random(32, 9);
    let bytes = net.to_bytes();
    assert_eq!(&bytes[..8], b"PLKFEVG\0");
    let back = FevgaNetwork::from_bytes(&bytes).expect("reads back");
    assert_eq!(back.to_bytes(), bytes);
    let dir = std::env::temp_dir().join(format!("plakoto-fevga-net-{}", std::process::id()));
    let path = dir.join("w.net");
    net.save(&path).expect("saved");
    assert_eq!(std::fs::read(&path).expect("file"), bytes);
    let loaded = FevgaNetwork::load(&path).expect("loads");
    assert_eq!(loaded.to_bytes(), bytes);
    assert_eq!(loaded.short_hash(), net.short_hash());
    // The trainer's initial file is the seeded random net, as written.
    let initial = dir.join("initial.net");
    let made = FevgaNetwork::save_initial(&initial, 16, 4).expect("written");
    assert_eq!(
        FevgaNetwork::load(&initial).expect("loads").to_bytes(),
        FevgaNetwork::random(16, 4).to_bytes()
    );
    assert_eq!(made.hidden, 16);
    // Written through temporary files: nothing else is left beside them.
    let names: Vec<_> = std::fs::read_dir(&dir).expect("dir").collect();
    assert_eq!(names.len(), 2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn damaged_or_foreign_fevga_files_are_refused() {
    let good = FevgaNetwork::random(16, 2).to_bytes();
    let mut features = good.clone();
    features[30] ^= 1;
    assert_eq!(
        FevgaNetwork::from_bytes(&features).err(),
        Some(WeightsError::FeatureSet)
    );
    let mut damaged = good.clone();
    let last_float = good.len() - 12;
    damaged[last_float] ^= 0x40;
    assert_eq!(
        FevgaNetwork::from_bytes(&damaged).err(),
        Some(WeightsError::Checksum)
    );
    let mut version = good.clone();
    version[8] = 7;
    assert_eq!(
        FevgaNetwork::from_bytes(&version).err(),
        Some(WeightsError::Version(7))
    );
    let mut shape = good.clone();
    shape[16] = 17;
    assert!(matches!(
        FevgaNetwork::from_bytes(&shape),
        Err(WeightsError::GameShape {
            game: "Fevga",
            hidden: 17,
            ..
        })
    ));
    assert_eq!(
        FevgaNetwork::from_bytes(&good[..good.len() - 1]).err(),
        Some(WeightsError::NotWeights)
    );
    // Each game names the others' files.
    let portes = PortesNetwork::random(16, 1).to_bytes();
    assert_eq!(
        FevgaNetwork::from_bytes(&portes).err(),
        Some(WeightsError::OtherGame {
            found: "Portes",
            wanted: "Fevga"
        })
    );
    let plakoto = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/weights/default.net"))
        .expect("the Plakoto weights");
    assert_eq!(
        FevgaNetwork::from_bytes(&plakoto).err(),
        Some(WeightsError::OtherGame {
            found: "Plakoto",
            wanted: "Fevga"
        })
    );
    assert_eq!(
        PortesNetwork::from_bytes(&good).err(),
        Some(WeightsError::OtherGame {
            found: "Fevga",
            wanted: "Portes"
        })
    );
    assert_eq!(
        plakoto_weights::from_bytes(&good).err(),
        Some(WeightsError::OtherGame {
            found: "Fevga",
            wanted: "Plakoto"
        })
    );
}

#[test]
fn without_trained_weights_there_is_no_net_evaluator() {
    if !EMBEDDED_FEVGA_WEIGHTS.is_empty() || std::env::var_os(FEVGA_WEIGHTS_ENV).is_some() {
        // A trained net is shipped or named: it must load.
        embedded_network::<FevgaNet>().expect("the embedded Fevga weights read");
        assert_eq!(fevga_evaluator("net").expect("net").name(), "net");
        return;
    }
    let err = embedded_network::<FevgaNet>().expect_err("nothing embedded");
    assert!(matches!(
        err,
        WeightsError::NotTrained { game: "Fevga", .. }
    ));
    assert!(err.to_string().contains(FEVGA_WEIGHTS_ENV), "{err}");
    assert!(fevga_evaluator("net").is_none());
}

#[test]
fn no_double_once_the_loser_has_borne_off_and_chances_sum_to_one() {
    let game = Fevga::default();
    let net = FevgaNetEvaluator::new(Arc::new(FevgaNetwork::random(32, 5)));
    assert_eq!(OUTCOMES, 4);
    for p in random_positions(5) {
        let mask = outcome_mask(&p);
        assert_eq!(mask >> WIN_DOUBLE & 1 == 1, p.opp_off() == 0);
        assert_eq!(mask >> LOSE_DOUBLE & 1 == 1, p.own_off() == 0);
        let d = net.distribution(&game, &p);
        assert!((d.iter().sum::<f32>() - 1.0).abs() < 1e-5, "{d:?}");
        if p.opp_off() > 0 {
            assert_eq!(d[WIN_DOUBLE], 0.0);
        }
        if p.own_off() > 0 {
            assert_eq!(d[LOSE_DOUBLE], 0.0);
        }
        let chances = net.evaluate(&game, &p);
        assert!((chances.win() + chances.lose() - 1.0).abs() < 1e-5);
        assert_eq!(chances.win_triple + chances.lose_triple, 0.0);
        assert_eq!(from_probabilities(&to_probabilities(&d)), d);
        assert_eq!(flip(&flip(&d)), d);
        assert!(fevga_result(&p).is_none());
    }
}

#[test]
fn a_batch_is_evaluated_as_one_by_one_with_races_exact() {
    let game = Fevga::default();
    let net = FevgaNetEvaluator::new(Arc::new(FevgaNetwork::random(48, 6)));
    let mut positions = random_positions(2);
    let race = positions
        .iter()
        .copied()
        .find(|p| evaluate_fevga_race(p).is_some())
        .expect("random games reach a bear-off race");
    positions.push(race);
    let mut batch = Vec::new();
    net.evaluate_batch(&game, &positions, &mut batch);
    assert_eq!(batch.len(), positions.len());
    for (p, b) in positions.iter().zip(&batch) {
        assert_eq!(net.evaluate(&game, p), *b);
    }
    assert_eq!(
        Some(*batch.last().expect("one")),
        evaluate_fevga_race(&race)
    );
    assert!(net.exact_value(&game, &race).is_some());
}
