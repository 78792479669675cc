//! Dice rolls, shared by every game; what a roll gives to play is each
//! game's own (Plakoto's [`Numbers`](crate::Numbers)).

use std::fmt;
use std::str::FromStr;

use rand::Rng;

use crate::point::Die;

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

#[cfg(test)]
mod tests {
    use super::*;

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
