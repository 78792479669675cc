//! A Plakoto position seen from the side on roll (R2), and the single step
//! of one checker by one die (R5–R8, R12–R13) that all plays are made of.

use std::fmt;

use crate::point::{Die, Point};
use crate::seat::Seat;

/// Checkers each side has (R1).
pub const CHECKERS: u8 = 15;

/// A position from the point of view of the side on roll ("own"), which
/// moves from 24 to 1; the other side is the "opponent".
///
/// Each point holds the checkers of the side that controls it (`board`:
/// positive for own, negative for the opponent's), plus possibly one pinned
/// checker of the other side underneath (R4), recorded in a bit mask. This
/// keeps a position to 34 bytes with no heap, cheap to copy, hash and flip.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    /// Index `p-1`: free (top) checkers on point `p`, own > 0, opponent < 0.
    board: [i8; 24],
    /// Bit `p-1`: an own checker is pinned on `p` under opponent checkers.
    own_pinned: u32,
    /// Bit `p-1`: an opponent checker is pinned on `p` under own checkers.
    opp_pinned: u32,
    own_off: u8,
    opp_off: u8,
}

/// One checker moved by one die: from `from`, `die` pips towards 1, or off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    /// The point moved from.
    pub from: Point,
    /// The die used.
    pub die: Die,
}

impl Step {
    /// Where the checker lands; `None` when it is borne off.
    pub fn to(self) -> Option<Point> {
        let to = self.from.number() as i8 - self.die.pips() as i8;
        (to >= 1).then(|| Point::new(to as u8).expect("1..=23"))
    }
}

/// Steps of one play, in the order played (at most 24, Express 1-1),
/// packed a byte each (point in the low 5 bits, die above) so that a play
/// with its position fits one cache line.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct StepList {
    len: u8,
    steps: [u8; 24],
}

impl StepList {
    /// No steps.
    pub const EMPTY: StepList = StepList {
        len: 0,
        steps: [0; 24],
    };

    /// Appends a step.
    #[inline]
    pub fn push(&mut self, step: Step) {
        self.push_raw(
            usize::from(step.from.number()),
            usize::from(step.die.pips()),
        );
    }

    /// Appends a step from raw numbers known to be valid.
    #[inline]
    pub(crate) fn push_raw(&mut self, from: usize, die: usize) {
        self.steps[usize::from(self.len)] = (from | die << 5) as u8;
        self.len += 1;
    }

    /// Removes the last step.
    #[inline]
    pub fn pop(&mut self) {
        self.len -= 1;
    }

    /// Number of steps (= numbers used).
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether no step was played.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The steps in playing order.
    pub fn iter(&self) -> impl Iterator<Item = Step> + '_ {
        self.steps[..self.len()].iter().map(|&b| Step {
            from: Point::new(b & 31).expect("valid step"),
            die: Die::new(b >> 5).expect("valid step"),
        })
    }

    /// The die of the first step, 0 if none.
    #[inline]
    pub(crate) fn first_die(&self) -> u8 {
        if self.len == 0 { 0 } else { self.steps[0] >> 5 }
    }

    /// The dice used, in playing order.
    pub fn dice(&self) -> Vec<u8> {
        self.steps[..self.len()].iter().map(|b| b >> 5).collect()
    }
}

impl fmt::Debug for StepList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(self.iter().map(|s| (s.from.number(), s.die.pips())))
            .finish()
    }
}

/// Why a single step is not allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepError {
    /// No own checker on the point.
    NoChecker,
    /// The only own checker there is pinned (R7).
    Pinned,
    /// The landing point holds an opposing block (R5).
    Block,
    /// The landing point is a pin point the opponent controls (R5).
    OpponentPinPoint,
    /// Bearing off needs every checker home (R12); this is the point of
    /// the farthest checker outside.
    NotAllHome(Point),
    /// Bearing off is suspended while an own checker is pinned (R12).
    BearOffWhilePinned(Point),
    /// A die bigger than the point may bear off only from the highest
    /// occupied point (R13); this is a higher occupied point.
    HigherCheckerMustMove(Point),
}

/// What a step did besides moving the checker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepOutcome {
    /// The step landed on an opposing blot and pinned it (R6).
    pub pinned: bool,
    /// The step left a point whose pinned opposing checker is now free (R7).
    pub freed: bool,
}

/// A position that breaks R1–R4.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A side has more than 15 checkers on the board (R1).
    TooManyCheckers {
        /// Which side, as seen from the side on roll.
        side: Seat,
        /// Its checkers on the board.
        count: u32,
    },
    /// Both sides have borne off everything: no game can get there.
    BothAllOff,
    /// Both sides are marked pinned on one point (R4).
    BothPinned(Point),
    /// A pinned checker shares its point with checkers of its own side.
    PinnedNotAlone(Point),
    /// A pinned checker has no opposing checker on top of it.
    PinUnderNothing(Point),
    /// Both sides hold two or more checkers on one point.
    BothHold(Point),
    /// One checker of each side on a point, and neither marked pinned.
    UnmarkedPin(Point),
    /// The side on roll pinned on its 1-point, where the opponent starts
    /// and the side could never have landed.
    RollerPinnedOnOne,
    /// The opponent pinned on the roller's 24-point, where the roller
    /// could never have landed.
    OpponentPinnedOnStart,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::TooManyCheckers { side, count } => {
                let name = match side {
                    Seat::OnRoll => "the side on roll",
                    Seat::Opponent => "the opponent",
                };
                write!(f, "{name} has {count} checkers on the board; at most 15")
            }
            PositionError::BothAllOff => {
                f.write_str("both sides have borne off all their checkers")
            }
            PositionError::BothPinned(p) => write!(
                f,
                "point {p}: both sides are marked pinned there; only one checker can be pinned on a point"
            ),
            PositionError::PinnedNotAlone(p) => write!(
                f,
                "point {p}: a pinned checker must be its side's only checker there (two checkers pinned on one point?)"
            ),
            PositionError::PinUnderNothing(p) => write!(
                f,
                "point {p}: a pin under nothing; a pinned checker needs an opposing checker on top"
            ),
            PositionError::BothHold(p) => write!(
                f,
                "point {p}: both sides have two or more checkers there; at most one checker can be pinned under the other side"
            ),
            PositionError::UnmarkedPin(p) => write!(
                f,
                "point {p}: one checker of each side and no pin marked; say which is pinned"
            ),
            PositionError::RollerPinnedOnOne => f.write_str(
                "point 1: the side on roll cannot be pinned on its 1-point, the opponent's starting point where it can never land",
            ),
            PositionError::OpponentPinnedOnStart => f.write_str(
                "point 24: the opponent cannot be pinned on the roller's starting point, where the roller can never land",
            ),
        }
    }
}

impl std::error::Error for PositionError {}

/// One side's checkers as counted on each point in that side's own
/// numbering, with the point of a pinned checker marked: the neutral form
/// that IDs and board text are built from and checked through.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct SideLayout {
    /// Index `p-1`: checkers on the side's own point `p`, pinned one included.
    pub counts: [u8; 24],
    /// Bit `p-1`: the side's checker on its own point `p` is pinned.
    pub pinned: u32,
}

impl Position {
    /// The starting position (R3): 15 checkers each on their own 24-point.
    pub fn initial() -> Position {
        let mut board = [0i8; 24];
        board[23] = 15;
        board[0] = -15;
        Position {
            board,
            own_pinned: 0,
            opp_pinned: 0,
            own_off: 0,
            opp_off: 0,
        }
    }

    /// The same position seen by the other side (R2): cheap, no branches.
    #[inline]
    pub fn flip(&self) -> Position {
        let mut board = [0i8; 24];
        for (i, b) in board.iter_mut().enumerate() {
            *b = -self.board[23 - i];
        }
        Position {
            board,
            own_pinned: reverse24(self.opp_pinned),
            opp_pinned: reverse24(self.own_pinned),
            own_off: self.opp_off,
            opp_off: self.own_off,
        }
    }

    /// Own checkers on `p`, a pinned one included.
    pub fn own_count(&self, p: Point) -> u8 {
        self.board[p.index()].max(0) as u8 + (self.own_pinned >> p.index() & 1) as u8
    }

    /// Opponent checkers on `p` (mover's numbering), a pinned one included.
    pub fn opp_count(&self, p: Point) -> u8 {
        (-self.board[p.index()]).max(0) as u8 + (self.opp_pinned >> p.index() & 1) as u8
    }

    /// Whether an own checker is pinned on `p`.
    pub fn own_pinned_at(&self, p: Point) -> bool {
        self.own_pinned >> p.index() & 1 == 1
    }

    /// Whether an opponent checker is pinned on `p` (mover's numbering).
    pub fn opp_pinned_at(&self, p: Point) -> bool {
        self.opp_pinned >> p.index() & 1 == 1
    }

    /// Own checkers that can move from `p` (the free ones on top).
    #[inline]
    pub fn own_free(&self, p: Point) -> u8 {
        self.board[p.index()].max(0) as u8
    }

    /// Own checkers borne off.
    pub fn own_off(&self) -> u8 {
        self.own_off
    }

    /// Opponent checkers borne off.
    pub fn opp_off(&self) -> u8 {
        self.opp_off
    }

    /// Bit mask of points holding a pinned own checker.
    pub fn own_pinned_mask(&self) -> u32 {
        self.own_pinned
    }

    /// Bit mask of points holding a pinned opponent checker.
    pub fn opp_pinned_mask(&self) -> u32 {
        self.opp_pinned
    }

    /// The raw controller counts (own > 0, opponent < 0), point 1 first.
    pub fn raw_board(&self) -> &[i8; 24] {
        &self.board
    }

    /// Own pip count (checkers borne off count 0).
    pub fn own_pips(&self) -> u32 {
        Point::all()
            .map(|p| u32::from(self.own_count(p)) * u32::from(p.number()))
            .sum()
    }

    /// Opponent pip count, in the opponent's own numbering.
    pub fn opp_pips(&self) -> u32 {
        Point::all()
            .map(|p| u32::from(self.opp_count(p)) * u32::from(p.mirrored().number()))
            .sum()
    }

    /// R12: every own checker on the board is home (1–6) and none is pinned.
    #[inline]
    pub fn may_bear_off(&self) -> bool {
        self.own_pinned == 0 && self.board[6..].iter().all(|&v| v <= 0)
    }

    /// The highest point holding a free own checker.
    #[inline]
    pub fn highest_own(&self) -> Option<Point> {
        (0..24)
            .rev()
            .find(|&i| self.board[i] > 0)
            .map(|i| Point::new(i as u8 + 1).expect("index in range"))
    }

    /// Checks whether `step` may be played now, without playing it.
    /// `bear_off_ok` and `highest` are [`Self::may_bear_off`] and
    /// [`Self::highest_own`], passed in so a generator computes them once.
    #[inline]
    pub(crate) fn check_step(
        &self,
        from: usize,
        die: usize,
        bear_off_ok: bool,
        highest: usize,
    ) -> Result<(), StepError> {
        // `from` and `highest` are 1-based point numbers here.
        if self.board[from - 1] <= 0 {
            return Err(if self.own_pinned >> (from - 1) & 1 == 1 {
                StepError::Pinned
            } else {
                StepError::NoChecker
            });
        }
        if from > die {
            let v = self.board[from - die - 1];
            if v >= 0 || (v == -1 && self.own_pinned >> (from - die - 1) & 1 == 0) {
                Ok(())
            } else if v == -1 {
                Err(StepError::OpponentPinPoint)
            } else {
                Err(StepError::Block)
            }
        } else if !bear_off_ok {
            Err(self.bear_off_refusal())
        } else if from == die || from == highest {
            Ok(())
        } else {
            Err(StepError::HigherCheckerMustMove(
                Point::new(highest as u8).expect("highest is a point"),
            ))
        }
    }

    fn bear_off_refusal(&self) -> StepError {
        if let Some(i) = (6..24)
            .rev()
            .find(|&i| self.board[i] > 0 || self.own_pinned >> i & 1 == 1)
        {
            StepError::NotAllHome(Point::new(i as u8 + 1).expect("index"))
        } else {
            let i = self.own_pinned.trailing_zeros() as u8;
            StepError::BearOffWhilePinned(Point::new(i + 1).expect("pinned point"))
        }
    }

    /// Plays a step already known to be legal (see [`Self::check_step`]).
    ///
    /// Written without branches on the board: whether a step frees or pins
    /// a checker depends on the position alone, so a move generator calling
    /// this at every node would mispredict such branches often (they were a
    /// third of its mispredictions).
    #[inline]
    pub(crate) fn apply_step(&mut self, from: usize, die: usize) -> StepOutcome {
        let fi = from - 1;
        let left = self.board[fi] - 1;
        // The last own checker leaves a point where it pinned an opposing
        // checker: that checker is free again, a blot (R7).
        let freed = (left == 0) & (self.opp_pinned >> fi & 1 == 1);
        self.board[fi] = left - i8::from(freed);
        self.opp_pinned &= !(u32::from(freed) << fi);
        let mut pinned = false;
        if from > die {
            let ti = from - die - 1;
            // Landing on an opposing blot pins it (R6): -1 becomes 1.
            pinned = self.board[ti] == -1;
            self.board[ti] += 1 + i8::from(pinned);
            self.opp_pinned |= u32::from(pinned) << ti;
        } else {
            self.own_off += 1;
        }
        StepOutcome { pinned, freed }
    }

    /// Tries one step, playing it if legal.
    pub fn try_step(&mut self, step: Step) -> Result<StepOutcome, StepError> {
        let highest = self.highest_own().map_or(0, |p| usize::from(p.number()));
        let (from, die) = (
            usize::from(step.from.number()),
            usize::from(step.die.pips()),
        );
        self.check_step(from, die, self.may_bear_off(), highest)?;
        Ok(self.apply_step(from, die))
    }

    /// A cheap 64-bit hash of the whole position, for de-duplication.
    #[inline]
    pub fn fast_hash(&self) -> u64 {
        let b = self.board.map(|v| v as u8);
        let w0 = u64::from_le_bytes(b[0..8].try_into().expect("8 bytes"));
        let w1 = u64::from_le_bytes(b[8..16].try_into().expect("8 bytes"));
        let w2 = u64::from_le_bytes(b[16..24].try_into().expect("8 bytes"));
        let w3 = u64::from(self.own_pinned)
            | u64::from(self.opp_pinned) << 24
            | u64::from(self.own_off) << 48
            | u64::from(self.opp_off) << 56;
        // Four independent multiplies (not one chain): the latency of a
        // serial hash showed up in the move generator's profile.
        let h = (w0 ^ 0x243F_6A88_85A3_08D3).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ (w1 ^ 0x1319_8A2E_0370_7344).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
            ^ (w2 ^ 0xA409_3822_299F_31D0).wrapping_mul(0x1656_67B1_9E37_79F9)
            ^ (w3 ^ 0x082E_FA98_EC4E_6C89).wrapping_mul(0xFF51_AFD7_ED55_8CCD);
        h ^ (h >> 32)
    }

    /// The own side's layout, in its own numbering.
    pub fn own_layout(&self) -> SideLayout {
        let mut layout = SideLayout::default();
        for p in Point::all() {
            layout.counts[p.index()] = self.own_count(p);
        }
        layout.pinned = self.own_pinned;
        layout
    }

    /// The opponent's layout, in the opponent's own numbering.
    pub fn opp_layout(&self) -> SideLayout {
        self.flip().own_layout()
    }

    /// Builds and checks a position from both sides' layouts, each in its
    /// own numbering, the side on roll first. Checks R1 and R4: at most 15
    /// checkers a side, a pinned checker alone under at least one opposing
    /// checker, at most one pinned checker a point, no point held by both
    /// sides without a pin, no pin where no checker could ever have been
    /// pinned (a side's own 24-point), and not both sides all off.
    pub fn from_layouts(own: &SideLayout, opp: &SideLayout) -> Result<Position, PositionError> {
        let own_total: u32 = own.counts.iter().map(|&c| u32::from(c)).sum();
        let opp_total: u32 = opp.counts.iter().map(|&c| u32::from(c)).sum();
        for (side, count) in [(Seat::OnRoll, own_total), (Seat::Opponent, opp_total)] {
            if count > u32::from(CHECKERS) {
                return Err(PositionError::TooManyCheckers { side, count });
            }
        }
        if own_total == 0 && opp_total == 0 {
            return Err(PositionError::BothAllOff);
        }
        let mut pos = Position {
            board: [0; 24],
            own_pinned: 0,
            opp_pinned: 0,
            own_off: CHECKERS - own_total as u8,
            opp_off: CHECKERS - opp_total as u8,
        };
        for p in Point::all() {
            let q = p.mirrored();
            let (mine, theirs) = (own.counts[p.index()], opp.counts[q.index()]);
            let (my_pin, their_pin) = (
                own.pinned >> p.index() & 1 == 1,
                opp.pinned >> q.index() & 1 == 1,
            );
            if my_pin && their_pin {
                return Err(PositionError::BothPinned(p));
            }
            if (my_pin && mine != 1) || (their_pin && theirs != 1) {
                return Err(PositionError::PinnedNotAlone(p));
            }
            if (my_pin && theirs == 0) || (their_pin && mine == 0) {
                return Err(PositionError::PinUnderNothing(p));
            }
            if mine > 0 && theirs > 0 && !my_pin && !their_pin {
                if mine > 1 && theirs > 1 {
                    return Err(PositionError::BothHold(p));
                }
                if mine == 1 && theirs == 1 {
                    return Err(PositionError::UnmarkedPin(p));
                }
            }
            let own_pinned_here = my_pin || (mine == 1 && theirs > 1);
            let opp_pinned_here = their_pin || (theirs == 1 && mine > 1);
            if own_pinned_here && p == Point::OPPONENT_START {
                return Err(PositionError::RollerPinnedOnOne);
            }
            if opp_pinned_here && p == Point::START {
                return Err(PositionError::OpponentPinnedOnStart);
            }
            let i = p.index();
            if own_pinned_here {
                pos.own_pinned |= 1 << i;
                pos.board[i] = -(theirs as i8);
            } else if opp_pinned_here {
                pos.opp_pinned |= 1 << i;
                pos.board[i] = mine as i8;
            } else {
                pos.board[i] = mine as i8 - theirs as i8;
            }
        }
        Ok(pos)
    }
}

#[inline]
fn reverse24(mask: u32) -> u32 {
    mask.reverse_bits() >> 8
}

impl Default for Position {
    fn default() -> Self {
        Position::initial()
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Builds a position from compact lists: `(point, own count)` for the
    /// side on roll, `(point in own numbering, count)` for the opponent, and
    /// the pinned points of each side (own numbering).
    pub(crate) fn pos(
        own: &[(u8, u8)],
        opp: &[(u8, u8)],
        own_pins: &[u8],
        opp_pins: &[u8],
    ) -> Position {
        let mut a = SideLayout::default();
        let mut b = SideLayout::default();
        for &(p, n) in own {
            a.counts[usize::from(p) - 1] = n;
        }
        for &(p, n) in opp {
            b.counts[usize::from(p) - 1] = n;
        }
        for &p in own_pins {
            a.pinned |= 1 << (p - 1);
        }
        for &p in opp_pins {
            b.pinned |= 1 << (p - 1);
        }
        Position::from_layouts(&a, &b).expect("test position is valid")
    }

    fn step(from: u8, die: u8) -> Step {
        Step {
            from: Point::new(from).unwrap(),
            die: Die::new(die).unwrap(),
        }
    }

    #[test]
    fn r3_initial_position() {
        let p = Position::initial();
        assert_eq!(p.own_count(Point::START), 15);
        assert_eq!(p.opp_count(Point::OPPONENT_START), 15);
        assert_eq!(p.own_pips(), 360);
        assert_eq!(p.opp_pips(), 360);
        assert_eq!(p.flip(), p);
    }

    #[test]
    fn r2_flip_mirrors_points() {
        let p = pos(&[(24, 13), (13, 2)], &[(24, 14), (20, 1)], &[], &[]);
        let f = p.flip();
        assert_eq!(f.own_count(Point::new(20).unwrap()), 1);
        assert_eq!(f.opp_count(Point::new(12).unwrap()), 2);
        assert_eq!(f.flip(), p);
    }

    #[test]
    fn r4_r6_landing_on_blot_pins_it() {
        // Opponent blot on its 20 = our 5.
        let mut p = pos(&[(24, 14), (8, 1)], &[(24, 14), (20, 1)], &[], &[]);
        let out = p.try_step(step(8, 3)).unwrap();
        assert!(out.pinned);
        let five = Point::new(5).unwrap();
        assert!(p.opp_pinned_at(five));
        assert_eq!(p.own_count(five), 1);
        assert_eq!(p.opp_count(five), 1);
    }

    #[test]
    fn r5_cannot_land_on_block_or_opponent_pin_point() {
        let mut p = pos(&[(24, 14), (8, 1)], &[(24, 13), (20, 2)], &[], &[]);
        assert_eq!(p.try_step(step(8, 3)), Err(StepError::Block));
        // Own checker pinned on 5 under a single opposing checker: still the
        // opponent's point (the primer's rule).
        let mut p = pos(&[(24, 13), (8, 1), (5, 1)], &[(24, 14), (20, 1)], &[5], &[]);
        assert_eq!(p.try_step(step(8, 3)), Err(StepError::OpponentPinPoint));
    }

    #[test]
    fn r6_more_checkers_may_join_a_pin_point() {
        let mut p = pos(
            &[(24, 13), (8, 1), (5, 1)],
            &[(24, 14), (20, 1)],
            &[],
            &[20],
        );
        p.try_step(step(8, 3)).unwrap();
        assert_eq!(p.own_count(Point::new(5).unwrap()), 2);
        assert!(p.opp_pinned_at(Point::new(5).unwrap()));
    }

    #[test]
    fn r7_pinned_checker_cannot_move_and_is_freed_when_last_leaves() {
        let mut p = pos(&[(24, 13), (8, 1), (5, 1)], &[(24, 14), (20, 1)], &[5], &[]);
        assert_eq!(p.try_step(step(5, 1)), Err(StepError::Pinned));
        // Our two checkers pin the opposing blot on 5; free it by leaving.
        let mut p = pos(&[(24, 13), (5, 2)], &[(24, 14), (20, 1)], &[], &[20]);
        let five = Point::new(5).unwrap();
        assert!(!p.try_step(step(5, 1)).unwrap().freed);
        assert!(p.opp_pinned_at(five));
        assert!(p.try_step(step(5, 1)).unwrap().freed);
        assert!(!p.opp_pinned_at(five));
        assert_eq!(p.opp_count(five), 1);
        // Free again, it is a blot that may be pinned once more.
        let mut p2 = pos(
            &[(24, 13), (7, 1), (5, 1)],
            &[(24, 14), (20, 1)],
            &[],
            &[20],
        );
        p2.try_step(step(5, 2)).unwrap();
        assert!(p2.try_step(step(7, 2)).unwrap().pinned);
    }

    #[test]
    fn r12_bear_off_needs_all_home_and_none_pinned() {
        let mut p = pos(&[(7, 1), (3, 14)], &[(24, 15)], &[], &[]);
        assert_eq!(
            p.try_step(step(3, 3)),
            Err(StepError::NotAllHome(Point::new(7).unwrap()))
        );
        let mut p = pos(&[(4, 1), (3, 14)], &[(24, 14), (21, 1)], &[4], &[]);
        assert_eq!(
            p.try_step(step(3, 3)),
            Err(StepError::BearOffWhilePinned(Point::new(4).unwrap()))
        );
    }

    #[test]
    fn r13_bear_off_die_rules() {
        let base = pos(&[(5, 2), (3, 13)], &[(10, 15)], &[], &[]);
        // Exact die bears off.
        let mut p = base;
        p.try_step(step(3, 3)).unwrap();
        assert_eq!(p.own_off(), 1);
        // 4 with point 4 empty and a checker higher (5): cannot bear off from 3.
        let mut p = base;
        assert_eq!(
            p.try_step(step(3, 4)),
            Err(StepError::HigherCheckerMustMove(Point::new(5).unwrap()))
        );
        // ...but may move normally inside home.
        assert!(p.try_step(step(5, 4)).is_ok());
        // 6 with nothing on 6 or higher: bears off from the highest point, 5.
        let mut p = base;
        p.try_step(step(5, 6)).unwrap();
        assert_eq!(p.own_off(), 1);
        assert_eq!(
            base.try_step_copy(step(3, 6)),
            Err(StepError::HigherCheckerMustMove(Point::new(5).unwrap()))
        );
    }

    impl Position {
        fn try_step_copy(&self, s: Step) -> Result<StepOutcome, StepError> {
            let mut p = *self;
            p.try_step(s)
        }
    }

    #[test]
    fn r1_layout_validation_errors() {
        let mut a = SideLayout::default();
        a.counts[23] = 16;
        let b = SideLayout {
            counts: {
                let mut c = [0; 24];
                c[23] = 15;
                c
            },
            pinned: 0,
        };
        assert_eq!(
            Position::from_layouts(&a, &b),
            Err(PositionError::TooManyCheckers {
                side: Seat::OnRoll,
                count: 16
            })
        );
        // Two blocks on one point.
        let mut a = SideLayout::default();
        a.counts[9] = 2; // own 10 = opponent 15
        let mut b2 = SideLayout::default();
        b2.counts[14] = 2;
        let ten = Point::new(10).unwrap();
        assert_eq!(
            Position::from_layouts(&a, &b2),
            Err(PositionError::BothHold(ten))
        );
        // Pin under nothing.
        let mut a = SideLayout::default();
        a.counts[9] = 1;
        a.pinned = 1 << 9;
        assert_eq!(
            Position::from_layouts(&a, &b),
            Err(PositionError::PinUnderNothing(ten))
        );
        // The messages are the protocol's.
        assert_eq!(
            PositionError::TooManyCheckers {
                side: Seat::OnRoll,
                count: 16
            }
            .to_string(),
            "the side on roll has 16 checkers on the board; at most 15"
        );
    }
}
