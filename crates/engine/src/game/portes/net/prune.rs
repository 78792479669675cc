//! The Portes pruning net: a small net that rates a position by its
//! equity alone, taught to rank a roll's plays as the full net does
//! (`plakoto refine pruner`, in the lab). Inside a search the plays of a
//! roll are rated with it first, and only those it ranks best are rated
//! with the full net, as GNU Backgammon's pruning nets do
//! ([`crate::game::SearchSettings::prune`]).
//!
//! Its inputs are the full net's without the contact features
//! ([`super::inputs::encode_for_pruning`]), which would cost more than
//! the rest of its evaluation; its one output is the equity for the side
//! on roll under the standard scoring, linear (the network's softmax is
//! not used). It is stored as a [`GameNetwork`] of one outcome.
//!
//! [`PortesPruner`] evaluates it without encoding the inputs: the first
//! layer's sum over a point's units is a row looked up by the board cell
//! and its signed count, made once from the weights.

use std::sync::{Arc, OnceLock};

use plakoto_rules::portes::PortesPosition;

use super::inputs::{CONTACT, INPUTS, SIDE_INPUTS, START_PIPS};
use crate::eval::game_net::{GameNetwork, NetInputs};

/// The pruning net's game: the Portes inputs less the contact features,
/// and the equity as its one output.
#[derive(Clone, Copy, Debug)]
pub struct PortesPruneNet;

/// The Portes pruning network (its weights, as trained and stored).
pub type PortesPruneNetwork = GameNetwork<PortesPruneNet>;

/// The pruning weights built into the binary (`plakoto refine pruner
/// --game portes`; the recipe is in `crates/lab/README.md`).
pub static EMBEDDED_PORTES_PRUNE_WEIGHTS: &[u8] =
    include_bytes!("../../../../weights/portes-prune.net");

/// The first bytes of a Portes pruning weight file.
pub const PORTES_PRUNE_MAGIC: &[u8; 8] = b"PLKPRUN\0";

/// Environment variable naming a pruning weight file to use instead of
/// the embedded one.
pub const PORTES_PRUNE_WEIGHTS_ENV: &str = "PLAKOTO_PORTES_PRUNE_WEIGHTS";

/// The name of its input layout and output.
pub const PRUNE_FEATURE_SET: &str = "portes-prune-v1: portes-tdg-v2 without the contact features (their inputs always 0); one linear output, the equity";

impl NetInputs for PortesPruneNet {
    const GAME: &'static str = "Portes pruning";
    const MAGIC: &'static [u8; 8] = PORTES_PRUNE_MAGIC;
    const FEATURE_SET: &'static str = PRUNE_FEATURE_SET;
    const INPUTS: usize = INPUTS;
    const OUTCOMES: usize = 1;
    const EMBEDDED: &'static [u8] = EMBEDDED_PORTES_PRUNE_WEIGHTS;
    const WEIGHTS_ENV: &'static str = PORTES_PRUNE_WEIGHTS_ENV;

    fn loaded() -> &'static OnceLock<Arc<PortesPruneNetwork>> {
        static LOADED: OnceLock<Arc<PortesPruneNetwork>> = OnceLock::new();
        &LOADED
    }
}

/// The pruning net's linear output from its hidden activations.
pub fn prune_output(net: &PortesPruneNetwork, hidden: &[f32]) -> f32 {
    net.b2[0] + hidden.iter().zip(&net.w2).map(|(h, w)| h * w).sum::<f32>()
}

/// Most checkers a count can hold (a point, the bar, borne off).
const MAX_CHECKERS: usize = 15;

/// Hidden units in one block of the evaluation: rows are added sixteen
/// `f32` at a time, which the compiler turns into vector additions.
const BLOCK: usize = 16;

/// Sixteen hidden units' values.
pub type PruneBlock = [f32; BLOCK];

/// The pruning net ready to evaluate: its first layer as rows to add, a
/// row for each side's point and checker count (the sum of that point's
/// unit weights), bar count and borne-off count, and the rows of the
/// pips and of contact, each of `hidden / 16` blocks.
#[derive(Clone, Debug)]
pub struct PortesPruner {
    /// Blocks a row.
    blocks: usize,
    /// Rows by [`Self::point_row`], [`Self::bar_row`], [`Self::off_row`];
    /// then each side's pips row and the contact row.
    rows: Vec<PruneBlock>,
    b1: Vec<PruneBlock>,
    w2: Vec<PruneBlock>,
    b2: f32,
}

/// The units of a point holding `n` checkers, as the encoder sets them.
fn point_units(n: usize) -> [f32; 4] {
    let n = n as f32;
    [
        f32::from(n >= 1.0),
        f32::from(n >= 2.0),
        f32::from(n >= 3.0),
        (n - 3.0).max(0.0) / 2.0,
    ]
}

/// `values` (a multiple of [`BLOCK`] long) as blocks.
fn blocks_of(values: &[f32]) -> Vec<PruneBlock> {
    values
        .chunks_exact(BLOCK)
        .map(|c| c.try_into().expect("a block"))
        .collect()
}

impl PortesPruner {
    /// Checker counts a board cell can hold, by sign: −15 to 15.
    const CELL_COUNTS: usize = 2 * MAX_CHECKERS + 1;
    const COUNTS: usize = MAX_CHECKERS + 1;
    const BAR_ROWS: usize = 24 * Self::CELL_COUNTS;
    const OFF_ROWS: usize = Self::BAR_ROWS + 2 * Self::COUNTS;
    const PIPS_ROWS: usize = Self::OFF_ROWS + 2 * Self::COUNTS;
    const CONTACT_ROW: usize = Self::PIPS_ROWS + 2;
    const ROWS: usize = Self::CONTACT_ROW + 1;

    /// The row of board cell `i` (the side on roll's point `i + 1`)
    /// holding `c` checkers, the opponent's counted negative: the units
    /// of the side's point that cell is.
    fn cell_row(i: usize, c: i8) -> usize {
        i * Self::CELL_COUNTS + (i32::from(c) + MAX_CHECKERS as i32) as usize
    }

    fn bar_row(side: usize, n: u8) -> usize {
        Self::BAR_ROWS + side * Self::COUNTS + usize::from(n)
    }

    fn off_row(side: usize, n: u8) -> usize {
        Self::OFF_ROWS + side * Self::COUNTS + usize::from(n)
    }

    /// The tables of `net` (its hidden units a multiple of 16, as every
    /// network's are).
    pub fn new(net: &PortesPruneNetwork) -> PortesPruner {
        let h = net.hidden;
        let weight_row = |input: usize| &net.w1[input * h..(input + 1) * h];
        let mut rows = vec![0.0f32; Self::ROWS * h];
        let mut add = |row: usize, input: usize, value: f32| {
            for (r, w) in rows[row * h..(row + 1) * h]
                .iter_mut()
                .zip(weight_row(input))
            {
                *r += value * w;
            }
        };
        for i in 0..24 {
            for n in 1..=MAX_CHECKERS as i8 {
                // The side on roll's point i + 1; the opponent's 24 − i.
                for (side, point, c) in [(0, i, n), (1, 23 - i, -n)] {
                    for (k, v) in point_units(n.unsigned_abs().into()).into_iter().enumerate() {
                        add(Self::cell_row(i, c), side * SIDE_INPUTS + 4 * point + k, v);
                    }
                }
            }
        }
        for side in 0..2 {
            let base = side * SIDE_INPUTS;
            for n in 0..=MAX_CHECKERS as u8 {
                add(Self::bar_row(side, n), base + 96, f32::from(n) / 2.0);
                add(Self::off_row(side, n), base + 97, f32::from(n) / 15.0);
            }
            add(Self::PIPS_ROWS + side, base + 98, 1.0 / START_PIPS);
        }
        add(Self::CONTACT_ROW, CONTACT, 1.0);
        PortesPruner {
            blocks: h / BLOCK,
            rows: blocks_of(&rows),
            b1: blocks_of(&net.b1),
            w2: blocks_of(&net.w2),
            b2: net.b2[0],
        }
    }

    /// Adds `scale` times row `r` to `pre`.
    #[inline(always)]
    fn add(&self, pre: &mut [PruneBlock], r: usize, scale: f32) {
        let row = &self.rows[r * self.blocks..(r + 1) * self.blocks];
        for (p, w) in pre.iter_mut().zip(row) {
            // Whole blocks at once, which the compiler keeps in vector
            // registers (a loop over the lanes it left scalar).
            *p = std::array::from_fn(|i| p[i] + scale * w[i]);
        }
    }

    /// The equity of `position` for the side on roll, as the pruning net
    /// rates it; `pre` is scratch. Read from the board as it is stored,
    /// without unpacking the sides: this runs for every play of every
    /// roll a search prunes.
    pub fn equity(&self, position: &PortesPosition, pre: &mut Vec<PruneBlock>) -> f32 {
        let board = position.board();
        pre.clear();
        pre.extend_from_slice(&self.b1);
        let (mut own, mut opp) = (0u32, 0u32);
        let (mut own_pips, mut opp_pips) = (0u32, 0u32);
        for (i, &c) in board.iter().enumerate() {
            own |= u32::from(c > 0) << i;
            opp |= u32::from(c < 0) << i;
            own_pips += (i as u32 + 1) * u32::from(c.max(0).unsigned_abs());
            opp_pips += (24 - i as u32) * u32::from(c.min(0).unsigned_abs());
        }
        // Which cells are empty is too irregular for a branch a cell.
        let mut occupied = own | opp;
        while occupied != 0 {
            let i = occupied.trailing_zeros() as usize;
            occupied &= occupied - 1;
            self.add(pre, Self::cell_row(i, board[i]), 1.0);
        }
        let bars = [position.own_bar(), position.opp_bar()];
        let offs = [position.own_off(), position.opp_off()];
        let pips = [own_pips, opp_pips];
        for side in 0..2 {
            self.add(pre, Self::bar_row(side, bars[side]), 1.0);
            self.add(pre, Self::off_row(side, offs[side]), 1.0);
            let pips = pips[side] + 25 * u32::from(bars[side]);
            self.add(pre, Self::PIPS_ROWS + side, pips as f32);
        }
        // Contact, as `sides_meet` has it: each side's farthest checker
        // (the bar 25), in its own numbering, the two past each other.
        let own_far = if bars[0] > 0 {
            25
        } else {
            32 - own.leading_zeros()
        };
        let opp_far = if bars[1] > 0 {
            25
        } else if opp == 0 {
            0
        } else {
            24 - opp.trailing_zeros()
        };
        if own_far + opp_far > 25 {
            self.add(pre, Self::CONTACT_ROW, 1.0);
        }
        let mut sum = [0.0f32; BLOCK];
        for (p, w) in pre.iter().zip(&self.w2) {
            sum = std::array::from_fn(|i| sum[i] + p[i].max(0.0) * w[i]);
        }
        self.b2 + sum.iter().sum::<f32>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::batches::random_batches;
    use crate::game::portes::net::inputs::{PortesInputs, encode_for_pruning};
    use plakoto_rules::Portes;

    #[test]
    fn the_tables_give_the_networks_equity() {
        // The lab trains the network on encoded inputs; the search rates
        // with the tables. The two must be one function, up to the order
        // of float additions.
        for hidden in [16, 32] {
            let net = PortesPruneNetwork::random(hidden, 7);
            let pruner = PortesPruner::new(&net);
            let (mut inputs, mut h, mut pre) = (PortesInputs::default(), Vec::new(), Vec::new());
            let mut positions = 0;
            for p in random_batches(&Portes::default(), 11, 20).iter().flatten() {
                encode_for_pruning(p, &mut inputs);
                net.forward(&inputs, 1, &mut h, &mut [0.0; 1]);
                let expected = prune_output(&net, &h);
                let got = pruner.equity(p, &mut pre);
                assert!(
                    (got - expected).abs() <= 1e-4 * (1.0 + expected.abs()),
                    "{p:?}: tables {got}, network {expected}"
                );
                positions += 1;
            }
            assert!(positions > 10_000, "{positions}");
        }
    }
}
