//! Dice rolls and the numbers a player must play from them.

use std::fmt;
use std::str::FromStr;

use rand::Rng;

use super::point::Die;
use super::rules::Variant;

/// A roll of two dice, kept in the order rolled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dice(pub Die, pub Die);

impl Dice {
    /// A roll from two numbers 1–6.
    pub fn new(a: u8, b: u8) -> Option<Dice> {
        Some(Dice(Die::new(a)?, Die::new(b)?))
    }

    /// Rolls two fair dice.
    pub fn roll(rng: &mut impl Rng) -> Dice {
        let a = rng.gen_range(1..=6);
        let b = rng.gen_range(1..=6);
        Dice::new(a, b).expect("dice in range")
    }

    /// Whether both dice show the same number.
    pub fn is_double(self) -> bool {
        self.0 == self.1
    }

    /// The higher die first.
    pub fn sorted(self) -> Dice {
        if self.0 >= self.1 {
            self
        } else {
            Dice(self.1, self.0)
        }
    }

    /// The 21 distinct rolls with their probability weight out of 36
    /// (doubles 1, others 2), higher die first.
    pub fn all_rolls() -> impl Iterator<Item = (Dice, u8)> {
        (1..=6u8).flat_map(|a| {
            (1..=a).map(move |b| {
                (
                    Dice::new(a, b).expect("in range"),
                    if a == b { 1 } else { 2 },
                )
            })
        })
    }

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

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.0, self.1)
    }
}

/// Why a text is not a roll of two dice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DiceError {
    /// Not two digits (the text).
    NotTwoDice(String),
    /// A digit that is not 1–6.
    NotADie(char),
}

impl fmt::Display for DiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiceError::NotTwoDice(s) => write!(f, "'{s}' is not a roll of two dice"),
            DiceError::NotADie(c) => write!(f, "'{c}' is not a die number 1-6"),
        }
    }
}

impl std::error::Error for DiceError {}

impl FromStr for Dice {
    type Err = DiceError;
    /// Accepts `3 1`, `3-1`, `31`, `3,1`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let digits: Vec<char> = s
            .chars()
            .filter(|c| !matches!(c, ' ' | '\t' | '-' | ','))
            .collect();
        if digits.len() != 2 {
            return Err(DiceError::NotTwoDice(s.trim().to_string()));
        }
        let die = |c: char| -> Result<Die, DiceError> {
            c.to_digit(10)
                .and_then(|d| Die::new(d as u8))
                .ok_or(DiceError::NotADie(c))
        };
        Ok(Dice(die(digits[0])?, die(digits[1])?))
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

impl Numbers {
    /// An ordered sequence of numbers (each 1–6, at most 24).
    pub fn sequence(pips: &[u8]) -> Numbers {
        assert!(pips.len() <= MAX_NUMBERS && pips.iter().all(|p| (1..=6).contains(p)));
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

    #[test]
    fn dice_parse_forms() {
        for s in ["3 1", "3-1", "31", "3,1", " 3  1 "] {
            assert_eq!(s.parse::<Dice>().unwrap(), Dice::new(3, 1).unwrap());
        }
        assert_eq!("7 1".parse::<Dice>(), Err(DiceError::NotADie('7')));
        assert_eq!("3".parse::<Dice>(), Err(DiceError::NotTwoDice("3".into())));
        assert_eq!(Dice::all_rolls().count(), 21);
        assert_eq!(
            Dice::all_rolls().map(|(_, w)| u32::from(w)).sum::<u32>(),
            36
        );
    }
}
