//! Reviving dead hidden units before a refit (`plakoto refine fit
//! --revive-dead`).
//!
//! Why: long self-play at a high learning rate leaves many ReLU units of
//! the first layer never active (77 of the shipped net's 512 over the
//! positions of random games, and 231 active in under 1% of them), so a
//! wider net added no strength. A unit that is never active gets no
//! gradient and stays dead. Reviving one gives it fresh input weights of
//! the live units' spread, a bias that makes it active on about half of
//! the given positions, and zero output weights: the net's outputs do not
//! change, but the unit now learns.
//!
//! Widening (`plakoto refine fit --widen N`) builds on the same step: it
//! appends `N` dead units to a net (outputs unchanged) and revives them,
//! so a supervised fit can test whether the hidden layer's width limits it.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::game::{ActiveInputs, NetOf};
use crate::LabGame;
use plakoto_engine::eval::game_net::NetInputs;

/// Each hidden unit's first-layer sum (before the ReLU) at the inputs
/// `active`.
fn pre_activations<G: LabGame>(
    net: &NetOf<G>,
    active: impl Iterator<Item = (usize, f32)>,
    out: &mut [f32],
) {
    let hidden = net.hidden;
    out.copy_from_slice(&net.b1);
    for (index, value) in active {
        let row = &net.w1[index * hidden..(index + 1) * hidden];
        for (o, w) in out.iter_mut().zip(row) {
            *o += value * w;
        }
    }
}

/// Each of `positions`' first-layer sums in turn, as `game` encodes it
/// for `net`, handed to `each`.
fn for_each_sum<G: LabGame>(
    game: &G,
    net: &NetOf<G>,
    positions: &[G::Position],
    mut each: impl FnMut(&[f32]),
) {
    let (mut inputs, mut hidden) = (G::Inputs::default(), Vec::new());
    let mut sums = vec![0.0; net.hidden];
    for p in positions {
        game.forward(net, p, &mut inputs, &mut hidden);
        pre_activations::<G>(net, inputs.active(), &mut sums);
        each(&sums);
    }
}

/// The hidden units that are active (sum above 0) at none of `positions`.
pub fn dead_units<G: LabGame>(game: &G, net: &NetOf<G>, positions: &[G::Position]) -> Vec<usize> {
    let mut active = vec![false; net.hidden];
    for_each_sum(game, net, positions, |sums| {
        for (a, s) in active.iter_mut().zip(sums) {
            *a |= *s > 0.0;
        }
    });
    (0..net.hidden).filter(|&j| !active[j]).collect()
}

/// Revives the units dead at every one of `positions` (see the module
/// comment); returns how many. The net's outputs are unchanged.
pub fn revive_dead_units<G: LabGame>(
    game: &G,
    net: &mut NetOf<G>,
    positions: &[G::Position],
    seed: u64,
) -> usize {
    let dead = dead_units(game, net, positions);
    if dead.is_empty() || positions.is_empty() {
        return dead.len();
    }
    let hidden = net.hidden;
    let is_dead = {
        let mut d = vec![false; hidden];
        dead.iter().for_each(|&j| d[j] = true);
        d
    };
    // The spread of the live units' input weights.
    let (mut sum, mut squares, mut n) = (0.0f64, 0.0f64, 0usize);
    for (k, w) in net.w1.iter().enumerate() {
        if !is_dead[k % hidden] {
            sum += f64::from(*w);
            squares += f64::from(*w) * f64::from(*w);
            n += 1;
        }
    }
    let mean = sum / n.max(1) as f64;
    let spread = ((squares / n.max(1) as f64 - mean * mean).max(0.0)).sqrt() as f32;
    let half_width = spread * 3f32.sqrt();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for &j in &dead {
        for i in 0..G::NetGame::INPUTS {
            net.w1[i * hidden + j] = rng.gen_range(-half_width..=half_width);
        }
        net.b1[j] = 0.0;
        for k in 0..G::NetGame::OUTCOMES {
            net.w2[k * hidden + j] = 0.0;
        }
    }
    // Biases that put each revived unit's median sum at 0.
    let mut per_unit: Vec<Vec<f32>> = vec![Vec::with_capacity(positions.len()); dead.len()];
    for_each_sum(game, net, positions, |sums| {
        for (list, &j) in per_unit.iter_mut().zip(&dead) {
            list.push(sums[j]);
        }
    });
    for (list, &j) in per_unit.iter_mut().zip(&dead) {
        list.sort_by(f32::total_cmp);
        net.b1[j] = -list[list.len() / 2];
    }
    dead.len()
}

/// A copy of `net` with `extra` more hidden units appended, each dead
/// (zero input weights, a negative bias) and with zero output weights:
/// the copy's outputs are exactly `net`'s. [`revive_dead_units`] then
/// gives the new units weights to learn from.
pub fn widen<G: LabGame>(net: &NetOf<G>, extra: usize) -> NetOf<G> {
    let old = net.hidden;
    let hidden = old + extra;
    let mut w1 = vec![0.0; G::NetGame::INPUTS * hidden];
    for (new_row, old_row) in w1.chunks_exact_mut(hidden).zip(net.w1.chunks_exact(old)) {
        new_row[..old].copy_from_slice(old_row);
    }
    let mut b1 = net.b1.clone();
    b1.resize(hidden, -1.0);
    let mut w2 = vec![0.0; G::NetGame::OUTCOMES * hidden];
    for (new_row, old_row) in w2.chunks_exact_mut(hidden).zip(net.w2.chunks_exact(old)) {
        new_row[..old].copy_from_slice(old_row);
    }
    NetOf::<G>::from_parts(hidden, w1, b1, w2, net.b2.clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use plakoto_engine::eval::features::OUTCOMES;
    use plakoto_engine::eval::net::Network;
    use plakoto_rules::Plakoto;
    use plakoto_rules::{MoveGenerator, Position, Rules};

    fn positions() -> Vec<Position> {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut generator = MoveGenerator::default();
        let mut out = Vec::new();
        for _ in 0..20 {
            plakoto_rules::sampling::random_game(
                &mut rng,
                Rules::default(),
                &mut generator,
                400,
                |p| out.push(*p),
            );
        }
        out
    }

    /// Units killed by a large negative bias are found, revived without
    /// changing any output, and active again at about half the positions.
    #[test]
    fn dead_units_are_found_and_revived_without_changing_the_outputs() {
        let positions = positions();
        let mut net = Network::random(32, 5);
        for j in [3, 17, 30] {
            net.b1[j] = -1e3;
        }
        let game = Plakoto::trained();
        assert_eq!(dead_units(&game, &net, &positions), vec![3, 17, 30]);
        let before: Vec<_> = positions.iter().map(|p| net.distribution(p)).collect();
        assert_eq!(revive_dead_units(&game, &mut net, &positions, 1), 3);
        assert!(dead_units(&game, &net, &positions).is_empty());
        for (p, b) in positions.iter().zip(&before) {
            let after = net.distribution(p);
            for k in 0..OUTCOMES {
                assert!((after[k] - b[k]).abs() < 1e-6, "{after:?} vs {b:?}");
            }
        }
        // Each revived unit is active at about half of the positions.
        let mut active = [0usize; 3];
        for_each_sum(&game, &net, &positions, |sums| {
            for (a, j) in active.iter_mut().zip([3, 17, 30]) {
                *a += usize::from(sums[j] > 0.0);
            }
        });
        for a in active {
            let share = a as f64 / positions.len() as f64;
            assert!((0.3..=0.7).contains(&share), "active at {share:.2}");
        }
    }

    /// A widened net computes exactly what the narrow one did, before and
    /// after its new units are revived, and the new units are then live.
    #[test]
    fn widening_keeps_the_outputs_and_the_new_units_learn() {
        let positions = positions();
        let narrow = Network::random(32, 7);
        let game = Plakoto::trained();
        let mut wide = widen::<Plakoto>(&narrow, 16);
        assert_eq!(wide.hidden, 48);
        assert_eq!(
            dead_units(&game, &wide, &positions),
            (32..48).collect::<Vec<_>>()
        );
        for p in &positions {
            assert_eq!(wide.distribution(p), narrow.distribution(p));
        }
        assert_eq!(revive_dead_units(&game, &mut wide, &positions, 3), 16);
        assert!(dead_units(&game, &wide, &positions).is_empty());
        for p in &positions {
            let (a, b) = (wide.distribution(p), narrow.distribution(p));
            for k in 0..OUTCOMES {
                assert!((a[k] - b[k]).abs() < 1e-6, "{a:?} vs {b:?}");
            }
        }
    }
}
