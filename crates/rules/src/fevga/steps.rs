//! [`FevgaSteps`]: the steps of one Fevga play in playing order, packed
//! into a word and a count so a play copies as cheaply as its position.

use super::step::FevgaStep;
use crate::point::{Die, Point};

/// The steps of one play in playing order: at most four (a double).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct FevgaSteps {
    /// Step `i` in byte `i`: source point in the low 5 bits, pips above.
    /// One word, not four bytes: the search appends a step to a copy and
    /// reads it back at once, which a byte store followed by a word load
    /// makes the processor wait for.
    packed: u32,
    len: u8,
}

impl FevgaSteps {
    /// No steps: the play of a side that cannot move.
    pub const NONE: FevgaSteps = FevgaSteps { packed: 0, len: 0 };

    /// These steps and then `pips` from `from`.
    #[inline]
    pub(crate) fn pushed(self, from: u8, pips: u8) -> FevgaSteps {
        FevgaSteps {
            packed: self.packed | u32::from(from | pips << 5) << (8 * self.len),
            len: self.len + 1,
        }
    }

    /// Number of steps (numbers used).
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether nothing was played.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The steps in playing order.
    pub fn iter(&self) -> impl Iterator<Item = FevgaStep> + '_ {
        (0..self.len).map(|i| {
            let b = (self.packed >> (8 * i)) as u8;
            FevgaStep {
                from: Point::new(b & 31).expect("packed from a point"),
                die: Die::new(b >> 5).expect("packed from a die"),
            }
        })
    }
}

impl std::fmt::Debug for FevgaSteps {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.iter().map(|s| (s.from.number(), s.die.pips())))
            .finish()
    }
}
