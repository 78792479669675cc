//! Legal plays (R5–R16, R20–R21): every distinct resulting position once
//! (R11), each with one sequence of steps that reaches it.
//!
//! How it stays fast and correct:
//! - Landing legality for the mover depends only on the opponent's checkers
//!   at the target, which the mover's own steps never make worse (a freed
//!   opposing checker is a blot the mover may pin again). So within a run of
//!   equal numbers (a double) any sequence of steps can be reordered by
//!   descending source point, and the depth-first search only tries sources
//!   at or below the previous one: most duplicate orders are never built.
//! - The one thing that order changes is *when* the mother rule ends the game
//!   (R16). The mother condition is monotone within a turn, so an ending play
//!   is a sorted non-ending prefix plus one triggering step (leaving the
//!   24-point, or landing on the opponent's mother on point 1); those two
//!   steps are tried at every node even outside the sorted window.
//! - Results are de-duplicated through an open-addressing table keyed by a
//!   64-bit hash, stamped so it never needs clearing between calls. The hash
//!   is additive over the board ([`turn_hash`]), so each node carries its
//!   own and a leaf's is the parent's plus the step's change: a leaf is
//!   looked up before it is built, and then built straight into the result
//!   list ([`Sink::emit_leaf`]). So no play is read back right after its
//!   bytes were written one by one (a wide load over narrow stores cannot
//!   be forwarded and waits for them), and no leaf is copied twice.
//! - The game can end mid-turn only near the end of a race or when the
//!   opponent's mother is in play; everywhere else the search runs a copy
//!   compiled without the end-of-game checks ([`Node::may_end`]).
//! - Steps are applied without branches on the board: whether a step pins or
//!   frees a checker is data the branch predictor cannot learn.
//! - Express sequences are expanded one group of equal numbers at a time,
//!   merging equal positions after each group, with a cap on memory.

use super::numbers::Numbers;
use super::position::{Position, StepList};

/// A legal play: the position it leads to (still seen from the mover) and
/// one sequence of steps that reaches it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Play {
    /// The resulting position, from the mover's point of view.
    pub position: Position,
    /// The steps in playing order; their count is the numbers used.
    pub steps: StepList,
}

impl Play {
    /// Whether the game ends on this play (R14, R16).
    pub fn ends_game(&self) -> bool {
        ends_game(&self.position)
    }

    /// Whether this play of `numbers` is legal whatever else could be
    /// played: it uses every number, or the game ends on it (R10 decision).
    /// Needs no list of plays, so it holds for a play of a list cut short.
    pub fn is_surely_legal(&self, numbers: &Numbers) -> bool {
        self.steps.len() == numbers.len() || self.ends_game()
    }

    /// The numbers of `numbers` this play leaves unused, passed on to the
    /// opponent in Express (R21); `None` when it uses them all. Allocates
    /// nothing: self-play and the search ask it of every play.
    pub fn numbers_left(&self, numbers: &Numbers) -> Option<Numbers> {
        let mut used = [0u8; 24];
        for (slot, step) in used.iter_mut().zip(self.steps.iter()) {
            *slot = step.die.pips();
        }
        numbers.remainder(&used[..self.steps.len().min(used.len())])
    }
}

/// Bounds on generation, so Express low doubles cannot exhaust memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GenLimits {
    /// Most distinct positions kept, in the result and in any intermediate
    /// frontier. Past it, generation stops adding and says so.
    pub max_positions: usize,
}

impl Default for GenLimits {
    /// Large enough for every roll from the initial position, Express 1-1
    /// (4,148,343 plays) included; about 90 bytes a position.
    fn default() -> Self {
        GenLimits {
            max_positions: 6_000_000,
        }
    }
}

/// The legal plays for one position and set of numbers.
#[derive(Clone, Debug, Default)]
pub struct PlayList {
    /// Legal plays, in generation order. Never empty for a game in progress:
    /// with nothing playable it holds the single "no move" play.
    pub plays: Vec<Play>,
    /// M of R10: the most numbers any line uses, counting a line on which
    /// the game ends up to its last step. Every legal play that does not
    /// end the game uses exactly this many.
    pub numbers_used: usize,
    /// Whether [`GenLimits`] cut generation short: the list is incomplete.
    pub truncated: bool,
}

impl PlayList {
    /// Number of legal plays.
    pub fn len(&self) -> usize {
        self.plays.len()
    }

    /// Whether there are no plays (only for a finished game).
    pub fn is_empty(&self) -> bool {
        self.plays.is_empty()
    }

    /// The play that leads to `position`, if any.
    pub fn find(&self, position: &Position) -> Option<&Play> {
        self.plays.iter().find(|p| p.position == *position)
    }
}

/// Whether the game ended on the mover's last step (R14, R16): the mover
/// has borne off everything, or the opponent's mother is pinned and the
/// mover either has left its own starting point or has its mother pinned.
#[inline]
pub(crate) fn ends_game(p: &Position) -> bool {
    if p.own_off() == 15 {
        return true;
    }
    p.opp_pinned_mask() & 1 == 1 && (p.own_pinned_mask() >> 23 & 1 == 1 || p.raw_board()[23] <= 0)
}

/// Reusable move generator: keeps its buffers between calls so the hot
/// loop of search and training allocates nothing per position.
#[derive(Default)]
pub struct MoveGenerator {
    limits: GenLimits,
    results: Candidates,
    frontier: Candidates,
    next: Candidates,
    /// An intermediate frontier hit the limit during this generation.
    truncated: bool,
}

/// What a search node emits.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Emit {
    /// Used every number of the group.
    Complete,
    /// Could not play the next number (counted for R10).
    Stuck,
    /// The game ended on the last step (always legal, R10 decision).
    Ending,
}

/// A de-duplicated collection of candidate plays.
///
/// The hash table is stamped (slots of an older stamp count as empty, so it
/// is never cleared between calls) and each call starts on a small region of
/// it, doubling as plays arrive: a typical roll's few dozen plays then probe
/// a table that stays in L1 even after some Express roll made it large.
#[derive(Default)]
struct Candidates {
    plays: Vec<Play>,
    table: Vec<Slot>,
    /// Size of the region in use, minus one.
    mask: usize,
    stamp: u32,
    full: bool,
}

#[derive(Clone, Copy, Default)]
struct Slot {
    stamp: u32,
    index: u32,
    hash: u64,
}

/// Slots a call starts with.
const INITIAL_SLOTS: usize = 256;

impl Candidates {
    fn reset(&mut self) {
        self.plays.clear();
        self.full = false;
        if self.table.len() < INITIAL_SLOTS {
            self.table = vec![Slot::default(); INITIAL_SLOTS];
        }
        self.mask = INITIAL_SLOTS - 1;
        self.next_stamp();
    }

    fn next_stamp(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            // Stamps wrapped: clear for real once every 4 billion calls.
            self.table.iter_mut().for_each(|s| *s = Slot::default());
            self.stamp = 1;
        }
    }

    /// Looks `hash` up: `Ok(index)` of the play there whose position
    /// `same` accepts, or `Err(slot)`, the free slot where it would go.
    #[inline(always)]
    fn probe(&self, hash: u64, mut same: impl FnMut(&Position) -> bool) -> Result<usize, usize> {
        let mut i = slot_of(hash) & self.mask;
        loop {
            let slot = self.table[i];
            if slot.stamp != self.stamp {
                return Err(i);
            }
            if slot.hash == hash && same(&self.plays[slot.index as usize].position) {
                return Ok(slot.index as usize);
            }
            i = (i + 1) & self.mask;
        }
    }

    /// Records the play about to be pushed in free slot `slot`; `false`
    /// (and marked full) when the limit leaves no room for it.
    #[inline(always)]
    fn claim(&mut self, slot: usize, hash: u64, limit: usize) -> bool {
        if self.plays.len() >= limit {
            self.full = true;
            return false;
        }
        self.table[slot] = Slot {
            stamp: self.stamp,
            index: self.plays.len() as u32,
            hash,
        };
        true
    }

    /// Grows the table once the play just pushed fills half of it.
    #[inline(always)]
    fn grow_if_half_full(&mut self) {
        if self.plays.len() * 2 > self.mask {
            self.grow();
        }
    }

    /// Adds a play unless its position is already there; on a repeat keeps
    /// the one that used more numbers.
    #[inline]
    fn insert(&mut self, play: &Play, limit: usize) {
        let hash = turn_hash(&play.position);
        match self.probe(hash, |p| *p == play.position) {
            Ok(index) => {
                let existing = &mut self.plays[index];
                if play.steps.len() > existing.steps.len() {
                    existing.steps = play.steps;
                }
            }
            Err(slot) => {
                if self.claim(slot, hash, limit) {
                    self.plays.push(*play);
                    self.grow_if_half_full();
                }
            }
        }
    }

    /// [`Self::insert`] for the leaf `node.leaf(from, die)`, built only when
    /// its position is new (or to compare it on a hash match).
    #[inline(always)]
    fn insert_leaf(&mut self, node: &Node, from: usize, die: usize, limit: usize) {
        let hash = node.hash_after(from, die);
        match self.probe(hash, |p| *p == node.leaf(from, die).position) {
            Ok(index) => {
                let existing = &mut self.plays[index];
                if node.play.steps.len() + 1 > existing.steps.len() {
                    existing.steps = node.leaf(from, die).steps;
                }
            }
            Err(slot) => {
                if self.claim(slot, hash, limit) {
                    self.build_leaf(node, from, die);
                    self.grow_if_half_full();
                }
            }
        }
    }

    /// Adds a play known to differ from every play already there.
    #[inline]
    fn push_distinct(&mut self, play: &Play, limit: usize) {
        if self.plays.len() >= limit {
            self.full = true;
        } else {
            self.plays.push(*play);
        }
    }

    /// [`Self::push_distinct`] for the leaf `node.leaf(from, die)`.
    #[inline]
    fn push_distinct_leaf(&mut self, node: &Node, from: usize, die: usize, limit: usize) {
        if self.plays.len() >= limit {
            self.full = true;
        } else {
            self.build_leaf(node, from, die);
        }
    }

    /// Pushes `node.leaf(from, die)`, built where it is stored: one copy of
    /// the parent's play, then the step's few bytes changed in place.
    #[inline(always)]
    fn build_leaf(&mut self, node: &Node, from: usize, die: usize) {
        self.plays.push(node.play);
        let play = self.plays.last_mut().expect("just pushed");
        play.position.apply_step(from, die);
        play.steps.push_raw(from, die);
    }

    /// Doubles the region in use and re-inserts every play under a new stamp.
    #[cold]
    fn grow(&mut self) {
        let slots = (self.mask + 1) * 2;
        if self.table.len() < slots {
            self.table.resize(slots, Slot::default());
        }
        self.mask = slots - 1;
        self.next_stamp();
        for (index, play) in self.plays.iter().enumerate() {
            let hash = turn_hash(&play.position);
            let mut i = slot_of(hash) & self.mask;
            while self.table[i].stamp == self.stamp {
                i = (i + 1) & self.mask;
            }
            self.table[i] = Slot {
                stamp: self.stamp,
                index: index as u32,
                hash,
            };
        }
    }
}

/// Where the hash table starts looking for a play of hash `hash`, before
/// the mask: [`turn_hash`] is a sum whose high bits carry what its low bits
/// miss, so fold them down before spreading them up again.
#[inline(always)]
fn slot_of(hash: u64) -> usize {
    ((hash ^ hash >> 32).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize
}

/// Receives the lines a search finds.
pub(super) trait Sink {
    /// Whether the sink reads [`Node::hash_after`]: only then do the
    /// search's nodes keep their hash up to date.
    const HASHED: bool;

    /// A line's result, of the given kind.
    fn emit(&mut self, play: &Play, kind: Emit);

    /// The result of playing `die` from `from` at `node` (known legal): a
    /// line's last step, on which the game does not end.
    #[inline(always)]
    fn emit_leaf(&mut self, node: &Node, from: usize, die: usize) {
        self.emit(&node.leaf(from, die), Emit::Complete);
    }
}

/// A closure as a [`Sink`].
struct FnSink<F>(F);

impl<F: FnMut(&Play, Emit)> Sink for FnSink<F> {
    const HASHED: bool = false;

    #[inline(always)]
    fn emit(&mut self, play: &Play, kind: Emit) {
        (self.0)(play, kind)
    }
}

/// Every line's result into one de-duplicated list.
struct Merge<'a> {
    into: &'a mut Candidates,
    limit: usize,
}

impl Sink for Merge<'_> {
    const HASHED: bool = true;

    #[inline(always)]
    fn emit(&mut self, play: &Play, _: Emit) {
        self.into.insert(play, self.limit);
    }

    #[inline(always)]
    fn emit_leaf(&mut self, node: &Node, from: usize, die: usize) {
        self.into.insert_leaf(node, from, die, self.limit);
    }
}

/// Every line's result into a list, known to be distinct already.
struct Distinct<'a> {
    into: &'a mut Candidates,
    limit: usize,
}

impl Sink for Distinct<'_> {
    const HASHED: bool = false;

    #[inline(always)]
    fn emit(&mut self, play: &Play, _: Emit) {
        self.into.push_distinct(play, self.limit);
    }

    #[inline(always)]
    fn emit_leaf(&mut self, node: &Node, from: usize, die: usize) {
        self.into.push_distinct_leaf(node, from, die, self.limit);
    }
}

/// One Express group's lines: those that used the whole group go on to the
/// next group (unless this is the last), the others are results.
struct Group<'a> {
    results: &'a mut Candidates,
    next: &'a mut Candidates,
    last: bool,
    limit: usize,
}

impl Sink for Group<'_> {
    const HASHED: bool = true;

    #[inline(always)]
    fn emit(&mut self, play: &Play, kind: Emit) {
        if kind == Emit::Complete && !self.last {
            self.next.insert(play, self.limit)
        } else {
            self.results.insert(play, self.limit)
        }
    }

    #[inline(always)]
    fn emit_leaf(&mut self, node: &Node, from: usize, die: usize) {
        if self.last {
            self.results.insert_leaf(node, from, die, self.limit)
        } else {
            self.next.insert_leaf(node, from, die, self.limit)
        }
    }
}

impl MoveGenerator {
    /// A generator with the given limits.
    pub fn new(limits: GenLimits) -> MoveGenerator {
        MoveGenerator {
            limits,
            ..Default::default()
        }
    }

    /// The limits in force.
    pub fn limits(&self) -> GenLimits {
        self.limits
    }

    /// All legal plays of `numbers` from `position` (side on roll moving),
    /// written into `out` (its old contents are replaced).
    ///
    /// ```
    /// use plakoto_rules::{Dice, MoveGenerator, PlayList, Position, Variant, format_play};
    ///
    /// let start = Position::initial();
    /// let numbers = Dice::new(6, 5).unwrap().numbers(Variant::Standard);
    /// let mut plays = PlayList::default();
    /// MoveGenerator::default().generate(&start, &numbers, &mut plays);
    /// let mut written: Vec<String> = plays.plays.iter().map(|p| format_play(&start, p)).collect();
    /// written.sort();
    /// assert_eq!(written, ["24/13", "24/19 24/18"]);
    /// assert!(!plays.truncated && plays.numbers_used == 2);
    /// ```
    pub fn generate(&mut self, position: &Position, numbers: &Numbers, out: &mut PlayList) {
        self.results.reset();
        self.truncated = false;
        let start = Play {
            position: *position,
            steps: StepList::EMPTY,
        };
        let limit = self.limits.max_positions;
        match numbers {
            Numbers::Pair(hi, lo) => {
                let sink = &mut Merge {
                    into: &mut self.results,
                    limit,
                };
                let (hi, lo) = (usize::from(hi.pips()), usize::from(lo.pips()));
                if Node::root(&start).may_end(2) {
                    pair_plays::<true>(&start, hi, lo, sink);
                } else {
                    pair_plays::<false>(&start, hi, lo, sink);
                }
            }
            Numbers::Sequence(seq) => {
                let mut runs = seq.runs();
                let first = runs.next().unwrap_or_default();
                if runs.next().is_none() {
                    let into = &mut self.results;
                    let landable = landable_mask(position);
                    let root = Node::root(&start);
                    if root.mother_in_play() {
                        search(&root, first, 0, 24, landable, &mut Merge { into, limit });
                    } else {
                        // One run of equal numbers: with equal steps the final
                        // position fixes how many steps left each point (count
                        // from the top down), so each sorted step multiset the
                        // search builds is a distinct position. Only the
                        // mother-rule triggers (impossible here: the opposing
                        // mother is neither a blot nor pinned, and the mover
                        // cannot make it one) could repeat one.
                        search(&root, first, 0, 24, landable, &mut Distinct { into, limit });
                    }
                } else {
                    let groups: Vec<&[u8]> = seq.runs().collect();
                    self.expand_groups(start, &groups, limit);
                }
            }
        }
        self.finish(numbers, out);
    }

    /// Express sequences: one group of equal numbers at a time, merging
    /// equal positions between groups so the frontier stays bounded.
    fn expand_groups(&mut self, start: Play, groups: &[&[u8]], limit: usize) {
        let landable = landable_mask(&start.position);
        self.frontier.reset();
        self.frontier.insert(&start, limit);
        for (gi, group) in groups.iter().enumerate() {
            let last = gi + 1 == groups.len();
            self.next.reset();
            let sink = &mut Group {
                results: &mut self.results,
                next: &mut self.next,
                last,
                limit,
            };
            for cand in &self.frontier.plays {
                if sink.results.full || sink.next.full {
                    // Over the limit: go on with the frontier as it is (the
                    // list is marked truncated); exploring more nodes here
                    // would only find plays that cannot be kept.
                    break;
                }
                search(&Node::root(cand), group, 0, 24, landable, sink);
            }
            self.truncated |= self.next.full;
            std::mem::swap(&mut self.frontier, &mut self.next);
            if self.frontier.plays.is_empty() {
                break;
            }
        }
    }

    /// Applies R10 to the candidates (see [`retain_max_usage`]).
    fn finish(&mut self, numbers: &Numbers, out: &mut PlayList) {
        let c = &mut self.results;
        out.numbers_used = retain_max_usage(&mut c.plays, numbers);
        // Hand the buffer over instead of copying.
        std::mem::swap(&mut out.plays, &mut c.plays);
        out.truncated = c.full || self.truncated;
    }
}

/// R10 and its decision on plays that end the game, applied to candidate
/// plays (each distinct line's result with the numbers it used): keeps the
/// legal ones and returns M, the most numbers any line uses, counting a
/// line on which the game ends up to its last step.
///
/// A play on which the game ends (R14, R16) is always legal; every other
/// play must use exactly M numbers, and when M is 1 for a non-double, the
/// higher die if some line (ending or not) uses it. The empty play (pass)
/// therefore stays only when M is 0. Whether a play ends the game is read
/// off its position.
pub fn retain_max_usage(plays: &mut Vec<Play>, numbers: &Numbers) -> usize {
    let (fewest, most) = plays.iter().fold((usize::MAX, 0), |(lo, hi), p| {
        (lo.min(p.steps.len()), hi.max(p.steps.len()))
    });
    let higher = match numbers {
        Numbers::Pair(hi, _) if most == 1 => hi.pips(),
        _ => 0,
    };
    if fewest == most && higher == 0 {
        // The usual case: every candidate uses M numbers and no die is
        // preferred, so all are legal; skip the pass that would keep them.
        return most;
    }
    let higher_die_only = higher > 0
        && plays
            .iter()
            .any(|p| p.steps.len() == 1 && p.steps.first_die() == higher);
    plays.retain(|p| {
        ends_game(&p.position)
            || (p.steps.len() == most && (!higher_die_only || p.steps.first_die() == higher))
    });
    most
}

/// A search node: the play so far, the points holding a free own checker
/// (bit `p-1` for point `p`) and the position's [`turn_hash`], kept up to
/// date step by step.
#[derive(Clone, Copy)]
pub(super) struct Node {
    play: Play,
    sources: u32,
    hash: u64,
}

impl Node {
    pub(super) fn root(play: &Play) -> Node {
        Node {
            play: *play,
            sources: free_own_mask(play.position.raw_board()),
            hash: turn_hash(&play.position),
        }
    }

    /// The sources from which `die` can be played now. `landable` is the
    /// turn's constant mask of points the mover may land on (R5): the
    /// mover's own steps never make a point unlandable for itself.
    #[inline]
    fn legal_sources(&self, die: usize, landable: u32) -> u32 {
        let normal = self.sources & (landable << die);
        // R12: bearing off needs every own checker home and none pinned;
        // with none pinned, `sources` holds every own checker on the board.
        if self.play.position.own_pinned_mask() != 0 || self.sources >> 6 != 0 {
            return normal;
        }
        // R13: exactly from point `die`, or from the highest point when
        // the die is higher than it.
        let highest = 32 - self.sources.leading_zeros() as usize;
        let exact = self.sources & 1 << (die - 1);
        let from_highest = if highest > 0 && highest < die {
            1 << (highest - 1)
        } else {
            0
        };
        normal | exact | from_highest
    }

    /// The play after `die` from `from` (known legal), for a leaf: no need
    /// to keep `sources` in step.
    #[inline(always)]
    fn leaf(&self, from: usize, die: usize) -> Play {
        let mut play = self.play;
        play.position.apply_step(from, die);
        play.steps.push_raw(from, die);
        play
    }

    /// Whether the opponent's mother may be pinned (or already is): only
    /// then can a step end the game by the mother rule (R16).
    #[inline(always)]
    fn mother_in_play(&self) -> bool {
        let pos = &self.play.position;
        pos.opp_pinned_mask() & 1 == 1 || pos.raw_board()[0] == -1
    }

    /// Whether the game may end during the `dice_left` steps still to play
    /// from here: by bearing off the last checker (R14) or by the mother
    /// rule (R16). When it cannot, the search skips every end-of-game
    /// check (see [`search`]).
    #[inline]
    fn may_end(&self, dice_left: usize) -> bool {
        self.mother_in_play() || usize::from(self.play.position.own_off()) + dice_left >= 15
    }

    /// The [`turn_hash`] of the position after `die` from `from` (known
    /// legal), from this node's: the step's change to each term, read off
    /// the board before it as [`Position::apply_step`] decides it.
    #[inline(always)]
    fn hash_after(&self, from: usize, die: usize) -> u64 {
        let pos = &self.play.position;
        let board = pos.raw_board();
        let fi = from - 1;
        let freed = (board[fi] == 1) & (pos.opp_pinned_mask() >> fi & 1 == 1);
        // A freed opposing checker turns the emptied point from 0 to -1.
        let mut hash = self
            .hash
            .wrapping_sub(POINT_KEY[fi].wrapping_mul(1 + u64::from(freed)))
            .wrapping_sub((u64::from(freed) << fi).wrapping_mul(HASH_MUL[3]));
        if from > die {
            let ti = from - die - 1;
            // Pinning an opposing blot turns -1 into 1.
            let pinned = board[ti] == -1;
            hash = hash
                .wrapping_add(POINT_KEY[ti].wrapping_mul(1 + u64::from(pinned)))
                .wrapping_add((u64::from(pinned) << ti).wrapping_mul(HASH_MUL[3]));
        } else {
            hash = hash.wrapping_add(HASH_MUL[4]);
        }
        hash
    }

    /// Plays `die` from `from` (known legal), keeping `sources` in step,
    /// and `hash` too when `hashed` (for a [`Sink`] that reads it).
    #[inline(always)]
    fn step(&mut self, from: usize, die: usize, hashed: bool) {
        if hashed {
            self.hash = self.hash_after(from, die);
        }
        self.play.position.apply_step(from, die);
        self.play.steps.push_raw(from, die);
        // Branch-free (which way these go depends on the board alone): the
        // source may be left empty, and the landing point (none when the
        // checker is borne off, `from <= die`) now holds a free checker.
        let emptied = self.play.position.raw_board()[from - 1] <= 0;
        self.sources &= !(u32::from(emptied) << (from - 1));
        self.sources |= (1u32 << from) >> (die + 1);
    }
}

/// Multipliers of [`turn_hash`]: one per 8-point word of the board, one
/// for the opposing pinned checkers, one for the own checkers off and one
/// for what no step of the mover changes. Odd, pseudo-random (SplitMix64).
const HASH_MUL: [u64; 6] = [
    0x9E37_79B9_7F4A_7C15,
    0xBF58_476D_1CE4_E5B9,
    0x94D0_49BB_1331_11EB,
    0xD6E8_FEB8_6659_FD93,
    0xA076_1D64_78BD_642F,
    0xE703_7ED1_A0B4_28DB,
];

/// What one more own checker on point index `i` adds to [`turn_hash`]:
/// the board word's multiplier shifted to the point's byte.
const POINT_KEY: [u64; 24] = {
    let mut keys = [0; 24];
    let mut i = 0;
    while i < 24 {
        keys[i] = HASH_MUL[i / 8] << (8 * (i % 8));
        i += 1;
    }
    keys
};

/// A 64-bit hash of a position for the generator's de-duplication, linear
/// in the board counts so that a step changes it by a few known terms
/// ([`Node::hash_after`]) and a leaf is looked up without being built.
///
/// Each board byte is read offset by 128 (its top bit flipped), which makes
/// it an unsigned count in 113..=143: an 8-point word is then the sum of
/// each count times the byte's place, with no carries, and the word times a
/// multiplier is linear in every count. The opposing pinned checkers' mask
/// and the own checkers off are counted the same way. Its low bits mix
/// poorly (a point's key is shifted to its byte), so the table indexes by a
/// mix of it ([`slot_of`]). Equal hashes are always checked by comparing the
/// positions.
pub(super) fn turn_hash(pos: &Position) -> u64 {
    const OFFSET: u64 = 0x8080_8080_8080_8080;
    let b = pos.raw_board().map(|v| v as u8);
    let word = |k: usize| {
        let bytes: [u8; 8] = b[8 * k..8 * k + 8].try_into().expect("8 bytes");
        (u64::from_le_bytes(bytes) ^ OFFSET).wrapping_mul(HASH_MUL[k])
    };
    let fixed = u64::from(pos.own_pinned_mask()) | u64::from(pos.opp_off()) << 32;
    word(0)
        .wrapping_add(word(1))
        .wrapping_add(word(2))
        .wrapping_add(u64::from(pos.opp_pinned_mask()).wrapping_mul(HASH_MUL[3]))
        .wrapping_add(u64::from(pos.own_off()).wrapping_mul(HASH_MUL[4]))
        .wrapping_add(fixed.wrapping_mul(HASH_MUL[5]))
}

/// Bit mask of points the side on roll may land on (R5): empty, its own,
/// its own pin point, or an opposing blot.
pub(super) fn landable_mask(pos: &Position) -> u32 {
    let open_or_blot = byte_mask(pos.raw_board(), |w| {
        // Sign bit clear (no opposing checker on top), or the byte is -1
        // (all ones): its complement has no bit set.
        let low_nonzero = (!w & !HIGH_BITS) + !HIGH_BITS;
        let minus_one = !(low_nonzero | !w) & HIGH_BITS;
        (!w & HIGH_BITS) | minus_one
    });
    // Only a blot can sit on an own pinned checker, and the point is the
    // opponent's then.
    open_or_blot & !pos.own_pinned_mask()
}

/// Bit `i` set where the board byte `i` is positive: the points holding a
/// free own checker.
fn free_own_mask(board: &[i8; 24]) -> u32 {
    byte_mask(board, |w| {
        // Sign bit clear and some other bit set: a positive count.
        let low_nonzero = (w & !HIGH_BITS) + !HIGH_BITS;
        low_nonzero & !w & HIGH_BITS
    })
}

/// The top bit of every byte of a word.
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

/// Bit `i` set where the board byte `i` passes a test written on 8 bytes
/// at once: `test` takes a board word and sets the top bit of each byte
/// that passes (only those bits). Cheaper than 24 compares for a root.
#[inline(always)]
fn byte_mask(board: &[i8; 24], test: impl Fn(u64) -> u64) -> u32 {
    let bytes = board.map(|v| v as u8);
    (0..3).fold(0, |mask, k| {
        let word: [u8; 8] = bytes[8 * k..8 * k + 8].try_into().expect("8 bytes");
        let passed = test(u64::from_le_bytes(word));
        // Gather the eight top bits into one byte (bit j from byte j).
        let gathered = ((passed >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32;
        mask | gathered << (8 * k)
    })
}

/// Points at or below `window`, as a mask.
#[inline]
fn window_mask(window: usize) -> u32 {
    if window >= 24 {
        (1 << 24) - 1
    } else {
        (1 << window) - 1
    }
}

/// The points of the set bits of a mask (bit `p-1` for point `p`), highest
/// first.
struct SourcesDesc(u32);

impl Iterator for SourcesDesc {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let bit = 31 - self.0.leading_zeros() as usize;
        self.0 &= !(1 << bit);
        Some(bit + 1)
    }
}

/// A non-double roll: both orders, higher die first. The second order skips
/// a step the first order already played from the same source at its root:
/// landing is monotone for the mover and the other step was legal at the
/// root, so that combination was produced already (unless the first order's
/// step ended the game, which is then not skipped).
///
/// `MAY_END` is [`Node::may_end`] at the root, fixed for the whole roll so
/// that the usual case compiles without the end-of-game checks.
fn pair_plays<const MAY_END: bool>(start: &Play, hi: usize, lo: usize, sink: &mut impl Sink) {
    let root = Node::root(start);
    let landable = landable_mask(&start.position);
    // The two orders are written out rather than looped over, so that which
    // order is being played is no branch to predict.
    let legal_hi = root.legal_sources(hi, landable);
    let mut played_first = 0u32;
    for from in SourcesDesc(legal_hi) {
        if let Some(node) = first_step::<MAY_END, _>(&root, from, hi, sink) {
            played_first |= 1 << (from - 1);
            last_level::<MAY_END>(&node, lo, 24, 0, landable, sink);
        }
    }
    let legal_lo = root.legal_sources(lo, landable);
    for from in SourcesDesc(legal_lo) {
        if let Some(node) = first_step::<MAY_END, _>(&root, from, lo, sink) {
            // Also skip the same checker going on from `from - lo` when the
            // first order carried it through `from - hi` to the same point
            // on the board (both landings are then legal: the target's
            // landability is fixed for the turn).
            let carried = played_first >> (from - 1) & 1 == 1 && from > lo + hi;
            let skip = played_first | (u32::from(carried) << from) >> (lo + 1);
            last_level::<MAY_END>(&node, hi, 24, skip, landable, sink);
        }
    }
    // A line that cannot play its first number stops with none used: the
    // pass, legal only when no line uses a number at all (R10 decision).
    if legal_hi == 0 || legal_lo == 0 {
        sink.emit(start, Emit::Stuck);
    }
}

/// The first step of a non-double's line from `root`; `None`, once emitted,
/// when the game ends on it.
#[inline(always)]
fn first_step<const MAY_END: bool, S: Sink>(
    root: &Node,
    from: usize,
    die: usize,
    sink: &mut S,
) -> Option<Node> {
    let mut node = *root;
    node.step(from, die, S::HASHED);
    if MAY_END && ends_game(&node.play.position) {
        sink.emit(&node.play, Emit::Ending);
        return None;
    }
    Some(node)
}

/// Plays the last number of a group from every legal source up to
/// `window`, emitting each result; sources in `skip` are legal but their
/// results were produced already. A leaf's `sources` is never read, so
/// its step does not keep it up to date.
#[inline]
fn last_level<const MAY_END: bool>(
    node: &Node,
    die: usize,
    window: usize,
    skip: u32,
    landable: u32,
    sink: &mut impl Sink,
) {
    let legal = node.legal_sources(die, landable);
    let in_window = legal & window_mask(window);
    for from in SourcesDesc(in_window & !skip) {
        if MAY_END {
            let play = node.leaf(from, die);
            let kind = if ends_game(&play.position) {
                Emit::Ending
            } else {
                Emit::Complete
            };
            sink.emit(&play, kind);
        } else {
            sink.emit_leaf(node, from, die);
        }
    }
    let outside = legal & !window_mask(window);
    if MAY_END && outside != 0 && node.mother_in_play() {
        mother_triggers(node, die, outside, sink);
    }
    if legal == 0 {
        sink.emit(&node.play, Emit::Stuck);
    }
}

/// Depth-first search over one group of equal numbers (`dice`), playing
/// `dice[depth]` next, from sources at or below `window` after the first
/// step (see the module comment).
pub(super) fn dfs(
    node: &Node,
    dice: &[u8],
    depth: usize,
    window: usize,
    landable: u32,
    emit: &mut impl FnMut(&Play, Emit),
) {
    search(node, dice, depth, window, landable, &mut FnSink(emit));
}

/// [`dfs`] into any [`Sink`].
fn search(
    node: &Node,
    dice: &[u8],
    depth: usize,
    window: usize,
    landable: u32,
    sink: &mut impl Sink,
) {
    // Most nodes are far from any end of the game: search them with the
    // end-of-game checks compiled out. A group has at most four numbers:
    // compile each depth apart too, so that whether a node is the last
    // level is no branch to predict.
    let left = dice.len() - depth;
    if node.may_end(left) {
        match left {
            1 => dfs_in::<true, 1, _>(node, dice, depth, window, landable, sink),
            2 => dfs_in::<true, 2, _>(node, dice, depth, window, landable, sink),
            3 => dfs_in::<true, 3, _>(node, dice, depth, window, landable, sink),
            4 => dfs_in::<true, 4, _>(node, dice, depth, window, landable, sink),
            _ => dfs_in::<true, 0, _>(node, dice, depth, window, landable, sink),
        }
    } else {
        match left {
            1 => dfs_in::<false, 1, _>(node, dice, depth, window, landable, sink),
            2 => dfs_in::<false, 2, _>(node, dice, depth, window, landable, sink),
            3 => dfs_in::<false, 3, _>(node, dice, depth, window, landable, sink),
            4 => dfs_in::<false, 4, _>(node, dice, depth, window, landable, sink),
            _ => dfs_in::<false, 0, _>(node, dice, depth, window, landable, sink),
        }
    }
}

/// [`search`] once [`Node::may_end`] is known (it stays false below a node
/// where it is false) and, unless `LEFT` is 0, how many numbers are left
/// to play (`dice.len() - depth`).
fn dfs_in<const MAY_END: bool, const LEFT: usize, S: Sink>(
    node: &Node,
    dice: &[u8],
    depth: usize,
    window: usize,
    landable: u32,
    sink: &mut S,
) {
    let die = usize::from(dice[depth]);
    let last = if LEFT == 0 {
        depth + 1 == dice.len()
    } else {
        LEFT == 1
    };
    if last {
        last_level::<MAY_END>(node, die, window, 0, landable, sink);
        return;
    }
    let legal = node.legal_sources(die, landable);
    for from in SourcesDesc(legal & window_mask(window)) {
        let mut child = *node;
        child.step(from, die, S::HASHED);
        if MAY_END && ends_game(&child.play.position) {
            sink.emit(&child.play, Emit::Ending);
        } else {
            let next = depth + 1;
            match LEFT {
                2 => dfs_in::<MAY_END, 1, S>(&child, dice, next, from, landable, sink),
                3 => dfs_in::<MAY_END, 2, S>(&child, dice, next, from, landable, sink),
                4 => dfs_in::<MAY_END, 3, S>(&child, dice, next, from, landable, sink),
                _ => dfs_in::<MAY_END, 0, S>(&child, dice, next, from, landable, sink),
            }
        }
    }
    let outside = legal & !window_mask(window);
    if MAY_END && outside != 0 && node.mother_in_play() {
        mother_triggers(node, die, outside, sink);
    }
    if legal == 0 {
        sink.emit(&node.play, Emit::Stuck);
    }
}

/// Steps from sources above the sorted window are played only if they end
/// the game by the mother rule (R16): leaving the 24-point or landing on
/// point 1 (see the module comment). A node with such steps is not stuck.
#[cold]
fn mother_triggers(node: &Node, die: usize, outside: u32, sink: &mut impl Sink) {
    for from in [24, 1 + die] {
        if outside >> (from - 1) & 1 == 1 {
            let play = node.leaf(from, die);
            if ends_game(&play.position) {
                sink.emit(&play, Emit::Ending);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plakoto::position::Step;
    use crate::sampling::midgame_suite;
    use crate::{Die, Point};

    /// Positions with pins, races and bear-offs, from both sides.
    fn positions() -> Vec<Position> {
        let suite = midgame_suite(5, 400, 0);
        suite.iter().flat_map(|p| [*p, p.flip()]).collect()
    }

    #[test]
    fn incremental_hash_and_sources_follow_every_legal_step() {
        for pos in positions() {
            let root = Node::root(&Play {
                position: pos,
                steps: StepList::EMPTY,
            });
            for from in 1..=24u8 {
                for die in 1..=6u8 {
                    let mut after = pos;
                    let step = Step {
                        from: Point::new(from).unwrap(),
                        die: Die::new(die).unwrap(),
                    };
                    if after.try_step(step).is_err() {
                        continue;
                    }
                    let (f, d) = (usize::from(from), usize::from(die));
                    assert_eq!(
                        root.hash_after(f, d),
                        turn_hash(&after),
                        "{pos:?} {from}/{die}"
                    );
                    let mut node = root;
                    node.step(f, d, true);
                    assert_eq!(node.play.position, after);
                    assert_eq!(node.hash, turn_hash(&after));
                    let fresh = Node::root(&node.play);
                    assert_eq!(node.sources, fresh.sources, "{pos:?} {from}/{die}");
                }
            }
        }
    }

    #[test]
    fn word_masks_match_the_points() {
        for pos in positions() {
            let board = pos.raw_board();
            let own_pinned = pos.own_pinned_mask();
            let (mut sources, mut landable) = (0u32, 0u32);
            for (i, &v) in board.iter().enumerate() {
                sources |= u32::from(v > 0) << i;
                let ok = v >= 0 || (v == -1 && own_pinned >> i & 1 == 0);
                landable |= u32::from(ok) << i;
            }
            let root = Node::root(&Play {
                position: pos,
                steps: StepList::EMPTY,
            });
            assert_eq!(root.sources, sources, "{pos:?}");
            assert_eq!(landable_mask(&pos), landable, "{pos:?}");
        }
    }

    #[test]
    fn word_masks_read_every_byte_value() {
        // Each value a board byte can hold at each point, beside neighbours
        // holding the extremes (a carry between bytes would show).
        for v in -15i8..=15 {
            for i in 0..24 {
                for rest in [0, 15, -15, -1] {
                    let mut board = [rest; 24];
                    board[i] = v;
                    let expect = (0..24).fold(0, |m, j| m | u32::from(board[j] > 0) << j);
                    assert_eq!(free_own_mask(&board), expect, "{v} at {i} among {rest}");
                }
            }
        }
    }
}
