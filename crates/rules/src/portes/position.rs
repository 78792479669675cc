//! A Portes position seen from the side on roll (P2), and the single step
//! of one checker by one die (P4–P9) that every play is made of.
//!
//! Portes is backgammon without the cube: unlike Plakoto, a point holds the
//! checkers of one side only, a lone checker can be hit and goes to the bar,
//! and checkers on the bar enter before anything else moves.

use std::fmt;

use crate::point::{Die, Point};

/// Checkers each side has (P1).
pub const CHECKERS: u8 = 15;

/// Keys of [`PortesPosition::additive_hash`]: the mover's points 1–24
/// (indices 0–23), its bar (24, so source 25 finds it) and the opponent's
/// bar (25). Fixed pseudo-random numbers (SplitMix64 from a constant seed).
const HASH_KEYS: [u64; 26] = {
    let mut keys = [0u64; 26];
    let mut state: u64 = 0x5045_5254_4553_0001; // "PORTES", 1
    let mut i = 0;
    while i < keys.len() {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        keys[i] = z ^ (z >> 31);
        i += 1;
    }
    keys
};

/// Where a step starts: the bar (P6) or a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// A checker on the bar, entering on the opponent's home board.
    Bar,
    /// A checker on one of the mover's points.
    Point(Point),
}

impl Source {
    /// The source as the mover numbers it: the bar counts as 25 (P2).
    pub fn number(self) -> u8 {
        match self {
            Source::Bar => 25,
            Source::Point(p) => p.number(),
        }
    }

    /// The source numbered `n` (1–24 a point, 25 the bar).
    pub fn from_number(n: u8) -> Option<Source> {
        if n == 25 {
            Some(Source::Bar)
        } else {
            Point::new(n).map(Source::Point)
        }
    }
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Bar => f.write_str("bar"),
            Source::Point(p) => write!(f, "{p}"),
        }
    }
}

/// One checker moved by one die, towards the mover's 1-point or off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    /// Where the checker starts.
    pub from: Source,
    /// The die used.
    pub die: Die,
}

impl Step {
    /// Where the checker lands; `None` when it is borne off.
    pub fn to(self) -> Option<Point> {
        let to = i16::from(self.from.number()) - i16::from(self.die.pips());
        u8::try_from(to).ok().and_then(Point::new)
    }
}

/// What a step did besides moving the checker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepEffect {
    /// It landed on an empty or own point, or bore the checker off.
    Quiet,
    /// It landed on an opposing blot, which went to the bar (P5).
    Hit,
}

/// Why a single step is not legal in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepError {
    /// The mover has no checker where the step starts.
    NoChecker,
    /// The mover has a checker on the bar, which must enter first (P6).
    BarFirst,
    /// The landing point holds two or more opposing checkers (P4, P6).
    Blocked,
    /// Bearing off while a checker is outside the home board or on the bar (P8).
    NotAllHome,
    /// A die larger than needed, while a checker is on a higher point (P9).
    HigherCheckerFirst,
}

impl fmt::Display for StepError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            StepError::NoChecker => "there is no checker of the side on roll there",
            StepError::BarFirst => "a checker on the bar must enter first",
            StepError::Blocked => "the opponent holds the landing point with 2 or more checkers",
            StepError::NotAllHome => "bearing off needs every checker in the home board",
            StepError::HigherCheckerFirst => {
                "a checker on a higher point must be moved with that die first"
            }
        })
    }
}

/// A Portes position from the point of view of the side on roll ("own"),
/// which moves from 24 to 1; the other side is the "opponent".
///
/// Fixed-size and allocation-free: 28 bytes, cheap to copy, hash and flip.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct PortesPosition {
    /// Index `p-1`: checkers on the mover's point `p`, own > 0, opponent < 0.
    board: [i8; 24],
    own_bar: u8,
    opp_bar: u8,
    own_off: u8,
    opp_off: u8,
}

/// Why a described position is not a Portes position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PortesPositionError {
    /// A side does not have exactly 15 checkers in all (P1).
    WrongCount {
        /// Whose checkers: "own" (the side on roll) or "opponent".
        side: &'static str,
        /// How many were counted.
        count: u32,
    },
    /// Both sides finished: at most one side can have borne off all 15.
    BothOff,
    /// Both sides have checkers on one point (numbered as the mover's).
    SharedPoint(u8),
}

impl fmt::Display for PortesPositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PortesPositionError::WrongCount { side, count } => {
                write!(f, "the {side} side has {count} checkers, not 15")
            }
            PortesPositionError::BothOff => f.write_str("both sides have borne off all 15"),
            PortesPositionError::SharedPoint(p) => {
                write!(f, "both sides have checkers on the mover's point {p}")
            }
        }
    }
}

impl std::error::Error for PortesPositionError {}

impl PortesPosition {
    /// The starting position (P3): 2 on the 24-point, 5 on the 13, 3 on the
    /// 8 and 5 on the 6, for each side in its own numbering.
    pub fn start() -> PortesPosition {
        let mut board = [0i8; 24];
        for (point, count) in [(24, 2), (13, 5), (8, 3), (6, 5)] {
            board[point - 1] = count;
            board[24 - point] = -count;
        }
        PortesPosition {
            board,
            own_bar: 0,
            opp_bar: 0,
            own_off: 0,
            opp_off: 0,
        }
    }

    /// A position from each side's checkers as that side numbers them:
    /// index 0 is the side's 1-point, 23 its 24-point, 24 its bar. Checkers
    /// not on the board or the bar are borne off. A point held by both sides
    /// is refused.
    pub fn from_sides(own: [u8; 25], opponent: [u8; 25]) -> Result<Self, PortesPositionError> {
        let own_total: u32 = own.iter().map(|&c| u32::from(c)).sum();
        let opp_total: u32 = opponent.iter().map(|&c| u32::from(c)).sum();
        for (side, count) in [("own", own_total), ("opponent", opp_total)] {
            if count > u32::from(CHECKERS) {
                return Err(PortesPositionError::WrongCount { side, count });
            }
        }
        if own_total == 0 && opp_total == 0 {
            return Err(PortesPositionError::BothOff);
        }
        let mut board = [0i8; 24];
        for i in 0..24 {
            let (mine, theirs) = (own[i], opponent[23 - i]);
            if mine > 0 && theirs > 0 {
                return Err(PortesPositionError::SharedPoint(i as u8 + 1));
            }
            board[i] = mine as i8 - theirs as i8;
        }
        Ok(PortesPosition {
            board,
            own_bar: own[24],
            opp_bar: opponent[24],
            own_off: CHECKERS - own_total as u8,
            opp_off: CHECKERS - opp_total as u8,
        })
    }

    /// Each side's checkers in its own numbering, as [`Self::from_sides`]
    /// takes them: (own, opponent).
    pub fn sides(&self) -> ([u8; 25], [u8; 25]) {
        let mut own = [0u8; 25];
        let mut opp = [0u8; 25];
        // Without branches on the sign: evaluators unpack every position
        // they rate, and which points are whose is unpredictable.
        for i in 0..24 {
            let c = self.board[i];
            own[i] = c.max(0).unsigned_abs();
            opp[23 - i] = c.min(0).unsigned_abs();
        }
        own[24] = self.own_bar;
        opp[24] = self.opp_bar;
        (own, opp)
    }

    /// The same position seen from the opponent, whose turn it becomes.
    pub fn flipped(&self) -> PortesPosition {
        let mut board = [0i8; 24];
        for (i, cell) in board.iter_mut().enumerate() {
            *cell = -self.board[23 - i];
        }
        PortesPosition {
            board,
            own_bar: self.opp_bar,
            opp_bar: self.own_bar,
            own_off: self.opp_off,
            opp_off: self.own_off,
        }
    }

    /// Checkers on the mover's point `p`: own > 0, opponent < 0.
    pub fn at(&self, p: Point) -> i8 {
        self.board[p.index()]
    }

    /// The board by index `p-1`: own checkers > 0, the opponent's < 0.
    pub fn board(&self) -> &[i8; 24] {
        &self.board
    }

    /// The mover's checkers on the bar.
    pub fn own_bar(&self) -> u8 {
        self.own_bar
    }

    /// The opponent's checkers on the bar.
    pub fn opp_bar(&self) -> u8 {
        self.opp_bar
    }

    /// The mover's checkers borne off.
    pub fn own_off(&self) -> u8 {
        self.own_off
    }

    /// The opponent's checkers borne off.
    pub fn opp_off(&self) -> u8 {
        self.opp_off
    }

    /// The mover's highest occupied point (25 for the bar), 0 with none left.
    pub fn own_highest(&self) -> u8 {
        if self.own_bar > 0 {
            return 25;
        }
        (1..=24u8)
            .rev()
            .find(|&p| self.board[usize::from(p - 1)] > 0)
            .unwrap_or(0)
    }

    /// Whether every checker the mover has left is in its home board (P8).
    pub fn own_all_home(&self) -> bool {
        self.own_highest() <= 6
    }

    /// Whether both sides have every checker left in their home boards
    /// and none on the bar (the mover's points 1–6, the opponent's 19–24):
    /// a bear-off race. Read from the board directly, without unpacking
    /// the sides, because evaluators ask it of every position they rate.
    pub fn both_all_home(&self) -> bool {
        let (own_home, middle, opp_home) =
            (&self.board[..6], &self.board[6..18], &self.board[18..]);
        self.own_bar == 0
            && self.opp_bar == 0
            && middle.iter().all(|&c| c == 0)
            && own_home.iter().all(|&c| c >= 0)
            && opp_home.iter().all(|&c| c <= 0)
    }

    /// Pip count of (own, opponent): the pips each needs to bear off all
    /// its checkers, a bar checker counting 25.
    pub fn pip_counts(&self) -> (u32, u32) {
        let (own, opp) = self.sides();
        let count = |side: [u8; 25]| {
            side.iter()
                .enumerate()
                .map(|(i, &c)| (i as u32 + 1) * u32::from(c))
                .sum()
        };
        (count(own), count(opp))
    }

    /// Whether the step is legal on its own, in this position (P4–P9), and
    /// what it would do.
    pub fn check_step(&self, step: Step) -> Result<StepEffect, StepError> {
        let die = step.die.pips();
        match step.from {
            Source::Bar => {
                if self.own_bar == 0 {
                    return Err(StepError::NoChecker);
                }
            }
            Source::Point(p) => {
                if self.board[p.index()] <= 0 {
                    return Err(StepError::NoChecker);
                }
                if self.own_bar > 0 {
                    return Err(StepError::BarFirst);
                }
            }
        }
        match step.to() {
            Some(to) => match self.board[to.index()] {
                -1 => Ok(StepEffect::Hit),
                c if c < -1 => Err(StepError::Blocked),
                _ => Ok(StepEffect::Quiet),
            },
            None => {
                let highest = self.own_highest();
                if highest > 6 {
                    Err(StepError::NotAllHome)
                } else if step.from.number() < die && highest > step.from.number() {
                    Err(StepError::HigherCheckerFirst)
                } else {
                    Ok(StepEffect::Quiet)
                }
            }
        }
    }

    /// Makes the step of `pips` from the mover's source numbered `source`
    /// (1–24 a point, 25 the bar), already known to be legal, in place;
    /// returns whether it hit. With [`Self::unmake_step`] this is the move
    /// generator's hot loop: making and unmaking one position avoids
    /// copying a position a node (a wide copy right after byte-sized
    /// stores waits for them).
    #[inline]
    pub(super) fn make_step(&mut self, source: u8, pips: u8) -> bool {
        if source == 25 {
            self.own_bar -= 1;
        } else {
            self.board[usize::from(source - 1)] -= 1;
        }
        if source > pips {
            let cell = &mut self.board[usize::from(source - pips - 1)];
            let hit = *cell == -1;
            *cell += if hit { 2 } else { 1 };
            self.opp_bar += u8::from(hit);
            hit
        } else {
            self.own_off += 1;
            false
        }
    }

    /// Takes back a step made by [`Self::make_step`] (`hit` as it
    /// returned).
    #[inline]
    pub(super) fn unmake_step(&mut self, source: u8, pips: u8, hit: bool) {
        if source > pips {
            self.board[usize::from(source - pips - 1)] -= if hit { 2 } else { 1 };
            self.opp_bar -= u8::from(hit);
        } else {
            self.own_off -= 1;
        }
        if source == 25 {
            self.own_bar += 1;
        } else {
            self.board[usize::from(source - 1)] += 1;
        }
    }

    /// An additive hash of the position: a random key a point weighted by
    /// its signed count, plus a key a checker on either bar (the checkers
    /// off follow from the rest). A step changes it by a few keys
    /// ([`Self::step_hash_change`]), so the move generator keeps it up to
    /// date in passing instead of hashing every line it finds.
    pub(super) fn additive_hash(&self) -> u64 {
        let mut hash = u64::from(self.own_bar)
            .wrapping_mul(HASH_KEYS[24])
            .wrapping_add(u64::from(self.opp_bar).wrapping_mul(HASH_KEYS[25]));
        for (cell, key) in self.board.iter().zip(HASH_KEYS) {
            hash = hash.wrapping_add((i64::from(*cell) as u64).wrapping_mul(key));
        }
        hash
    }

    /// How [`Self::additive_hash`] changes with a step made by
    /// [`Self::make_step`] (`hit` as it returned), added with wrapping.
    #[inline]
    pub(super) fn step_hash_change(source: u8, pips: u8, hit: bool) -> u64 {
        let from = HASH_KEYS[usize::from(source - 1)].wrapping_neg();
        if source > pips {
            let to = HASH_KEYS[usize::from(source - pips - 1)];
            let landing = if hit {
                to.wrapping_mul(2).wrapping_add(HASH_KEYS[25])
            } else {
                to
            };
            from.wrapping_add(landing)
        } else {
            from
        }
    }

    /// The position after a step already known to be legal
    /// ([`Self::check_step`]), still seen from the mover.
    pub fn apply_step(&self, step: Step) -> PortesPosition {
        let mut next = *self;
        next.make_step(step.from.number(), step.die.pips());
        next
    }
}

impl std::hash::Hash for PortesPosition {
    /// One word for the hasher, folded from the 28 bytes: the move
    /// generator hashes every line it finds, so this is hot.
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        let word = |i: usize| {
            let b = &self.board[i * 8..i * 8 + 8];
            u64::from_le_bytes(std::array::from_fn(|k| b[k] as u8))
        };
        let tail = u64::from_le_bytes([
            self.own_bar,
            self.opp_bar,
            self.own_off,
            self.opp_off,
            0,
            0,
            0,
            0,
        ]);
        const K: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut h = word(0);
        for w in [word(1), word(2), tail] {
            h = (h.rotate_left(23) ^ w).wrapping_mul(K);
        }
        state.write_u64(h);
    }
}

impl fmt::Debug for PortesPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "PortesPosition {{ board: {:?}, bar: {}/{}, off: {}/{} }}",
            self.board, self.own_bar, self.opp_bar, self.own_off, self.opp_off
        )
    }
}
