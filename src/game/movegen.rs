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
//!   64-bit hash, stamped so it never needs clearing between calls.
//! - Express sequences are expanded one group of equal numbers at a time,
//!   merging equal positions after each group, with a cap on memory.

use super::dice::Numbers;
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

    /// Adds a play unless its position is already there; on a repeat keeps
    /// the one that used more numbers.
    #[inline]
    fn insert(&mut self, play: &Play, limit: usize) {
        let hash = play.position.fast_hash();
        let mut i = hash as usize & self.mask;
        loop {
            let slot = self.table[i];
            if slot.stamp != self.stamp {
                break;
            }
            if slot.hash == hash {
                let existing = &mut self.plays[slot.index as usize];
                if existing.position == play.position {
                    if play.steps.len() > existing.steps.len() {
                        existing.steps = play.steps;
                    }
                    return;
                }
            }
            i = (i + 1) & self.mask;
        }
        if self.plays.len() >= limit {
            self.full = true;
            return;
        }
        self.table[i] = Slot {
            stamp: self.stamp,
            index: self.plays.len() as u32,
            hash,
        };
        self.plays.push(*play);
        if self.plays.len() * 2 > self.mask {
            self.grow();
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
            let hash = play.position.fast_hash();
            let mut i = hash as usize & self.mask;
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
    /// use plakoto::game::{Dice, MoveGenerator, PlayList, Position, Variant, format_play};
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
                let results = &mut self.results;
                pair_plays(
                    &start,
                    usize::from(hi.pips()),
                    usize::from(lo.pips()),
                    &mut |p, _| results.insert(p, limit),
                );
            }
            Numbers::Sequence(seq) => {
                let groups: Vec<&[u8]> = seq.runs().collect();
                if let [group] = groups.as_slice() {
                    let results = &mut self.results;
                    let landable = landable_mask(position);
                    let root = Node::root(&start);
                    if root.mother_in_play() {
                        dfs(&root, group, 0, 24, landable, &mut |p, _| {
                            results.insert(p, limit)
                        });
                    } else {
                        // One run of equal numbers: with equal steps the final
                        // position fixes how many steps left each point (count
                        // from the top down), so each sorted step multiset the
                        // search builds is a distinct position. Only the
                        // mother-rule triggers (impossible here: the opposing
                        // mother is neither a blot nor pinned, and the mover
                        // cannot make it one) could repeat one.
                        dfs(&root, group, 0, 24, landable, &mut |p, _| {
                            results.push_distinct(p, limit)
                        });
                    }
                } else {
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
            let (results, next) = (&mut self.results, &mut self.next);
            for cand in &self.frontier.plays {
                if results.full || next.full {
                    // Over the limit: go on with the frontier as it is (the
                    // list is marked truncated); exploring more nodes here
                    // would only find plays that cannot be kept.
                    break;
                }
                dfs(&Node::root(cand), group, 0, 24, landable, &mut |p, e| {
                    if e == Emit::Complete && !last {
                        next.insert(p, limit)
                    } else {
                        results.insert(p, limit)
                    }
                });
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
    let most = plays.iter().map(|p| p.steps.len()).max().unwrap_or(0);
    let higher = match numbers {
        Numbers::Pair(hi, _) if most == 1 => hi.pips(),
        _ => 0,
    };
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

/// A search node: the play so far and the points holding a free own
/// checker (bit `p-1` for point `p`), kept up to date step by step.
#[derive(Clone, Copy)]
pub(super) struct Node {
    play: Play,
    sources: u32,
}

impl Node {
    pub(super) fn root(play: &Play) -> Node {
        let board = play.position.raw_board();
        let sources = (0..24).fold(0u32, |m, i| m | u32::from(board[i] > 0) << i);
        Node {
            play: *play,
            sources,
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

    /// Plays `die` from `from` (known legal), keeping `sources` in step.
    #[inline(always)]
    fn step(&mut self, from: usize, die: usize) {
        self.play.position.apply_step(from, die);
        self.play.steps.push_raw(from, die);
        if self.play.position.raw_board()[from - 1] <= 0 {
            self.sources &= !(1 << (from - 1));
        }
        if from > die {
            self.sources |= 1 << (from - die - 1);
        }
    }
}

/// Bit mask of points the side on roll may land on (R5): empty, its own,
/// its own pin point, or an opposing blot.
pub(super) fn landable_mask(pos: &Position) -> u32 {
    let board = pos.raw_board();
    let own_pinned = pos.own_pinned_mask();
    (0..24).fold(0u32, |m, i| {
        let ok = board[i] >= 0 || (board[i] == -1 && own_pinned >> i & 1 == 0);
        m | u32::from(ok) << i
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

/// Calls `f(from)` for each set bit of `mask`, highest point first.
#[inline]
fn for_each_source_desc(mut mask: u32, mut f: impl FnMut(usize)) {
    while mask != 0 {
        let bit = 31 - mask.leading_zeros() as usize;
        mask &= !(1 << bit);
        f(bit + 1);
    }
}

/// A non-double roll: both orders, higher die first. The second order skips
/// a step the first order already played from the same source at its root:
/// landing is monotone for the mover and the other step was legal at the
/// root, so that combination was produced already (unless the first order's
/// step ended the game, which is then not skipped).
fn pair_plays(start: &Play, hi: usize, lo: usize, emit: &mut impl FnMut(&Play, Emit)) {
    let root = Node::root(start);
    let landable = landable_mask(&start.position);
    let mut played_first = 0u32;
    // A line that cannot play its first number stops with none used: the
    // pass, legal only when no line uses a number at all (R10 decision).
    let mut stuck = false;
    for (first, second, skip) in [(hi, lo, false), (lo, hi, true)] {
        let legal = root.legal_sources(first, landable);
        stuck |= legal == 0;
        for_each_source_desc(legal, |from| {
            let mut node = root;
            node.step(from, first);
            if ends_game(&node.play.position) {
                emit(&node.play, Emit::Ending);
                return;
            }
            if !skip {
                played_first |= 1 << (from - 1);
            }
            // In the second order also skip the same checker going on from
            // `from - lo` when the first order carried it through `from - hi`
            // to the same point on the board (both landings are then legal:
            // the target's landability is fixed for the turn).
            let mask = if !skip {
                0
            } else if played_first >> (from - 1) & 1 == 1 && from > lo + hi {
                played_first | 1 << (from - lo - 1)
            } else {
                played_first
            };
            last_level(&node, second, 24, mask, landable, emit);
        });
    }
    if stuck {
        emit(start, Emit::Stuck);
    }
}

/// Plays the last number of a group from every legal source up to
/// `window`, emitting each result; sources in `skip` are legal but their
/// results were produced already.
#[inline]
fn last_level(
    node: &Node,
    die: usize,
    window: usize,
    skip: u32,
    landable: u32,
    emit: &mut impl FnMut(&Play, Emit),
) {
    let legal = node.legal_sources(die, landable);
    let in_window = legal & window_mask(window);
    for_each_source_desc(in_window & !skip, |from| {
        let mut child = *node;
        child.step(from, die);
        emit(
            &child.play,
            if ends_game(&child.play.position) {
                Emit::Ending
            } else {
                Emit::Complete
            },
        );
    });
    let outside = legal & !window_mask(window);
    if outside != 0 && node.mother_in_play() {
        mother_triggers(node, die, outside, emit);
    }
    if legal == 0 {
        emit(&node.play, Emit::Stuck);
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
    let die = usize::from(dice[depth]);
    if depth + 1 == dice.len() {
        last_level(node, die, window, 0, landable, emit);
        return;
    }
    let legal = node.legal_sources(die, landable);
    for_each_source_desc(legal & window_mask(window), |from| {
        let mut child = *node;
        child.step(from, die);
        if ends_game(&child.play.position) {
            emit(&child.play, Emit::Ending);
        } else {
            dfs(&child, dice, depth + 1, from, landable, emit);
        }
    });
    let outside = legal & !window_mask(window);
    if outside != 0 && node.mother_in_play() {
        mother_triggers(node, die, outside, emit);
    }
    if legal == 0 {
        emit(&node.play, Emit::Stuck);
    }
}

/// Steps from sources above the sorted window are played only if they end
/// the game by the mother rule (R16): leaving the 24-point or landing on
/// point 1 (see the module comment). A node with such steps is not stuck.
#[cold]
fn mother_triggers(node: &Node, die: usize, outside: u32, emit: &mut impl FnMut(&Play, Emit)) {
    for from in [24, 1 + die] {
        if outside >> (from - 1) & 1 == 1 {
            let play = node.leaf(from, die);
            if ends_game(&play.position) {
                emit(&play, Emit::Ending);
            }
        }
    }
}
