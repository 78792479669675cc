//! The numbers a Plakoto player must play in one go (R9, R10, R20, R21):
//! a roll's two dice, a double's four numbers, Express's escalating
//! doubles and the numbers passed on to the opponent.

use std::fmt;

use super::rules::Variant;
use crate::dice::Dice;
use crate::point::Die;

impl Dice {
    /// The numbers this roll gives to play under `variant` (R9, R20).
    pub fn numbers(self, variant: Variant) -> Numbers {
        let (a, b) = (self.0.pips(), self.1.pips());
        if a != b {
            return Numbers::Pair(self.sorted().0, self.sorted().1);
        }
        match variant {
            Variant::Standard => Numbers::sequence(&[a; 4]),
            Variant::Express => Numbers::escalating(self.0, 4),
        }
    }
}

/// Most numbers one turn can hold: Express 1-1 plays four each of 1…6.
pub const MAX_NUMBERS: usize = 24;

/// The numbers a player must play in one go.
///
/// `Pair` is a non-double roll: the two dice may be played in either order
/// and the higher-die rule applies (R10). `Sequence` is played in its given
/// order: a standard double (four equal numbers), an Express escalating
/// double (R20), or numbers passed on by the opponent (R21).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Numbers {
    /// Two different dice, higher first; either may be played first.
    Pair(Die, Die),
    /// Numbers that must be played in this order.
    Sequence(Sequence),
}

/// A fixed-capacity ordered list of dice numbers.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Sequence {
    len: u8,
    pips: [u8; MAX_NUMBERS],
}

impl Sequence {
    /// The numbers, in playing order.
    pub fn as_slice(&self) -> &[u8] {
        &self.pips[..usize::from(self.len)]
    }

    /// The runs of equal numbers, in playing order (an Express escalating
    /// double, R20: four 3s, four 4s, …). Within a run the order of the
    /// steps does not matter; between runs it does.
    pub fn runs(&self) -> impl Iterator<Item = &[u8]> {
        self.as_slice().chunk_by(|a, b| a == b)
    }
}

impl fmt::Debug for Sequence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// Express's passed numbers as written (R21): at most 24, each 1–6.
impl crate::tavli::CarriedNumbers for Numbers {
    fn numbers(&self) -> Vec<u8> {
        self.to_vec()
    }

    fn from_numbers(pips: &[u8]) -> Option<Numbers> {
        (!pips.is_empty() && is_sequence(pips)).then(|| Numbers::sequence(pips))
    }
}

/// Whether `pips` can be a sequence of numbers: at most 24, each 1–6.
fn is_sequence(pips: &[u8]) -> bool {
    pips.len() <= MAX_NUMBERS && pips.iter().all(|p| (1..=6).contains(p))
}

impl Numbers {
    /// An ordered sequence of numbers (each 1–6, at most 24).
    pub fn sequence(pips: &[u8]) -> Numbers {
        assert!(is_sequence(pips), "not a sequence of numbers: {pips:?}");
        let mut seq = Sequence {
            len: pips.len() as u8,
            pips: [0; MAX_NUMBERS],
        };
        seq.pips[..pips.len()].copy_from_slice(pips);
        Numbers::Sequence(seq)
    }

    /// An Express escalating double starting at `die`, with `first_count`
    /// (1–4) numbers left of the first group: four `die`s (or fewer), then
    /// four of each higher number up to 6 (R20).
    pub fn escalating(die: Die, first_count: u8) -> Numbers {
        let mut pips = Vec::with_capacity(MAX_NUMBERS);
        pips.extend(std::iter::repeat_n(die.pips(), usize::from(first_count)));
        for n in die.pips() + 1..=6 {
            pips.extend([n; 4]);
        }
        Numbers::sequence(&pips)
    }

    /// How many numbers there are to play.
    pub fn len(&self) -> usize {
        match self {
            Numbers::Pair(..) => 2,
            Numbers::Sequence(s) => s.as_slice().len(),
        }
    }

    /// Whether there is nothing to play.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The numbers as a list (a pair: higher first).
    pub fn to_vec(&self) -> Vec<u8> {
        match self {
            Numbers::Pair(a, b) => vec![a.pips(), b.pips()],
            Numbers::Sequence(s) => s.as_slice().to_vec(),
        }
    }

    /// The numbers left unused by a play whose steps used the dice in
    /// `used` (in playing order), for passing to the opponent (R21).
    /// `None` when nothing is left.
    pub fn remainder(&self, used: &[u8]) -> Option<Numbers> {
        let rest = match self {
            Numbers::Pair(a, b) => match used {
                [] => return Some(*self),
                [d] if *d == a.pips() => Numbers::sequence(&[b.pips()]),
                [_] => Numbers::sequence(&[a.pips()]),
                _ => return None,
            },
            Numbers::Sequence(s) => {
                Numbers::sequence(&s.as_slice()[used.len().min(s.as_slice().len())..])
            }
        };
        (!rest.is_empty()).then_some(rest)
    }
}

impl fmt::Display for Numbers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text: Vec<String> = self.to_vec().iter().map(u8::to_string).collect();
        f.write_str(&text.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tavli::CarriedNumbers;

    #[test]
    fn r21_passed_numbers_read_back_as_written_and_nothing_else() {
        for pips in [&[3u8][..], &[2, 2, 2], &[1; 24], &[6, 5, 4, 3, 2, 1]] {
            let carried = Numbers::from_numbers(pips).expect("a turn can hold these");
            assert_eq!(carried.numbers(), pips);
        }
        // No numbers, more than a turn holds (Express 1-1: 24), or a
        // number no die shows.
        for pips in [&[][..], &[1; 25], &[0, 3], &[3, 7]] {
            assert_eq!(Numbers::from_numbers(pips), None, "{pips:?}");
        }
    }

    #[test]
    fn r9_standard_double_is_four_numbers() {
        let n = Dice::new(3, 3).unwrap().numbers(Variant::Standard);
        assert_eq!(n.to_vec(), vec![3, 3, 3, 3]);
    }

    #[test]
    fn r20_express_double_escalates_to_six() {
        let n = Dice::new(3, 3).unwrap().numbers(Variant::Express);
        assert_eq!(
            n.to_vec(),
            vec![3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6]
        );
        let n = Dice::new(1, 1).unwrap().numbers(Variant::Express);
        assert_eq!(n.len(), 24);
        let n = Dice::new(6, 6).unwrap().numbers(Variant::Express);
        assert_eq!(n.to_vec(), vec![6, 6, 6, 6]);
    }

    #[test]
    fn r21_remainder_of_pair_and_sequence() {
        let pair = Dice::new(2, 5).unwrap().numbers(Variant::Express);
        assert_eq!(pair.remainder(&[]), Some(pair));
        assert_eq!(pair.remainder(&[5]).unwrap().to_vec(), vec![2]);
        assert_eq!(pair.remainder(&[2]).unwrap().to_vec(), vec![5]);
        assert_eq!(pair.remainder(&[5, 2]), None);
        let seq = Dice::new(5, 5).unwrap().numbers(Variant::Express);
        assert_eq!(
            seq.remainder(&[5, 5, 5, 5, 6]).unwrap().to_vec(),
            vec![6, 6, 6]
        );
    }
}
