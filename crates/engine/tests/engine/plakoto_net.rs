//! Plakoto's net gives the answers it gave before it moved onto the
//! game layer's network (issue 59): the outputs of the shipped Standard
//! and Express weights, in integers and in `f32`, one position at a time
//! and in batches, hashed bit for bit and compared with the hash the old
//! net (`crates/engine/src/eval/net/` of main `951d4b0`, before the move)
//! gave on the same positions. Any change of a single output bit, or of
//! the play a 1-ply choice would pick, changes the hash.

use std::sync::Arc;

use plakoto_engine::eval::net::{Network, express_network};
use plakoto_engine::eval::{GameEvaluator, NetEvaluator, Probabilities};
use plakoto_rules::Plakoto;
use plakoto_rules::sampling::{evaluation_batch, random_game};
use plakoto_rules::{Dice, MoveGenerator, PlayList, Position, Rules, Variant};
use rand::SeedableRng;

/// FNV-1a over 32-bit words: the outputs' bits, in order.
struct Digest {
    hash: u64,
    words: usize,
}

impl Digest {
    fn new() -> Digest {
        Digest {
            hash: 0xcbf2_9ce4_8422_2325,
            words: 0,
        }
    }

    fn word(&mut self, w: u32) {
        for b in w.to_le_bytes() {
            self.hash ^= u64::from(b);
            self.hash = self.hash.wrapping_mul(0x100_0000_01b3);
        }
        self.words += 1;
    }

    fn floats(&mut self, xs: &[f32]) {
        for x in xs {
            self.word(x.to_bits());
        }
    }

    fn probabilities(&mut self, ps: &[Probabilities]) {
        for p in ps {
            self.floats(&p.as_array());
        }
    }
}

/// Batches as the search makes them (every play of one roll, flipped) from
/// the positions of seeded random games. Standard rules make them for
/// both variants' nets: Express's rolls make play lists too long for a
/// test (passed numbers), and the net reads positions alone.
fn batches(seed: u64, games: usize) -> Vec<Vec<Position>> {
    let rules = Rules::default();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut generator = MoveGenerator::default();
    let mut roots = Vec::new();
    for _ in 0..games {
        random_game(&mut rng, rules, &mut generator, 300, |p| roots.push(*p));
    }
    let mut plays = PlayList::default();
    let mut out = Vec::new();
    for (n, root) in roots.iter().enumerate() {
        let (dice, _) = Dice::all_rolls().nth(n % 21).expect("21 rolls");
        generator.generate(root, &dice.numbers(rules.variant), &mut plays);
        let batch = evaluation_batch(&plays, rules.scoring);
        if !batch.is_empty() {
            out.push(batch);
        }
    }
    out
}

/// The index of the play a 1-ply choice takes: the one whose position
/// (opponent on roll) is worst for the opponent.
fn chosen(values: &[Probabilities], rules: Rules) -> u32 {
    let mut best = 0;
    for (i, v) in values.iter().enumerate() {
        if v.equity(rules.scoring) < values[best].equity(rules.scoring) {
            best = i;
        }
    }
    best as u32
}

/// Every output of `evaluator` and of the raw network under `rules`.
fn digest_of(evaluator: &NetEvaluator, network: &Network, rules: Rules, d: &mut Digest) {
    let mut values = Vec::new();
    for batch in batches(20_261_128, 6) {
        evaluator.evaluate_batch(&Plakoto::new(rules), &batch, &mut values);
        d.probabilities(&values);
        d.word(chosen(&values, rules));
        evaluator.evaluate_open_batch(&Plakoto::new(rules), &batch, &mut values);
        d.probabilities(&values);
        for p in &batch {
            d.probabilities(&[evaluator.evaluate(&Plakoto::new(rules), p)]);
            d.floats(&network.distribution(p));
        }
    }
}

#[test]
fn plakoto_nets_give_the_old_nets_outputs_bit_for_bit() {
    let standard = Rules::default();
    let express = Rules {
        variant: Variant::Express,
        ..Rules::default()
    };
    // The exact databases are the same code before and after: left out,
    // so that every position is the net's.
    let integer = NetEvaluator::with_default_network()
        .expect("the shipped weights")
        .without_pin_database();
    let float = integer.clone().with_f32();
    let express_net: Arc<Network> = express_network().expect("the shipped Express weights");
    let mut got = Vec::new();
    for (name, evaluator) in [("i16", &integer), ("f32", &float)] {
        for (rules, network) in [
            (standard, integer.network().clone()),
            (express, express_net.clone()),
        ] {
            let mut d = Digest::new();
            digest_of(evaluator, &network, rules, &mut d);
            println!(
                "{name} {:?}: {} outputs, hash {:016x}",
                rules.variant, d.words, d.hash
            );
            got.push((d.words, d.hash));
        }
    }
    // Recorded from the old net (main 951d4b0) by this test.
    let want: [(usize, u64); 4] = [
        (406_920, 0x3e14_b4cb_cc83_8454),
        (406_920, 0x6d5f_ffab_ff29_b4e9),
        (406_920, 0xfa01_a9f9_74cd_5aad),
        (406_920, 0xc59b_67f7_0fcf_6697),
    ];
    assert_eq!(got, want);
}
