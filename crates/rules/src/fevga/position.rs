//! A Fevga position seen from the side on roll (F1–F3), and the map
//! between the two sides' numberings (F2).
//!
//! Both sides move the same way round the board from opposite corners, so
//! the side on roll's point `p` is the opponent's point `S(p)`: `p + 12`
//! for `p ≤ 12`, `p − 12` above — not Plakoto's `25 − p`. A point holds the
//! checkers of one side only (F5: there is no hitting and no pinning).

use std::fmt;

/// Checkers each side has (F1).
pub const CHECKERS: u8 = 15;

/// The other side's number for the point a side numbers `p` (F2): an
/// involution (`S(S(p)) = p`) mapping 24 ↔ 12 and 13 ↔ 1.
pub const fn other_numbering(p: u8) -> u8 {
    if p <= 12 { p + 12 } else { p - 12 }
}

/// `counts` (index `p − 1` for a side's point `p`) renumbered for the
/// other side: index `S(p) − 1`, i.e. the two halves of the board swapped
/// (F2: `S(p) = p + 12` for `p ≤ 12`, `p − 12` above).
#[inline]
fn half_turn<T: Copy + Default>(counts: &[T; 24]) -> [T; 24] {
    let mut out = [T::default(); 24];
    out[..12].copy_from_slice(&counts[12..]);
    out[12..].copy_from_slice(&counts[..12]);
    out
}

/// A Fevga position from the point of view of the side on roll ("own"),
/// which moves from its 24-point towards its 1-point and off; the other
/// side (the "opponent") does the same in its own numbering.
///
/// Fixed-size: 26 bytes, cheap to copy, hash and flip.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct FevgaPosition {
    /// Index `p-1`: checkers on the mover's point `p`; own > 0, opponent < 0.
    board: [i8; 24],
    own_off: u8,
    opp_off: u8,
}

/// Why a described position is not a Fevga position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FevgaPositionError {
    /// A side has more than 15 checkers on the board.
    TooMany {
        /// Whose: "own" (the side on roll) or "opponent".
        side: &'static str,
        /// How many were counted.
        count: u32,
    },
    /// Both sides have borne off all 15: at most one can have.
    BothOff,
    /// Both sides have checkers on one point (numbered as the mover's), which F5 never allows.
    SharedPoint(u8),
}

impl fmt::Display for FevgaPositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FevgaPositionError::TooMany { side, count } => {
                write!(f, "the {side} side has {count} checkers, more than 15")
            }
            FevgaPositionError::BothOff => f.write_str("both sides have borne off all 15"),
            FevgaPositionError::SharedPoint(p) => write!(
                f,
                "both sides have checkers on the mover's point {p} (a point holds one side only, F5)"
            ),
        }
    }
}

impl std::error::Error for FevgaPositionError {}

impl FevgaPosition {
    /// The starting position (F3): each side's 15 checkers on its own
    /// 24-point, which is the other side's 12-point.
    pub fn start() -> FevgaPosition {
        let mut board = [0i8; 24];
        board[23] = CHECKERS as i8;
        board[usize::from(other_numbering(24)) - 1] = -(CHECKERS as i8);
        FevgaPosition {
            board,
            own_off: 0,
            opp_off: 0,
        }
    }

    /// A position from each side's checkers as that side numbers them
    /// (index 0 its 1-point, 23 its 24-point); checkers not on the board
    /// are borne off.
    pub fn from_sides(own: [u8; 24], opponent: [u8; 24]) -> Result<Self, FevgaPositionError> {
        let own_total: u32 = own.iter().map(|&c| u32::from(c)).sum();
        let opp_total: u32 = opponent.iter().map(|&c| u32::from(c)).sum();
        for (side, count) in [("own", own_total), ("opponent", opp_total)] {
            if count > u32::from(CHECKERS) {
                return Err(FevgaPositionError::TooMany { side, count });
            }
        }
        if own_total == 0 && opp_total == 0 {
            return Err(FevgaPositionError::BothOff);
        }
        let mut board = [0i8; 24];
        for p in 1..=24u8 {
            let mine = own[usize::from(p) - 1];
            let theirs = opponent[usize::from(other_numbering(p)) - 1];
            if mine > 0 && theirs > 0 {
                return Err(FevgaPositionError::SharedPoint(p));
            }
            board[usize::from(p) - 1] = mine as i8 - theirs as i8;
        }
        Ok(FevgaPosition {
            board,
            own_off: CHECKERS - own_total as u8,
            opp_off: CHECKERS - opp_total as u8,
        })
    }

    /// Each side's checkers in its own numbering (index `p-1` for point `p`):
    /// `(own, opponent)`.
    pub fn sides(&self) -> ([u8; 24], [u8; 24]) {
        // One pass over the board in the mover's numbering, then the
        // opponent's half-board turn (F2: `S(p) = p ± 12`) as two copies:
        // branch-free, so the compiler keeps it in vector registers.
        let mut own = [0u8; 24];
        let mut theirs = [0u8; 24];
        for (i, &c) in self.board.iter().enumerate() {
            own[i] = c.max(0) as u8;
            theirs[i] = c.min(0).unsigned_abs();
        }
        (own, half_turn(&theirs))
    }

    /// The same position seen from the opponent, whose turn it becomes.
    pub fn flipped(&self) -> FevgaPosition {
        let mut negated = [0i8; 24];
        for (n, &c) in negated.iter_mut().zip(&self.board) {
            *n = -c;
        }
        FevgaPosition {
            board: half_turn(&negated),
            own_off: self.opp_off,
            opp_off: self.own_off,
        }
    }

    /// The mover's checkers on its point `p` (1–24).
    #[inline]
    pub fn own_at(&self, p: u8) -> u8 {
        let c = self.board[usize::from(p) - 1];
        if c > 0 { c as u8 } else { 0 }
    }

    /// The opponent's checkers on the mover's point `p` (1–24).
    #[inline]
    pub fn opp_at(&self, p: u8) -> u8 {
        let c = self.board[usize::from(p) - 1];
        if c < 0 { c.unsigned_abs() } else { 0 }
    }

    /// Signed checkers on the mover's point `p`: own > 0, opponent < 0.
    #[inline]
    pub fn signed_at(&self, p: u8) -> i8 {
        self.board[usize::from(p) - 1]
    }

    /// Checkers the mover has borne off.
    pub fn own_off(&self) -> u8 {
        self.own_off
    }

    /// Checkers the opponent has borne off.
    pub fn opp_off(&self) -> u8 {
        self.opp_off
    }

    /// The mover's pip count: the pips its checkers still travel to bear off.
    pub fn own_pips(&self) -> u32 {
        (1..=24u8)
            .map(|p| u32::from(self.own_at(p)) * u32::from(p))
            .sum()
    }

    /// The opponent's pip count, in its own numbering.
    pub fn opp_pips(&self) -> u32 {
        self.flipped().own_pips()
    }

    /// The board as bytes, index `p-1` for point `p`: own counts, the
    /// opponent's negated (two's complement), read a word at a time by the
    /// move generator.
    #[inline]
    pub(crate) fn board_bytes(&self) -> [u8; 24] {
        self.board.map(|c| c as u8)
    }

    /// The position whose board bytes are [`Self::board_bytes`]'s: the move
    /// generator's plays, made from its packed counts; the caller keeps the
    /// bytes a position's.
    #[inline]
    pub(crate) fn from_board_bytes(board: [u8; 24], own_off: u8, opp_off: u8) -> FevgaPosition {
        FevgaPosition {
            board: board.map(|b| b as i8),
            own_off,
            opp_off,
        }
    }

    /// Moves one of the mover's checkers from `from` to `to` (`None`: off).
    /// The caller has checked the step; no hits exist in Fevga.
    #[inline]
    pub(crate) fn move_checker(&mut self, from: u8, to: Option<u8>) {
        debug_assert!(self.own_at(from) > 0);
        self.board[usize::from(from) - 1] -= 1;
        match to {
            Some(p) => {
                debug_assert!(self.opp_at(p) == 0);
                self.board[usize::from(p) - 1] += 1;
            }
            None => self.own_off += 1,
        }
    }
}

impl fmt::Debug for FevgaPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Each side's occupied points in its own numbering, highest first
        // (the board text's form, written here to keep this file a leaf).
        let (own, opp) = self.sides();
        let side = |counts: &[u8; 24]| {
            (1..=24usize)
                .rev()
                .filter(|&p| counts[p - 1] > 0)
                .map(|p| format!("{p}:{}", counts[p - 1]))
                .collect::<Vec<_>>()
                .join(" ")
        };
        write!(f, "FevgaPosition({} / {})", side(&own), side(&opp))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_numbering_map_is_an_involution_pairing_24_with_12_and_13_with_1() {
        for p in 1..=24 {
            assert_eq!(other_numbering(other_numbering(p)), p);
        }
        assert_eq!(other_numbering(24), 12);
        assert_eq!(other_numbering(13), 1);
    }

    #[test]
    fn flipping_twice_is_the_identity_and_swaps_the_sides() {
        let start = FevgaPosition::start();
        assert_eq!(start.flipped(), start);
        let mut moved = start;
        moved.move_checker(24, Some(18));
        let flipped = moved.flipped();
        assert_eq!(flipped.flipped(), moved);
        assert_eq!(flipped.opp_at(other_numbering(18)), 1);
        let (own, opp) = flipped.sides();
        assert_eq!(own[23], 15);
        assert_eq!((opp[23], opp[17]), (14, 1));
    }
}
